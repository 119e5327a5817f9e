import Foundation
import Testing

@testable import FieldNotesPlatform

/// What differs between Linux and macOS, each checked for both here, whichever this is.
@Suite struct HostPlatformTests {
  @Test func theOpenDescriptorsAreListedInEachPlatformsOwnFolder() {
    #expect(HostPlatform.linux.openDescriptorsFolder == "/proc/self/fd")
    #expect(HostPlatform.macOS.openDescriptorsFolder == "/dev/fd")
    #expect(FileManager.default.fileExists(atPath: HostPlatform.current.openDescriptorsFolder))
  }

  @Test func peakMemoryIsInKibibytesOnLinuxAndInBytesOnMacOS() {
    #expect(HostPlatform.linux.bytes(ofMaximumResidentSize: 2) == 2_048)
    #expect(HostPlatform.macOS.bytes(ofMaximumResidentSize: 2_048) == 2_048)
  }

  @Test func deviceNumbersArePackedAsEachSystemsMakedevDoes() {
    // /dev/null is the `mem` driver's 1, 3 on Linux, and the `mm` driver's 3, 2 on macOS.
    #expect(HostPlatform.linux.nullDevice == (1, 3))
    #expect(HostPlatform.macOS.nullDevice == (3, 2))
    #expect(HostPlatform.linux.deviceNumber(major: 1, minor: 3) == 0x103)
    #expect(HostPlatform.macOS.deviceNumber(major: 3, minor: 2) == 0x0300_0002)
    // glibc keeps the low twelve bits of major and eight of minor where they always were.
    #expect(HostPlatform.linux.deviceNumber(major: 0x1234, minor: 0x5678) == 0x1000_0562_3478)
    var status = stat()
    #expect(stat("/dev/null", &status) == 0)
    let null = HostPlatform.current.nullDevice
    #expect(
      UInt64(truncatingIfNeeded: status.st_rdev)
        == HostPlatform.current.deviceNumber(major: null.major, minor: null.minor))
  }

  /// A Mac's `fsync` leaves the data in the drive's cache, so FieldNotes flushes with
  /// `F_FULLFSYNC` there and has SQLite do the same; Linux's `fsync` waits for the drive.
  @Test func aMacFlushesThroughTheDrivesCacheAndLinuxNeedNot() {
    #expect(HostPlatform.linux.fsyncWaitsForTheDrive)
    #expect(!HostPlatform.macOS.fsyncWaitsForTheDrive)
    #expect(HostPlatform.linux.sqliteDurabilityPragmas.isEmpty)
    #expect(
      HostPlatform.macOS.sqliteDurabilityPragmas == [
        "PRAGMA fullfsync = ON", "PRAGMA checkpoint_fullfsync = ON",
      ])
  }

  @Test func aFileIsFlushedByThePlatformsFullFlush() throws {
    let folder = try TemporaryFolder()
    let descriptor = open(folder.path + "/file", O_WRONLY | O_CREAT, 0o600)
    defer { close(descriptor) }
    #expect(descriptor >= 0)
    #expect(Platform.flush(descriptor))
    #expect(!Platform.flush(-1), "a descriptor not open is no flush")
  }
}
