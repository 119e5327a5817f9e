/// A platform FieldNotes runs on, for the few facts that differ between them.
///
/// Each fact is a pure function of the platform, so a test on Linux checks what a Mac gets too;
/// only ``current`` depends on the build (it is set in `Platform.swift`).
public enum HostPlatform: CaseIterable, Sendable {
  /// Linux, with glibc.
  case linux
  /// macOS.
  case macOS

  /// The platform of this build.
  public static var current: HostPlatform { Platform.current }

  /// The folder that lists the descriptors open in the process reading it: `/proc/self/fd` on
  /// Linux, `/dev/fd` on macOS (where `/proc` doesn't exist).
  public var openDescriptorsFolder: String {
    switch self {
    case .linux: "/proc/self/fd"
    case .macOS: "/dev/fd"
    }
  }

  /// Whether a child's start goes on when it is told to close a descriptor it doesn't have:
  /// glibc's `posix_spawn` ignores such a close (of a number in range), while macOS's fails the
  /// whole start with `EBADF`.
  ///
  /// Where it does, a start that must close this process's descriptors one by one closes every
  /// number up to past the highest open, not only those it saw open, so one another thread
  /// opens meanwhile is closed too.
  public var startIgnoresClosingADescriptorNotOpen: Bool {
    switch self {
    case .linux: true
    case .macOS: false
    }
  }

  /// A peak memory size in bytes, from `getrusage`'s or `wait4`'s `ru_maxrss`, which Linux
  /// gives in kibibytes and macOS in bytes.
  ///
  /// - Parameter maximumResidentSize: The `ru_maxrss` value.
  /// - Returns: The size in bytes.
  public func bytes(ofMaximumResidentSize maximumResidentSize: Int) -> Int {
    switch self {
    case .linux: maximumResidentSize * 1_024
    case .macOS: maximumResidentSize
    }
  }

  /// Whether `fsync(2)` waits for the drive to write the data.
  ///
  /// Linux's does; Darwin's hands it to the drive's cache, so a power cut can lose what it
  /// "flushed": there FieldNotes flushes
  /// with `F_FULLFSYNC` (``Platform/flush(_:)``) and has SQLite do the same
  /// (``sqliteDurabilityPragmas``).
  public var fsyncWaitsForTheDrive: Bool {
    switch self {
    case .linux: true
    case .macOS: false
    }
  }

  /// The settings every SQLite connection of FieldNotes is given so that a commit is on the
  /// disk when it returns.
  ///
  /// None beyond `synchronous = FULL` where `fsync` waits for the drive;
  /// `fullfsync` (for commits) and `checkpoint_fullfsync` (for copying the log into the store)
  /// on Darwin, where it doesn't. Each full flush costs a few milliseconds more a commit.
  public var sqliteDurabilityPragmas: [String] {
    fsyncWaitsForTheDrive ? [] : ["PRAGMA fullfsync = ON", "PRAGMA checkpoint_fullfsync = ON"]
  }

  /// The major and minor numbers of `/dev/null`: 1 and 3 on Linux (the `mem` driver), 3 and 2
  /// on macOS (the `mm` driver).
  public var nullDevice: (major: UInt64, minor: UInt64) {
    switch self {
    case .linux: (1, 3)
    case .macOS: (3, 2)
    }
  }

  /// A device number from its major and minor numbers, as `makedev` packs them: glibc's
  /// 64-bit layout on Linux, eight bits of major above twenty-four of minor on macOS.
  ///
  /// - Parameters:
  ///   - major: The device's major number (its driver).
  ///   - minor: Its minor number.
  /// - Returns: The number `stat` gives as `st_rdev`, widened to 64 bits.
  public func deviceNumber(major: UInt64, minor: UInt64) -> UInt64 {
    switch self {
    case .linux:
      (major & 0xFFF) << 8 | (major & 0xFFFF_F000) << 32 | (minor & 0xFF)
        | (minor & 0xFFFF_FF00) << 12
    case .macOS: (major & 0xFF) << 24 | (minor & 0xFF_FFFF)
    }
  }
}
