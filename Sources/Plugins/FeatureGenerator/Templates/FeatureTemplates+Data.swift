extension FeatureTemplates {
  /// The data of a feature that owns some: the entry it keeps, its client protocol, and its
  /// error.
  static func client(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesServices", "Foundation"]))

    /// One entry kept on the \#(name.lowercaseTitle) screen: a line of text, and when it was added.
    public struct \#(name.name)Entry: Hashable, Sendable, Identifiable {
      /// The entry's identifier.
      public let id: UUID
      /// The text, as typed.
      public let text: String
      /// When it was added.
      public let addedAt: Date

      /// Makes an entry.
      ///
      /// - Parameters:
      ///   - id: Its identifier.
      ///   - text: The text.
      ///   - addedAt: When it was added.
      public init(id: UUID, text: String, addedAt: Date) {
        self.id = id
        self.text = text
        self.addedAt = addedAt
      }
    }

    /// What the \#(name.lowercaseTitle) screen needs of its data, and all it may do to it: the
    /// one data dependency of ``\#(name.viewModel)``.
    ///
    /// The view model names no store, so a test hands it ``InMemory\#(name.client)`` to play out
    /// a scene, or ``Unimplemented\#(name.client)`` to prove a step touches nothing; the app hands
    /// it `\#(name.liveClient)` (in `\#(name.liveModule)`), which keeps the entries in a table of
    /// the feature's own. A removed entry is kept, marked removed, so no text typed here is lost.
    @MainActor
    public protocol \#(name.client): AnyObject {
      /// The entries not removed, added last first.
      ///
      /// A live client keeps them where Observation sees them, so the view model's state
      /// follows every change.
      var entries: [\#(name.name)Entry] { get }

      /// Reads the entries again, as another process may have changed them.
      ///
      /// - Throws: ``\#(name.name)Error``; what was read before stays.
      func refresh() throws(\#(name.name)Error)

      /// Keeps a new entry.
      ///
      /// - Parameter entry: The entry.
      /// - Throws: ``\#(name.name)Error``; nothing was kept then.
      func add(_ entry: \#(name.name)Entry) throws(\#(name.name)Error)

      /// Marks an entry removed; its text stays.
      ///
      /// - Parameters:
      ///   - entry: The entry.
      ///   - date: When it was removed.
      /// - Throws: ``\#(name.name)Error``; nothing changed then.
      func remove(_ entry: \#(name.name)Entry, at date: Date) throws(\#(name.name)Error)

      /// Brings back the entry removed last, in this session or an earlier one.
      ///
      /// - Returns: The entry, or `nil` when no entry is removed.
      /// - Throws: ``\#(name.name)Error``; nothing changed then.
      func restoreLastRemoved() throws(\#(name.name)Error) -> \#(name.name)Entry?
    }

    /// Why an action on the \#(name.lowercaseTitle) screen did not happen.
    public enum \#(name.name)Error: Error, Hashable, LocalizedError {
      /// The text was empty.
      case emptyText
      /// No entry is removed, so there is nothing to bring back.
      case nothingToUndo
      /// The feature's tables couldn't be read or written; nothing changed.
      case tables(FeatureTablesError)
      /// The view model was given a client that doesn't do this (a test's
      /// ``Unimplemented\#(name.client)``): the member asked for.
      case notProvided(String)

      /// A message for the user.
      public var errorDescription: String? {
        switch self {
        case .emptyText: "Type the text to keep after `add`."
        case .nothingToUndo: "No entry is removed, so there is nothing to undo."
        case .tables(let error): error.errorDescription
        case .notProvided(let member): "\(member) was not provided to the view model."
        }
      }
    }

    """#
  }

  /// The client's doubles: one in memory, and one that reports every use.
  static func clientDoubles(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesServices", "Foundation", "Observation"]))

    /// Entries held in memory, for tests and previews: a test sets what is there, and reads
    /// what the view model did to it.
    @MainActor
    @Observable
    public final class InMemory\#(name.client): \#(name.client) {
      /// The entries not removed, added last first.
      public var entries: [\#(name.name)Entry]
      /// The entries removed, each with when.
      public private(set) var removed: [(entry: \#(name.name)Entry, at: Date)] = []
      /// How many times the view model asked to read again.
      public private(set) var refreshes = 0
      /// What ``refresh()`` throws, when a test sets it: entries that can't be read.
      public var refreshFailure: \#(name.name)Error?

      /// Creates the client.
      ///
      /// - Parameter entries: What is there at first, added last first.
      public init(entries: [\#(name.name)Entry] = []) {
        self.entries = entries
      }

      /// Counts the request, and throws ``refreshFailure`` when a test set one.
      ///
      /// - Throws: ``refreshFailure``.
      public func refresh() throws(\#(name.name)Error) {
        refreshes += 1
        if let refreshFailure { throw refreshFailure }
      }

      /// Puts the entry first.
      ///
      /// - Parameter entry: The entry.
      public func add(_ entry: \#(name.name)Entry) {
        entries.insert(entry, at: 0)
      }

      /// Moves the entry to ``removed``.
      ///
      /// - Parameters:
      ///   - entry: The entry.
      ///   - date: When.
      public func remove(_ entry: \#(name.name)Entry, at date: Date) {
        entries.removeAll { $0.id == entry.id }
        removed.append((entry, date))
      }

      /// Moves the entry removed last back from ``removed``, in its place by when it was added.
      ///
      /// - Returns: The entry, or `nil` when none is removed.
      public func restoreLastRemoved() -> \#(name.name)Entry? {
        guard let last = removed.popLast() else { return nil }
        entries = (entries + [last.entry]).sorted { $0.addedAt > $1.addedAt }
        return last.entry
      }
    }

    /// A client that fails every use: what a test hands the view model when the step it tests
    /// must not touch the feature's data, so a step that does is reported (through `report`,
    /// which a test points at `Issue.record`) rather than passing against a silent default.
    @MainActor
    public final class Unimplemented\#(name.client): \#(name.client) {
      private let report: (String) -> Void

      /// Creates the client.
      ///
      /// - Parameter report: Told the member used, as `\#(name.client).add(_:)`.
      public init(report: @escaping (String) -> Void) {
        self.report = report
      }

      /// Reports the read, and answers no entry.
      public var entries: [\#(name.name)Entry] {
        report("\#(name.client).entries")
        return []
      }

      /// Reports the request, and refuses it.
      ///
      /// - Throws: ``\#(name.name)Error/notProvided(_:)``.
      public func refresh() throws(\#(name.name)Error) {
        try refuse("\#(name.client).refresh()")
      }

      /// Reports the request, and refuses it.
      ///
      /// - Throws: ``\#(name.name)Error/notProvided(_:)``.
      public func add(_ entry: \#(name.name)Entry) throws(\#(name.name)Error) {
        try refuse("\#(name.client).add(_:)")
      }

      /// Reports the request, and refuses it.
      ///
      /// - Throws: ``\#(name.name)Error/notProvided(_:)``.
      public func remove(_ entry: \#(name.name)Entry, at date: Date) throws(\#(name.name)Error) {
        try refuse("\#(name.client).remove(_:at:)")
      }

      /// Reports the request, and refuses it.
      ///
      /// - Throws: ``\#(name.name)Error/notProvided(_:)``.
      public func restoreLastRemoved() throws(\#(name.name)Error) -> \#(name.name)Entry? {
        try refuse("\#(name.client).restoreLastRemoved()")
        return nil
      }

      private func refuse(_ member: String) throws(\#(name.name)Error) {
        report(member)
        throw .notProvided(member)
      }
    }

    """#
  }

  /// The live client: the feature's own table, and the SQL that reads and writes it.
  static func liveClient(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesServices", "Foundation", "Observation", name.featureModule]))

    /// The live entries: rows of the feature's own table in the store's file, reached through
    /// the tables the app makes once (`ScreenDependencies.tables`).
    ///
    /// The table and its migrations are here, in the feature's folder. The kernel runs them
    /// once per store, in order, and lets this client's SQL change no table but its own
    /// (`\#(name.tablePrefix)…`). Removing an entry marks it; no row is ever deleted.
    @MainActor
    @Observable
    public final class \#(name.liveClient): \#(name.client) {
      /// The feature's tables: its entries, removed ones marked.
      ///
      /// Append a migration to change them; never change one that shipped.
      public static let schema = FeatureSchema(
        feature: "\#(name.name)",
        migrations: [
          """
          CREATE TABLE \#(name.tablePrefix)entries (
            id TEXT PRIMARY KEY NOT NULL, text TEXT NOT NULL, added_at REAL NOT NULL,
            removed_at REAL
          )
          """
        ])

      /// The entries not removed, added last first, as last read.
      public private(set) var entries: [\#(name.name)Entry] = []
      @ObservationIgnored private let tables: any FeatureTables

      /// Creates the client; ``refresh()`` reads the entries.
      ///
      /// - Parameter tables: Where features keep their tables.
      public init(tables: any FeatureTables) {
        self.tables = tables
      }

      /// Reads the entries not removed.
      ///
      /// - Throws: ``\#(name.name)Error/tables(_:)``; what was read before stays.
      public func refresh() throws(\#(name.name)Error) {
        entries = try read(
          """
          SELECT id, text, added_at FROM \#(name.tablePrefix)entries WHERE removed_at IS NULL
          ORDER BY added_at DESC, id
          """)
      }

      /// Inserts the entry, then reads again.
      ///
      /// - Parameter entry: The entry.
      /// - Throws: ``\#(name.name)Error/tables(_:)``; nothing was kept then.
      public func add(_ entry: \#(name.name)Entry) throws(\#(name.name)Error) {
        try write(
          "INSERT INTO \#(name.tablePrefix)entries (id, text, added_at) VALUES (?, ?, ?)",
          [
            .text(entry.id.uuidString), .text(entry.text),
            .real(entry.addedAt.timeIntervalSinceReferenceDate),
          ])
      }

      /// Marks the entry removed, then reads again.
      ///
      /// - Parameters:
      ///   - entry: The entry.
      ///   - date: When.
      /// - Throws: ``\#(name.name)Error/tables(_:)``; nothing changed then.
      public func remove(_ entry: \#(name.name)Entry, at date: Date) throws(\#(name.name)Error) {
        try write(
          "UPDATE \#(name.tablePrefix)entries SET removed_at = ? WHERE id = ?",
          [.real(date.timeIntervalSinceReferenceDate), .text(entry.id.uuidString)])
      }

      /// Clears the mark of the entry removed last, then reads again.
      ///
      /// - Returns: The entry, or `nil` when no entry is removed.
      /// - Throws: ``\#(name.name)Error/tables(_:)``; nothing changed then.
      public func restoreLastRemoved() throws(\#(name.name)Error) -> \#(name.name)Entry? {
        let last = try read(
          """
          SELECT id, text, added_at FROM \#(name.tablePrefix)entries WHERE removed_at IS NOT NULL
          ORDER BY removed_at DESC, id LIMIT 1
          """)
        guard let entry = last.first else { return nil }
        try write(
          "UPDATE \#(name.tablePrefix)entries SET removed_at = NULL WHERE id = ?",
          [.text(entry.id.uuidString)])
        return entry
      }

      /// Reads entries.
      private func read(_ sql: String) throws(\#(name.name)Error) -> [\#(name.name)Entry] {
        do {
          return try tables.rows(TableStatement(sql), for: Self.schema).compactMap(Self.entry)
        } catch {
          throw .tables(error)
        }
      }

      /// Writes one statement, then reads again, so ``entries`` is what the table holds, with
      /// what other processes wrote.
      private func write(_ sql: String, _ values: [TableValue]) throws(\#(name.name)Error) {
        do {
          try tables.write([TableStatement(sql, values)], for: Self.schema)
        } catch {
          throw .tables(error)
        }
        try refresh()
      }

      /// An entry from a row, or `nil` for a row that isn't one (it stays in the table).
      private static func entry(_ row: [TableValue]) -> \#(name.name)Entry? {
        guard row.count == 3, let id = row[0].text.flatMap(UUID.init(uuidString:)),
          let text = row[1].text, let seconds = row[2].real
        else { return nil }
        return \#(name.name)Entry(
          id: id, text: text, addedAt: Date(timeIntervalSinceReferenceDate: seconds))
      }
    }

    """#
  }

  /// The view model of a feature owning data: its state derived from its client alone.
  static func dataViewModel(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesServices", "Foundation", "Observation"]))

    /// The view model of the \#(name.lowercaseTitle) screen: lines of text the user keeps, in a
    /// table of the feature's own.
    ///
    /// It reads and writes through ``\#(name.client)`` alone, so its tests hand it a client in
    /// memory. ``state`` is derived from the client each time it is read.
    @MainActor
    @Observable
    public final class \#(name.viewModel) {
      /// What the \#(name.lowercaseTitle) screen shows.
      public enum State: Hashable, Sendable {
        /// The entries, added last first.
        case loaded([\#(name.name)Entry])
        /// No entry yet.
        case empty
        /// The entries could not be read; ``load()`` tries again.
        case failed(message: String)
      }

      /// Why the last ``load()`` failed, if it did.
      private var loadFailure: String?
      @ObservationIgnored private let client: any \#(name.client)
      @ObservationIgnored private let now: DateProvider
      @ObservationIgnored private let ids: IDGenerator

      /// Creates the view model; ``load()`` reads the entries.
      ///
      /// - Parameters:
      ///   - client: The feature's data.
      ///   - now: Where new entries get their dates.
      ///   - ids: Where new entries get their identifiers.
      public init(client: any \#(name.client), now: DateProvider, ids: IDGenerator) {
        self.client = client
        self.now = now
        self.ids = ids
      }

      /// What the screen shows now.
      ///
      /// Every input is read before any is tested, so Observation tracks each of them in every
      /// case: a test's `StateRecorder` sees each change.
      public var state: State {
        let entries = client.entries
        if let loadFailure { return .failed(message: loadFailure) }
        return entries.isEmpty ? .empty : .loaded(entries)
      }

      /// Reads the entries again, or shows why they could not be read.
      public func load() {
        do throws(\#(name.name)Error) {
          try client.refresh()
          loadFailure = nil
        } catch {
          loadFailure = error.errorDescription ?? "the entries could not be read"
        }
      }

      /// Keeps a new entry, its text as typed.
      ///
      /// - Parameter text: The text.
      /// - Returns: The entry kept.
      /// - Throws: ``\#(name.name)Error/emptyText``, or the client's error; nothing was kept then.
      @discardableResult
      public func add(_ text: String) throws(\#(name.name)Error) -> \#(name.name)Entry {
        guard text.contains(where: { !$0.isWhitespace }) else { throw .emptyText }
        let entry = \#(name.name)Entry(id: ids(), text: text, addedAt: now())
        try client.add(entry)
        return entry
      }

      /// Removes an entry; its text stays, and ``undo()`` brings it back.
      ///
      /// - Parameter entry: The entry.
      /// - Throws: The client's error; nothing changed then.
      public func remove(_ entry: \#(name.name)Entry) throws(\#(name.name)Error) {
        try client.remove(entry, at: now())
      }

      /// Brings back the entry removed last, in this session or an earlier one.
      ///
      /// - Throws: ``\#(name.name)Error/nothingToUndo`` when no entry is removed, or the
      ///   client's error.
      public func undo() throws(\#(name.name)Error) {
        guard try client.restoreLastRemoved() != nil else { throw .nothingToUndo }
      }
    }

    """#
  }

  /// The view model's tests, against a client in memory.
  static func dataViewModelTests(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesServices", "FieldNotesTesting", "Foundation", name.featureModule, "Testing"]))

    @MainActor
    @Suite struct \#(name.viewModel)Tests {
      static let heron = \#(name.name)Entry(
        id: UUID(number: 0xA1), text: "Heron by the reeds", addedAt: SampleData.date(minutes: 0))

      func makeModel(_ client: any \#(name.client)) -> \#(name.viewModel) {
        let model = \#(name.viewModel)(
          client: client, now: .fixed(SampleData.date(minutes: 5)), ids: .incrementing())
        model.load()
        return model
      }

      @Test func addingPutsTheNewEntryFirst() throws {
        let client = InMemory\#(name.client)(entries: [Self.heron])
        let model = makeModel(client)
        let recorder = StateRecorder(model, \.state)

        try model.add("Kingfisher, twice\t ")

        let kingfisher = \#(name.name)Entry(
          id: UUID(number: 1), text: "Kingfisher, twice\t ", addedAt: SampleData.date(minutes: 5))
        #expect(recorder.values == [.loaded([Self.heron]), .loaded([kingfisher, Self.heron])])
      }

      @Test func removingKeepsTheEntryAndUndoBringsItBack() throws {
        let client = InMemory\#(name.client)(entries: [Self.heron])
        let model = makeModel(client)
        let recorder = StateRecorder(model, \.state)

        try model.remove(Self.heron)
        #expect(client.removed.map(\.entry) == [Self.heron])
        try model.undo()

        #expect(recorder.values == [.loaded([Self.heron]), .empty, .loaded([Self.heron])])
        #expect(throws: \#(name.name)Error.nothingToUndo) { try model.undo() }
      }

      @Test func emptyTextIsRefusedWithoutTouchingTheData() {
        let model = \#(name.viewModel)(
          client: Unimplemented\#(name.client) { Issue.record("used \($0)") }, now: .fixed(),
          ids: .incrementing())

        #expect(throws: \#(name.name)Error.emptyText) { try model.add("   ") }
      }

      @Test func aFailedReadIsAStateAndLoadTriesAgain() {
        let client = InMemory\#(name.client)(entries: [Self.heron])
        client.refreshFailure = .tables(.unavailable)
        let model = makeModel(client)
        #expect(model.state == .failed(message: "this session keeps no tables for features"))

        client.refreshFailure = nil
        model.load()

        #expect(model.state == .loaded([Self.heron]))
        #expect(client.refreshes == 2)
      }
    }

    """#
  }

  /// The live client's tests, over tables in memory, as the app's would be for `--demo`.
  static func liveClientTests(_ name: FeatureName) -> String {
    #"""
    \#(imports(["FieldNotesPersistence", "FieldNotesServices", "FieldNotesTesting", "Foundation", name.featureModule, name.liveModule, "Testing"]))

    /// The live client over the kernel's tables for features: its rows outlast the client, a
    /// removed entry stays in the table, and another client over the same tables sees both.
    @MainActor
    @Suite struct \#(name.liveClient)Tests {
      let tables = SQLiteFeatureTables.inMemory()

      func entry(_ number: Int, _ text: String) -> \#(name.name)Entry {
        \#(name.name)Entry(
          id: UUID(number: number), text: text, addedAt: SampleData.date(minutes: number))
      }

      @Test func entriesOutliveTheClientAddedLastFirst() throws {
        let client = \#(name.liveClient)(tables: tables)
        try client.add(entry(1, "Heron"))
        try client.add(entry(2, "Kingfisher"))

        let again = \#(name.liveClient)(tables: tables)
        try again.refresh()

        #expect(again.entries == [entry(2, "Kingfisher"), entry(1, "Heron")])
      }

      @Test func aRemovedEntryStaysInTheTableUntilRestored() throws {
        let client = \#(name.liveClient)(tables: tables)
        try client.add(entry(1, "Heron"))

        try client.remove(entry(1, "Heron"), at: SampleData.date(minutes: 9))
        #expect(client.entries.isEmpty)
        let kept = try tables.rows(
          TableStatement("SELECT text FROM \#(name.tablePrefix)entries"),
          for: \#(name.liveClient).schema)
        #expect(kept == [[.text("Heron")]])

        // Another client, as in a later session, brings it back.
        let later = \#(name.liveClient)(tables: tables)
        #expect(try later.restoreLastRemoved() == entry(1, "Heron"))
        #expect(later.entries == [entry(1, "Heron")])
        #expect(try later.restoreLastRemoved() == nil)
      }

      @Test func aStoreWithoutTablesIsAnErrorNotAnEmptyList() {
        let client = \#(name.liveClient)(tables: UnavailableFeatureTables())

        #expect(throws: \#(name.name)Error.tables(.unavailable)) { try client.refresh() }
      }
    }

    """#
  }
}
