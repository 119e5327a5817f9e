import FieldNotesModel
import FieldNotesNavigation
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteListScreen
import Testing

// The starting test of the class's "Try it" in part 3 (docs/Class.md): add `filter tagged`, which
// shows only the notes with tags, to both forms of the note list. The test is switched off:
// remove the `.disabled` trait, run it (`swift test --filter ClassTryIt`), watch it fail with the
// filter's usage, then make it pass. The solution is docs/class/filter-tagged.patch
// (`git apply docs/class/filter-tagged.patch` applies it, and switches this test on).

/// Class, part 3: `filter tagged` in both forms of the note list, over both stores.
@MainActor
@Suite struct ClassTryIt {
  /// Where the notes are: in memory, which answers a list by ``NoteListQuery/finds(_:)``, or in
  /// SQLite, which answers it with SQL (`SQLiteQueries`); a filter must work in both.
  enum Store: CaseIterable {
    case inMemory, sqlite
  }

  /// A store over SampleData's notes, and the SQLite file to remove after, if any.
  func makeStore(_ kind: Store) throws -> (NoteStore, URL?) {
    switch kind {
    case .inMemory:
      let repository = InMemoryNoteRepository(SampleData.library)
      return (try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed()), nil)
    case .sqlite:
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("class-try-it-\(UUID().uuidString).sqlite")
      let repository = try SQLiteNoteRepository(path: file.path)
      let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
      try LibraryImport.merge(into: store, SampleData.library)
      return (store, file)
    }
  }

  @Test(
    .disabled("Class, part 3: add filter tagged, then remove this trait"),
    arguments: [NoteListForm.mv, .mvvm], Store.allCases)
  func filterTaggedShowsOnlyTheNotesWithTags(in form: NoteListForm, over kind: Store) async throws {
    let (store, file) = try makeStore(kind)
    defer {
      for suffix in ["", "-wal", "-shm"] {
        if let file { try? FileManager.default.removeItem(atPath: file.path + suffix) }
      }
    }
    let dependencies = ScreenDependencies(
      store: store, now: .fixed(), ids: .incrementing(), timeZone: .current,
      summarizer: CannedSummaryGenerator(), history: DeletionHistory(),
      session: SampleData.session(1), preferences: ScreenPreferences(noteListForm: form),
      editor: UnavailableTextEditor(), tables: UnavailableFeatureTables(),
      drafts: InMemoryNoteRepository())
    let list = try #require(
      NoteListScreen.registration.makeScreen(
        for: .noteList(.allNotes, NoteListSettings()), with: dependencies))
    let harness = ScreenHarness(list)

    try await harness.run("filter tagged")

    // Every note of SampleData has a tag but the shopping list.
    let drawn = try #require(harness.lastDrawn)
    #expect(drawn.prefix(2) == ["All Notes · 3 notes · newest first", "Showing: tagged only"])
    #expect(!drawn.contains { $0.contains(SampleData.shoppingList.title) })

    // `filter untagged` shows the others instead (one filter replaces the other), and
    // `filter all` every note again.
    try await harness.run("filter untagged")
    #expect(harness.lastDrawn?.first == "All Notes · 1 note · newest first")
    try await harness.run("filter all")
    #expect(harness.lastDrawn?.first == "All Notes · 4 notes · newest first")
  }
}
