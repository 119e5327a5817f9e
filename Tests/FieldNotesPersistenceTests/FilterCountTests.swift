import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// A list's filters together narrow it to the notes that pass every one of them, in the count
/// the list's title shows as in its rows: the SQLite store (which counts whole lists from the
/// counts its triggers keep, and must not for two filters at once) and a store in memory alike.
@MainActor
@Suite struct FilterCountTests {
  let directory = TemporaryDirectory()

  static let trips = Notebook(name: "Field trips")

  /// Pinned or not, tagged or not, in a notebook or in none: every pairing.
  static let notes = [
    note("Heron", pinned: true, tags: ["birds"], in: trips, at: 1),
    note("Field kit", pinned: true, tags: [], in: trips, at: 2),
    note("Shopping", pinned: true, tags: [], in: nil, at: 3),
    note("Wren", pinned: false, tags: [], in: trips, at: 4),
    note("Moss", pinned: false, tags: ["plants"], in: nil, at: 5),
    note("Egret", pinned: true, tags: ["birds"], in: nil, at: 6),
  ]

  static func note(
    _ title: String, pinned: Bool, tags: [String], in notebook: Notebook?, at seconds: Double
  ) -> Note {
    Note(
      title: title, createdAt: Date(timeIntervalSinceReferenceDate: seconds),
      notebookID: notebook?.id, tags: tags, isPinned: pinned)
  }

  /// The same notes in a SQLite store and in memory.
  func stores() throws -> [(name: String, store: NoteStore)] {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try repository.commit([.saveNotebook(Self.trips)] + Self.notes.map { .saveNote($0) })
    let now = DateProvider { Date(timeIntervalSinceReferenceDate: 100) }
    return [
      ("SQLite", try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)),
      ("memory", NoteStore(notes: Self.notes, notebooks: [Self.trips], now: now)),
    ]
  }

  @Test func pinnedAndUntaggedTogetherFindOnlyNotesThatAreBoth() throws {
    let expected: [(NoteScope, [String])] = [
      (.allNotes, ["Shopping", "Field kit"]),
      (.notebook(Self.trips.id), ["Field kit"]),
      (.unfiled, ["Shopping"]),
      (.tagged("birds"), []),
    ]
    for (name, store) in try stores() {
      for (scope, titles) in expected {
        for order in [NoteSortOrder.newest, .oldest, .title] {
          let page = try store.page(
            NoteListQuery(scope: scope, pinnedOnly: true, untaggedOnly: true, order: order))
          #expect(
            Set(page.notes.map(\.title)) == Set(titles), "\(name): \(scope), \(order)")
          #expect(page.totalCount == titles.count, "\(name): the count of \(scope), \(order)")
        }
      }
    }
  }
}
