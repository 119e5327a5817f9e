import FieldNotesModel
import FieldNotesPersistence
import Foundation
import Testing

/// Writing in the user's editor through the built `fieldnotes`, with a scripted editor (a shell
/// script, as `EDITOR` may name any command): what it writes is saved byte for byte, and each
/// way it can fail saves nothing.
@Suite struct EditorTests {
  /// A store, a folder of its own, and an editor script in it.
  struct Setting {
    let binary: URL
    let folder: String
    let store: String

    init() throws {
      binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
      folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
      store = folder + "/notes.sqlite"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Writes an executable editor script that runs `body` with the file as `$1`.
    func editor(_ body: String) throws -> String {
      let path = folder + "/editor-\(UUID().uuidString.prefix(6)).sh"
      try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
      return path
    }

    /// Runs `fieldnotes` (or another program) on the lines, on the setting's store unless
    /// other arguments name another (or one in memory).
    func run(
      _ lines: [String], editor: String?, arguments: [String]? = nil, program: String? = nil
    ) throws -> BuiltProduct.Result {
      var environment = [
        "TZ": "UTC", "HOME": folder, "PATH": "/usr/bin:/bin",
        "XDG_STATE_HOME": folder + "/state",
      ]
      environment["EDITOR"] = editor
      return try BuiltProduct.run(
        program.map(URL.init(fileURLWithPath:)) ?? binary,
        arguments: arguments ?? ["--store", store], input: lines.joined(separator: "\n") + "\n",
        environment: environment)
    }

    func savedNotes() throws -> [Note] { try SQLiteNoteRepository(path: store).load().notes }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test func line3OfA200LineBodyIsFixedInTheEditorAndSavedByteForByte() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let lines = (1...200).map { "Line \($0)  with  spaces\t and a tab" }
    let made = try setting.run(
      ["open all", "new", "title Long note", "body"] + lines + [".", "save"], editor: nil)
    #expect(made.status == 0, "\(made.errors)")
    let fix = try setting.editor(
      // Portable sed: GNU and BSD `sed -i` differ, so the file is written back by hand.
      #"sed 's/^Line 3  with.*$/"#
        + #"Line three, fixed: it'"'"'s "right" \\now/' "$1" > "$1.new" && cat "$1.new" > "$1""#
        + #" && rm "$1.new""#)

    let edited = try setting.run(["open all", "edit 1 --editor"], editor: fix)

    #expect(edited.status == 0, "\(edited.errors)")
    #expect(edited.output.contains("Saved \u{201C}Long note\u{201D}."))
    var expected = lines
    expected[2] = #"Line three, fixed: it's "right" \now"#
    #expect(try setting.savedNotes().map(\.body) == [expected.joined(separator: "\n")])
    let editing = setting.folder + "/state/fieldnotes/editing"
    #expect(EditorLeftoverTests.files(in: setting).isEmpty, "no file is left")
    let permissions = try FileManager.default.attributesOfItem(atPath: editing)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o700)
  }

  @Test func aNewNoteWrittenInTheEditorIsSavedInTheNotebookItNames() throws {
    let setting = try Setting()
    defer { setting.remove() }
    _ = try setting.run(["notebook new Field trips"], editor: nil)
    let write = try setting.editor(
      #"printf -- '---\nnotebook: Field trips\ntags: birds, estuary\n---\n"#
        + #"# Estuary walk\n\nSaturday, early.\n' > "$1""#
    )

    let result = try setting.run(["open all", "new --editor"], editor: write)

    #expect(result.status == 0, "\(result.errors)")
    let note = try #require(try setting.savedNotes().first)
    #expect(note.title == "Estuary walk")
    #expect(note.body == "Saturday, early.", "the line break ending the file is the editor's")
    #expect(note.tags == ["birds", "estuary"])
    #expect(note.notebookID != nil)
  }

  /// The same text makes the same tags whichever way it comes in.
  ///
  /// Written in the editor, typed in the composer or imported from a file, each `#tag` of the
  /// body is read by one rule (not in code, a comment or a link's address; after any script's
  /// punctuation) and mapped by one (`#Projects/Garden` is `projects-garden`), and the body is
  /// saved as written.
  @Test func aBodysTagsAreTheSameFromTheEditorTheComposerAndAnImport() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let body =
      "Grey, at the #Lake。#鳥 `#code` <!-- #hidden --> https://x.org/#top #Projects/Garden"
    try ("---\ntags: birds\n---\n# Imported\n\n" + body).write(
      toFile: setting.folder + "/imported.md", atomically: true, encoding: .utf8)
    let write = try setting.editor(
      #"printf -- '---\nnotebook: none\ntags: birds\n---\n# Edited\n\n%s\n' "#
        + "'\(body)' > \"$1\"")

    let typed = try setting.run(
      ["open all", "new", "title Typed", "tags birds", "body \(body)", "save"], editor: nil)
    let edited = try setting.run(["open all", "new --editor"], editor: write)
    let imported = try setting.run(["import \(setting.folder)/imported.md"], editor: nil)

    for result in [typed, edited, imported] { #expect(result.status == 0, "\(result.errors)") }
    let notes = try setting.savedNotes().sorted { $0.title < $1.title }
    #expect(notes.map(\.title) == ["Edited", "Imported", "Typed"])
    for note in notes {
      #expect(note.tags == ["birds", "lake", "鳥", "projects-garden"], "\(note.title)")
      #expect(note.body == body, "\(note.title)")
    }
  }

  /// Front-matter lines of FieldNotes' keys the editor's file doesn't set are never dropped.
  ///
  /// `pinned:` and `created:` lines are kept at the top of the note's body, as the
  /// importer keeps them, and FieldNotes says so, since the pin and the date are not set by
  /// them. Another key (`source:`) is a property of the note, as the importer takes it.
  @Test func frontMatterLinesTheFileDoesntSetAreKeptInTheBodyAndNamed() throws {
    let setting = try Setting()
    defer { setting.remove() }
    _ = try setting.run(["open all", "new", "title Heron", "body Grey.", "save"], editor: nil)
    let write = try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'pinned: true' 'created: 2026-01-05' "#
        + #"'tags: [birds]' 'source: https://example.org/heron' '---' '# Heron' '' 'Grey.' > "$1""#)

    let result = try setting.run(["open all", "edit 1 --editor"], editor: write)

    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.filter { $0.hasPrefix("Kept") || $0.hasPrefix("Saved") } == [
        "Kept the front matter's `pinned:` and `created:` lines at the top of the "
          + "body, as text: the editor's file sets only a note's title, tags, notebook and "
          + "properties.",
        "Saved \u{201C}Heron\u{201D}.",
      ])
    let saved = try #require(try setting.savedNotes().first)
    #expect(saved.body == "---\npinned: true\ncreated: 2026-01-05\n---\nGrey.")
    #expect(
      saved.properties == [NoteProperty(key: "source", rawValue: " https://example.org/heron")])
    #expect(saved.tags == ["birds"])
  }

  /// A note's properties are edited in the editor's front matter: added, changed and removed,
  /// the others kept as written, and each save keeps the text it replaced as a version.
  @Test func propertiesAreAddedChangedAndRemovedInTheFrontMatter() throws {
    let setting = try Setting()
    defer { setting.remove() }
    _ = try setting.run(["open all", "new", "title Heron", "body Grey.", "save"], editor: nil)
    let add = try setting.editor(
      #"sed -i 's/^tags: \[\]$/tags: []\nstatus: draft\naliases:\n  - Ardea/' "$1""#)

    var result = try setting.run(["open all", "edit 1 --editor"], editor: add)

    #expect(result.status == 0, "\(result.errors)")
    var saved = try #require(try setting.savedNotes().first)
    #expect(
      saved.properties == [
        NoteProperty(key: "status", rawValue: " draft"),
        NoteProperty(key: "aliases", rawValue: "\n  - Ardea"),
      ])
    #expect(saved.body == "Grey.")

    let change = try setting.editor(
      #"sed -i -e 's/^status: draft$/status: done/' -e '/^aliases:$/d' -e '/^  - Ardea$/d' "$1""#)
    result = try setting.run(["open all", "edit 1 --editor"], editor: change)

    #expect(result.status == 0, "\(result.errors)")
    saved = try #require(try setting.savedNotes().first)
    #expect(saved.properties == [NoteProperty(key: "status", rawValue: " done")])
    let versions = try SQLiteNoteRepository(path: setting.store).versions(ofNote: saved.id)
    #expect(
      versions.map(\.properties).last == [
        NoteProperty(key: "status", rawValue: " draft"),
        NoteProperty(key: "aliases", rawValue: "\n  - Ardea"),
      ])
  }

  /// A failed editor, one that changes nothing, or none at all: nothing is saved, and each
  /// says why.
  @Test(arguments: [
    ("exit 1", "error: the editor exited with status 1, so nothing it wrote was taken.", 1),
    (
      "kill -TERM $$", "error: the editor was ended by signal 15, so nothing it wrote was taken.", 1
    ),
    (":", "Nothing changed in the editor, so nothing was saved.", 0),
  ])
  func anEditorThatFailsOrWritesNothingSavesNothing(
    _ script: String, _ said: String, _ status: Int32
  ) throws {
    let setting = try Setting()
    defer { setting.remove() }
    let editor = try setting.editor(script)

    let result = try setting.run(["open all", "new --editor", "notebooks"], editor: editor)

    #expect(result.status == status)
    #expect((result.output + result.errors).contains { $0.hasPrefix(said) }, "\(result.errors)")
    #expect(try setting.savedNotes().isEmpty)
  }

  @Test func withNoTerminalAndNoEditorSetItSaysWhatToSet() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let result = try setting.run(["open all", "new", "title Kept", "editor", "save"], editor: nil)
    #expect(
      result.errors.first?.hasPrefix(
        "error: no editor is set, and vi can't run here (there is no terminal, or TERM is dumb): "
          + "set VISUAL or EDITOR.")
        == true, "\(result.errors)")
    #expect(try setting.savedNotes().map(\.title) == ["Kept"], "the draft was as it was")
  }

  /// FieldNotes killed while the editor has the note open: the file it leaves is kept as a
  /// draft at the next start, offered back by the note's composer, and removed.
  @Test func aNoteInTheEditorWhenFieldNotesIsKilledIsKeptAsADraftNextTime() throws {
    let setting = try Setting()
    defer { setting.remove() }
    _ = try setting.run(["open all", "new", "title Heron", "body Grey.", "save"], editor: nil)
    // The editor writes, then kills the FieldNotes that started it: its parent, or its shell's
    // parent; never anything that isn't a fieldnotes.
    let crash = try setting.editor(
      #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Heron' '' 'Grey, by the weir.' "#
        + #"> "$1"; is() { [ "$(basename "$(ps -o comm= -p "$1")")" = fieldnotes ]; }; p=$PPID; "#
        + #"is "$p" || p=$(ps -o ppid= -p "$p" | tr -d ' '); is "$p" && kill -KILL "$p"; sleep 1"#)

    let killed = try setting.run(["open all", "edit 1 --editor"], editor: crash)
    #expect(killed.status == 128 + SIGKILL)
    #expect(try setting.savedNotes().map(\.body) == ["Grey."], "nothing was saved")

    let next = try setting.run(["open all", "edit 1"], editor: nil)
    #expect(
      next.errors.first
        == "warning: FieldNotes stopped while 1 note was being written (in the composer or your "
        + "editor); it is kept as a draft, offered back by `new` or `edit`")
    #expect(next.output.contains { $0.hasPrefix("  1  \u{201C}Heron\u{201D}, kept ") })
    #expect(EditorLeftoverTests.files(in: setting).isEmpty, "no file is left")
    let taken = try setting.run(["open all", "edit 1", "draft 1", "save", "save"], editor: nil)
    #expect(taken.output.contains("Saved \u{201C}Heron\u{201D}."), "\(taken.errors)")
    #expect(try setting.savedNotes().map(\.body) == ["Grey, by the weir."])
  }

  /// Another process saves the note while the editor has it open: the save of what the editor
  /// wrote is refused once, saying why, and nothing of the other process's save is lost.
  @Test func aNoteChangedElsewhereWhileInTheEditorIsNotWrittenOver() throws {
    let setting = try Setting()
    defer { setting.remove() }
    _ = try setting.run(["open all", "new", "title Heron", "body Grey.", "save"], editor: nil)
    let binary = setting.binary.path
    let meanwhile = try setting.editor(
      #"HOME="$(dirname "$1")" ""# + binary + #"" --store ""# + setting.store + #"" "#
        + #"-c 'open all' -c 'edit 1' -c 'title Heron, seen from the bridge' -c save >/dev/null; "#
        + #"printf '%s\n' '---' 'notebook: none' 'tags: []' '---' '# Heron' '' 'Grey, by the weir.' "#
        + #"> "$1""#)

    let result = try setting.run(["open all", "edit 1 --editor"], editor: meanwhile)

    #expect(
      result.errors.contains {
        $0.contains("another FieldNotes changed this note since you opened it")
      },
      "\(result.errors)")
    let saved = try #require(try setting.savedNotes().first)
    #expect(saved.title == "Heron, seen from the bridge")
    #expect(saved.body == "Grey.")
  }
}
