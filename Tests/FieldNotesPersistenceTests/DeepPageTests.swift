import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// A page far down a list, and a search's page whether the search found few notes or more than
/// a thousand, is the page `NoteLibrary.page(for:)` computes on plain arrays of the same notes:
/// the store reads each in its own way (passing over the rows above by date alone, reading the
/// few notes found first), with what another tool may leave in the store (a row that is no note,
/// identifiers in lower case) and without.
@Suite struct DeepPageTests {
  let directory = TemporaryDirectory()

  /// 1,200 notes on 40 dates (so most share one with others), a quarter of them pinned, every
  /// one finding `heron` and one in forty `egret`.
  func notes() -> [Note] {
    var random = SeededRandomNumberGenerator(seed: 45)
    return (0..<1_200).map { number in
      let minutes = Double(Int.random(in: 0..<40, using: &random))
      return Note(
        id: UUID(),
        title: number.isMultiple(of: 40) ? "heron and egret \(number)" : "heron \(number)",
        body: "by the weir",
        createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + minutes * 60),
        isPinned: Int.random(in: 0..<4, using: &random) == 0,
        updatedAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + minutes * 60))
    }
  }

  /// A store of the notes, and the library it loads, with what another tool may leave in it
  /// or without: a row that is no note, which no list shows or counts, and identifiers written
  /// in lower case past the trigger that refuses them (as a row that can't be given capitals
  /// stays: `IdentifierCaseTests`), which order as the same in capitals.
  func store(_ name: String, byAnotherTool: Bool) throws -> (SQLiteNoteRepository, NoteLibrary) {
    let path = directory.file("\(name)-\(byAnotherTool).sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit(notes().map { .saveNote($0) })
    if byAnotherTool {
      try RawConnection(path: path).execute(
        """
        INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
          VALUES ('\(UUID().uuidString)', 'heron', '', 800000600, 800000600, '[]', 2);
        DROP TRIGGER notes_identifier_in_capitals_update;
        UPDATE notes SET id = lower(id) WHERE rowid % 3 = 0;
        """)
    }
    return (repository, try repository.load())
  }

  @Test(arguments: [false, true])
  func everyPageIsTheOneComputedOnPlainArrays(byAnotherTool: Bool) throws {
    let (repository, library) = try store("notes", byAnotherTool: byAnotherTool)

    for order in NoteSortOrder.allCases {
      for search in ["", "heron", "egret"] {
        for offset in [0, 1, 37, 290, 1_100] {
          for limit in [7, 200] {
            let query = NoteListQuery(
              scope: .allNotes, search: NoteSearch(literally: search).query, order: order,
              limit: limit, offset: offset)
            let expected = library.page(for: query)
            let answered = try repository.page(query)
            #expect(answered.notes.map(\.id) == expected.notes.map(\.id), "\(query)")
            #expect(answered.totalCount == expected.totalCount, "\(query)")
          }
        }
      }
    }
  }

  /// A page after a place in the list's order, as `more` takes it, reads on from the place
  /// wherever it is: among the pinned notes or the others, on a date many notes share, at the
  /// list's end, or where a note stood before it was pinned.
  @Test(arguments: [false, true])
  func everyPageAfterAPlaceIsTheOneComputedOnPlainArrays(byAnotherTool: Bool) throws {
    let (repository, library) = try store("places", byAnotherTool: byAnotherTool)

    for order in NoteSortOrder.allCases {
      let ordered = order.sorted(library.notes)
      var moved = ordered[500]
      moved.isPinned.toggle()
      let places = [0, 1, 37, 290, 299, 300, 301, 1_100, 1_199].map { ordered[$0] } + [moved]
      for search in ["", "heron", "egret"] {
        for place in places {
          for limit in [7, 200] {
            let query = NoteListQuery(
              scope: .allNotes, search: NoteSearch(literally: search).query, order: order,
              limit: limit, after: NoteListPosition(of: place, in: order))
            let expected = library.page(for: query)
            let answered = try repository.page(query)
            #expect(answered.notes.map(\.id) == expected.notes.map(\.id), "\(query)")
            #expect(answered.totalCount == expected.totalCount, "\(query)")
          }
        }
      }
    }
  }
}
