extension FeatureTemplates {
  /// The view model: its state, derived from the store each time it is read.
  static func viewModel(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "Foundation", "Observation"]))

    /// The view model of the \#(name.lowercaseTitle) screen.
    ///
    /// It counts the notes the store holds, the pinned ones among them, the notebooks, and the
    /// notes changed in the last seven days, which it reads against the clock it is given (a
    /// test stops it). ``state`` is derived from the store each time it is read, so the counts
    /// follow notes saved anywhere in the app.
    @MainActor
    @Observable
    public final class \#(name.viewModel) {
      /// What the \#(name.lowercaseTitle) screen shows.
      public enum State: Hashable, Sendable {
        /// The store holds notes: how many, how many of them are pinned, how many notebooks
        /// there are, and how many notes changed in the seven days before now.
        case loaded(notes: Int, pinned: Int, notebooks: Int, changedThisWeek: Int)
        /// The store holds no note yet; how many notebooks there are.
        case empty(notebooks: Int)
        /// The store could not be read: why; `list` reads it again.
        case failed(message: String)
      }

      @ObservationIgnored private let store: NoteStore
      @ObservationIgnored private let now: DateProvider

      /// Creates the view model.
      ///
      /// - Parameters:
      ///   - store: The store holding the notes.
      ///   - now: The clock "the last seven days" are counted back from: the app's, or a
      ///     test's stopped one (`.fixed(…)`).
      public init(store: NoteStore, now: DateProvider) {
        self.store = store
        self.now = now
      }

      /// The notes changed in the seven days before a moment, as a question the store answers
      /// with a count (a page of no rows).
      ///
      /// - Parameter moment: Now.
      /// - Returns: The query.
      public static func changedThisWeek(before moment: Date) -> NoteListQuery {
        let weekAgo = moment.addingTimeInterval(-7 * 24 * 60 * 60)
        return NoteListQuery(
          scope: .allNotes, search: .date(.updated, DateSpan(from: weekAgo)), limit: 0)
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
        let changedThisWeek: Int
        do {
          total = try store.summary.total
          notebooks = try store.savedNotebooks().count
          changedThisWeek = try store.page(Self.changedThisWeek(before: now())).totalCount
        } catch {
          return .failed(message: error.errorDescription ?? "The notes could not be read.")
        }
        guard total.notes > 0 else { return .empty(notebooks: notebooks) }
        return .loaded(
          notes: total.notes, pinned: total.pinned, notebooks: notebooks,
          changedThisWeek: changedThisWeek)
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
      /// An hour after the sample notes were written: a stopped clock, so every count is the same
      /// on every run.
      let now = DateProvider.fixed(SampleData.date(minutes: 60))

      func makeModel() throws -> (\#(name.viewModel), NoteStore) {
        let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)
        return (\#(name.viewModel)(store: store, now: now), store)
      }

      @Test func countsTheNotesThePinnedOnesAndTheNotebooks() throws {
        let (model, _) = try makeModel()

        #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2, changedThisWeek: 4))
        #expect(model.scope == .allNotes)
      }

      @Test func countsTheWeekBackFromTheClockItIsGiven() throws {
        let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)
        let eightDaysLater = DateProvider.fixed(SampleData.date(minutes: 8 * 24 * 60))

        let model = \#(name.viewModel)(store: store, now: eightDaysLater)

        #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2, changedThisWeek: 0))
      }

      @Test func followsEveryChangeToTheStore() throws {
        let (model, store) = try makeModel()
        let recorder = StateRecorder(model, \.state)

        try store.setPinned(SampleData.kingfisher.id, true)
        try store.perform(
          .addNote(Note(id: UUID(number: 0xA5), title: "Dipper", createdAt: now())))

        #expect(
          recorder.values == [
            .loaded(notes: 4, pinned: 1, notebooks: 2, changedThisWeek: 4),
            .loaded(notes: 4, pinned: 2, notebooks: 2, changedThisWeek: 4),
            .loaded(notes: 5, pinned: 2, notebooks: 2, changedThisWeek: 5),
          ])
      }

      @Test func showsWhyTheStoreCouldNotBeReadUntilItCanBeAgain() throws {
        // The store keeps each answer until something changes, so the reads fail before the
        // model's first: a model that had read the store would show what it read.
        let disk = InMemoryNoteRepository(SampleData.library)
        let store = try NoteStore(repository: disk, syncer: NoOpNoteSyncer(), now: .fixed())
        let model = \#(name.viewModel)(store: store, now: now)

        disk.failLoads(with: .readFailed(reason: "disk I/O error"))
        #expect(model.state == .failed(message: "The notes could not be read: disk I/O error."))

        // The screen's `list` draws again, which reads the store again; nothing was lost.
        disk.failLoads(with: nil)
        #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2, changedThisWeek: 4))
        #expect(disk.savedLibrary == SampleData.library)
      }

      @Test func isEmptyUntilANoteIsWritten() throws {
        let store = NoteStore(notes: [], notebooks: [SampleData.birds])
        let model = \#(name.viewModel)(store: store, now: now)
        let recorder = StateRecorder(model, \.state)

        try store.perform(
          .addNote(Note(id: UUID(number: 0xA5), title: "Dipper", createdAt: now())))

        #expect(
          recorder.values == [
            .empty(notebooks: 1), .loaded(notes: 1, pinned: 0, notebooks: 1, changedThisWeek: 1),
          ])
      }
    }

    """#
  }
}
