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

  /// How many rows have a key that isn't of their title: none, once FieldNotes has written.
  func rowsWithoutKey() throws -> Int {
    Int(
      try RawSQLite.rows("SELECT count(*) FROM notes WHERE title_key_of IS NOT title", of: path)[0]
    ) ?? -1
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

  /// Found from outside, each once ordered wrongly for good: a title another program changes
  /// while a session is open, a row it inserts with another row's key copied, and a title it
  /// writes as a blob or a number.
  @Test(arguments: [
    "UPDATE notes SET title = 'aaa first' WHERE title = 'Zebra'; "
      + "UPDATE notes SET title = 'zzz last', is_pinned = 1 WHERE title = 'cafe'",
    "INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned, title_key, "
      + "title_key_of) SELECT '\(UUID().uuidString)', 'Abacus', '', 5, 5, '[]', 0, title_key, "
      + "title_key_of FROM notes WHERE title = 'Zebra'",
    "UPDATE notes SET title = CAST('Aaa as a blob' AS BLOB) WHERE title = 'Zebra'; "
      + "UPDATE notes SET title = 42 WHERE title = 'Café'",
    "INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned) "
      + "VALUES ('\(UUID().uuidString)', 'Note 1', '', 0, 0, '[\"lake\"]', 0)",
  ])
  func anotherProgramsWriteIsOrderedByTheTitleItWrote(_ write: String) throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(write)
    #expect(try rowsWithoutKey() > 0, "its keys are not of its titles")

    try expectInMemoryOrder(repository, birds, "in the session open meanwhile")
    #expect(try rowsWithoutKey() == 0, "a list by title made the keys")
    try expectInMemoryOrder(repository, birds, "from the keys")
    try expectInMemoryOrder(try SQLiteNoteRepository(path: path), birds, "in a new session")
  }

  @Test func aSaveMakesTheKeysAnotherProgramLeftOut() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute("UPDATE notes SET title = 'aaa' WHERE title = 'Zebra'")

    try repository.commit([.saveNote(Note(title: "Note 11"))])

    #expect(try rowsWithoutKey() == 0)
    try expectInMemoryOrder(repository, birds, "after a save")
  }

  /// The store set back to version 10 after another program changed a title: the upgrade
  /// trusts no key whose title changed (found from outside, when a trigger kept them).
  @Test func aTitleChangedBeforeTheVersionWasSetBackIsOrderedByItsTitle() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(
      "UPDATE notes SET title = 'aaa first' WHERE title = 'Zebra'; PRAGMA user_version = 10")
    _ = repository

    try expectInMemoryOrder(try SQLiteNoteRepository(path: path), birds, "after opening")
    #expect(try rowsWithoutKey() == 0)
  }

  /// The index of rows without a key dropped while a session runs: lists by title are ordered
  /// from every title and saves still work, until the store opens again.
  @Test func aSessionWhoseIndexOfMissingKeysWasDroppedStillSavesAndOrders() throws {
    let (repository, birds) = try makeStore()
    try RawConnection(path: path).execute(
      "DROP INDEX notes_without_title_key; UPDATE notes SET title = 'aaa' WHERE title = 'Zebra'")

    try expectInMemoryOrder(repository, birds, "without the index")
    try repository.commit([.saveNote(Note(title: "Added after"))])
    try expectInMemoryOrder(repository, birds, "without the index, after a save")
    #expect(try rowsWithoutKey() == 0)

    _ = try SQLiteNoteRepository(path: path)
    #expect(
      try RawSQLite.rows(
        "SELECT count(*) FROM sqlite_master WHERE name = 'notes_without_title_key'", of: path)
        == ["1"])
  }
}
