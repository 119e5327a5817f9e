import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import FieldNotesText
import Foundation
import Synchronization
import Testing

@testable import FieldNotesApp

/// `import PATH` and `export FOLDER/` as a user types them.
@Suite @MainActor struct PlainTextCommandTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-plain-commands-" + UUID().uuidString

  func session(_ library: NoteLibrary = NoteLibrary()) -> (AppSession, RecordingConsole, NoteStore)
  {
    let test = TestSession(library)
    return (test.session, test.console, test.store)
  }

  /// How many files this suite has written: each is dated a minute after the one before, so a
  /// note imported from a file without dates is as old as its place in the test says, never as
  /// the clock happened to tick between two writes.
  static let written = Mutex(0)

  func write(_ text: String, at relative: String) throws {
    let path = "\(folder)/\(relative)"
    try FileManager.default.createDirectory(
      atPath: FilePaths.folder(of: path), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let number = Self.written.withLock { count in
      count += 1
      return count
    }
    try FileManager.default.setAttributes(
      [.modificationDate: SampleData.date(minutes: number)], ofItemAtPath: path)
  }

  @Test func aFolderExportedByOneSessionImportsIntoAnotherAsItWas() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (first, firstConsole, firstStore) = session(SampleData.library)
    _ = try await first.run("export \(folder)/out/")
    #expect(
      firstConsole.output.contains(
        "Exported 4 notes and 2 notebooks to \(folder)/out/ as 6 Markdown files."))
    let (second, console, secondStore) = session()
    _ = try await second.run("import \(folder)/out")
    #expect(console.output.contains("Read a folder of Markdown files from \(folder)/out."))
    #expect(console.output.contains("Imported 4 notes and 2 notebooks; skipped 0 already here."))
    let exported = try firstStore.wholeLibrary()
    let imported = try secondStore.wholeLibrary()
    #expect(Set(imported.notes) == Set(exported.notes))
    #expect(Set(imported.notebooks) == Set(exported.notebooks))
  }

  /// Links are body text, so a folder exported and imported again resolves every link to the
  /// same note, and finds the same notes linking to each, as the store it came from.
  @Test func aFolderExportedAndImportedAgainResolvesTheSameLinks() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var library = SampleData.library
    library.notes += [
      Note(
        title: "Pond walk",
        body: "[[Heron at the lake|the heron]], [[kingfisher under the "
          + "BRIDGE#Dive]] and [[Otters]].\n```\n[[Moss on the north wall]]\n```",
        createdAt: SampleData.date(minutes: 5)),
      Note(
        title: "Index", body: "- [[Pond walk]]\n- [[Wild garlic by the stream]]",
        createdAt: SampleData.date(minutes: 6)),
    ]
    let (first, _, firstStore) = session(library)
    _ = try await first.run("export \(folder)/out/")
    let (second, _, secondStore) = session()
    _ = try await second.run("import \(folder)/out")

    let before = try links(in: firstStore)
    #expect(before.values.contains { !$0.links.isEmpty && !$0.unresolved.isEmpty })
    #expect(before.values.contains { !$0.backlinks.isEmpty })
    #expect(try links(in: secondStore) == before)
  }

  /// Each note's links as the note's page resolves them, and the notes the store finds for
  /// `links:` its title, by note.
  func links(in store: NoteStore) throws -> [Note.ID: LinksOfANote] {
    let notes = try store.wholeLibrary().notes
    var found: [Note.ID: LinksOfANote] = [:]
    for note in notes {
      let written = NoteLink.links(in: note.body)
      let backlinks = try store.page(
        NoteListQuery(scope: .allNotes, search: .links(note.title))
      ).notes
      found[note.id] = LinksOfANote(
        links: written.compactMap { NoteLink.resolved($0, among: notes)?.id },
        unresolved: written.filter { NoteLink.resolved($0, among: notes) == nil }.map(\.title),
        backlinks: Set(backlinks.map(\.id)))
    }
    return found
  }

  struct LinksOfANote: Equatable {
    var links: [Note.ID]
    var unresolved: [String]
    var backlinks: Set<Note.ID>
  }

  /// A vault's nested folder is a notebook named by its path, which every command naming a
  /// notebook takes as typed (`open`, `move`, their completion), and exports back as the same
  /// nested folders.
  @Test func aNestedFolderIsANotebookNamedByItsPathAndExportsNestedAgain() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write("# Run\n\nFive kilometres.\n", at: "vault/Areas/Health/Run.md")
    try write("# Plan\n\nThe week.\n", at: "vault/Plan.md")
    let (session, console, store) = session()
    _ = try await session.run("import \(folder)/vault")
    #expect(try store.savedNotebooks().map(\.name) == ["Areas/Health"])

    #expect(session.completions(lineBefore: "open ", word: "Ar") == ["Areas/Health"])
    #expect(session.completions(lineBefore: "open ", word: "Areas/H") == ["Areas/Health"])
    try await session.run("open none")
    #expect(session.completions(lineBefore: "move 1 to ", word: "Areas/") == ["Areas/Health"])
    try await session.run("move 1 to Areas/Health")
    try await session.run("open Areas/Health")
    #expect(console.output.last == "      Five kilometres.")
    #expect(console.output.contains("Areas/Health · 2 notes · newest first"))

    try await session.run("notebooks")
    await #expect(
      throws: CommandLineError.refused(
        "A notebook name can't have \u{201C}..\u{201D} between slashes: each part is a folder "
          + "when exported (Areas/Health).")
    ) { try await session.run("notebook new Areas/../Health") }
    _ = try await session.run("export \(folder)/out/")
    for name in ["Run.md", "Plan.md"] {
      #expect(FileManager.default.fileExists(atPath: "\(folder)/out/Areas/Health/\(name)"))
    }
    // The folder alone says which notebook it is, as it did when imported.
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/out/Areas/Health/.notebook.md"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/out/Areas-Health"))
  }

  /// A vault imported and exported as a user types it gives back its files byte for byte,
  /// and a link naming a file's name opens that file's note.
  @Test func aVaultImportedAndExportedIsTheSameFiles() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = [
      "10 note 2.md": "---\ntitle: \"Custom title 2: with colon\"\nstatus: draft\n---\nTwo.\n",
      "Areas/Health/Run.md": "# Run\n\nSee [[10 note 2]].\n",
      "Plan.md": "No front matter.\n",
    ]
    for (path, text) in files {
      try write(text, at: "vault/\(path)")
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_780_000_000)],
        ofItemAtPath: "\(folder)/vault/\(path)")
    }
    let (session, console, _) = session()
    _ = try await session.run("import \(folder)/vault")
    _ = try await session.run("export \(folder)/out/")

    for (path, text) in files {
      #expect(
        try String(contentsOfFile: "\(folder)/out/\(path)", encoding: .utf8) == text, "\(path)")
    }
    try await session.run("open Areas/Health")
    try await session.run("show 1")
    try await session.run("open 1")
    #expect(
      Array(console.output.suffix(11)) == [
        "Links:", "  1  Custom title 2: with colon", "Custom title 2: with colon",
        "No Notebook · written 2026-05-28", "status: draft", "", "Two.", "", "", "Linked from:",
        "  1  Run",
      ])
  }

  /// A file of the user's where a note's file would go is named, left as it is, and the
  /// note written beside it: exporting into a folder never asks the user to clear it first.
  @Test func anExportLeavesTheUsersFilesAndSaysWhichItWentAround() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let note = Note(title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0))
    try write("My own heron notes.\n", at: "out/Heron.md")
    let (session, console, _) = session(NoteLibrary(notes: [note]))

    _ = try await session.run("export \(folder)/out/")

    #expect(
      console.output.contains(
        "Exported 1 note and 0 notebooks to \(folder)/out/ as 1 Markdown file. Left 1 file "
          + "already there as it is (Heron.md); the note of its name is written beside it under "
          + "another name."))
    #expect(
      try String(contentsOfFile: "\(folder)/out/Heron.md", encoding: .utf8)
        == "My own heron notes.\n")
    let beside = try String(contentsOfFile: "\(folder)/out/Heron (2).md", encoding: .utf8)
    #expect(beside.hasSuffix("# Heron\n\nGrey."))
  }

  /// A journal's repeated entry is named once, when it is imported, and not again when the
  /// journal is imported again; a folder's file repeating an id with other text is named as
  /// kept apart.
  @Test func importNamesTheRepeatsItKeptApart() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let entry = """
      {"title": "Standup.", "body": "Same.", "date": "2026-06-04", "time": "09:07", "tags": [],
       "starred": false}
      """
    try write("{\"tags\": {}, \"entries\": [\(entry), \(entry)]}", at: "journal.json")
    let id = UUID().uuidString
    try write("---\nid: \(id)\nupdated: 2024-02-01\n---\n# Template\n\nTwo.\n", at: "vault/b.md")
    try write("---\nid: \(id)\nupdated: 2024-01-01\n---\n# Template\n\nOne.\n", at: "vault/a.md")
    let (session, console, store) = session()

    _ = try await session.run("import \(folder)/journal.json")
    _ = try await session.run("import \(folder)/journal.json")
    _ = try await session.run("import \(folder)/vault")

    let said = console.output.joined(separator: "\n")
    let line = "1 entry repeated an entry before it, and was imported as a note of its own:"
    #expect(said.components(separatedBy: line).count == 2, "named once: \(said)")
    #expect(said.contains(line + "\n  entries[1]"))
    #expect(
      said.contains(
        "Kept 1 note apart that gave an id an earlier note of the import gave, with other text: "
          + "it was added as a note of its own:\n  a.md"))
    #expect(store.notes.count == 4)
  }

  /// An import says how many tags it renamed to fit FieldNotes' rule, and which.
  ///
  /// jrnl's `@work` is `work` (jrnl itself reads tags in lower case), a vault's
  /// `#Projects/Garden` is `projects-garden`; a change of case alone (`#Birds`) is no rename.
  /// An import that adds nothing says nothing of tags.
  @Test func importSaysWhichTagsItRenamed() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(
      "[2026-06-04 09:07:00 AM] Standup.\nSame as ever. @work @Home\n\n"
        + "[2026-06-05 06:30:00 PM] Heron at the weir. @work\n",
      at: "journal.txt")
    try write(
      "---\ntags: [Birds, a.b]\n---\n# Plans\n\n#Projects/Garden and #Birds again.\n",
      at: "vault/plans.md")
    let (session, console, store) = session()

    _ = try await session.run("import \(folder)/journal.txt")
    _ = try await session.run("import \(folder)/vault")
    _ = try await session.run("import \(folder)/vault")

    let renamed = console.output.filter { $0.contains("renamed to fit") }
    #expect(
      renamed == [
        "2 tags were renamed to fit FieldNotes' tag rules (@work \u{2192} work, "
          + "@home \u{2192} home).",
        "2 tags were renamed to fit FieldNotes' tag rules (a.b \u{2192} a-b, "
          + "Projects/Garden \u{2192} projects-garden).",
      ])
    let plans = try #require(store.notes.first { $0.title == "Plans" })
    #expect(plans.tags == ["birds", "a-b", "projects-garden"])
  }

  /// jrnl's own file, the first thing a jrnl user tries: one note per entry, not one note of
  /// the whole journal.
  @Test func aJrnlJournalsOwnFileImportsAnEntryANote() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(
      "[2026-06-04 09:07:00 AM] Standup. *\nSame as ever. @work\n\n"
        + "[2026-06-04 09:07:00 AM] Standup.\nSame as ever. @work\n\n"
        + "[2026-06-05 06:30:00 PM] Heron at the weir. Still. @birds\n",
      at: "journal.txt")
    let (session, console, store) = session()

    _ = try await session.run("import \(folder)/journal.txt")

    let said = console.output.joined(separator: "\n")
    #expect(said.contains("Read a jrnl journal from \(folder)/journal.txt."), "\(said)")
    #expect(said.contains("imported as a note of its own:\n  line 4"), "\(said)")
    #expect(
      store.notes.map(\.title).sorted() == [
        "Heron at the weir. Still. @birds", "Standup.", "Standup.",
      ])
    #expect(store.notes.filter(\.isPinned).map(\.title) == ["Standup."])
    #expect(store.notes.allSatisfy { !$0.tags.isEmpty })
  }

  @Test func importSaysWhatItReadAndWhatItLeftOut() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write("# Heron\n\nGrey. #birds\n", at: "vault/Birds/heron.md")
    try write("\u{0}\u{1}", at: "vault/photo.jpg")
    try write("---\nnot: [closed\n", at: "vault/odd.md")
    let (session, console, store) = session()
    _ = try await session.run("import \(folder)/vault --notebook Inbox")
    let text = console.output.joined(separator: "\n")
    #expect(text.contains("Imported 2 notes and 1 notebook; skipped 0 already here."))
    #expect(
      text.contains("Left out 1 file:\n  photo.jpg: not a Markdown or text file"))
    #expect(
      text.contains("Kept the opening --- of 1 file as text, since it is no front matter: odd.md"))
    #expect(store.notebooks.map(\.name) == ["Inbox"])
    #expect(store.notes.allSatisfy { $0.notebookID == store.notebooks.first?.id })
  }

  @Test func importKeepsFilesDifferingFromTheirNotesAsConflictCopiesAndSaysWhichWereRenamed()
    async throws
  {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (session, console, store) = session(SampleData.library)
    _ = try await session.run("export \(folder)/out/")
    let file = try #require(
      FileManager.default.subpathsOfDirectory(atPath: "\(folder)/out").first {
        $0.hasPrefix("Birds/") && !$0.hasSuffix(".notebook.md")
      })
    let text = try String(contentsOfFile: "\(folder)/out/\(file)", encoding: .utf8)
    try (text + "\nEdited outside.").write(
      toFile: "\(folder)/out/\(file)", atomically: true, encoding: .utf8)
    try write("# Year\n", at: "out/2023/year.md")
    _ = try await session.run("import \(folder)/out")
    let said = console.output.joined(separator: "\n")
    #expect(
      said.contains(
        "Kept 1 note whose text differs from the note here of its id as a conflict copy: "
          + "`conflicts` on the notebooks screen compares it with the note here:\n  \(file)"),
      "\(said)")
    #expect(
      said.contains(
        "The notebook “2023” was added as “2023 (2)”: its name is taken, or opens something else."))
    // The edited text is a conflict copy of its note, which is as it was.
    let copy = try #require(store.notes.first { $0.body.hasSuffix("Edited outside.") })
    let originalID = try #require(copy.conflictOf)
    let original = try #require(try store.note(withID: originalID))
    #expect(!original.body.hasSuffix("Edited outside."))
  }

  @Test func importSaysWhichNotesNamedANotebookItCouldNotFind() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (session, console, store) = session()
    let lost = Notebook(name: "Lost")
    let note = Note(title: "Wren", body: "small", notebookID: lost.id)
    let export = try LibraryArchive.json(NoteLibrary(notebooks: [], notes: [note]))
    try write(String(decoding: export, as: UTF8.self), at: "export.json")

    _ = try await session.run("import \(folder)/export.json")

    let said = console.output.joined(separator: "\n")
    #expect(
      said.contains(
        "Put 1 note in No Notebook: the notebook it names is neither here nor in the import:\n"
          + "  notes[0]"),
      "\(said)")
    #expect(try store.note(withID: note.id)?.notebookID == nil)
  }

  @Test func aPathThatIsNothingItReadsIsRefusedWithNothingImported() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write("just words", at: "notes.csv")
    let (session, _, store) = session()
    await #expect(throws: CommandLineError.self) {
      _ = try await session.run("import \(folder)/notes.csv")
    }
    await #expect(throws: CommandLineError.self) {
      _ = try await session.run("import \(folder)/missing")
    }
    #expect(store.notes.isEmpty)
  }
}
