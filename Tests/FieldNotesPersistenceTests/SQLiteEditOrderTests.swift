import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// All Notes by last change is read from the index of edit dates; a narrower list, not.
///
/// All Notes reads its first page from one end of `notes_by_edit`, as it reads `notes_by_pin`
/// by creation date, where SQLite sorted every note. A notebook's, a tag's or the untagged
/// list in that order sorts only its own notes, never going down every note's edit date
/// checking each. Which index a list is read through is read from SQLite's own plan of the
/// statements the store ran; what each list holds is checked against plain arrays by
/// `StoreQueryPropertyTests`.
@Suite struct SQLiteEditOrderTests {
  let directory = TemporaryDirectory()
  static let notebookID = UUID()

  /// What the store ran for a list by last change, planned: every step of every statement that
  /// orders by edit date.
  func plan(of query: NoteListQuery, in path: String) throws -> [String] {
    let repository = try SQLiteNoteRepository(path: path)
    let notebook = Notebook(id: Self.notebookID, name: "B")
    try repository.commit(
      [.saveNotebook(notebook)]
        + (0..<30).map { number in
          .saveNote(
            Note(
              title: "Note \(number)", notebookID: number.isMultiple(of: 2) ? notebook.id : nil,
              tags: number.isMultiple(of: 3) ? ["birds"] : [],
              isPinned: number.isMultiple(of: 5),
              updatedAt: Date(timeIntervalSinceReferenceDate: Double(number))))
        })
    _ = try repository.page(query)
    let plans = try repository.plansOfStatementsRun().filter {
      $0.key.contains("notes.updated_at DESC")
    }
    #expect(!plans.isEmpty, "the list was read in order of edit date")
    return plans.values.flatMap { $0 }
  }

  @Test(arguments: [false, true])
  func allNotesByLastChangeIsReadFromTheIndexOfEditDates(pinnedOnly: Bool) throws {
    let steps = try plan(
      of: NoteListQuery(scope: .allNotes, pinnedOnly: pinnedOnly, order: .updated),
      in: directory.file("notes.sqlite"))
    #expect(steps.contains { $0.contains("INDEX notes_by_edit") }, "\(steps)")
    // Only the runs of one edit date are sorted, by identifier, as SQLite reads them.
    #expect(!steps.contains("USE TEMP B-TREE FOR ORDER BY"), "\(steps)")
  }

  @Test(arguments: [
    NoteListQuery(scope: .unfiled, order: .updated),
    NoteListQuery(
      scope: .notebook(Self.notebookID), order: .updated),
    NoteListQuery(
      scope: .notebook(Self.notebookID), pinnedOnly: true,
      order: .updated),
    NoteListQuery(scope: .tagged("birds"), order: .updated),
    NoteListQuery(scope: .allNotes, tag: "birds", order: .updated),
    NoteListQuery(scope: .allNotes, untaggedOnly: true, order: .updated),
  ])
  func aNarrowerListByLastChangeSortsItsOwnNotes(_ query: NoteListQuery) throws {
    let steps = try plan(of: query, in: directory.file("notes.sqlite"))
    #expect(!steps.contains { $0.contains("notes_by_edit") }, "\(steps)")
    // A notebook's list reads its pinned notes, then the others, by notebook and pin, as it
    // does in every order.
    if case .allNotes = query.scope { return }
    if case .tagged = query.scope { return }
    #expect(
      steps.contains { $0.contains("notes_in_notebook (notebook_id=? AND is_pinned=?)") },
      "\(steps)")
  }

  /// A store of the version before is given the indexes of version 19 (this one, and that of
  /// the notes keeping files), as a plain upgrade (its search index kept), and so is a store
  /// whose index another tool dropped.
  @Test(arguments: [
    "version 18", "DROP INDEX notes_by_edit", "DROP INDEX notes_keeping_files",
  ])
  func aStoreWithoutTheIndexesIsGivenThemWhenItOpens(_ damage: String) throws {
    let path = directory.file("notes.sqlite")
    try SQLiteNoteRepository(path: path).commit([.saveNote(Note(title: "Heron"))])
    if damage == "version 18" {
      try setBackToVersion18(path)
    } else {
      try execute(damage, on: path)
    }

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(reopened.searchIndexRebuilds.isEmpty, "a plain upgrade")
    #expect(
      try RawSQLite.rows(
        "SELECT name FROM sqlite_master WHERE name IN ('notes_by_edit', 'notes_keeping_files') "
          + "ORDER BY name", of: path) == ["notes_by_edit", "notes_keeping_files"])
  }
}
