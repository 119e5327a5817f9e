import FieldNotesServices
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Which editor runs, chosen as git chooses: `VISUAL` (not on a dumb terminal), then `EDITOR`,
/// then `vi` where there is a terminal for it; and how it is run.
@Suite struct ExternalEditorTests {
  @Test(
    arguments: [
      (["VISUAL": "code --wait", "EDITOR": "nano"], true, "code --wait"),
      (["VISUAL": "code --wait", "EDITOR": "nano", "TERM": "dumb"], true, "nano"),
      (["VISUAL": "", "EDITOR": "nano"], true, "nano"),
      (["EDITOR": "ed"], false, "ed"),
      ([:], true, "vi"),
      (["TERM": "dumb"], true, nil),
      ([:], false, nil),
    ] as [([String: String], Bool, String?)])
  func theEditorIsChosenAsGitChoosesIt(
    _ environment: [String: String], _ hasTerminal: Bool, _ command: String?
  ) {
    #expect(ExternalEditor.command(environment: environment, hasTerminal: hasTerminal) == command)
  }

  /// The command goes through the shell with the file's path as its last word, so an editor
  /// given with its own flags runs, and a path with spaces reaches it whole.
  @Test func theCommandRunsThroughTheShellWithThePathWhole() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes editor " + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": "perl -pi -e s/grey/silver/"],
      hasTerminal: false, folder: folder)

    let edited = try await editor.edit(Data("A grey heron.".utf8), fileName: "note.md")

    #expect(String(decoding: edited, as: UTF8.self) == "A silver heron.")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    await #expect(
      throws: TextEditingError.cannotStart("the shell found no command “no-such-editor”")
    ) {
      try await ExternalEditor(
        environment: ["PATH": "/usr/bin:/bin", "EDITOR": "no-such-editor"], hasTerminal: false,
        folder: folder
      ).edit(Data(), fileName: "note.md")
    }
  }

  /// A file whose edit is still running (its lock held) is never taken for a leftover; once no
  /// one holds it, it is, and `forget` removes it and its lock.
  @Test func onlyAnEditNoOneHoldsIsALeftover() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-leftover-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/1a2b3c4d-note-x.md"
    try Data("---\n---\n# Kept\n".utf8).write(to: URL(fileURLWithPath: path))
    let editor = ExternalEditor(environment: [:], hasTerminal: false, folder: folder)

    let running = try #require(ExternalEditor.hold(lockOf: path))
    #expect(editor.leftoverEdits().isEmpty, "another edit holds it")
    close(running)

    let leftovers = editor.leftoverEdits()
    #expect(leftovers.map(\.fileName) == ["note-x.md"])
    #expect(
      leftovers.first.map { String(decoding: $0.text, as: UTF8.self) } == "---\n---\n# Kept\n")
    for leftover in leftovers { editor.forget(leftover) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  /// A plain command is `exec`'d, so the editor is the process waited for (an `ed` that lives
  /// through Ctrl-C isn't taken for ended by it); shell syntax runs through the shell as is.
  @Test(arguments: [
    ("vi", "exec vi \"$@\""), ("code --wait", "exec code --wait \"$@\""),
    ("/usr/bin/vim -n", "exec /usr/bin/vim -n \"$@\""),
    ("vim -c 'set tw=72'", "vim -c 'set tw=72' \"$@\""), ("cd /tmp && vi", "cd /tmp && vi \"$@\""),
  ])
  func aPlainCommandIsTheEditorProcessItself(_ command: String, _ script: String) {
    #expect(ExternalEditor.script(running: command) == script)
  }

  /// What the editor leaves is taken only as a plain file within a note's size: a larger one,
  /// or a link, is refused, and stays where it is so nothing the user wrote is lost.
  @Test(arguments: [
    ("truncate -s 2M", "more than the 1114112 a note may hold"),
    ("ln -sf /etc/hostname", "something other than a file"),
  ])
  func aFileTooLargeOrALinkIsRefusedAndKept(_ command: String, _ said: String) async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": command], hasTerminal: false,
      folder: folder)

    await #expect {
      try await editor.edit(Data("A note.".utf8), fileName: "note.md")
    } throws: { error in
      guard case .fileProblem(let reason) = error as? TextEditingError else { return false }
      return reason.contains(said)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left.count == 1 && left[0].hasSuffix("-note.md"), "\(left)")
    #expect(editor.leftoverEdits().isEmpty, "and never taken for a draft later")
  }
}
