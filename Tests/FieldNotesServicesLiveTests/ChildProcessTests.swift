import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A git child gets its three standard streams and nothing else of the process: a pipe the
/// process holds stays closed to it, so a long-lived git can't keep another reader from its end.
@Suite struct ChildProcessTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func aChildInheritsOnlyItsStandardStreams() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    let folder = NSTemporaryDirectory() + "fieldnotes-child-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/in", contents: Data()))

    let status = try await ChildProcess.run(
      "/bin/ls", arguments: ["/proc/self/fd"], environment: [:], input: folder + "/in",
      output: folder + "/out", errors: folder + "/err")

    #expect(status == 0)
    let listed = try String(contentsOfFile: folder + "/out", encoding: .utf8)
      .split(separator: "\n").compactMap { Int32($0) }
    #expect(!listed.contains(ends[0]) && !listed.contains(ends[1]), "open in the child: \(listed)")
    #expect(listed.contains(0) && listed.contains(1) && listed.contains(2))
  }
}
