extension FeatureTemplates {
  /// The screen: its registration, its `TerminalScreen` requirements and its one command.
  static func screen(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesNavigation", "FieldNotesTerminal", name.featureModule]))

    /// The \#(name.lowercaseTitle) screen on a terminal: its view model's state drawn, and `open`.
    @MainActor
    public final class \#(name.screenModule): TerminalScreen {
      /// Where FieldNotes' screens navigate.
      public typealias Route = FieldNotesNavigation.Route

      /// How the app makes this screen, and the command on the notebooks screen that opens it
      /// (`\#(name.command)`).
      public static let registration = ScreenRegistration<Route, ScreenDependencies>(
        \#(name.screenModule).self, shows: { $0.place(\#(name.place).self) },
        entries: [
          ScreenEntry(
            ["\#(name.command)"], summary: "open the \#(name.lowercaseTitle) screen",
            opens: .feature(\#(name.place)()), on: .notebooks)
        ],
        make: { _, dependencies in
          \#(name.screenModule)(
            model: \#(name.viewModel)(store: dependencies.store, now: dependencies.now))
        })

    \#(screenMembers(name, showing: "counts"))

      /// The \#(name.lowercaseTitle) screen's commands.
      public static let commands: [ScreenCommand<\#(name.screenModule)>] = [
        ScreenCommand(["open"], arguments: .none, summary: "list the notes counted here") {
          screen, arguments, _ throws(ScreenError) in
          return ScreenResult(.push(.noteList(screen.model.scope)))
        }
      ]
    }

    """#
  }

  /// The screen's place: its navigation key, declared in the feature, not in Core's `Route`.
  static func place(_ name: FeatureName) -> String {
    #"""
    /// The place of the \#(name.lowercaseTitle) screen: its navigation key.
    ///
    /// Only this feature opens it, so it is declared here rather than as a case of Core's `Route`,
    /// and only this module makes one (its initializer is the implicit, internal one); it travels as
    /// `Route.feature(\#(name.place)())`.
    public struct \#(name.place): Hashable, Sendable {}

    """#
  }

  /// The view: a function of the view model's state.
  static func view(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesTerminal", name.featureModule]))

    /// What the \#(name.lowercaseTitle) screen draws: a function of its view model's state.
    @MainActor
    enum \#(name.view) {
      static func render(_ state: \#(name.viewModel).State) -> [String] {
        switch state {
        case .loaded(let notes, let pinned, let notebooks, let changedThisWeek):
          return [
            "\#(name.title)",
            "  \(String(count: notes, noun: "note")), \(pinned) pinned",
            "  in \(String(count: notebooks, noun: "notebook"))",
            "  \(changedThisWeek) changed in the last 7 days",
          ]
        case .empty:
          return [
            "\#(name.title) · no notes yet",
            "  Open a notebook and type `new` to write one.",
          ]
        case .failed(let message):
          return ["\#(name.title) · \(message.terminalSafe)", "  `list` reads it again."]
        }
      }
    }

    """#
  }

  /// The screen's tests, driven through `ScreenHarness` as the REPL drives a screen.
  static func screenTests(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesModel", "FieldNotesNavigation", "FieldNotesServices", "FieldNotesTerminal", "FieldNotesTerminalTesting", "FieldNotesTesting", name.featureModule, name.screenModule, "Testing"]))

    /// The \#(name.lowercaseTitle) screen driven as the REPL drives it.
    ///
    /// What it draws, where `open` goes, and what it draws when it is back on top.
    @MainActor
    @Suite struct \#(name.screenModule)Tests {
      let repository = InMemoryNoteRepository(SampleData.library)
      let now = DateProvider.fixed(SampleData.date(minutes: 60))

      func makeHarness() throws -> (ScreenHarness<Route>, NoteStore) {
        let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)
        let model = \#(name.viewModel)(store: store, now: now)
        let screen = \#(name.screenModule)(model: model)
        return (ScreenHarness(screen), store)
      }

      @Test func drawsTheCountsAndOpensTheNotesCounted() async throws {
        let (harness, _) = try makeHarness()
        #expect(
          harness.lastDrawn == [
            "\#(name.title)", "  4 notes, 1 pinned", "  in 2 notebooks",
            "  4 changed in the last 7 days",
          ])

        try await harness.run("open")
        #expect(harness.routes == [.noteList(.allNotes)])
        #expect(!harness.isShowingTheScreen)

        try await harness.run("back")
        #expect(harness.isShowingTheScreen)
      }

      @Test func countsWhatChangedWhileItWasCovered() async throws {
        let (harness, store) = try makeHarness()
        try await harness.run("open")

        try store.setPinned(SampleData.kingfisher.id, true)
        try await harness.run("back")

        #expect(
          harness.lastDrawn == [
            "\#(name.title)", "  4 notes, 2 pinned", "  in 2 notebooks",
            "  4 changed in the last 7 days",
          ])
      }

      @Test func saysWhyThereIsNothingToCount() {
        let store = NoteStore(notes: [], notebooks: [SampleData.birds])
        let model = \#(name.viewModel)(store: store, now: now)
        let screen = \#(name.screenModule)(model: model)

        #expect(
          ScreenHarness<Route>(screen).lastDrawn == [
            "\#(name.title) · no notes yet",
            "  Open a notebook and type `new` to write one.",
          ])
        #expect(screen.stateLine == "\#(name.viewModel).state = empty(notebooks: 1)")
      }

      @Test func refusesWordsAfterOpen() async throws {
        let (harness, _) = try makeHarness()

        await #expect(throws: CommandLineError.usage("open")) { try await harness.run("open all") }
      }
    }

    """#
  }
}
