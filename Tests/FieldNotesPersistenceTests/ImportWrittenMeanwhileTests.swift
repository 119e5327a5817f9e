import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// An import's plan holds only if nothing was committed between it and its write.
///
/// An import plans what it does with each note from what the store holds (add it, skip it as
/// here already, or keep its other text as a conflict copy), then writes. Another process may
/// commit in between — the same import run twice at once, a sync, a save — so the write holds
/// only if nothing was committed since the plan was read: the store refuses a stale plan, and
/// the import plans again.
@MainActor
@Suite struct ImportWrittenMeanwhileTests {
  let directory = TemporaryDirectory()

  static let heron = Note(
    title: "Heron", body: "Grey, by the weir.",
    createdAt: Date(timeIntervalSinceReferenceDate: 100),
    updatedAt: Date(timeIntervalSinceReferenceDate: 100))
  static let wren = Note(
    title: "Wren", body: "Loud for its size.", createdAt: Date(timeIntervalSinceReferenceDate: 200),
    updatedAt: Date(timeIntervalSinceReferenceDate: 200))

  /// A store whose repository lets another connection commit once, just before the import's
  /// write begins: what another process does when it commits between the import's plan and its
  /// write.
  func store(_ path: String, meanwhile: [RepositoryChange]) throws -> NoteStore {
    let repository = try SQLiteNoteRepository(path: path)
    let other = try SQLiteNoteRepository(path: path)
    let meddling = WrittenBeforeTheWrite(repository, other: other, meanwhile: meanwhile)
    return try NoteStore(
      repository: meddling, journal: repository, syncer: NoOpNoteSyncer(), now: .system)
  }

  @Test func theSameImportRunTwiceAtOnceAddsEachNoteOnceAndSaysSo() throws {
    let path = directory.file("twice.sqlite")
    let export = NoteLibrary(notes: [Self.heron, Self.wren])
    let store = try store(path, meanwhile: [.saveNote(Self.heron), .saveNote(Self.wren)])

    let summary = try LibraryImport.merge(into: store, export)

    #expect(summary.addedNotes == 0, "the other import added them")
    #expect(summary.skippedNotes == 2)
    #expect(try SQLiteNoteRepository(path: path).load().notes.count == 2)
  }

  /// A note another process wrote with other text under an id the import brings is not written
  /// over: the import's text is kept as a conflict copy beside it, as for any note here.
  @Test func aNoteWrittenMeanwhileWithOtherTextGetsAConflictCopy() throws {
    let path = directory.file("other.sqlite")
    var theirs = Self.heron
    theirs.body = "Grey, and it took a fish."
    let store = try store(path, meanwhile: [.saveNote(theirs)])

    let summary = try LibraryImport.merge(into: store, NoteLibrary(notes: [Self.heron, Self.wren]))

    #expect(summary.addedNotes == 1)
    #expect(summary.conflictCopies == 1)
    let saved = try SQLiteNoteRepository(path: path)
    #expect(try saved.note(withID: Self.heron.id)?.body == "Grey, and it took a fish.")
    #expect(try saved.versions(ofNote: Self.heron.id).isEmpty, "nothing was written over")
    #expect(try saved.conflictCopies().map(\.body) == ["Grey, by the weir."])
  }

  /// The store's own check, below the import: a streaming commit given the change stamp its
  /// plan was read at saves nothing once another connection committed since.
  @Test func aStreamingCommitRefusesAPlanReadBeforeAnotherCommit() throws {
    let path = directory.file("stamp.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let stamp = repository.changeStamp
    try SQLiteNoteRepository(path: path).commit([.saveNote(Self.heron)])

    #expect(throws: RepositoryError.changedMeanwhile) {
      try repository.commit(
        streaming: { write throws(RepositoryError) in try write(.saveNote(Self.wren)) },
        unchangedSince: stamp, progress: { _ in })
    }
    #expect(try repository.load().notes == [Self.heron])

    try repository.commit(
      streaming: { write throws(RepositoryError) in try write(.saveNote(Self.wren)) },
      unchangedSince: repository.changeStamp, progress: { _ in })
    #expect(try repository.load().notes.count == 2)
  }
}

/// A repository that, the first time a streaming commit is asked of it, lets another
/// connection commit its changes first; otherwise the SQLite store itself.
private final class WrittenBeforeTheWrite: NoteRepository, @unchecked Sendable {
  let base: SQLiteNoteRepository
  let other: SQLiteNoteRepository
  var meanwhile: [RepositoryChange]

  init(_ base: SQLiteNoteRepository, other: SQLiteNoteRepository, meanwhile: [RepositoryChange]) {
    (self.base, self.other, self.meanwhile) = (base, other, meanwhile)
  }

  func load() throws(RepositoryError) -> NoteLibrary { try base.load() }
  func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError) {
    try base.commit(changes, progress: progress)
  }
  func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError) {
    if !meanwhile.isEmpty {
      try other.commit(meanwhile)
      meanwhile = []
    }
    try base.commit(streaming: changes, unchangedSince: stamp, progress: progress)
  }
  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    try base.update(transform)
  }
  var changeStamp: Int? { base.changeStamp }
  func page(_ query: NoteListQuery) throws(RepositoryError) -> NotePage { try base.page(query) }
  func note(withID id: Note.ID) throws(RepositoryError) -> Note? { try base.note(withID: id) }
  func notebooks() throws(RepositoryError) -> [Notebook] { try base.notebooks() }
  func summary() throws(RepositoryError) -> LibrarySummary { try base.summary() }
  func savedNoteIDs(among ids: [Note.ID]) throws(RepositoryError) -> Set<Note.ID> {
    try base.savedNoteIDs(among: ids)
  }
}
