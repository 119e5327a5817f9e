import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// The tags screen lists the tags notes carry, each with how many carry it: a tag no note
/// carries any more (retagged, moved to the trash) is not listed, from a SQLite store (whose
/// triggers keep a count for every tag ever used, down to zero) as from a store in memory.
@MainActor
@Suite struct TagCountTests {
  let directory = TemporaryDirectory()

  static let heron = Note(
    title: "Heron", createdAt: Date(timeIntervalSinceReferenceDate: 1), tags: ["birds", "lake"],
    isPinned: true)
  static let wren = Note(
    title: "Wren", createdAt: Date(timeIntervalSinceReferenceDate: 2), tags: ["birds", "hedge"])
  static let moss = Note(
    title: "Moss", createdAt: Date(timeIntervalSinceReferenceDate: 3), tags: ["plants"])

  /// The same notes in a SQLite store and in memory.
  func stores() throws -> [(name: String, store: NoteStore)] {
    let notes = [Self.heron, Self.wren, Self.moss]
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try repository.commit(notes.map { .saveNote($0) })
    let now = DateProvider { Date(timeIntervalSinceReferenceDate: 100) }
    return [
      ("SQLite", try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)),
      ("memory", NoteStore(notes: notes, notebooks: [], now: now)),
    ]
  }

  @Test func aTagNoNoteCarriesAnyMoreIsNotListed() throws {
    for (name, store) in try stores() {
      #expect(
        try store.summary.tagCounts == ["birds": 2, "lake": 1, "hedge": 1, "plants": 1],
        "\(name): at first")
      var heron = Self.heron
      heron.tags = ["birds"]
      try store.perform(.updateNote(heron))
      try store.perform(.deleteNote(Self.moss.id))
      var wren = Self.wren
      wren.tags = []
      try store.perform(.updateNote(wren))

      #expect(
        try store.summary.tagCounts == ["birds": 1], "\(name): lake, hedge and plants are gone")
      #expect(try store.summary.tagCounts.keys.sorted() == ["birds"], "\(name)")
    }
  }
}
