import Foundation
import Testing

/// `fieldnotes … | head -1`: when the reader of its output goes away, FieldNotes ends quietly
/// with the status of a process killed by SIGPIPE, whether SIGPIPE is ignored or not.
@Suite struct ClosedPipeTests {
  @Test(arguments: ["", "trap '' PIPE; "])
  func aClosedPipeEndsTheRunQuietly(_ setup: String) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-pipe-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Far more output than a pipe holds, so writing goes on after `head` has left.
    let script = folder + "/lists.txt"
    try String(repeating: "list\n", count: 3_000).write(
      toFile: script, atomically: true, encoding: .utf8)
    let command =
      setup
      + "'\(binary.path)' --demo --script '\(script)' 2>'\(folder)/errors' | head -1 >/dev/null; "
      + "echo ${PIPESTATUS[0]}"

    let result = try BuiltProduct.run(
      URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], input: "",
      environment: ["HOME": folder])

    #expect(result.output == ["141"])
    #expect(try String(contentsOfFile: folder + "/errors", encoding: .utf8) == "")
  }
}
