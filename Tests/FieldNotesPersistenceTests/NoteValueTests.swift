import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// A `Note` is a plain value: every field is held in it, so comparing, hashing or encoding notes
/// read from a store reads nothing more from the store.
@Suite struct NoteValueTests {
  let directory = TemporaryDirectory()

  @Test func notesFromALargeStoreCompareAndHashWithoutReadingIt() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let notes = (0..<100_000).map { number in
      Note(
        id: UUID(), title: "Note \(number)", body: "Body of note \(number).",
        createdAt: Date(timeIntervalSinceReferenceDate: Double(number)),
        tags: number.isMultiple(of: 3) ? ["three"] : [], isPinned: number.isMultiple(of: 20))
    }
    try repository.commit(notes.map { .saveNote($0) })
    let loaded = try repository.load().notes
    let page = try repository.page(NoteListQuery(scope: .allNotes, limit: 200)).notes
    let again = try repository.page(NoteListQuery(scope: .allNotes, limit: 200)).notes
    let before = repository.commandCount

    let set = Set(loaded)
    var hasher = Hasher()
    for note in loaded { hasher.combine(note) }
    _ = hasher.finalize()
    let encoded = try JSONEncoder().encode(page)

    #expect(repository.commandCount == before, "comparing, hashing or encoding read the store")
    #expect(set.count == 100_000)
    #expect(page == again)
    #expect(Set(page).isSubset(of: set))
    #expect(try JSONDecoder().decode([Note].self, from: encoded) == page)
    #expect(loaded.map(\.body) == notes.map(\.body), "each body was in the value all along")
  }

  /// Every stored property of a note is a value, none a reference to something that could read.
  @Test func everyFieldOfANoteIsAValue() {
    let note = Note(title: "Heron", body: "Grey", notebookID: UUID(), tags: ["birds"])
    for child in Mirror(reflecting: note).children {
      #expect(!(type(of: child.value) is AnyClass), "\(child.label ?? "a field") is a reference")
      for grandchild in Mirror(reflecting: child.value).children {
        #expect(!(type(of: grandchild.value) is AnyClass), "\(child.label ?? "") holds one")
      }
    }
  }
}

/// A long import says how far it has got while it writes, and stays all or nothing.
@MainActor
@Suite struct ImportProgressTests {
  let directory = TemporaryDirectory()

  @Test func anImportSaysEveryTenThousandNotesHowManyAreWritten() throws {
    let path = directory.file("notes.sqlite")
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(), now: .system)
    let incoming = NoteLibrary(
      notes: (0..<25_000).map {
        Note(title: "Note \($0)", createdAt: Date(timeIntervalSince1970: 0))
      })
    var told: [[Int]] = []

    let summary = try LibraryImport.merge(into: store, incoming) { told.append([$0, $1]) }

    #expect(told == [[10_000, 25_000], [20_000, 25_000]])
    #expect(summary.addedNotes == 25_000)
    #expect(try store.noteCount(in: .allNotes) == 25_000)
  }
}
