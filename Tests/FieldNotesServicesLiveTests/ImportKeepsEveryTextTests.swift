import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// What an import reads reaches the store in some form: a note of its own, or, beside a note
/// here of the same id with other text, a conflict copy; and every note it adds meets the
/// rules a note typed here meets.
@MainActor
@Suite struct ImportKeepsEveryTextTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current

  static func journal(_ entries: [String]) -> String {
    "{\"tags\": {}, \"entries\": [" + entries.joined(separator: ",") + "]}"
  }

  static func entry(
    title: String, body: String, time: String = "09:07", tags: [String] = [],
    starred: Bool = false
  ) -> String {
    let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
    return """
      {"title": "\(title)", "body": "\(body)", "date": "2026-06-04", "time": "\(time)",
       "tags": [\(tagList)], "starred": \(starred)}
      """
  }

  /// A newer backup (or an exported file edited since) gives a note here other text: the
  /// incoming text is kept as a conflict copy of that note, for the conflict inbox, and an
  /// import of the same file again adds nothing more.
  @Test(arguments: ["json", "folder"])
  func anImportedTextUnderAKnownIdIsKeptAsAConflictCopy(_ kind: String) throws {
    let heron = Note(
      title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0), tags: ["birds"])
    let store = NoteStore(notes: [heron])
    var newer = heron
    newer.body = "Grey, and it took a fish."
    newer.updatedAt = Date(timeIntervalSince1970: 600)
    let folder = try FixtureFolder()
    let path: String
    if kind == "json" {
      path = folder.path + "/backup.json"
      try folder.write(try LibraryArchive.json(NoteLibrary(notes: [newer])), at: "backup.json")
    } else {
      path = folder.path + "/vault"
      try MarkdownFolderWriter.write(NoteLibrary(notes: [newer]), to: path)
    }

    let summary = try LibraryImport.merge(
      into: store, ImportReader.read(path).source, timeZone: Self.utc)

    #expect(summary.addedNotes == 0)
    #expect(summary.conflictCopies == 1)
    #expect(try store.note(withID: heron.id) == heron, "the note here is as it was")
    let copy = try #require(store.notes.first { $0.conflictOf == heron.id })
    #expect(copy.body == "Grey, and it took a fish.")
    #expect(NoteConflict.unmarked(copy.title) == "Heron")
    let again = try LibraryImport.merge(
      into: store, ImportReader.read(path).source, timeZone: Self.utc)
    #expect(again.conflictCopies == 0 && again.addedNotes == 0)
    #expect(store.notes.count == 2)
  }

  /// The same text under a known id is no conflict: it is skipped, as before.
  @Test func theSameTextUnderAKnownIdIsSkipped() throws {
    let heron = Note(title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0))
    let store = NoteStore(notes: [heron])
    var pinned = heron
    pinned.isPinned = true
    let summary = try LibraryImport.merge(
      into: store, NoteLibrary(notes: [pinned]), timeZone: Self.utc)
    #expect(summary.skippedNotes == 1 && summary.conflictCopies == 0)
    #expect(store.notes == [heron])
  }

  /// jrnl entries of one minute with one text are two entries still: a star or tags of the
  /// second are kept, as a note of its own, and a second import adds nothing.
  @Test func jrnlEntriesOfOneMinuteAndOneTextAreEachANote() throws {
    let folder = try FixtureFolder([
      "journal.json": Self.journal([
        Self.entry(title: "Standup.", body: "Same words."),
        Self.entry(title: "Standup.", body: "Same words.", tags: ["@work"], starred: true),
      ])
    ])
    let store = NoteStore()
    let reading = try ImportReader.read(folder.path + "/journal.json", timeZone: Self.utc)

    let summary = try LibraryImport.merge(into: store, reading.source, timeZone: Self.utc)

    #expect(summary.addedNotes == 2 && summary.repeatedNotes == 0)
    #expect(store.notes.contains { $0.isPinned && $0.tags == ["work"] })
    #expect(
      try LibraryImport.merge(
        into: store,
        ImportReader.read(folder.path + "/journal.json", timeZone: Self.utc).source,
        timeZone: Self.utc
      ).addedNotes == 0)
  }

  /// A journal that grew — an entry written in before the repeated ones — imports the new
  /// entry alone: a repeat's id comes from how many times its entry came before, not from
  /// where in the file it is.
  @Test func aJournalThatGrewBeforeItsRepeatsImportsOnlyTheNewEntry() throws {
    let repeats = [
      Self.entry(title: "Standup.", body: "Same words."),
      Self.entry(title: "Standup.", body: "Same words.", starred: true),
    ]
    let folder = try FixtureFolder(["journal.json": Self.journal(repeats)])
    let path = folder.path + "/journal.json"
    let store = NoteStore()
    try LibraryImport.merge(
      into: store, ImportReader.read(path, timeZone: Self.utc).source, timeZone: Self.utc)
    try folder.write(
      Data(Self.journal([Self.entry(title: "Early.", body: "New.", time: "08:00")] + repeats).utf8),
      at: "journal.json")

    let again = try LibraryImport.merge(
      into: store,
      ImportReader.read(path, timeZone: Self.utc).source, timeZone: Self.utc)

    #expect(again.addedNotes == 1)
    #expect(store.notes.count == 3)
  }

  /// A hand copy of an exported file, with text of the user's added and the same `updated:`,
  /// imported with the folder: the copy's text is kept as a conflict copy of the note, and the
  /// exported file, holding the note's own text, adds nothing — whichever name sorts first.
  @Test(arguments: ["Heron - annotated.md", "A copy.md", "Heron_annotated.md"])
  func aHandCopyOfAnExportedFileNeverMakesTheNoteTwice(_ copyName: String) throws {
    let heron = Note(title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0))
    let store = NoteStore(notes: [heron])
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(store.wholeLibrary(), to: folder.path)
    let exported = try String(contentsOfFile: folder.path + "/Heron.md", encoding: .utf8)
    try folder.write(Data((exported + "\nMy annotation.\n").utf8), at: copyName)

    let reading = try ImportReader.read(folder.path, timeZone: Self.utc)
    let summary = try LibraryImport.merge(into: store, reading.source, timeZone: Self.utc)

    #expect(summary.addedNotes == 0 && summary.conflictCopies == 1)
    #expect(store.notes.filter { $0.body == "Grey." }.count == 1, "no second Heron")
    #expect(
      store.notes.contains { $0.conflictOf == heron.id && $0.body.hasSuffix("annotation.\n") })
    let again = try LibraryImport.merge(
      into: store,
      ImportReader.read(folder.path, timeZone: Self.utc).source, timeZone: Self.utc)
    #expect(again.addedNotes == 0 && again.conflictCopies == 0)
    #expect(store.notes.count == 2)
  }

  /// Every tag the store accepts (`a--b`, `-lead`, `trail-`) comes back from the store's own
  /// export unchanged: imported into the same store it adds nothing, into a new one it gives
  /// the same tags.
  @Test(arguments: ["json", "folder"])
  func tagsTheStoreAcceptsComeBackFromItsExportUnchanged(_ kind: String) throws {
    let tags = ["a--b", "-lead", "trail-", "_x_"]
    for tag in tags { #expect(TagRules.problem(with: tag) == nil, "\(tag)") }
    let note = Note(
      title: "Odd tags", body: "Text.", createdAt: Date(timeIntervalSince1970: 0), tags: tags)
    let store = NoteStore(notes: [note])
    let folder = try FixtureFolder()
    let path = folder.path + (kind == "json" ? "/backup.json" : "/export")
    if kind == "json" {
      try folder.write(try LibraryArchive.json(store.wholeLibrary()), at: "backup.json")
    } else {
      try MarkdownFolderWriter.write(store.wholeLibrary(), to: path)
    }

    let same = try LibraryImport.merge(
      into: store, ImportReader.read(path).source, timeZone: Self.utc)
    let fresh = NoteStore()
    try LibraryImport.merge(into: fresh, ImportReader.read(path).source, timeZone: Self.utc)

    #expect(same.addedNotes == 0 && same.conflictCopies == 0)
    #expect(fresh.notes.map(\.tags) == [tags])
  }

  /// A note deleted since an export comes back from the trash, as it was deleted, when the
  /// export is imported (a backup restores what was deleted), and the import says so; the
  /// export's text, when edited since, is kept beside it as a conflict copy, never written
  /// over it.
  @Test(arguments: [false, true])
  func anExportedNoteDeletedSinceComesBackAsItWas(editedSince: Bool) throws {
    let heron = Note(title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0))
    let store = NoteStore(notes: [heron])
    var exported = heron
    if editedSince { exported.body = "Grey, edited in the export." }
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(NoteLibrary(notes: [exported]), to: folder.path)
    try store.perform(.deleteNote(heron.id))

    let summary = try LibraryImport.merge(
      into: store,
      ImportReader.read(folder.path).source, timeZone: Self.utc)

    #expect(summary.restoredFromTrash == ["Heron"] && summary.addedNotes == 0)
    #expect(try store.journal.trashedNotes().isEmpty)
    #expect(try store.note(withID: heron.id)?.body == "Grey.", "back as it was deleted")
    #expect(summary.conflictCopies == (editedSince ? 1 : 0))
    if editedSince {
      #expect(store.notes.contains { $0.conflictOf == heron.id && $0.body == exported.body })
    }
    let again = try LibraryImport.merge(
      into: store, ImportReader.read(folder.path).source, timeZone: Self.utc)
    #expect(again.addedNotes == 0 && again.conflictCopies == 0 && again.restoredFromTrash.isEmpty)
  }

  /// Two entries of one minute and one title but other bodies are two notes.
  @Test func jrnlEntriesOfOneMinuteAndTitleWithOtherBodiesAreTwoNotes() throws {
    let folder = try FixtureFolder([
      "journal.json": Self.journal([
        Self.entry(title: "Standup.", body: "First body."),
        Self.entry(title: "Standup.", body: "Second body."),
      ])
    ])
    let store = NoteStore()
    let reading = try ImportReader.read(folder.path + "/journal.json", timeZone: Self.utc)
    try LibraryImport.merge(into: store, reading.source, timeZone: Self.utc)
    #expect(Set(store.notes.map(\.body)) == ["First body.", "Second body."])
  }

  /// Tags come in by the one rule every path in follows: a JSON export's `Birds`, `BIRDS`,
  /// `bad tag!`, an empty tag and NFC/NFD twins are stored as the importer's rule maps them,
  /// each once, and found by a tag search.
  @Test func aJSONImportsTagsAreMappedByTheRuleEveryPathFollows() throws {
    let note = Note(
      title: "Tagged", createdAt: Date(timeIntervalSince1970: 0),
      tags: ["Birds", "BIRDS", "bad tag!", "", "caf\u{E9}", "cafe\u{301}", "#lake"])
    let folder = try FixtureFolder()
    try folder.write(try LibraryArchive.json(NoteLibrary(notes: [note])), at: "tags.json")
    let store = NoteStore()

    try LibraryImport.merge(
      into: store,
      ImportReader.read(folder.path + "/tags.json").source, timeZone: Self.utc)

    let saved = try #require(store.notes.first)
    #expect(saved.tags == ["birds", "bad-tag", "caf\u{E9}", "lake"])
    #expect(saved.tags.allSatisfy { TagRules.problem(with: $0) == nil })
  }

  /// `import FILE.json --notebook NAME` puts every note in that notebook.
  @Test func aJSONImportIntoANotebookPutsEveryNoteThere() throws {
    let elsewhere = Notebook(name: "Elsewhere")
    let library = NoteLibrary(
      notebooks: [elsewhere],
      notes: [
        Note(title: "One", createdAt: Date(timeIntervalSince1970: 0), notebookID: elsewhere.id),
        Note(title: "Two", createdAt: Date(timeIntervalSince1970: 1)),
      ])
    let folder = try FixtureFolder()
    try folder.write(try LibraryArchive.json(library), at: "export.json")
    let inbox = Notebook(name: "Inbox")
    let store = NoteStore()

    try LibraryImport.merge(
      into: store,
      ImportReader.read(folder.path + "/export.json", into: inbox).source, timeZone: Self.utc)

    #expect(store.notebooks.map(\.name) == ["Inbox"])
    #expect(store.notes.allSatisfy { $0.notebookID == inbox.id })
  }

  /// A note naming a notebook neither here nor in the import goes in no notebook, so every
  /// list shows it and it can be edited.
  @Test func aNoteNamingAnUnknownNotebookGoesInNone() throws {
    let note = Note(
      title: "Stray", createdAt: Date(timeIntervalSince1970: 0), notebookID: UUID(number: 0xDEAD))
    let folder = try FixtureFolder()
    try folder.write(try LibraryArchive.json(NoteLibrary(notes: [note])), at: "stray.json")
    let store = NoteStore()

    try LibraryImport.merge(
      into: store,
      ImportReader.read(folder.path + "/stray.json").source, timeZone: Self.utc)

    #expect(store.notes.map(\.notebookID) == [nil])
  }

  /// A source that gives one id twice with other text keeps both texts, whatever reader made
  /// it: the second under an id of its own (the same one each time it is imported); the same
  /// text twice is one note.
  @Test func anIdGivenTwiceWithOtherTextKeepsBothTexts() throws {
    let first = Note(title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0))
    var other = first
    other.body = "Grey, annotated."
    let store = NoteStore()

    let summary = try LibraryImport.merge(
      into: store,
      NoteLibrary(notes: [first, other, first]), timeZone: Self.utc)

    #expect(summary.addedNotes == 2 && summary.repeatedNotes == 1 && summary.keptApart == 1)
    #expect(Set(store.notes.map(\.body)) == ["Grey.", "Grey, annotated."])
    let again = try LibraryImport.merge(
      into: store,
      NoteLibrary(notes: [first, other, first]), timeZone: Self.utc)
    #expect(again.addedNotes == 0 && again.conflictCopies == 0)
    #expect(store.notes.count == 2)
  }

  /// What a long no-loss run found: a copy of an exported file, imported once as a note of its
  /// own, exported again (as `Note (2).md`), then edited by hand and imported again, gave the
  /// id of that file a second time; the edited text was dropped as repeating it.
  @Test func anEditedCopyOfAnExportedFileImportedAgainIsKept() throws {
    let note = Note(title: "Note", body: "Written.", createdAt: Date(timeIntervalSince1970: 0))
    let store = NoteStore(notes: [note])
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(NoteLibrary(notes: store.notes), to: folder.path)
    let exported = try String(contentsOfFile: folder.path + "/Note.md", encoding: .utf8)
    try folder.write(Data((exported + "\nAnnotated.\n").utf8), at: "Note_annotated.md")
    try LibraryImport.merge(into: store, ImportReader.read(folder.path).source, timeZone: Self.utc)
    // The note is edited since, so its next export is the file changed last of the two.
    var edited = try #require(try store.note(withID: note.id))
    edited.body = "Written, then edited."
    edited.updatedAt = Date(timeIntervalSince1970: 60)
    try store.perform(.updateNote(edited))
    try MarkdownFolderWriter.write(store.wholeLibrary(), to: folder.path)
    let copy = try String(contentsOfFile: folder.path + "/Note_annotated.md", encoding: .utf8)
    try folder.write(Data((copy + "\nAdded by hand.\n").utf8), at: "Note_annotated.md")

    try LibraryImport.merge(into: store, ImportReader.read(folder.path).source, timeZone: Self.utc)

    #expect(store.notes.contains { $0.body.contains("Added by hand.") }, "\(store.notes)")
  }
}
