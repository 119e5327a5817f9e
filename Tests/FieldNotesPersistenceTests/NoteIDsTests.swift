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
            .init(id: NoteIDPrefix("e621e1f8")!, title: "Heron"),
            .init(id: NoteIDPrefix("e621aaaa")!, title: "Wren"),
          ])
      ) { try ids.note(named: "e621") }
      #expect(throws: NoteIDError.noNote(NoteIDPrefix("ffff")!)) { try ids.note(named: "ffff") }
      #expect(throws: NoteIDError.notAnID("row2")) { try ids.note(named: "row2") }
      #expect(throws: NoteIDError.tooShort(NoteIDPrefix("e62")!), "a list shows four at least") {
        try ids.note(named: "e62")
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
