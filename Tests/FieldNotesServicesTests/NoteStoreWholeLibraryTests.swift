import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// A repository that answers small questions but can't read the whole library, as a store whose
/// disk fails in the middle of a large read.
private final class UnloadableRepository: NoteRepository {
  let notes = SampleData.library

  var changeStamp: Int? { 0 }
  func load() throws(RepositoryError) -> NoteLibrary { throw .readFailed(reason: "disk I/O error") }
  func notebooks() throws(RepositoryError) -> [Notebook] { notes.notebooks }
  func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError) {}
  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {}
}

/// What an export reads: the whole library, or an error — never no notes in place of a failed
/// read, which would write an empty export over a good one.
@MainActor
@Suite struct NoteStoreWholeLibraryTests {
  @Test func aFailedReadOfTheWholeLibraryIsThrownNotAnsweredAsNoNotes() throws {
    // Only the notes fail: the journal, the drafts and the index are a sound store's.
    let sound = InMemoryNoteRepository()
    let store = try NoteStore(
      repository: UnloadableRepository(), journal: sound,
      syncer: NoOpNoteSyncer(), now: .fixed())

    #expect(throws: NoteStoreError.persistence(.readFailed(reason: "disk I/O error"))) {
      try store.wholeLibrary()
    }
    #expect(store.notes == [], "the seed's property answers the failure as no notes")
    #expect(throws: NoteStoreError.persistence(.readFailed(reason: "disk I/O error"))) {
      try store.page(NoteListQuery(scope: .allNotes))
    }
  }

  @Test func theWholeLibraryIsWhatIsSaved() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())

    #expect(try store.wholeLibrary() == SampleData.library)
  }
}

/// A long session keeps what its last screens showed, not everything it ever read.
@MainActor
@Suite struct NoteStoreMemoryTests {
  @Test func manySearchesAndNotesReadKeepABoundedNumberOfAnswers() throws {
    let notes = (0..<20_000).map { Note(title: "Note \($0)", body: "word\($0 % 100)") }
    let store = NoteStore(notes: notes)

    for number in 0..<100 {
      _ = try store.page(
        NoteListQuery(
          scope: .allNotes, search: NoteSearch(literally: "word\(number)").query, limit: 5))
    }
    for note in notes { _ = try store.note(withID: note.id) }

    let kept = store.keptAnswerCounts
    #expect(kept.pages <= NoteStore.keptPages)
    #expect(kept.notes <= 2 * NoteStore.keptNotes)
    #expect(try store.note(withID: notes[0].id) == notes[0], "a note let go is read again")
    #expect(
      try store.page(
        NoteListQuery(scope: .allNotes, search: NoteSearch(literally: "word1").query, limit: 5)
      ).totalCount == 2_200
    )
  }
}
