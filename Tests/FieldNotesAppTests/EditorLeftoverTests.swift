import FieldNotesModel
import FieldNotesPersistence
import Foundation
import Testing

/// The files FieldNotes hands the user's editor, when something ends before their text is
/// saved: each stays on disk until its text is kept in its own store, as a draft of its own.
@Suite struct EditorLeftoverTests {
  typealias Setting = EditorTests.Setting

  /// An editor that writes a note and then kills the FieldNotes that started it (its parent, or
  /// its shell's parent; never anything that isn't a fieldnotes).
  static func crashingEditor(writing body: String, in setting: Setting) throws -> String {
    try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Left' '' '"# + body + #"' "#
        + #"> "$1"; is() { [ "$(basename "$(ps -o comm= -p "$1")")" = fieldnotes ]; }; p=$PPID; "#
        + #"is "$p" || p=$(ps -o ppid= -p "$p" | tr -d ' '); is "$p" && kill -KILL "$p"; sleep 1"#)
  }

  /// The editing folder's files, at every depth, but the folders themselves.
  static func files(in setting: Setting) -> [String] {
    let editing = setting.folder + "/state/fieldnotes/editing"
    let enumerator = FileManager.default.enumerator(atPath: editing)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: editing + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue, path.hasSuffix(".md")
      {
        files.append(path)
      }
    }
    return files
  }

  /// A leftover of one store is never taken by a session of another.
  ///
  /// Not one in memory, where the text would be gone at its end, nor another store file, where
  /// it would land in the wrong library. Those sessions say it is kept; its own store's next
  /// session takes it.
  @Test func aLeftoverIsTakenOnlyByASessionOfItsOwnStore() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let crash = try Self.crashingEditor(writing: "Text only the editor had.", in: setting)
    let killed = try setting.run(["open all", "new --editor"], editor: crash)
    #expect(killed.status == 128 + SIGKILL)
    #expect(Self.files(in: setting).count == 1)

    for other in [["--in-memory"], ["--demo"], ["--store", setting.folder + "/other.sqlite"]] {
      let session = try setting.run(["open all", "new"], editor: nil, arguments: other)
      #expect(session.status == 0, "\(other): \(session.errors)")
      #expect(Self.files(in: setting).count == 1, "\(other) left it where it was")
      #expect(
        session.errors.contains {
          $0.hasPrefix("warning: 1 file of a note being written by a FieldNotes of another store")
        }, "\(other): \(session.errors)")
      #expect(!session.output.contains { $0.contains("Text only the editor had.") })
    }
    let other = try SQLiteNoteRepository(path: setting.folder + "/other.sqlite")
    #expect(try other.keptDrafts(forNote: nil).isEmpty)

    let own = try setting.run(["open all", "new", "draft 1", "save"], editor: nil)
    #expect(own.status == 0, "\(own.errors)")
    #expect(try setting.savedNotes().map(\.body) == ["Text only the editor had."])
    #expect(Self.files(in: setting).isEmpty)
  }

  /// Three sessions stopped with a new note in the editor leave three drafts, one each; and
  /// the session that takes them keeps its own unsaved text beside them, over none of them.
  @Test func everyLeftoverIsADraftOfItsOwnThatNoLaterDraftWritesOver() throws {
    let setting = try Setting()
    defer { setting.remove() }
    // Three sessions at once, each with its editor open; once all three have written, each
    // editor kills its FieldNotes. (The waits are for files to appear, bounded only so that a
    // session failing early ends the test instead of hanging it.)
    let folder = setting.folder
    let editor = try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Left' '' "The $WORD text." "#
        + #"> "$1"; touch "\#(folder)/ready-$$"; n=0; "#
        + #"while [ ! -e "\#(folder)/go" ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done; "#
        + #"is() { [ "$(basename "$(ps -o comm= -p "$1")")" = fieldnotes ]; }; p=$PPID; "#
        + #"is "$p" || p=$(ps -o ppid= -p "$p" | tr -d ' '); is "$p" && kill -KILL "$p"; sleep 1"#)
    let sessions = try setting.editor(
      #"for word in first second third; do "#
        + #"printf 'open all\nnew --editor\n' | WORD=$word "\#(setting.binary.path)" "#
        + #"--store "\#(setting.store)" >/dev/null 2>&1 & done; n=0; "#
        + #"while [ "$(ls "\#(folder)" | grep -c '^ready-')" -lt 3 ] && [ $n -lt 600 ]; "#
        + #"do sleep 0.05; n=$((n+1)); done; touch "\#(folder)/go"; wait"#)
    _ = try setting.run([], editor: editor, arguments: [], program: sessions)
    #expect(Self.files(in: setting).count == 3)

    // The session that keeps them ends with unsaved text of a new note of its own.
    let ending = try setting.run(["open all", "new", "title Mine", "body Unsaved."], editor: nil)
    #expect(
      ending.errors.first
        == "warning: FieldNotes stopped while 3 notes were being written (in the composer or "
        + "your editor); they are kept as drafts, offered back by `new` or `edit`",
      "\(ending.errors)")
    #expect(Self.files(in: setting).isEmpty)

    let drafts = try SQLiteNoteRepository(path: setting.store).keptDrafts(forNote: nil)
    #expect(
      Set(drafts.map(\.body))
        == ["The first text.", "The second text.", "The third text.", "Unsaved."])
  }

  /// What an editor wrote before it died by a signal is kept as a draft.
  ///
  /// A crash or an out-of-memory kill after `:w`: as git keeps `COMMIT_EDITMSG`, the text is
  /// kept, and the file goes once the draft is kept. An exit status the user chose (`:cq`)
  /// still discards (`EditorTests`).
  @Test func whatAnEditorWroteBeforeItCrashedIsKeptAsADraft() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let crash = try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Crash' '' 'Saved with :w.' "#
        + #"> "$1"; kill -SEGV $$"#)

    let result = try setting.run(["open all", "new --editor"], editor: crash)

    #expect(result.status == 1)
    #expect(
      result.errors.contains {
        $0.hasPrefix(
          "error: the editor was ended by signal 11 after it wrote the file; what it wrote is "
            + "kept as a draft: `draft 1` goes on with it.")
      }, "\(result.errors)")
    #expect(Self.files(in: setting).isEmpty)
    #expect(try setting.savedNotes().isEmpty, "nothing is saved unasked")
    let taken = try setting.run(["open all", "new", "draft 1", "save"], editor: nil)
    #expect(taken.status == 0, "\(taken.errors)")
    #expect(try setting.savedNotes().map(\.body) == ["Saved with :w."])
  }

  /// An editor that exits with a status after writing (`:cq`, or vim after a plugin failed at
  /// `:wq`) keeps what it wrote as a draft too: the status decides nothing is saved, never that
  /// the text is thrown away.
  @Test func whatAnEditorWroteBeforeExitingWithAStatusIsKeptAsADraft() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let quitting = try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Quit' '' 'Written, then :cq.' "#
        + #"> "$1"; exit 1"#)

    let result = try setting.run(["open all", "new --editor"], editor: quitting)

    #expect(
      result.errors.contains {
        $0.hasPrefix(
          "error: the editor exited with status 1 after it wrote the file; what it wrote is kept "
            + "as a draft: `draft 1` goes on with it.")
      }, "\(result.errors)")
    #expect(try setting.savedNotes().isEmpty, "nothing is saved unasked")
    let taken = try setting.run(["open all", "new", "draft 1", "save"], editor: nil)
    #expect(taken.status == 0, "\(taken.errors)")
    #expect(try setting.savedNotes().map(\.body) == ["Written, then :cq."])
  }
}
