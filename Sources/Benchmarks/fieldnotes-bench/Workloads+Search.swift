import Foundation

/// The search workloads, against `sqlite3` answering the same queries through the store's own
/// trigram index, and the memory a session holds after its searches.
extension Workloads {
  /// Checks that the index answers a word with as many notes as FieldNotes' search shows, so
  /// that the peer does the same search: a difference would mean the benchmark folds a word
  /// otherwise than FieldNotes does.
  ///
  /// - Parameters:
  ///   - word: The search word.
  ///   - store: The store.
  /// - Throws: ``BenchError`` when the counts differ.
  func checkSearchPeer(_ word: String, in store: String) throws {
    let ours = try fieldNotes(store, ["open all", "search \(word)"], keepOutput: true)
    // The list's heading, last drawn by the search: "All Notes · 82793 notes · newest first".
    guard
      let heading = ours.output.split(separator: "\n").last(where: {
        $0.hasPrefix("All Notes · ")
      }),
      let shown = heading.split(separator: " ").dropFirst(3).first.flatMap({ Int($0) })
    else {
      log("note: could not read how many notes FieldNotes found for \(word); not checked")
      return
    }
    let peer = try sqlite(store, PeerSQL.searchCount(word), keepOutput: true)
    let found = Int(peer.output.trimmingCharacters(in: .whitespacesAndNewlines))
    guard found == shown else {
      throw BenchError.failed(
        "the index finds \(found.map(String.init) ?? "?") notes for \(word), FieldNotes shows "
          + "\(shown): the peer would not do the same search")
    }
  }

  /// A search as a separate run.
  ///
  /// Start, open All Notes, search, print the first page, quit; against `sqlite3` printing the
  /// same first page of matches through the store's trigram index
  /// (``PeerSQL/searchPage(_:)``). The median over the search words of each word's median.
  ///
  /// - Parameter size: The tier.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails or a check does.
  func oneShotSearch(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let name =
      "one-shot search, cold (open, search, print), \(size.formatted()) notes, "
      + "median of \(searchWords.count) words"
    let ours = Summary(
      try searchWords.map { word in
        try samples { try fieldNotes(store, ["open all", "search \(word)"]).seconds }.median
      })
    let target = "≤ 2.0×"
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: target, isMet: nil)
    }
    for word in searchWords { try checkSearchPeer(word, in: store) }
    let peer = Summary(
      try searchWords.map { word in
        try samples { try sqlite(store, PeerSQL.searchPage(word)).seconds }.median
      })
    let ratio = ours.median / peer.median
    return Result(
      name: name,
      fieldNotes: ms(ours) + " (over the words; `open all`, `search WORD`)",
      peer: ms(peer)
        + " (`sqlite3 FILE \"\(PeerSQL.searchPage("word"))\"`, the word folded as FieldNotes "
        + "folds it; for each word the index finds as many notes as FieldNotes shows)",
      ratio: ratio, target: target, isMet: ratio <= 2.0)
  }

  /// Searches one after another in one session, each printing its first page, per query;
  /// against the same queries in one `sqlite3` session, each printing the same first page,
  /// per query.
  ///
  /// - Parameter size: The tier.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails.
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
    let oursText =
      milliseconds(ours)
      + " per query (\(queries.count) queries, the \(searchWords.count) words \(rounds) times, "
      + "after `open all`: \(ms(batch)); `open all` alone \(ms(open)))"
    let target = "≤ 1.5×"
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: oursText, peer: "sqlite3 not installed", ratio: nil,
        target: target, isMet: nil)
    }
    let sql = queries.map(PeerSQL.searchPage).joined(separator: "\n")
    let baseline = try samples { try sqlite(store, "SELECT 1;").seconds }
    let peerBatch = try samples { try Measurement.run(["sqlite3", store], input: sql).seconds }
    let peer = (peerBatch.median - baseline.median) / Double(queries.count)
    let ratio = ours / peer
    return Result(
      name: name, fieldNotes: oursText,
      peer: milliseconds(peer)
        + " per query (the same \(queries.count) queries, each the one-shot peer's `SELECT`, in "
        + "one `sqlite3 FILE` session: \(ms(peerBatch)); less `sqlite3 FILE \"SELECT 1;\"`, "
        + "\(ms(baseline)))",
      ratio: ratio, target: target, isMet: ratio <= 1.5)
  }

  // MARK: - Peak memory

  /// The most memory a session holds: after opening All Notes and searching for each word.
  ///
  /// - Parameter size: The tier.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails.
  func memory(_ size: Int) throws -> Result {
    let store = stores[size] ?? ""
    let input =
      (["open all"] + searchWords.map { "search \($0)" } + ["quit"]).joined(
        separator: "\n") + "\n"
    let peak = try peakMemory(store, input)
    let listed = try peakMemory(store, "open all\nquit\n")
    let fileBytes = Double(Self.fileBytes(store))
    let limit = 100.0 * 1_048_576
    return Result(
      name: "peak memory after \(searchWords.count) searches, \(size.formatted()) notes",
      fieldNotes: mebibytes(peak.median) + " max RSS (All Notes listed, no search: "
        + mebibytes(listed.median) + ")",
      peer: mebibytes(fileBytes) + " database file, search index included ("
        + String(format: "%.2f×", peak.median / fileBytes) + " of it)",
      ratio: nil, target: "≤ 100 MiB", isMet: peak.median <= limit)
  }

  /// The peak memory of `fieldnotes` reading some input, three times.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - input: The commands, one a line.
  /// - Returns: The peaks in bytes.
  /// - Throws: ``BenchError`` when a run fails.
  func peakMemory(_ store: String, _ input: String) throws -> Summary {
    try samples(3) {
      let run = try Measurement.runMeasuringMemory(
        [fieldnotes, "--store", store, "--no-summaries"], input: input)
      guard run.status == 0 else { throw BenchError.failed("fieldnotes failed on \(input)") }
      return Double(run.maximumResidentBytes)
    }
  }
}
