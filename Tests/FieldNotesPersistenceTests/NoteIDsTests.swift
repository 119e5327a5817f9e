import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// A note's short id is the shortest prefix of its id no other note shares, at least four
/// digits, and a typed prefix finds the one note it names: the same over the SQLite store,
/// through its index, as in memory.
@MainActor
@Suite struct NoteIDsTests {
  static func note(_ id: String, _ title: String, minutes: Int) -> Note {
    Note(
      id: UUID(uuidString: id) ?? UUID(), title: title,
      createdAt: SampleData.date(minutes: minutes))
  }

  static let heron = note("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "Heron", minutes: 0)
  static let wren = note("E621AAAA-0000-4000-8000-000000000000", "Wren", minutes: 1)
  static let moss = note("E7000000-0000-4000-8000-000000000000", "Moss", minutes: 2)
  static let library = NoteLibrary(notes: [heron, wren, moss])

  static func stores() throws -> [NoteStore] {
    let sqlite = try SQLiteNoteRepository.inMemory()
    try sqlite.commit(library.notes.map { .saveNote($0) })
    return [
      try NoteStore(repository: sqlite, syncer: NoOpNoteSyncer(), now: .fixed()),
      try NoteStore(
        repository: InMemoryNoteRepository(library), syncer: NoOpNoteSyncer(), now: .fixed()),
    ]
  }

  @Test func aShortIDIsTheShortestPrefixNoOtherNoteShares() throws {
    for store in try Self.stores() {
      let ids = NoteIDs(store: store)
      #expect(ids.shortID(of: Self.heron.id).description == "e621e")
      #expect(ids.shortID(of: Self.wren.id).description == "e621a")
      #expect(ids.shortID(of: Self.moss.id).description == "e700", "four digits at least")
    }
  }

  @Test func aPrefixNamesItsNoteHoweverItIsTyped() throws {
    for store in try Self.stores() {
      let ids = NoteIDs(store: store)
      #expect(try ids.note(named: "e621e") == Self.heron)
      #expect(try ids.note(named: "E621E1F8-C3") == Self.heron)
      #expect(try ids.note(named: Self.wren.id.uuidString.lowercased()) == Self.wren)
    }
  }

  /// The candidates come oldest first, as the notes were written.
  @Test func aPrefixOfSeveralNotesListsThemAndOneOfNoneSaysSo() throws {
    for store in try Self.stores() {
      let ids = NoteIDs(store: store)
      #expect(
        throws: NoteIDError.ambiguous(
          NoteIDPrefix("e621")!, count: 2,
          candidates: [
            .init(id: NoteIDPrefix("e621e")!, title: "Heron"),
            .init(id: NoteIDPrefix("e621a")!, title: "Wren"),
          ])
      ) { try ids.note(named: "e621") }
      #expect(throws: NoteIDError.noNote(NoteIDPrefix("ffff")!)) { try ids.note(named: "ffff") }
      #expect(throws: NoteIDError.notAnID("row2")) { try ids.note(named: "row2") }
      #expect(throws: NoteIDError.tooShort(NoteIDPrefix("e62")!), "a list shows four at least") {
        try ids.note(named: "e62")
      }
    }
  }

  /// Ids alike but for their last digits (as a generated or imported library's may be) get
  /// the same short ids from the SQLite store's index, from a store in memory, and from the
  /// rule a list of ids alone is told apart by.
  @Test func idsAlikeButForTheirLastDigitsAreToldApartByTheirNeighbours() throws {
    let notes = (0..<300).map { number in
      Self.note(
        String(format: "00000000-0000-4000-8000-%012X", number * 7), "Note \(number)",
        minutes: number)
    }
    let sqlite = try SQLiteNoteRepository.inMemory()
    try sqlite.commit(notes.map { .saveNote($0) })
    let stores = [
      try NoteStore(repository: sqlite, syncer: NoOpNoteSyncer(), now: .fixed()),
      try NoteStore(
        repository: InMemoryNoteRepository(NoteLibrary(notes: notes)), syncer: NoOpNoteSyncer(),
        now: .fixed()),
    ]
    let expected = NoteIDPrefix.distinguishing(notes.map(\.id))
    // 0, 7 and 14 (`…0007` between `…0000` and `…000E`) differ only in their last digit.
    #expect(expected[1].description == "00000000000040008000000000000007")
    let unsaved = UUID(uuidString: "00000000-0000-4000-8000-000000000008") ?? UUID()
    for store in stores {
      #expect(try NoteIDs(store: store).shortIDs(of: notes.map(\.id)) == expected)
      // An id no note has is told from the saved ids on both sides of it.
      #expect(NoteIDs(store: store).shortID(of: unsaved).description.count == 32)
      // The candidates of a prefix they all share are each named by an id that opens it.
      do {
        _ = try NoteIDs(store: store).note(named: "0000")
        Issue.record("0000 names every note")
      } catch let error {
        guard case .ambiguous(_, 300, let candidates) = error else {
          Issue.record("\(error)")
          continue
        }
        #expect(candidates.count == 5)
        for candidate in candidates {
          #expect(
            try NoteIDs(store: store).note(named: candidate.id.description).title
              == candidate.title)
        }
      }
    }
  }

  /// A store that keeps its ids in order is asked for each id's neighbours, never for a
  /// count of the notes sharing a prefix: a count of a prefix every note shares reads every
  /// note, once a digit, for every row of a list.
  @Test func aStoreKeepingItsIDsInOrderIsAskedForNeighboursNotCounts() throws {
    let sqlite = try SQLiteNoteRepository.inMemory()
    try sqlite.commit(Self.library.notes.map { .saveNote($0) })
    let store = try NoteStore(
      repository: NeighboursOnly(ordered: sqlite), journal: InMemoryNoteRepository(),
      syncer: NoOpNoteSyncer(), now: .fixed())
    #expect(
      try NoteIDs(store: store).shortIDs(of: Self.library.notes.map(\.id)).map(\.description)
        == ["e621e", "e621a", "e700"])
  }

  /// A note in the trash is one of the ids a short id is told from: a list never shows an id
  /// a trashed note's id starts with too, and an id that names both a saved note and one in
  /// the trash names neither, and says so, rather than acting on the saved one.
  @Test func anIDInTheTrashIsToldApartToo() throws {
    let saved = Self.note("00000000-0000-4000-8000-000000000011", "Saved", minutes: 0)
    let trashed = Self.note("00000000-0000-4000-8000-000000000010", "Trashed", minutes: 1)
    let sqlite = try SQLiteNoteRepository.inMemory()
    try sqlite.commit([.saveNote(saved), .saveNote(trashed)])
    try sqlite.commit([.trashNote(trashed.id, at: SampleData.date(minutes: 2))])
    let memory = InMemoryNoteRepository(NoteLibrary(notes: [saved, trashed]))
    try memory.commit([.trashNote(trashed.id, at: SampleData.date(minutes: 2))])
    for repository in [sqlite, memory] as [any NoteRepository & NoteJournal] {
      let store = try NoteStore(
        repository: repository, journal: repository, syncer: NoOpNoteSyncer(), now: .fixed())
      let ids = NoteIDs(store: store)
      #expect(ids.shortID(of: saved.id).description == "00000000000040008000000000000011")
      do {
        let named = try ids.note(named: "0000")
        Issue.record("0000 named \(named.title), though a note in the trash has it too")
      } catch {
        guard case .ambiguous(_, 2, let candidates) = error else {
          Issue.record("\(error)")
          continue
        }
        #expect(candidates.map(\.title) == ["Saved", "Trashed"])
        #expect(candidates.map(\.isTrashed) == [false, true])
        #expect(candidates.allSatisfy { $0.id.digits.count == 32 })
      }
      #expect(
        throws: NoteIDError.inTrash(
          NoteIDPrefix("00000000000040008000000000000010")!, title: "Trashed")
      ) {
        try ids.note(named: "00000000000040008000000000000010")
      }
    }
  }

  @Test func theMessagesSayWhatToTypeNext() {
    let ambiguous = NoteIDError.ambiguous(
      NoteIDPrefix("e621")!, count: 7,
      candidates: [.init(id: NoteIDPrefix("e621e1f8")!, title: "Heron")])
    #expect(
      ambiguous.errorDescription
        == "7 notes' ids start with e621; type more of the one you mean: e621e1f8 “Heron”, …")
  }
}

/// A repository that answers only which ids are next to which: any list, count or read of the
/// library fails.
private final class NeighboursOnly: NoteRepository, NoteIDOrder {
  let ordered: SQLiteNoteRepository

  init(ordered: SQLiteNoteRepository) { self.ordered = ordered }

  var changeStamp: Int? { 0 }
  func load() throws(RepositoryError) -> NoteLibrary { throw .readFailed(reason: "not asked") }
  func page(_ query: NoteListQuery) throws(RepositoryError) -> NotePage {
    throw .readFailed(reason: "not asked")
  }
  func notebooks() throws(RepositoryError) -> [Notebook] { [] }
  func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError) {}
  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {}
  func noteIDs(nextTo ids: [Note.ID]) throws(RepositoryError) -> [[Note.ID]] {
    try ordered.noteIDs(nextTo: ids)
  }
}
