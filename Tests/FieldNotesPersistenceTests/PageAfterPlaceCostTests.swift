import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import Foundation
import Testing

/// A page after a place in a list's order, as `more` leaves it and every redraw after reads it,
/// costs what it shows however far down the list it is: counted in the steps of SQLite's
/// virtual machine, which go up with every index entry and row a read goes through, with no
/// clock.
@Suite struct PageAfterPlaceCostTests {
  let directory = TemporaryDirectory()

  /// 3,000 notes a minute apart, one in twenty pinned (as the bench's libraries are), in three
  /// notebooks, half of them tagged.
  func notes() -> [Note] {
    let notebooks = (0..<3).map { UUID(number: 10_000 + $0) }
    return (0..<3_000).map { number in
      Note(
        id: UUID(number: number + 1), title: "Note \(number % 700)", body: "by the weir",
        createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number) * 60),
        notebookID: notebooks[number % 3], tags: number.isMultiple(of: 2) ? ["birds"] : [],
        isPinned: number.isMultiple(of: 20),
        updatedAt: Date(timeIntervalSinceReferenceDate: 900_000_000 - Double(number) * 7))
    }
  }

  /// The steps a page takes to read.
  func steps(_ query: NoteListQuery, in repository: SQLiteNoteRepository) throws -> Int {
    let before = repository.stepsTaken
    _ = try repository.page(query)
    return repository.stepsTaken - before
  }

  @Test func aPageAfterAPlaceCostsTheSameHoweverFarDownTheListItIs() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try repository.commit(notes().map { .saveNote($0) })
    let library = try repository.load()
    let scopes: [NoteScope] = [.allNotes, .notebook(UUID(number: 10_001)), .tagged("birds")]

    for scope in scopes {
      for order in NoteSortOrder.allCases {
        let list = order.sorted(library.notes.filter(scope.contains))
        let pinnedCount = list.count { $0.isPinned }
        // Near the top and far down the notes not pinned, then the pinned ones. A list SQLite
        // sorts whole (by title within a tag, by last change within a notebook or a tag) costs
        // the list at every place, a little more or less by which part it reads: a tenth.
        let rows = [(pinnedCount + 50, list.count - 250), (10, pinnedCount - 10)]
        for (near, far) in rows {
          func page(after row: Int) -> NoteListQuery {
            NoteListQuery(
              scope: scope, order: order, limit: 201,
              after: NoteListPosition(of: list[row - 1], in: order))
          }
          let nearSteps = try steps(page(after: near), in: repository)
          let farSteps = try steps(page(after: far), in: repository)
          #expect(
            farSteps <= nearSteps * 11 / 10 + 200,
            "\(scope) \(order): \(farSteps) steps after row \(far), \(nearSteps) after \(near)")
          #expect(try repository.page(page(after: far)).notes == Array(list[far...].prefix(201)))
        }
        // The same pages by a count of rows go through every row above them, at least a step
        // each: what the place saves, and what tells this test from one that can't fail.
        func counted(_ row: Int) throws -> Int {
          try steps(
            NoteListQuery(scope: scope, order: order, limit: 201, offset: row), in: repository)
        }
        let (near, far) = (pinnedCount + 50, list.count - 250)
        let (nearSteps, farSteps) = (try counted(near), try counted(far))
        #expect(
          farSteps >= nearSteps + far - near,
          "\(scope) \(order) by count: \(farSteps) steps after \(far), \(nearSteps) after \(near)")
      }
    }
  }
}
