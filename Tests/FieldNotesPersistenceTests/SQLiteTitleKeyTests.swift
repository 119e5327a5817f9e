import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// A list in title order is read from the title key each row keeps beside its title, and is the
/// order of the notes in memory whoever wrote the titles: FieldNotes, which writes the key with
/// the title, or another program, which can't, so the row's key is cleared and filled in again.
@Suite struct SQLiteTitleKeyTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let titles = [
    "Note 10", "note 9", "Café", "cafe", "", "Zebra", "10 notes", "2 notes", "Ängel", "angel",
  ]

  /// A store whose notes have titles that order differently by text and by key, two of them
  /// pinned, half in a notebook and half tagged.
  func makeStore() throws -> (SQLiteNoteRepository, Notebook) {
    let repository = try SQLiteNoteRepository(path: path)
    let birds = Notebook(id: UUID(), name: "Birds")
    try repository.commit(
      [.saveNotebook(birds)]
        + Self.titles.enumerated().map { number, title in
          .saveNote(
            Note(
              title: title, createdAt: Date(timeIntervalSinceReferenceDate: Double(number % 3)),
              notebookID: number.isMultiple(of: 2) ? birds.id : nil,
              tags: number < 5 ? ["lake"] : [], isPinned: number == 3 || number == 8))
        })
    return (repository, birds)
  }

  /// Every list in title order the tests compare: each scope, pinned only, and pages.
  static func queries(_ birds: Notebook) -> [NoteListQuery] {
    [
      NoteListQuery(scope: .allNotes, order: .title),
      NoteListQuery(scope: .allNotes, order: .title, limit: 3),
      NoteListQuery(scope: .notebook(birds.id), order: .title),
      NoteListQuery(scope: .unfiled, order: .title, limit: 2),
      NoteListQuery(scope: .tagged("lake"), order: .title),
      NoteListQuery(scope: .allNotes, pinnedOnly: true, order: .title),
    ]
  }

  func expectInMemoryOrder(
    _ repository: SQLiteNoteRepository, _ birds: Notebook, _ comment: Comment
  ) throws {
    let library = try repository.load()
    for query in Self.queries(birds) {
      #expect(try repository.page(query) == library.page(for: query), "\(comment): \(query)")
    }
  }

  func rowsWithoutKey() throws -> Int {
    Int(try RawSQLite.rows("SELECT count(*) FROM notes WHERE title_key IS NULL", of: path)[0])
      ?? -1
  }

  @Test func everyRowFieldNotesWritesHasItsKey() throws {
    let (repository, birds) = try makeStore()
    #expect(try rowsWithoutKey() == 0)
    try expectInMemoryOrder(repository, birds, "as saved")

    // A new title, and one changed in case alone, which keeps its key.
    var notes = try repository.load().notes
    notes[0].title = "Aardvark"
    notes[1].title = notes[1].title.uppercased()
    try repository.commit(notes.prefix(2).map { .saveNote($0) })

    #expect(try rowsWithoutKey() == 0)
    try expectInMemoryOrder(repository, birds, "after renaming")
  }

  @Test func aTitleAnotherProgramChangesIsOrderedByItsNewTitle() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(
      "UPDATE notes SET title = 'aaa first' WHERE title = 'Zebra'; "
        + "UPDATE notes SET title = 'zzz last', is_pinned = 1 WHERE title = 'cafe'")
    #expect(try rowsWithoutKey() == 2, "the trigger cleared the keys of the titles it changed")

    try expectInMemoryOrder(repository, birds, "before the keys are filled in")
    #expect(try rowsWithoutKey() == 0, "a list by title filled them in")
    try expectInMemoryOrder(repository, birds, "from the keys")
  }

  @Test func aRowAnotherProgramInsertsIsOrderedByItsTitle() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(
      """
      INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
        VALUES ('\(UUID().uuidString)', 'Note 1', '', 0, 0, '["lake"]', 0);
      """)
    #expect(try rowsWithoutKey() == 1)

    // The next save fills the key in, in its own transaction.
    try repository.commit([.saveNote(Note(title: "Note 11"))])
    #expect(try rowsWithoutKey() == 0)
    try expectInMemoryOrder(repository, birds, "after a save")
  }

  /// The index of rows without a key dropped while a session runs: lists by title are ordered
  /// from every title and saves still work, until the store opens again.
  @Test func aSessionWhoseIndexOfMissingKeysWasDroppedStillSavesAndOrders() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute("DROP INDEX notes_without_title_key")

    try repository.commit([.saveNote(Note(title: "Added after"))])
    try expectInMemoryOrder(repository, birds, "without the index")
    #expect(try rowsWithoutKey() == 0)

    _ = try SQLiteNoteRepository(path: path)
    #expect(
      try RawSQLite.rows(
        "SELECT count(*) FROM sqlite_master WHERE name = 'notes_without_title_key'", of: path)
        == ["1"])
  }

  @Test func aStoreMissingItsTitleIndexOrTriggerIsGivenThemWhenItOpens() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(
      "DROP TRIGGER notes_title_key_cleared; DROP INDEX notes_by_title; "
        + "UPDATE notes SET title = 'aaa first' WHERE title = 'Zebra'")
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try rowsWithoutKey() == 0, "every key was checked")
    try expectInMemoryOrder(reopened, birds, "after opening")
    try RawConnection(path: path).execute("UPDATE notes SET title = 'zzz' WHERE title = 'Café'")
    #expect(try rowsWithoutKey() == 1, "the trigger is back")
  }
}
