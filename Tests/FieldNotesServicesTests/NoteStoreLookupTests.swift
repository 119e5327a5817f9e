import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The store's lookups are cached; every change must keep them true.
@MainActor
@Suite struct NoteStoreLookupTests {
  func makeStore() throws -> (NoteStore, InMemoryNoteRepository) {
    let repository = InMemoryNoteRepository(SampleData.library)
    return (
      try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed()), repository
    )
  }

  /// The lookups, recomputed the slow way from `notes`.
  func expectLookupsMatch(_ store: NoteStore, _ comment: Comment? = nil) throws {
    for note in store.notes { #expect(try store.note(withID: note.id) == note, comment) }
    let scopes: [NoteScope] = [.allNotes, .unfiled] + store.notebooks.map { .notebook($0.id) }
    for scope in scopes {
      #expect(try store.notes(in: scope) == store.notes.filter { scope.contains($0) }, comment)
      try expectFirstNotesMatch(store, scope, counts: [0, 1, 2, 3, 200], comment)
      for query in ["", "heron", "LAKE", "blue", "zzz"] {
        #expect(
          try store.notes(in: scope, matching: query)
            == store.notes.filter { scope.contains($0) && $0.matches(query) }, comment)
      }
    }
  }

  /// A list's first rows and count, with and without a search, against ordering the whole
  /// list.
  func expectFirstNotesMatch(
    _ store: NoteStore, _ scope: NoteScope, counts: [Int], _ comment: Comment? = nil
  ) throws {
    #expect(try store.noteCount(in: scope) == store.notes.count { scope.contains($0) }, comment)
    for query in ["", "1", "Note 2", "heron", "zzz"] {
      let list = store.notes.filter { scope.contains($0) && $0.matches(query) }
      for order in NoteSortOrder.allCases {
        for count in counts {
          let page = try store.page(
            NoteListQuery(
              scope: scope, search: NoteSearch(literally: query).query, order: order, limit: count))
          #expect(
            page.notes.map(\.id) == order.first(count, of: list).map(\.id),
            "\(order) \(count) \(scope) '\(query)' \(comment.map { "\($0)" } ?? "")")
          #expect(page.totalCount == list.count, "'\(query)' \(comment.map { "\($0)" } ?? "")")
          let filtered = try store.page(
            NoteListQuery(
              scope: scope, search: NoteSearch(literally: query).query, pinnedOnly: true,
              order: order, limit: count))
          #expect(
            filtered.notes.map(\.id) == order.first(count, of: list.filter(\.isPinned)).map(\.id),
            "pinned \(order) \(count) \(scope) '\(query)' \(comment.map { "\($0)" } ?? "")")
          #expect(filtered.totalCount == list.count(where: \.isPinned))
        }
      }
    }
  }

  /// The first rows of a list are read from its ends, past pinned notes and runs of notes with
  /// one date; every kind of change must keep them what ordering the whole list gives.
  @Test func theFirstRowsOfAListFollowEveryChange() throws {
    var random = SeededRandomNumberGenerator(seed: 42)
    let notebooks = (0..<3).map { Notebook(id: UUID(number: 0xB0 + $0), name: "Book \($0)") }
    // Oldest first, as a store keeps them, with many notes sharing a date.
    let notes = (0..<300).map { number in
      Note(
        id: UUID(number: 1_000 + Int.random(in: 0..<1_000_000, using: &random)),
        title: "Note \(number)", createdAt: SampleData.date(minutes: number / 3),
        notebookID: number % 4 == 3 ? nil : notebooks[number % 3].id,
        isPinned: Int.random(in: 0..<5, using: &random) == 0)
    }.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    let store = try NoteStore(
      repository: InMemoryNoteRepository(NoteLibrary(notebooks: notebooks, notes: notes)),
      syncer: NoOpNoteSyncer(),
      now: .fixed())
    let scopes: [NoteScope] = [.allNotes, .unfiled] + notebooks.map { .notebook($0.id) }
    var deleted: [Note] = []
    for step in 0..<150 {
      let note = store.notes[Int.random(in: 0..<store.notes.count, using: &random)]
      switch Int.random(in: 0..<6, using: &random) {
      case 0, 1: try store.perform(.togglePin(note.id))
      case 2:
        try store.perform(.moveNote(note.id, to: notebooks.randomElement(using: &random)?.id))
      case 3:
        try store.perform(.deleteNote(note.id))
        deleted.append(note)
      case 4:
        // A deleted note brought back goes to its place among older notes.
        if let restored = deleted.popLast() { try store.perform(.addNote(restored)) }
      default:
        try store.perform(
          .addNote(
            Note(
              id: UUID(number: 2_000_000 + step), title: "New \(step)",
              createdAt: SampleData.date(minutes: 100 + step / 2),
              notebookID: notebooks.randomElement(using: &random)?.id,
              isPinned: Bool.random(using: &random))))
      }
      for scope in scopes {
        try expectFirstNotesMatch(store, scope, counts: [1, 7, 40], "step \(step)")
      }
    }
    #expect(
      store.notes
        == store.notes.sorted {
          ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString)
        }, "the store keeps its notes oldest first")
  }

  @Test func aSearchSplitAcrossProcessorsFindsWhatTheSlowWayFinds() throws {
    // Enough notes that the keys are built and scanned in parallel chunks.
    let words = ["heron", "Café", "LAKE", "naïve", "moss", "reed", "blue", "ünïcödé"]
    var generator = SeededRandomNumberGenerator(seed: 7)
    let notes = (0..<20_000).map { number in
      Note(
        title: "Note \(number) \(words.randomElement(using: &generator) ?? "")",
        body: (0..<8).compactMap { _ in words.randomElement(using: &generator) }.joined(
          separator: " "),
        createdAt: Date(timeIntervalSinceReferenceDate: Double(number)),
        tags: number % 7 == 0 ? ["rare"] : [])
    }
    let store = try NoteStore(
      repository: InMemoryNoteRepository(NoteLibrary(notes: notes)), syncer: NoOpNoteSyncer(),
      now: .fixed())

    for query in ["heron", "cafe", "NAIVE", "unicode", "rare", "Note 19999", "zzz", "e"] {
      let found = try store.notes(in: .allNotes, matching: query)
      #expect(found == notes.filter { $0.matches(query) }, "\(query)")
      #expect(
        try store.notes(in: .allNotes, matching: query) == found, "from cached keys: \(query)")
    }
  }

  /// A note's change leaves the notebooks as they were, so the store keeps what it read of them
  /// (a list drawn after a pin asks SQLite for its page, not for the notebooks again); a
  /// notebook's change, here or in another process, makes it ask again.
  @Test func aNotesChangeKeepsTheNotebooksAndANotebooksChangeAsksAgain() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    #expect(try store.savedNotebooks() == SampleData.library.notebooks)

    try store.setPinned(SampleData.kingfisher.id, true)
    // Reads now fail: the notebooks come from what the store kept, not from the repository.
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    #expect(try store.savedNotebooks() == SampleData.library.notebooks)
    repository.failLoads(with: nil)

    let moss = Notebook(name: "Moss")
    try store.addNotebook(moss)
    #expect(try store.savedNotebooks().map(\.name).contains("Moss"))

    // Another process adds a notebook: the next catching up asks again.
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.addNotebook(Notebook(name: "Lichen"))
    try store.reload()
    #expect(try store.savedNotebooks().map(\.name).contains("Lichen"))
  }

  @Test func lookupsFollowEveryKindOfChange() throws {
    let (store, _) = try makeStore()
    try expectLookupsMatch(store, "at start")
    try store.perform(
      .addNote(
        Note(
          title: "Lake heron", createdAt: SampleData.date(minutes: 40),
          notebookID: SampleData.plants.id)))
    try expectLookupsMatch(store, "after add")
    var edited = SampleData.kingfisher
    edited.body = "Now about a heron."
    try store.perform(.updateNote(edited))
    try expectLookupsMatch(store, "after an edit")
    try store.perform(.moveNote(SampleData.heron.id, to: nil))
    try expectLookupsMatch(store, "after a move")
    try store.perform(.togglePin(SampleData.moss.id))
    try expectLookupsMatch(store, "after a pin")
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    try expectLookupsMatch(store, "after a delete")
    try store.deleteNotebook(SampleData.plants.id, deletingNotes: false)
    try expectLookupsMatch(store, "after a notebook deletion")
    try LibraryImport.merge(into: store, NoteLibrary(notes: [Note(title: "Imported heron")]))
    try expectLookupsMatch(store, "after an import")
  }

  @Test func lookupsFollowRollbacks() throws {
    let (store, repository) = try makeStore()
    _ = try store.notes(in: .notebook(SampleData.birds.id), matching: "heron")
    repository.failCommits(with: .diskFull)
    var edited = SampleData.heron
    edited.title = "Renamed"
    edited.notebookID = SampleData.plants.id
    #expect(throws: NoteStoreError.self) { try store.perform(.updateNote(edited)) }
    #expect(throws: NoteStoreError.self) { try store.perform(.deleteNote(SampleData.moss.id)) }
    #expect(throws: NoteStoreError.self) { try store.perform(.addNote(Note(title: "heron too"))) }
    try expectLookupsMatch(store, "after failed writes")
  }

  /// A repository that can't tell when it changed (SQLite when its stamp can't be read) is
  /// asked everything again at each reload, rather than the store guessing it unchanged.
  @Test func aRepositoryWithoutAStampIsAskedAgainAtEveryReload() throws {
    let repository = InMemoryNoteRepository(SampleData.library, stampsChanges: false)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
    var heron = SampleData.heron
    heron.title = "Grey heron"
    try repository.commit([.saveNote(heron)])
    #expect(try store.note(withID: heron.id) == SampleData.heron, "what it read, until a reload")

    try store.reload()
    #expect(try store.note(withID: heron.id) == heron)
  }

  @Test func lookupsFollowAReload() async throws {
    let (store, repository) = try makeStore()
    _ = try store.notes(in: .allNotes, matching: "heron")
    try repository.commit([
      .trashNote(SampleData.heron.id, at: .distantPast), .saveNote(Note(title: "Synced heron")),
    ])
    try await store.refresh()
    try expectLookupsMatch(store, "after a reload")
  }

  /// What a short id names changes only when a note is added or removed: the store counts
  /// those changes, and every change another process made, and not a pin, a move or an edit.
  @Test func onlyAChangeToWhichNotesAreSavedChangesTheirIDs() throws {
    let (store, repository) = try makeStore()
    var count = store.noteIDsChangeCount
    func expectCounted(_ counted: Bool, _ comment: Comment) {
      #expect((store.noteIDsChangeCount != count) == counted, comment)
      count = store.noteIDsChangeCount
    }
    try store.perform(.setPinned(SampleData.moss.id, true))
    expectCounted(false, "a pin")
    try store.perform(.moveNote(SampleData.moss.id, to: nil))
    expectCounted(false, "a move")
    var moss = try store.savedNote(SampleData.moss.id)
    moss.title = "Moss, wet"
    try store.perform(.updateNote(moss))
    expectCounted(false, "an edit")
    try store.perform(.deleteNote(SampleData.moss.id))
    expectCounted(true, "a note deleted")
    try store.perform(.addNote(Note(title: "Wren", createdAt: SampleData.date(minutes: 1))))
    expectCounted(true, "a note added")
    try repository.commit([], progress: { _ in })
    try store.reload()
    expectCounted(true, "another process's change")
    try store.reload()
    expectCounted(false, "no change")
  }
}
