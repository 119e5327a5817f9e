import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// The one-shot commands that change a note from the shell (`rm`, `pin`, `unpin`, `mv`, `tag`,
/// `restore`): each names its note by id, runs the REPL's own command once, says what it did,
/// and refuses a bad id or argument on standard error, changing nothing.
@MainActor
@Suite struct NoteCommandTests {
  let file = TemporaryStoreFile()
  static let environment = [
    "TZ": "UTC", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T12:00:00Z",
    "FIELDNOTES_IDS": "sequential",
  ]
  static let heron = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
  static let wren = UUID(uuidString: "E621AAAA-0000-4000-8000-000000000000") ?? UUID()
  static let birds = UUID(uuidString: "B1B1B1B1-0000-4000-8000-000000000000") ?? UUID()

  init() throws {
    try SQLiteNoteRepository(path: file.path).commit([
      .saveNotebook(Notebook(id: Self.birds, name: "Field trips")),
      .saveNote(
        Note(
          id: Self.heron, title: "Heron", body: "A grey heron.",
          createdAt: SampleData.date(minutes: 0), tags: ["birds"])),
      .saveNote(
        Note(id: Self.wren, title: "Wren", body: "Loud.", createdAt: SampleData.date(minutes: 1))),
    ])
  }

  func run(_ arguments: [String]) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: arguments + ["--store", file.path], environment: Self.environment,
      console: console, input: [])
    return (status, console)
  }

  func note(_ id: Note.ID) throws -> Note? {
    try SQLiteNoteRepository(path: file.path).page(NoteListQuery(scope: .allNotes)).notes
      .first { $0.id == id }
  }

  @Test func rmPutsTheNoteInTheTrashAndRestoreTakesItBack() async throws {
    let (status, console) = await run(["rm", "e621e"])
    #expect(status == 0, "\(console.errors)")
    #expect(
      console.output == [
        "Deleted “Heron” (it is in the trash); `fieldnotes restore e621e` puts it back."
      ])
    #expect(try note(Self.heron) == nil)
    let (shown, shownSaid) = await run(["show", "e621e"])
    #expect(shown == 1)
    #expect(
      shownSaid.errors == [
        "error: “Heron” is in the trash: `fieldnotes restore e621e` takes it out (in the REPL, "
          + "`trash`)"
      ])
    let (restored, said) = await run(["restore", "e621e"])
    #expect(restored == 0, "\(said.errors)")
    #expect(said.output == ["Restored “Heron” to no notebook."])
    #expect(try note(Self.heron)?.body == "A grey heron.")
  }

  @Test func pinAndUnpinSayWhatTheyDid() async throws {
    let (pinned, pinSaid) = await run(["pin", "e621aa"])
    #expect(pinned == 0 && pinSaid.output == ["Pinned “Wren”."], "\(pinSaid.errors)")
    #expect(try note(Self.wren)?.isPinned == true)
    let (again, againSaid) = await run(["--quiet", "pin", "e621aa"])
    #expect(again == 0 && againSaid.output.first?.contains("already") == true)
    let (unpinned, unpinSaid) = await run(["unpin", "e621aa"])
    #expect(unpinned == 0 && unpinSaid.output == ["Unpinned “Wren”."])
    #expect(try note(Self.wren)?.isPinned == false)
  }

  @Test func mvTakesANotebooksNameOfSeveralWordsOrNone() async throws {
    let (moved, said) = await run(["mv", "e621aa", "Field", "trips"])
    #expect(moved == 0, "\(said.errors)")
    #expect(said.output == ["Moved “Wren” to “Field trips”."])
    #expect(try note(Self.wren)?.notebookID == Self.birds)
    let (unfiled, unfiledSaid) = await run(["mv", "e621aa", "none"])
    #expect(unfiled == 0 && unfiledSaid.output == ["Moved “Wren” to no notebook."])
    let (unknown, unknownSaid) = await run(["mv", "e621aa", "Nowhere"])
    #expect(unknown == 1 && unknownSaid.output.isEmpty)
    #expect(unknownSaid.errors.count == 1 && unknownSaid.errors[0].contains("Nowhere"))
    #expect(try note(Self.wren)?.notebookID == nil, "nothing moved")
  }

  @Test func tagAddsAndTakesOffTagsThroughTheComposer() async throws {
    let (status, console) = await run(["tag", "e621e1", "+pond", "-birds", "+Waders"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.errors.isEmpty)
    #expect(console.output == ["Saved “Heron”.", "Tags of “Heron”: #pond #waders."])
    #expect(try note(Self.heron)?.tags == ["pond", "waders"])
    #expect(try note(Self.heron)?.body == "A grey heron.", "the rest of the note is kept")
    let (absent, absentSaid) = await run(["tag", "e621e1", "-owls"])
    #expect(absent == 1)
    #expect(absentSaid.errors == ["error: “Heron” has no tag #owls; nothing was changed"])
    let (same, sameSaid) = await run(["tag", "e621e1", "+pond"])
    #expect(same == 0 && sameSaid.output == ["“Heron” has those tags already: #pond #waders."])
  }

  /// A tag the note's text writes (`#heron` in its body) is refused by `tag -heron`.
  ///
  /// The save would read it back from the text: it said `Saved`, and the tag stayed.
  @Test func aTagTheTextWritesIsNotTakenOffButRefused() async throws {
    var heron = try #require(try note(Self.heron))
    heron.body = "A grey #heron by the weir."
    heron.tags = ["birds", "heron"]
    try SQLiteNoteRepository(path: file.path).commit([.saveNote(heron)])

    let (status, console) = await run(["tag", "e621e1", "-heron"])

    #expect(status == 1)
    #expect(
      console.errors == [
        "error: \u{201C}Heron\u{201D} has #heron written in its text, which makes it a tag: "
          + "edit the text to take it off; nothing was changed"
      ])
    #expect(try note(Self.heron)?.tags == ["birds", "heron"])
  }

  /// A `+` or `-` word is read as the composer reads its `tags` line, commas or spaces between
  /// tags, both ways: what `+a,b` adds, `-a,b` takes off.
  @Test func tagReadsEachWordAsTheComposersTagsLine() async throws {
    let (added, addedSaid) = await run(["tag", "e621e1", "+pond,reeds", "+two words"])
    #expect(added == 0, "\(addedSaid.errors)")
    #expect(try note(Self.heron)?.tags == ["birds", "pond", "reeds", "two", "words"])
    let (removed, removedSaid) = await run(["tag", "e621e1", "-pond,reeds", "-two words"])
    #expect(removed == 0, "\(removedSaid.errors)")
    #expect(try note(Self.heron)?.tags == ["birds"])
  }

  @Test func historyListsTheVersionsAndRestoreBringsOneBack() async throws {
    _ = await run(["tag", "e621e1", "+pond"])
    let (status, console) = await run(["history", "e621e1"])
    #expect(status == 0, "\(console.errors)")
    #expect(
      console.output == [
        "1 version of “Heron” kept, newest first (`fieldnotes restore e621e N` brings back):",
        "  1  saved just now  then tags",
      ])
    let (restored, said) = await run(["restore", "e621e1", "1"])
    #expect(restored == 0, "\(said.errors)")
    #expect(
      said.output == ["Restored version 1 of “Heron”; the text it replaced is kept as version 2."])
    #expect(try note(Self.heron)?.tags == ["birds"])
    let (missing, missingSaid) = await run(["restore", "e621e1", "9"])
    #expect(missing == 1 && missingSaid.errors.count == 1, "\(missingSaid.output)")
  }

  @Test func editHandsTheNoteToTheEditorAndSavesWhatItWrote() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fieldnotes-editor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let editor = scratch.appendingPathComponent("editor.sh")
    try "#!/bin/sh\nprintf '\\nSeen again.\\n' >> \"$1\"\n".write(
      to: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
    let console = RecordingConsole()
    var environment = Self.environment
    environment["EDITOR"] = editor.path
    environment["XDG_STATE_HOME"] = scratch.path
    let status = await FieldNotesApp.run(
      arguments: ["edit", "e621aa", "--store", file.path], environment: environment,
      console: console, input: [])
    #expect(status == 0, "\(console.errors)")
    #expect(try note(Self.wren)?.body.hasSuffix("Seen again.") == true)
  }

  @Test func notebooksTagsAndTrashPrintTheirScreensWhole() async throws {
    let (status, console) = await run(["notebooks"])
    #expect(status == 0 && console.output.first == "Notebooks", "\(console.output)")
    #expect(console.output.contains { $0.contains("Field trips") })
    let (tags, tagsSaid) = await run(["tags", "--format", "jsonl"])
    #expect(tags == 0 && tagsSaid.output == [#"{"tag":"birds","count":1}"#])
    _ = await run(["rm", "e621aa"])
    let (trash, trashSaid) = await run(["trash"])
    #expect(trash == 0 && trashSaid.output.count == 2, "\(trashSaid.output)")
    #expect(trashSaid.output.last?.contains("Wren") == true)
    #expect(throws: UsageError("tags takes no words (“x” is one too many): fieldnotes tags")) {
      try LaunchOptions.parse(["tags", "x"])
    }
  }

  @Test func anIDOfNoOneNoteIsRefusedAndNothingChanges() async throws {
    let (ambiguous, ambiguousSaid) = await run(["rm", "e621"])
    #expect(ambiguous == 1)
    #expect(ambiguousSaid.errors.first?.hasPrefix("error: 2 notes' ids start with e621") == true)
    let (none, noneSaid) = await run(["pin", "ffff"])
    #expect(none == 1 && noneSaid.errors == ["error: no note's id starts with ffff"])
    let (notInTrash, notInTrashSaid) = await run(["restore", "e621e"])
    #expect(notInTrash == 1)
    #expect(notInTrashSaid.errors.first?.contains("“Heron” is not in the trash") == true)
    #expect(try note(Self.heron) != nil && note(Self.wren) != nil)
  }

  @Test(arguments: [
    (["rm"], "rm needs a note's id: fieldnotes rm ID (ids are in fieldnotes ls)"),
    (
      ["pin", "ab12", "cd34"],
      "pin takes at most 1 word (“cd34” is one too many): fieldnotes pin ID"
    ),
    (["mv", "ab12"], "mv needs more: fieldnotes mv ID NOTEBOOK|none"),
    (
      ["tag", "ab12", "birds"],
      "tag takes +TAG to add a tag and -TAG to take one off (“birds” is neither): "
        + "fieldnotes tag ID +TAG|-TAG..."
    ),
    (["rm", "ab12", "-c", "list"], "rm can't be combined with --script or -c"),
  ])
  func badCommandLinesAreRefused(_ arguments: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try LaunchOptions.parse(arguments) }
  }

  @Test func optionsGoBeforeOrAfterAndTagsTakeOffWithADash() throws {
    let options = try LaunchOptions.parse(["-q", "tag", "ab12", "-old", "--store", "s", "+new"])
    #expect(options.subcommand == Subcommand(name: .tag, words: ["ab12", "-old", "+new"]))
    #expect(options.store == .file("s") && options.isQuiet)
  }

  /// Every FieldNotes command README's "From the shell" shows is one the command line takes.
  @Test func theReadmesDailyLoopIsUnderstood() throws {
    let commands = try ReadmeCommands.inSection("From the shell")
    #expect(commands.count >= 20, "\(commands)")
    for words in commands {
      #expect(throws: Never.self, "\(words)") { try LaunchOptions.parse(words) }
    }
  }

  @Test func aStoreThatCantBeOpenedIsSaidAndChangesNothing() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fieldnotes-not-a-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["pin", "e621aa", "--store", folder.path], environment: Self.environment,
      console: console, input: [])
    #expect(status == 1 && console.output.isEmpty)
    #expect(console.errors.count == 1 && console.errors[0].hasPrefix("error: "))
  }

  @Test func aBadCommandLineExitsWithTheUsageStatus() async {
    let (status, console) = await run(["rm"])
    #expect(status == FieldNotesApp.usageExitStatus)
    #expect(console.output.isEmpty && console.errors.count == 1)
  }

  /// `export FOLDER/` keeps its record of what it wrote in the state folder: the exported
  /// folder holds the notes' files (and the `.notebook.md` of a notebook no note's file says),
  /// nothing else, however often it is exported.
  @Test func aFolderExportKeepsItsRecordInTheStateFolder() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fieldnotes-export-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var environment = Self.environment
    environment["XDG_STATE_HOME"] = scratch.path + "/state"
    for _ in 0..<2 {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: ["-c", "export \(scratch.path)/out/", "--store", file.path],
        environment: environment, console: console, input: [])
      #expect(status == 0, "\(console.errors)")
      #expect(
        Set(try FileManager.default.subpathsOfDirectory(atPath: scratch.path + "/out")) == [
          "Field trips", "Field trips/.notebook.md", "Heron.md", "Wren.md",
        ])
    }
    let records = try FileManager.default.contentsOfDirectory(
      atPath: scratch.path + "/state/fieldnotes/folder-exports")
    #expect(records.count == 1 && records.first?.hasSuffix(".json") == true)
  }

  /// Two trashed notes whose ids share all but their last digit: `restore` of a prefix both
  /// share names each by an id that is its own, and that id restores it.
  @Test func trashedNotesOfAlikeIDsAreEachOfferedByAnIDThatRestoresIt() async throws {
    let alike = [0x10, 0x11].map { number in
      Note(
        id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", number)) ?? UUID(),
        title: "Alike \(number)", createdAt: SampleData.date(minutes: number))
    }
    try SQLiteNoteRepository(path: file.path).commit(alike.map { .saveNote($0) })
    for note in alike { _ = await run(["rm", note.id.uuidString]) }

    let (status, console) = await run(["restore", "0000"])

    #expect(status == 1)
    #expect(
      console.errors == [
        "error: 2 trashed notes' ids start with 0000; type more of the one you mean: "
          + "00000000000040008000000000000011 “Alike 17”, "
          + "00000000000040008000000000000010 “Alike 16”"
      ])
    let (restored, said) = await run(["restore", "00000000000040008000000000000010"])
    #expect(restored == 0, "\(said.errors)")
    #expect(try note(alike[0].id)?.title == "Alike 16")
  }
}
