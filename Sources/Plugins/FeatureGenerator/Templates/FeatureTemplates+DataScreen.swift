extension FeatureTemplates {
  /// The screen of a feature owning data: its registration takes the client the app composes.
  static func dataScreen(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesNavigation", "FieldNotesTerminal", name.featureModule]))

    /// The \#(name.lowercaseTitle) screen on a terminal: its view model's state drawn, and `add`,
    /// `remove`, `undo` and `retry`.
    @MainActor
    public final class \#(name.screenModule): TerminalScreen {
      /// Where FieldNotes' screens navigate.
      public typealias Route = FieldNotesNavigation.Route

      /// How the app makes this screen, and the command on the notebooks screen that opens it
      /// (`\#(name.command)`).
      ///
      /// - Parameter client: Makes the feature's data from what the app composed: the app
      ///   passes `\#(name.liveClient)` (`\#(name.liveModule)`).
      /// - Returns: The registration.
      public static func registration(
        client: @escaping @MainActor (ScreenDependencies) -> any \#(name.client)
      ) -> ScreenRegistration<Route, ScreenDependencies> {
        ScreenRegistration(
          \#(name.screenModule).self, shows: { $0.place(\#(name.place).self) },
          entries: [
            ScreenEntry(
              ["\#(name.command)"], summary: "open the \#(name.lowercaseTitle) screen",
              opens: .feature(\#(name.place)()), on: .notebooks)
          ],
          make: { _, dependencies in
            let model = \#(name.viewModel)(
              client: client(dependencies), now: dependencies.now, ids: dependencies.ids)
            model.load()
            return \#(name.screenModule)(model: model)
          })
      }

    \#(screenMembers(name, showing: "entries", describedByView: true))

      /// The \#(name.lowercaseTitle) screen's commands.
      public static let commands: [ScreenCommand<\#(name.screenModule)>] = [
        ScreenCommand(["add"], arguments: .text("TEXT"), summary: "keep a line of text, as typed") {
          screen, arguments, _ throws(ScreenError) in
          try ScreenError.carrying { () throws(\#(name.name)Error) in
            _ = try screen.model.add(arguments[0])
          }
          return .stay
        }
        .takingText(),
        ScreenCommand(
          ["remove", "rm"], arguments: .one("N"), summary: "remove an entry (`undo` brings it back)"
        ) { screen, arguments, _ throws(ScreenError) in
          let entry = try RowNumber.element(arguments[0], in: screen.entries)
          try ScreenError.carrying { () throws(\#(name.name)Error) in try screen.model.remove(entry) }
          return .stay
        },
        ScreenCommand(["undo"], arguments: .none, summary: "bring back the entry removed last") {
          screen, arguments, _ throws(ScreenError) in
          try ScreenError.carrying { () throws(\#(name.name)Error) in try screen.model.undo() }
          return .stay
        },
        ScreenCommand(["retry"], arguments: .none, summary: "read the entries again") {
          screen, arguments, _ throws(ScreenError) in
          screen.model.load()
          return .stay
        },
      ]

      /// The entries as drawn, which `remove N` counts.
      private var entries: [\#(name.name)Entry] {
        if case .loaded(let entries) = model.state { entries } else { [] }
      }
    }

    """#
  }

  /// The view of a feature owning data: a function of its view model's state.
  static func dataView(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesTerminal", name.featureModule]))

    /// What the \#(name.lowercaseTitle) screen draws: a function of its view model's state.
    @MainActor
    enum \#(name.view) {
      static func render(_ state: \#(name.viewModel).State) -> [String] {
        switch state {
        case .loaded(let entries):
          return ["\#(name.title)"]
            + entries.enumerated().map { "  \($0.offset + 1)  \($0.element.text.terminalSafe)" }
        case .empty:
          return ["\#(name.title) · nothing kept yet", "  Type `add TEXT` to keep a line."]
        case .failed(let message):
          return [
            "\#(name.title) · couldn't be read: \(message.terminalSafe)",
            "  Type `retry` to read them again.",
          ]
        }
      }

      /// The state in brief, for `state` and `trace on`: the entries counted, not listed (a
      /// state without a list needs no describing of its own: Swift's description is used).
      static func describe(_ state: \#(name.viewModel).State) -> String {
        switch state {
        case .loaded(let entries): "loaded(\(entries.count) kept)"
        case .empty: "empty"
        case .failed(let message): "failed(\(message.terminalSafe))"
        }
      }
    }

    """#
  }

  /// The screen's tests, driven through `ScreenHarness` over a client in memory.
  static func dataScreenTests(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesNavigation", "FieldNotesServices", "FieldNotesTerminal", "FieldNotesTerminalTesting", "FieldNotesTesting", "Foundation", name.featureModule, name.screenModule, "Testing"]))

    /// The \#(name.lowercaseTitle) screen driven as the REPL drives it, over entries in memory.
    @MainActor
    @Suite struct \#(name.screenModule)Tests {
      let client = InMemory\#(name.client)()

      func makeHarness() -> ScreenHarness<Route> {
        let model = \#(name.viewModel)(
          client: client, now: .fixed(SampleData.date(minutes: 5)), ids: .incrementing())
        model.load()
        return ScreenHarness(\#(name.screenModule)(model: model))
      }

      /// Text with quotes, a backslash and two spaces: `add` keeps it as typed.
      static let heron = #"Heron by the reeds, "grey"  at C:\temp"#

      @Test func addRemoveAndUndo() async throws {
        let harness = makeHarness()
        #expect(
          harness.lastDrawn == [
            "\#(name.title) · nothing kept yet", "  Type `add TEXT` to keep a line.",
          ])

        try await harness.run("add " + Self.heron)
        try await harness.run("add Kingfisher")
        let both = ["\#(name.title)", "  1  Kingfisher", "  2  " + Self.heron]
        #expect(harness.lastDrawn == both)

        try await harness.run("remove 2")
        #expect(harness.lastDrawn == ["\#(name.title)", "  1  Kingfisher"])
        #expect(client.removed.map(\.entry.text) == [Self.heron])

        try await harness.run("undo")
        #expect(harness.lastDrawn == both)
      }

      @Test func badInputIsRefusedWithUsageOrReason() async throws {
        let harness = makeHarness()

        await #expect(throws: CommandLineError.usage("add TEXT")) { try await harness.run("add") }
        await #expect(throws: CommandLineError.usage("remove N")) { try await harness.run("rm") }
        await #expect(throws: CommandLineError.self) { try await harness.run("remove 3") }
        await #expect(
          throws: CommandLineError.refused("No entry is removed, so there is nothing to undo.")
        ) { try await harness.run("undo") }
      }

      @Test func aFailedReadIsShownAndRetryReadsAgain() async throws {
        client.refreshFailure = .tables(.unavailable)
        let harness = makeHarness()
        #expect(
          harness.lastDrawn == [
            "\#(name.title) · couldn't be read: this session keeps no tables for features",
            "  Type `retry` to read them again.",
          ])

        client.refreshFailure = nil
        try await harness.run("retry")

        #expect(harness.lastDrawn?.first == "\#(name.title) · nothing kept yet")
      }
    }

    """#
  }
}
