import FieldNotesModel
import Foundation

/// The benchmark's workloads, each run several times against the `fieldnotes` binary and, where
/// it is installed, the `sqlite3` shell on the same file.
///
/// Every FieldNotes figure is a whole `fieldnotes` process reading REPL commands on standard
/// input, as a script would; the workloads use only its command line and its commands, never
/// its modules, so they measure any build of it.
struct Workloads {
  /// The `fieldnotes` binary measured.
  let fieldnotes: String
  /// Each size's store, made by importing its library through `fieldnotes`.
  let stores: [Int: String]
  /// Each tier's export file and the same rows as SQL.
  let exports: [Int: (json: [String], sql: String)]
  /// The 100,000-note library as a folder of Markdown files, as `export FOLDER/` writes it.
  let markdownFolders: [Int: String]
  /// The redraw workload's notebook and note, in the 100,000-note library.
  let redrawTarget: (size: Int, notebookRow: Int, target: ToggleTarget)?
  /// The ten search words, by frequency rank.
  let searchWords: [String]
  /// Each size's note for the pin workload on All Notes.
  let allNotesPinTargets: [Int: AllNotesPinTarget]
  /// Each size's way to the page of the note the page workloads pin and unpin.
  let pageRoutes: [Int: PageRoute]
  /// The lists whose first page is measured, the same at every size.
  let lists: [ListWorkload]
  /// How many times each workload runs.
  var repetitions: Int
  /// Whether the `sqlite3` shell is installed, for the peers.
  let hasSQLite: Bool

  /// A list's newest note, which the redraw workload pins and unpins: it must start unpinned,
  /// and pinning it makes it the first row.
  struct ToggleTarget {
    /// How many pinned notes the list has, all above the note.
    var pinnedCount: Int

    /// The target in some notes, if their newest is unpinned.
    ///
    /// - Parameter notes: The list's notes.
    init?(_ notes: some Collection<Note>) {
      guard let newest = notes.max(by: { $0.createdAt < $1.createdAt }), !newest.isPinned else {
        return nil
      }
      pinnedCount = notes.count { $0.isPinned }
    }
  }

  /// One row of the report.
  struct Result {
    /// What was measured.
    var name: String
    /// FieldNotes' figure, with what it ran.
    var fieldNotes: String
    /// What it is compared with, with what that ran.
    var peer: String
    /// FieldNotes' figure over the peer's, where they compare.
    var ratio: Double?
    /// The target for the row.
    var target: String
    /// Whether the target is met; `nil` for a row without one.
    var isMet: Bool?
  }

  /// Runs a measurement several times.
  ///
  /// - Parameters:
  ///   - count: How many times; ``repetitions`` by default.
  ///   - body: One measurement, in seconds.
  /// - Returns: The median, minimum and maximum.
  func samples(_ count: Int? = nil, _ body: () throws -> Double) rethrows -> Summary {
    Summary(try (0..<(count ?? repetitions)).map { _ in try body() })
  }

  /// Runs ours and its peer in turn, ours first, `count` times each.
  ///
  /// A run of several seconds moves with the machine's load over the minutes of a row: all of
  /// ours and then all of the peer's puts any change of load between the two, where runs in
  /// turn see it alike (as the issues' own measurements are taken, by alternating runs).
  ///
  /// - Parameters:
  ///   - count: How many runs of each.
  ///   - ours: One run of ours, in seconds.
  ///   - peer: One run of the peer's, in seconds.
  /// - Returns: The medians, minimums and maximums of each.
  func alternatingSamples(
    _ count: Int, ours: () throws -> Double, peer: () throws -> Double
  ) rethrows -> (ours: Summary, peer: Summary) {
    var mine: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<count {
      mine.append(try ours())
      theirs.append(try peer())
    }
    return (Summary(mine), Summary(theirs))
  }

  /// Samples a run after one more run that isn't counted, so that every sample reads the store
  /// from the page cache, whatever ran before it.
  ///
  /// An import that writes gigabytes evicts a large store's pages: at a million notes, the
  /// first list after it read them from disk (a median of 105 ms for All Notes, against 22 ms
  /// warm), while its peer, run after it, found them in memory.
  func warmSamples(_ body: () throws -> Double) rethrows -> Summary {
    _ = try body()
    return try samples(nil, body)
  }

  /// Runs `fieldnotes` on a store with commands on standard input, one a line, and checks that
  /// it succeeded.
  ///
  /// - Parameters:
  ///   - store: The store's path.
  ///   - commands: The REPL commands.
  ///   - keepOutput: Whether to return what it printed.
  ///   - timeLimit: Seconds after which it is killed; a run killed so is returned, not thrown.
  /// - Returns: The run.
  /// - Throws: ``BenchError`` when it fails.
  func fieldNotes(
    _ store: String, _ commands: [String], keepOutput: Bool = false, timeLimit: Double? = nil
  ) throws -> Measurement.Run {
    let run = try Measurement.run(
      [fieldnotes, "--store", store, "--no-summaries"],
      input: commands.joined(separator: "\n") + "\n",
      keepOutput: keepOutput, timeLimit: timeLimit)
    guard run.status == 0 || run.isTimedOut else {
      throw BenchError.failed("fieldnotes failed on \(commands.prefix(3))")
    }
    return run
  }

  /// Runs `sqlite3` on a database with one SQL text as its argument, and checks that it
  /// succeeded.
  ///
  /// - Parameters:
  ///   - database: The database's path.
  ///   - sql: The statements.
  ///   - keepOutput: Whether to return what it printed.
  /// - Returns: The run.
  /// - Throws: ``BenchError`` when it fails.
  func sqlite(_ database: String, _ sql: String, keepOutput: Bool = false) throws
    -> Measurement.Run
  {
    let run = try Measurement.run(["sqlite3", database, sql], keepOutput: keepOutput)
    guard run.status == 0 else { throw BenchError.failed("sqlite3 failed on \(sql.prefix(80))") }
    return run
  }

  /// Runs a body with a copy of a size's store, for workloads that write, and removes the copy
  /// after.
  ///
  /// - Parameters:
  ///   - size: The store's size.
  ///   - body: What to do with the copy's path.
  /// - Returns: What the body returns.
  /// - Throws: ``BenchError`` when there is no such store, and what the body throws.
  func withCopy<Value>(of size: Int, _ body: (String) throws -> Value) throws -> Value {
    guard let source = stores[size] else { throw BenchError.failed("no \(size)-note store") }
    let copy = NSTemporaryDirectory() + "fieldnotes-bench-copy-\(UUID().uuidString).sqlite"
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: copy + suffix)
      }
    }
    return try body(copy)
  }

  /// The size in bytes of a database and its write-ahead log.
  ///
  /// - Parameter path: The database's path.
  /// - Returns: The sum of both files' sizes.
  static func fileBytes(_ path: String) -> Int {
    ["", "-wal"].compactMap { suffix in
      (try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int
    }.reduce(0, +)
  }

  // MARK: - Choosing what to measure

  /// The first notebook in the Notebooks screen's order whose newest note is unpinned, as its
  /// row there (the first notebook is row 2, after All Notes), and that note.
  ///
  /// - Parameter library: The library.
  /// - Returns: The row and the note, if some notebook has one.
  static func redrawTarget(in library: NoteLibrary) -> (row: Int, target: ToggleTarget)? {
    let byNotebook = Dictionary(grouping: library.notes, by: \.notebookID)
    return sortedNotebooks(of: library).enumerated().lazy.compactMap { index, notebook in
      ToggleTarget(byNotebook[notebook.id] ?? []).map { (index + 2, $0) }
    }.first
  }

  /// A library's notebooks in the Notebooks screen's order.
  ///
  /// - Parameter library: The library.
  /// - Returns: The notebooks, by name as Finder orders names.
  static func sortedNotebooks(of library: NoteLibrary) -> [Notebook] {
    library.notebooks.sorted {
      $0.name.localizedStandardCompare($1.name) == .orderedAscending
    }
  }

  /// Ten search words across the range of how common words are: by prose, the words of four
  /// letters or more at ranks 1, 4, 11, 31, 61, 101, 201, 401, 701 and 1,001 of the corpus's
  /// frequencies (from words in most notes to words in few); by field words, the first
  /// generator's queries.
  ///
  /// - Parameters:
  ///   - library: The library.
  ///   - text: Where its text came from.
  /// - Returns: The words.
  static func searchWords(in library: NoteLibrary, text: LibraryGenerator.Text) -> [String] {
    guard case .prose(let model) = text else {
      return [
        "heron", "MIST", "café", "kingfisher", "naïve", "estuary", "frost", "lichen",
        "willow", "reed",
      ]
    }
    var counts: [String: Int] = [:]
    for (word, count) in zip(model.words, model.counts) {
      let cleaned = String(decoding: word, as: UTF8.self).lowercased().trimmingCharacters(
        in: .punctuationCharacters)
      guard cleaned.count >= 4, cleaned.allSatisfy(\.isLetter) else { continue }
      counts[cleaned, default: 0] += count
    }
    let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    return [0, 3, 10, 30, 60, 100, 200, 400, 700, 1_000].map {
      ranked[min($0, ranked.count - 1)].key
    }
  }

  // MARK: - Formatting

  /// A summary in milliseconds, with its minimum and maximum.
  ///
  /// - Parameter summary: Samples in seconds.
  /// - Returns: Such as "81 ms (min 76, max 88)".
  func ms(_ summary: Summary) -> String {
    String(
      format: "%.0f ms (min %.0f, max %.0f)", summary.median * 1_000, summary.minimum * 1_000,
      summary.maximum * 1_000)
  }

  /// A size in mebibytes.
  ///
  /// - Parameter bytes: The size in bytes.
  /// - Returns: Such as "67.3 MiB".
  func mebibytes(_ bytes: Double) -> String { String(format: "%.1f MiB", bytes / 1_048_576) }

  /// A number of seconds as milliseconds with two decimals.
  ///
  /// - Parameter seconds: The time.
  /// - Returns: Such as "1.70 ms".
  func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1_000) }
}
