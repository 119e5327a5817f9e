import FieldNotesModel
import Foundation

/// The benchmark's workloads, each run several times against the `fieldnotes` binary and, where
/// it is installed, the `sqlite3` shell on the same file.
struct Workloads {
  let fieldnotes: String
  let stores: [Int: String]
  /// Each tier's export file and the same rows as SQL.
  let exports: [Int: (json: [String], sql: String)]
  let redrawTarget: (size: Int, notebookRow: Int, target: ToggleTarget)?
  let searchWords: [String]
  var repetitions: Int
  let hasSQLite: Bool

  /// A list's newest note, which the edit workloads pin and unpin: it must start unpinned, and
  /// pinning it makes it the first row.
  struct ToggleTarget {
    var pinnedCount: Int

    /// The target in some notes, if their newest is unpinned.
    init?(_ notes: some Collection<Note>) {
      guard let newest = notes.max(by: { $0.createdAt < $1.createdAt }), !newest.isPinned else {
        return nil
      }
      pinnedCount = notes.count { $0.isPinned }
    }
  }

  struct Result {
    var name: String
    var fieldNotes: String
    var peer: String
    var ratio: Double?
    var target: String
    var isMet: Bool?
  }

  func samples(_ count: Int? = nil, _ body: () throws -> Double) rethrows -> Summary {
    Summary(try (0..<(count ?? repetitions)).map { _ in try body() })
  }

  func fieldNotes(_ store: String, _ commands: [String], keepOutput: Bool = false) throws
    -> Measurement.Run
  {
    let run = try Measurement.run(
      [fieldnotes, "--store", store, "--no-summaries"],
      input: commands.joined(separator: "\n") + "\n",
      keepOutput: keepOutput)
    guard run.status == 0 else {
      throw BenchError.failed("fieldnotes failed on \(commands.prefix(3))")
    }
    return run
  }

  // MARK: - Choosing what to measure

  /// The first notebook in the Notebooks screen's order whose newest note is unpinned, as its
  /// row there (the first notebook is row 2, after All Notes), and that note.
  static func redrawTarget(in library: NoteLibrary) -> (row: Int, target: ToggleTarget)? {
    let sortedNotebooks = library.notebooks.sorted {
      $0.name.localizedStandardCompare($1.name) == .orderedAscending
    }
    let byNotebook = Dictionary(grouping: library.notes, by: \.notebookID)
    return sortedNotebooks.enumerated().lazy.compactMap { index, notebook in
      ToggleTarget(byNotebook[notebook.id] ?? []).map { (index + 2, $0) }
    }.first
  }

  /// Ten search words across the range of how common words are: by prose, the words of four
  /// letters or more at ranks 1, 4, 11, 31, 61, 101, 201, 401, 701 and 1,001 of the corpus's
  /// frequencies (from words in most notes to words in few); by field words, the first
  /// generator's queries.
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

  // MARK: - Import

  /// `import` of an export into a new store, against the `sqlite3` shell reading the same rows as
  /// `INSERT`s into a new database with the same notes table (no search index).
  func importing(_ size: Int, repetitions count: Int) throws -> Result {
    guard let files = exports[size] else { throw BenchError.failed("no export of \(size) notes") }
    let scratch = NSTemporaryDirectory() + "fieldnotes-bench-import-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var round = 0
    let ours = try samples(count) {
      round += 1
      let run = try Measurement.run(
        [fieldnotes, "--store", "\(scratch)/ours-\(round).sqlite", "--no-summaries"]
          + files.json.flatMap { ["-c", "import \($0)"] })
      guard run.status == 0 else { throw BenchError.failed("import of \(size) notes failed") }
      try? FileManager.default.removeItem(atPath: "\(scratch)/ours-\(round).sqlite")
      return run.seconds
    }
    let name =
      files.json.count == 1
      ? "import \(size.formatted()) notes (`import FILE.json` into a new store)"
      : "import \(size.formatted()) notes (`import` of \(files.json.count) files of "
        + "\(LibraryGenerator.notesPerExportFile.formatted()) notes, an import file being at most "
        + "512 MB, into a new store, in one session)"
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: "≤ 2.0×", isMet: nil)
    }
    let peer = try samples(count) {
      round += 1
      let input = try String(contentsOfFile: files.sql, encoding: .utf8)
      return try Measurement.run(["sqlite3", "\(scratch)/peer-\(round).db"], input: input).seconds
    }
    let ratio = ours.median / peer.median
    return Result(
      name: name, fieldNotes: ms(ours),
      peer: ms(peer) + " (`sqlite3 NEW.db < INSERTS.sql`, the same rows, one transaction)",
      ratio: ratio, target: "≤ 2.0×", isMet: ratio <= 2.0)
  }

  // MARK: - Open and show the first page

  func firstPage(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let name = "open and show the first page of All Notes, \(size.formatted()) notes"
    let ours = try samples { try fieldNotes(store, ["open all"]).seconds }
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: "≤ 1.0×", isMet: nil)
    }
    let peer = try samples {
      try Measurement.run(["sqlite3", store, "SELECT * FROM notes"]).seconds
    }
    let ratio = ours.median / peer.median
    return Result(
      name: name, fieldNotes: ms(ours),
      peer: ms(peer) + " (`sqlite3 FILE \"SELECT * FROM notes\"`)", ratio: ratio,
      target: "≤ 1.0×", isMet: ratio <= 1.0)
  }

  // MARK: - Search

  /// The `LIKE` query the `sqlite3` shell answers a search with: title, body and tags.
  func likeQuery(_ word: String, select: String) -> String {
    let pattern = "%" + word.replacingOccurrences(of: "'", with: "''") + "%"
    return
      "SELECT \(select) FROM notes WHERE title LIKE '\(pattern)' OR body LIKE '\(pattern)' "
      + "OR tags LIKE '\(pattern)';"
  }

  /// A search as a separate run.
  ///
  /// Start, open All Notes, search, print the first page, quit; against `sqlite3` printing the
  /// matching titles. The median over the search words of each
  /// word's median.
  func oneShotSearch(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let name =
      "one-shot search, cold (open, search, print), \(size.formatted()) notes, "
      + "median of \(searchWords.count) words"
    let ours = Summary(
      try searchWords.map { word in
        try samples { try fieldNotes(store, ["open all", "search \(word)"]).seconds }.median
      })
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: "≤ 1.0×", isMet: nil)
    }
    let peer = Summary(
      try searchWords.map { word in
        try samples {
          try Measurement.run(["sqlite3", store, likeQuery(word, select: "id, title")]).seconds
        }.median
      })
    let ratio = ours.median / peer.median
    return Result(
      name: name, fieldNotes: ms(ours) + " (over the words)",
      peer: ms(peer) + " (`sqlite3 FILE` with a `LIKE` query over title, body and tags)",
      ratio: ratio, target: "≤ 1.0×", isMet: ratio <= 1.0)
  }

  /// Searches one after another in one session, each printing its first page, per query;
  /// against one `LIKE` query in one `sqlite3` session, per query.
  func sessionSearch(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let rounds = 3
    let queries = Array(repeating: searchWords, count: rounds).flatMap { $0 }
    let open = try samples { try fieldNotes(store, ["open all"]).seconds }
    let batch = try samples {
      try fieldNotes(store, ["open all"] + queries.map { "search \($0)" }).seconds
    }
    let ours = (batch.median - open.median) / Double(queries.count)
    let name = "search inside a session, per query, \(size.formatted()) notes"
    let oursText = String(
      format: "%.2f ms per query (%d queries: %@; open alone %@)", ours * 1_000, queries.count,
      ms(batch), ms(open))
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: oursText, peer: "sqlite3 not installed", ratio: nil,
        target: "≤ 0.1×", isMet: nil)
    }
    let sql = queries.map { likeQuery($0, select: "count(*)") }.joined(separator: "\n")
    let baseline = try samples { try Measurement.run(["sqlite3", store, "SELECT 1;"]).seconds }
    let peerBatch = try samples { try Measurement.run(["sqlite3", store], input: sql).seconds }
    let peer = (peerBatch.median - baseline.median) / Double(queries.count)
    let ratio = ours / peer
    return Result(
      name: name, fieldNotes: oursText,
      peer: String(format: "%.1f ms per `LIKE` query in one `sqlite3` session", peer * 1_000),
      ratio: ratio, target: "≤ 0.1×", isMet: ratio <= 0.1)
  }

  // MARK: - Peak memory

  func memory(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let input =
      (["open all"] + searchWords.map { "search \($0)" } + ["quit"]).joined(
        separator: "\n") + "\n"
    let peak = try peakMemory(store, input)
    let listed = try peakMemory(store, "open all\nquit\n")
    let fileBytes = ["", "-wal"].compactMap { suffix in
      (try? FileManager.default.attributesOfItem(atPath: store + suffix))?[.size] as? Int
    }.reduce(0, +)
    let ratio = peak.median / Double(fileBytes)
    return Result(
      name: "peak memory after \(searchWords.count) searches, \(size.formatted()) notes",
      fieldNotes: mebibytes(peak.median) + " max RSS (All Notes listed, no search: "
        + mebibytes(listed.median) + ")",
      peer: mebibytes(Double(fileBytes)) + " database file, search index included", ratio: ratio,
      target: "≤ 1.0×", isMet: ratio <= 1.0)
  }

  func peakMemory(_ store: String, _ input: String) throws -> Summary {
    try samples(3) {
      let run = try Measurement.runMeasuringMemory(
        [fieldnotes, "--store", store, "--no-summaries"], input: input)
      guard run.status == 0 else { throw BenchError.failed("fieldnotes failed on \(input)") }
      return Double(run.maximumResidentBytes)
    }
  }

  // MARK: - Pin and unpin on All Notes

  /// Seconds per pin or unpin on the All Notes list, newest first: `pin 1`, `unpin 1`, over and
  /// over.
  ///
  /// Both commands must change the same note at every size, so they run on a copy of the store
  /// in which no note is pinned (cleared by `sqlite3`): row 1 is then the newest note, pinned it
  /// stays row 1, and unpinned too. (With the generated 5% pinned, the first row is the newest
  /// pinned note, `pin 1` would change nothing, and at 100,000 notes the note `unpin 1` moves
  /// is beyond the rows shown.) The run without the toggles is subtracted.
  func pinCost(_ size: Int, toggles: Int = 1_000) throws -> Double {
    guard let source = stores[size] else { throw BenchError.failed("no \(size)-note store") }
    guard hasSQLite else { throw BenchError.failed("the pin workload needs sqlite3") }
    let store = NSTemporaryDirectory() + "fieldnotes-bench-pin-\(UUID().uuidString).sqlite"
    try FileManager.default.copyItem(atPath: source, toPath: store)
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
      }
    }
    let cleared = try Measurement.run(["sqlite3", store, "UPDATE notes SET is_pinned = 0"])
    guard cleared.status == 0 else { throw BenchError.failed("could not unpin the copy") }
    let commands = (0..<toggles).map { $0 % 2 == 0 ? "pin 1" : "unpin 1" }
    // Row 1 of the list drawn after `pin 1` carries the pin mark.
    let check = try fieldNotes(store, ["open all", "pin 1"], keepOutput: true)
    guard check.output.split(separator: "\n").contains(where: { $0.hasPrefix("  1 * ") }) else {
      throw BenchError.failed("the pin workload did not pin row 1")
    }
    let base = try samples { try fieldNotes(store, ["open all"]).seconds }
    let batch = try samples { try fieldNotes(store, ["open all"] + commands).seconds }
    return (batch.median - base.median) / Double(toggles)
  }

  func pinning(_ size: Int, against smallSize: Int, small: Double) throws -> Result {
    let large = try pinCost(size)
    let ratio = large / small
    return Result(
      name:
        "`pin`/`unpin` on the All Notes list, per edit, \(size.formatted()) vs "
        + "\(smallSize.formatted()) notes",
      fieldNotes: String(format: "%.2f ms at %@", large * 1_000, size.formatted()),
      peer: String(format: "%.2f ms at %@ (itself)", small * 1_000, smallSize.formatted()),
      ratio: ratio, target: "≤ 1.3×", isMet: ratio <= 1.3)
  }

  // MARK: - Redraw

  /// A list where one note can be pinned and unpinned over and over, each command changing that
  /// one row: the newest note of a notebook whose newest note is unpinned.
  func redraw(commands count: Int = 1_000) throws -> Result {
    guard let (size, row, target) = redrawTarget, let store = stores[size] else {
      throw BenchError.failed("no notebook whose newest note is unpinned")
    }
    let pinned = target.pinnedCount
    let open = ["open \(row)"]
    let toggles = (0..<count).map { $0 % 2 == 0 ? "pin \(pinned + 1)" : "unpin 1" }
    let base = try samples { try fieldNotes(store, open).seconds }
    var renders = ""
    let batch = try samples {
      let run = try fieldNotes(store, open + toggles + ["renders"], keepOutput: true)
      // The `renders` report: a line per view, "  NoteListView: 1001".
      renders = run.output.split(separator: "\n").filter {
        $0.wholeMatch(of: /\ \ [A-Za-z]+View: [0-9]+/) != nil
      }.joined(separator: ", ")
      return run.seconds
    }
    let perCommand = (batch.median - base.median) / Double(count)
    return Result(
      name:
        "redraw: \(count.formatted()) commands each changing one row, \(size.formatted()) notes",
      fieldNotes: String(
        format: "%.2f ms per command; renders: %@", perCommand * 1_000,
        renders.trimmingCharacters(in: .whitespaces)),
      peer: "—", ratio: nil, target: "only the list renders; ≤ 5 ms per command",
      isMet: perCommand <= 0.005 && renders.contains("NoteListView: \(count + 1)")
        && !renders.contains("NoteDetailView"))
  }

  func ms(_ summary: Summary) -> String {
    String(
      format: "%.0f ms (min %.0f, max %.0f)", summary.median * 1_000, summary.minimum * 1_000,
      summary.maximum * 1_000)
  }

  func mebibytes(_ bytes: Double) -> String { String(format: "%.1f MiB", bytes / 1_048_576) }
}
