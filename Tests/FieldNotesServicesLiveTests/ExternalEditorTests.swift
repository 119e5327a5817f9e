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
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": "sed -i s/grey/silver/"],
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
}
