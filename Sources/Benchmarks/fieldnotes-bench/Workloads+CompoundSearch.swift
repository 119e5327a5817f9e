import Foundation

/// The compound searches of the query language, each against `sqlite3` answering the same
/// question with the same FTS5 index and the same SQL conditions on the same file: how many
/// notes match, and the first page of them.
extension Workloads {
  /// A search as FieldNotes is given it, and as the peer asks SQLite.
  struct CompoundSearch {
    /// What it is, for the report.
    var kind: String
    /// The search as typed at FieldNotes.
    var typed: String
    /// The FTS5 expression the peer matches.
    var match: String
    /// The peer's other conditions on `notes`, `1` for none.
    var conditions: String

    /// The peer's count and first page, pinned first and newest first, as FieldNotes shows them.
    var peerSQL: String {
      let found =
        "notes.rowid IN (SELECT rowid FROM note_search WHERE note_search MATCH "
        + "'\(match.replacingOccurrences(of: "'", with: "''"))') AND \(conditions)"
      return "SELECT count(*) FROM notes WHERE \(found);\n"
        + "SELECT \(PeerSQL.listColumns(of: "notes")) FROM notes WHERE \(found) ORDER BY "
        + "\(PeerSQL.listOrder(of: "notes")) LIMIT \(PeerSQL.pageSize);"
    }
  }

  /// The four compound searches: two words, a word and a tag, a word and a month, and an OR,
  /// each in ten variants with other search words (so no answer in a session is one the store
  /// kept from before); the month is one in the middle of the 100,000-note library (there at
  /// every size).
  ///
  /// - Parameters:
  ///   - month: The month's year and number.
  ///   - variant: Which words, 0 to 9.
  /// - Returns: The searches.
  func compoundSearches(month: (year: Int, month: Int), variant: Int) -> [CompoundSearch] {
    let words = (0..<7).map { searchWords[($0 + variant) % searchWords.count] }
    func phrase(_ word: String) -> String {
      var folder = SearchFolder()
      return "\"" + folder.fold(word) + "\""
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let start = calendar.date(from: DateComponents(year: month.year, month: month.month)) ?? .now
    let end = calendar.date(byAdding: .month, value: 1, to: start) ?? .now
    let monthText = String(format: "%04d-%02d", month.year, month.month)
    return [
      CompoundSearch(
        kind: "two words", typed: "\(words[1]) \(words[4])",
        match: "(\(phrase(words[1])) AND \(phrase(words[4])))", conditions: "1"),
      CompoundSearch(
        kind: "a word and a tag", typed: "\(words[2]) #birds", match: "(\(phrase(words[2])))",
        conditions:
          "EXISTS (SELECT 1 FROM note_tags WHERE note_tags.note_id = notes.id "
          + "AND note_tags.tag = 'birds')"),
      CompoundSearch(
        kind: "a word and a month", typed: "\(words[3]) created:\(monthText)",
        match: "(\(phrase(words[3])))",
        conditions:
          "(notes.created_at >= \(start.timeIntervalSinceReferenceDate) AND notes.created_at < "
          + "\(end.timeIntervalSinceReferenceDate))"),
      CompoundSearch(
        kind: "an OR", typed: "\(words[5]) OR \(words[6])",
        match: "((\(phrase(words[5])) OR \(phrase(words[6]))))", conditions: "1"),
    ]
  }

  /// Checks that the peer counts as many notes as FieldNotes shows for a search.
  func checkCompoundPeer(_ search: CompoundSearch, in store: String) throws {
    let ours = try fieldNotes(store, ["open all", "search \(search.typed)"], keepOutput: true)
    let heading = ours.output.split(separator: "\n").last { $0.hasPrefix("All Notes · ") }
    let shown = heading?.split(separator: " ").dropFirst(3).first.flatMap { Int($0) }
    let peer = try sqlite(store, search.peerSQL, keepOutput: true)
    let found = peer.output.split(separator: "\n").first.flatMap { Int($0) }
    guard let shown, found == shown else {
      throw BenchError.failed(
        "the peer finds \(found.map(String.init) ?? "?") notes for \(search.typed), FieldNotes "
          + "shows \(shown.map(String.init) ?? "?"): the peer would not do the same search")
    }
  }

  /// Each compound search as a separate run and inside one session, against the peer.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - month: The month of the date search.
  /// - Returns: Two rows for each kind of search.
  /// - Throws: ``BenchError`` when a run fails or a check does.
  func compoundSearch(_ size: Int, month: (year: Int, month: Int)) throws -> [Result] {
    let store = stores[size] ?? ""
    let variants = (0..<10).map { compoundSearches(month: month, variant: $0) }
    var results: [Result] = []
    let open = try samples { try fieldNotes(store, ["open all"]).seconds }
    let baseline = hasSQLite ? try samples { try sqlite(store, "SELECT 1;").seconds } : nil
    for kind in variants[0].indices {
      let searches = variants.map { $0[kind] }
      let first = searches[0]
      let name = "compound search, \(first.kind) (`search \(first.typed)`), "
      let oneShot = try samples {
        try fieldNotes(store, ["open all", "search \(first.typed)"]).seconds
      }
      let session = try samples {
        try fieldNotes(store, ["open all"] + searches.map { "search \($0.typed)" }).seconds
      }
      let perQuery = (session.median - open.median) / Double(searches.count)
      guard hasSQLite, let baseline else {
        results.append(
          Result(
            name: name + "one-shot, \(size.formatted()) notes", fieldNotes: ms(oneShot),
            peer: "sqlite3 not installed", ratio: nil, target: "≤ 2.0×", isMet: nil))
        continue
      }
      for search in searches { try checkCompoundPeer(search, in: store) }
      let peer = try samples { try sqlite(store, first.peerSQL).seconds }
      let peerSession = try samples {
        try Measurement.run(
          ["sqlite3", store], input: searches.map(\.peerSQL).joined(separator: "\n")
        ).seconds
      }
      let peerPerQuery = (peerSession.median - baseline.median) / Double(searches.count)
      let ratio = oneShot.median / peer.median
      results.append(
        Result(
          name: name + "one-shot, \(size.formatted()) notes",
          fieldNotes: ms(oneShot) + " (`open all`, the search)",
          peer: ms(peer) + " (`sqlite3 FILE` counting and printing the first page: "
            + "`\(first.peerSQL.replacingOccurrences(of: "\n", with: " "))`; for each search "
            + "it counts as many notes as FieldNotes shows)",
          ratio: ratio, target: "≤ 2.0×", isMet: ratio <= 2.0))
      let sessionRatio = perQuery / peerPerQuery
      results.append(
        Result(
          name: "compound search, \(first.kind), in a session, per query, "
            + "\(size.formatted()) notes",
          fieldNotes: milliseconds(perQuery)
            + " per query (\(searches.count) searches of this kind, each with other words, "
            + "after `open all`: \(ms(session)); `open all` alone \(ms(open)))",
          peer: milliseconds(peerPerQuery)
            + " per query (the same \(searches.count) counts and pages in one `sqlite3 FILE` "
            + "session: \(ms(peerSession)); less `sqlite3 FILE \"SELECT 1;\"`)",
          ratio: sessionRatio, target: "≤ 1.5×", isMet: sessionRatio <= 1.5))
    }
    return results
  }

  /// What the searches the index can't narrow cost: a term shorter than a trigram, and
  /// exclusions alone; each against one search of a word, in the same session.
  ///
  /// - Parameter size: The tier.
  /// - Returns: The rows, with no target (the language says they read every note).
  /// - Throws: ``BenchError`` when a run fails.
  func unindexedSearch(_ size: Int) throws -> [Result] {
    let store = stores[size] ?? ""
    let word = try samples {
      try fieldNotes(store, ["open all", "search \(searchWords[3])"]).seconds
    }
    return try [
      ("a two-letter term", "search \(searchWords[3].prefix(2))"),
      ("exclusions alone", "search -\(searchWords[0]) -#birds"),
    ].map { kind, line in
      let run = try samples { try fieldNotes(store, ["open all", line]).seconds }
      return Result(
        name: "search with no term the index answers, \(kind) (`\(line)`), one-shot, "
          + "\(size.formatted()) notes",
        fieldNotes: ms(run), peer: ms(word) + " (`search \(searchWords[3])`, a word it answers)",
        ratio: run.median / word.median, target: "none: reads every note once", isMet: nil)
    }
  }
}
