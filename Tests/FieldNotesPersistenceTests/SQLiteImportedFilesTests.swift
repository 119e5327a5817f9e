import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// A SQLite store keeps the file each note was imported from with the note and in the trash,
/// and a store from before opens with its notes whole, migrated again without harm.
@Suite struct SQLiteImportedFilesTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let file = ImportedFile(
    name: "10 note 2.md", title: "Custom title 2: with colon",
    header: "---\ntitle: \"Custom title 2: with colon\"\n---\n")

  static func note(_ file: ImportedFile?, body: String = "Two.", at seconds: Double = 0) -> Note {
    Note(
      id: UUID(uuidString: "6F1C1A52-3C8E-4F5E-9D53-2B8A0E1F7C11") ?? UUID(),
      title: "Custom title 2: with colon", body: body,
      createdAt: Date(timeIntervalSinceReferenceDate: 0),
      updatedAt: Date(timeIntervalSinceReferenceDate: seconds), importedFile: file)
  }

  @Test func theFileIsSavedKeptThroughEditsAndReadBack() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let note = Self.note(Self.file)
    try repository.commit([.saveNote(note)])
    let edited = Self.note(Self.file, body: "Two, edited.", at: 60)
    try repository.commit([.replaceNote(note, with: edited)])

    #expect(try SQLiteNoteRepository(path: path).load().notes == [edited])
    #expect(try SQLiteNoteRepository(path: path).note(withID: note.id) == edited)
  }

  @Test func theTrashKeepsTheFileAndARestoreBringsItBack() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let note = Self.note(Self.file)
    try repository.commit([.saveNote(note)])
    try repository.commit([.trashNote(note.id, at: Date(timeIntervalSinceReferenceDate: 30))])

    #expect(try repository.trashedNotes().map(\.note) == [note])
    try repository.commit([.restoreTrashedNote(note)])
    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
  }

  /// A store of the version before opens with every note, each with no file, and saves them
  /// from then on; set back again, the migration adds nothing twice.
  @Test func aStoreFromBeforeOpensWithItsNotesAndNoFile() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let plain = Self.note(nil)
    try repository.commit([.saveNote(plain)])
    try setBackToVersion15(path)
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)
    #expect(try reopened.load().notes == [plain])
    try reopened.commit([.replaceNote(plain, with: Self.note(Self.file, at: 60))])
    try execute("PRAGMA user_version = 15", on: path)
    #expect(try SQLiteNoteRepository(path: path).load().notes == [Self.note(Self.file, at: 60)])
  }

  /// What a link naming a file finds: the notes keeping that name, in SQL as in memory.
  @Test func aFileNameSearchFindsTheNotesKeepingThatName() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let kept = Self.note(Self.file)
    let retitled = Note(
      title: "New", createdAt: Date(timeIntervalSinceReferenceDate: 10),
      importedFile: ImportedFile(name: "10 note 2.md", title: "Old"))
    let plain = Note(title: "10 note 2", createdAt: Date(timeIntervalSinceReferenceDate: 20))
    try repository.commit([.saveNote(kept), .saveNote(retitled), .saveNote(plain)])

    for (name, found) in [("10 note 2", [kept.id]), ("10 NOTE 2", [kept.id]), ("10 note 2.md", [])]
    {
      let query = NoteQuery.fileName(name)
      let page = try repository.page(NoteListQuery(scope: .allNotes, search: query)).notes
      #expect(page.map(\.id) == found, "\(name)")
      #expect([kept, retitled, plain].filter(query.finds).map(\.id) == found, "\(name) in memory")
    }
  }

  /// A file name is looked for among the notes keeping a file alone, through their index: a
  /// link naming no note, asked at every drawing of its page, reads no table whole, and finds
  /// the one note keeping that name among a hundred that keep none.
  @Test func aFileNameIsLookedForAmongTheNotesKeepingAFileAlone() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let kept = Self.note(Self.file)
    try repository.commit(
      [.saveNote(kept)]
        + (0..<100).map { number in
          .saveNote(
            Note(
              title: "Note \(number)",
              createdAt: Date(timeIntervalSinceReferenceDate: Double(number) + 1)))
        })

    for (name, found) in [("Nowhere", []), ("10 note 2", [kept.id])] {
      let before = repository.rowsReadInTableScans
      let page = try repository.page(
        NoteListQuery(scope: .allNotes, search: .fileName(name))
      ).notes
      #expect(page.map(\.id) == found, "\(name)")
      #expect(repository.rowsReadInTableScans == before, "\(name): no table read whole")
    }
  }

  /// `linked-by:` follows a link by the name of a note's file, when no note has that title,
  /// in SQL as in memory.
  @Test func linkedByFollowsALinkNamingAFileAsThePageDoes() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let kept = Self.note(Self.file)
    let source = Note(
      title: "Index", body: "See [[10 note 2]] and [[Plan]] and [[Birds/Wading/Egret.md]].",
      createdAt: Date(timeIntervalSinceReferenceDate: 30))
    let planFile = Note(
      title: "Heron", createdAt: Date(timeIntervalSinceReferenceDate: 40),
      importedFile: ImportedFile(name: "Plan.md", title: "Heron"))
    let plan = Note(title: "Plan", createdAt: Date(timeIntervalSinceReferenceDate: 50))
    let egretFile = Note(
      title: "Grey egret", createdAt: Date(timeIntervalSinceReferenceDate: 60),
      importedFile: ImportedFile(name: "Egret.md", title: "Grey egret"))
    let notes = [kept, source, planFile, plan, egretFile]
    try repository.commit(notes.map { .saveNote($0) })

    let query = NoteQuery.linkedBy("Index")
    let page = try repository.page(NoteListQuery(scope: .allNotes, search: query)).notes
    // `[[Plan]]` names the note titled Plan, not the one imported from Plan.md; the path to
    // Egret.md, the note imported from it.
    #expect(Set(page.map(\.id)) == [kept.id, plan.id, egretFile.id])
    let targets = query.linkTargets(among: notes)
    #expect(
      Set(notes.filter { query.finds($0, linkTargets: targets) }.map(\.id))
        == [kept.id, plan.id, egretFile.id])
  }
}
