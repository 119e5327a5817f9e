import Foundation

/// The workloads that open a list and show its first page, each a whole `fieldnotes` process,
/// and FieldNotes' start-up, which is the floor of every one of them.
extension Workloads {
  /// `fieldnotes --version`: a process that starts and exits, opening no store.
  ///
  /// - Returns: The start-up row.
  /// - Throws: ``BenchError`` when it fails.
  func startUp() throws -> Result {
    let ours = try samples(max(repetitions, 7)) {
      let run = try Measurement.run([fieldnotes, "--version"])
      guard run.status == 0 else { throw BenchError.failed("fieldnotes --version failed") }
      return run.seconds
    }
    return Result(
      name:
        "FieldNotes' own start-up (`fieldnotes --version`), the floor of every whole-process row",
      fieldNotes: ms(ours), peer: "—", ratio: nil, target: "— (the floor)", isMet: nil)
  }

  /// Each of ``lists`` opened at a tier and at a small size in turn, its first page printed,
  /// and the process ended.
  ///
  /// Each list runs once at each size uncounted, so that every counted run reads its store from
  /// the page cache, then at the tier and the small size in turn: a ratio of two sizes taken
  /// minutes apart (the small one before the tier's import of gigabytes, say) would be a ratio
  /// of two machines.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  /// - Returns: Each list's times at each size, in the order of ``lists``.
  /// - Throws: ``BenchError`` when there is no such store or a run fails.
  func listPages(_ size: Int, against smallSize: Int) throws -> (
    ours: [Summary], small: [Summary]
  ) {
    guard let store = stores[size], let smallStore = stores[smallSize] else {
      throw BenchError.failed("no \(size)-note or \(smallSize)-note store")
    }
    var ours: [Summary] = []
    var small: [Summary] = []
    for list in lists {
      let tier = { try self.fieldNotes(store, list.commands).seconds }
      let smallTier = { try self.fieldNotes(smallStore, list.commands).seconds }
      _ = try (tier(), smallTier())
      let runs = try alternatingSamples(repetitions, ours: tier, peer: smallTier)
      ours.append(runs.ours)
      small.append(runs.peer)
    }
    return (ours, small)
  }

  /// Each list's first page at a tier against the same at a small size.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - ours: The tier's times, from ``listPages(_:against:)``.
  ///   - small: The small size's times, from ``listPages(_:against:)``.
  ///   - smallSize: The small size.
  /// - Returns: A row per list.
  func listRows(_ size: Int, ours: [Summary], small: [Summary], smallSize: Int) -> [Result] {
    zip(lists, zip(ours, small)).map { list, times in
      let ratio = times.0.median / times.1.median
      return Result(
        name:
          "open and show the first page of \(list.name), \(size.formatted()) vs "
          + "\(smallSize.formatted()) notes (\(list.commandsText), then the end of input)",
        fieldNotes: ms(times.0) + " at \(size.formatted())",
        peer: ms(times.1) + " at \(smallSize.formatted()) (itself)", ratio: ratio,
        target: "≤ 1.5×", isMet: ratio <= 1.5)
    }
  }

  /// The first page of All Notes against `sqlite3` printing the same 200 rows in the same order
  /// (``PeerSQL/firstPage``) through an index, each run once uncounted, then in turn.
  ///
  /// When `sqlite3`'s plan for the query on the store sorts the rows it reads (the store has no
  /// index in the list's order), the peer runs on a copy of the store given
  /// ``PeerSQL/firstPageIndex`` before it is timed, and says so.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - allNotes: The commands that open All Notes.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails or the plan still sorts.
  func firstPageAgainstSQLite(_ size: Int, allNotes: [String]) throws -> Result {
    let name =
      "open and show the first page of All Notes, \(size.formatted()) notes, against `sqlite3`"
    let target = "≤ 8×"
    guard let store = stores[size] else { throw BenchError.failed("no \(size)-note store") }
    let open = { try self.fieldNotes(store, allNotes).seconds }
    guard hasSQLite else {
      return Result(
        name: name, fieldNotes: ms(try warmSamples(open)), peer: "sqlite3 not installed",
        ratio: nil, target: target, isMet: nil)
    }
    /// Ours and the peer on `database`, each once uncounted, then in turn.
    func inTurn(_ database: String) throws -> (ours: Summary, peer: Summary) {
      let peer = { try self.sqlite(database, query).seconds }
      _ = try (open(), peer())
      return try alternatingSamples(repetitions, ours: open, peer: peer)
    }
    let query = PeerSQL.firstPage
    let storePlan = try plan(of: query, in: store)
    let (ours, peer, how) = try { () throws -> (Summary, Summary, String) in
      guard storePlan.contains(PeerSQL.sortingPlanStep) else {
        let runs = try inTurn(store)
        return (
          runs.ours, runs.peer,
          "on the store itself, whose indexes serve it (plan: \(storePlan))"
        )
      }
      return try withCopy(of: size) { copy in
        _ = try sqlite(copy, PeerSQL.firstPageIndex)
        let copyPlan = try plan(of: query, in: copy)
        guard !copyPlan.contains(PeerSQL.sortingPlanStep) else {
          throw BenchError.failed("sqlite3 still sorts the first page: \(copyPlan)")
        }
        let runs = try inTurn(copy)
        return (
          runs.ours, runs.peer,
          "on a copy of the store given `\(PeerSQL.firstPageIndex)` before timing (plan: "
            + "\(copyPlan)), since on the store as FieldNotes made it the plan is "
            + "\(storePlan), a sort of every row"
        )
      }
    }()
    let ratio = ours.median / peer.median
    return Result(
      name: name, fieldNotes: ms(ours) + " (`open all`)",
      peer: ms(peer) + " (`sqlite3 FILE \"\(query)\"`, \(how))", ratio: ratio, target: target,
      isMet: ratio <= 8)
  }

  /// `sqlite3`'s plan for a query, its steps on one line.
  ///
  /// - Parameters:
  ///   - query: The query.
  ///   - database: The database.
  /// - Returns: Such as "SCAN notes; USE TEMP B-TREE FOR ORDER BY".
  /// - Throws: ``BenchError`` when `sqlite3` fails.
  func plan(of query: String, in database: String) throws -> String {
    let run = try sqlite(database, "EXPLAIN QUERY PLAN " + query, keepOutput: true)
    return run.output.split(separator: "\n").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "|`- "))
    }.filter { !$0.isEmpty && $0 != "QUERY PLAN" }.joined(separator: "; ")
  }
}
