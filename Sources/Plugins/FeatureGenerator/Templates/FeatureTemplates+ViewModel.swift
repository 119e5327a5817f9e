extension FeatureTemplates {
  /// The view model: its state, derived from the store each time it is read.
  static func viewModel(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesModel", "FieldNotesServices", "Observation"]))

    /// The view model of the \#(name.lowercaseTitle) screen.
    ///
    /// It counts the notes the store holds, the pinned ones among them, and the notebooks.
    /// ``state`` is derived from the store each time it is read, so the counts follow notes saved
    /// anywhere in the app.
    @MainActor
    @Observable
    public final class \#(name.viewModel) {
      /// What the \#(name.lowercaseTitle) screen shows.
      public enum State: Hashable, Sendable {
        /// The store holds notes: how many, how many of them are pinned, and how many notebooks
        /// there are.
        case loaded(notes: Int, pinned: Int, notebooks: Int)
        /// The store holds no note yet; how many notebooks there are.
        case empty(notebooks: Int)
        /// The store could not be read: why; `list` reads it again.
        case failed(message: String)
      }

      @ObservationIgnored private let store: NoteStore

      /// Creates the view model.
      ///
      /// - Parameter store: The store holding the notes.
      public init(store: NoteStore) {
        self.store = store
      }

      /// What the screen shows now.
      ///
      /// A read the store fails is shown as ``State/failed(message:)``.
      ///
      /// It reads every input before it decides which case to be. Observation (and with it the
      /// screen's redraw and `StateRecorder` in a test) sees only what the last read touched: an
      /// input read in one case only (`if hasLoaded { … failure … }`) changes unseen.
      ///
      /// - Complexity: O(*m*) for *m* notebooks: the store keeps the counts, so no note is read.
      public var state: State {
        let total: LibrarySummary.Count
        let notebooks: Int
        do {
          total = try store.summary.total
          notebooks = try store.savedNotebooks().count
        } catch {
          return .failed(message: error.errorDescription ?? "The notes could not be read.")
        }
        guard total.notes > 0 else { return .empty(notebooks: notebooks) }
        return .loaded(notes: total.notes, pinned: total.pinned, notebooks: notebooks)
      }

      /// The notes the counts are of: the navigation value `open` goes to.
      public var scope: NoteScope { .allNotes }
    }

    """#
  }

  /// The view model's tests: its state, and how it follows the store.
  static func viewModelTests(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesModel", "FieldNotesServices", "FieldNotesTesting", "Foundation", name.featureModule, "Testing"]))

    @MainActor
    @Suite struct \#(name.viewModel)Tests {
      let repository = InMemoryNoteRepository(SampleData.library)

      func makeModel() throws -> (\#(name.viewModel), NoteStore) {
        let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
        return (\#(name.viewModel)(store: store), store)
      }

      @Test func countsTheNotesThePinnedOnesAndTheNotebooks() throws {
        let (model, _) = try makeModel()

        #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2))
        #expect(model.scope == .allNotes)
      }

      @Test func followsEveryChangeToTheStore() throws {
        let (model, store) = try makeModel()
        let recorder = StateRecorder(model, \.state)

        try store.setPinned(SampleData.kingfisher.id, true)
        try store.perform(.addNote(Note(id: UUID(number: 0xA5), title: "Dipper")))

        #expect(
          recorder.values == [
            .loaded(notes: 4, pinned: 1, notebooks: 2), .loaded(notes: 4, pinned: 2, notebooks: 2),
            .loaded(notes: 5, pinned: 2, notebooks: 2),
          ])
      }

      @Test func showsWhyTheStoreCouldNotBeReadUntilItCanBeAgain() throws {
        // A repository with a change stamp, as SQLite has: the store asks it for each answer.
        let disk = InMemoryNoteRepository(SampleData.library, stampsChanges: true)
        let store = try NoteStore(repository: disk, syncer: NoOpNoteSyncer(), now: .fixed())
        let model = \#(name.viewModel)(store: store)

        disk.failLoads(with: .readFailed(reason: "disk I/O error"))
        #expect(model.state == .failed(message: "The notes could not be read: disk I/O error."))

        // The screen's `list` draws again, which reads the store again; nothing was lost.
        disk.failLoads(with: nil)
        #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2))
        #expect(disk.savedLibrary == SampleData.library)
      }

      @Test func isEmptyUntilANoteIsWritten() throws {
        let store = NoteStore(notes: [], notebooks: [SampleData.birds])
        let model = \#(name.viewModel)(store: store)
        let recorder = StateRecorder(model, \.state)

        try store.perform(.addNote(Note(id: UUID(number: 0xA5), title: "Dipper")))

        #expect(
          recorder.values == [.empty(notebooks: 1), .loaded(notes: 1, pinned: 0, notebooks: 1)])
      }
    }

    """#
  }
}
