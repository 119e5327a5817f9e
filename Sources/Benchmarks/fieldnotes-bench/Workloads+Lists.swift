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

  /// Each of ``lists`` opened at one size, its first page printed, and the process ended.
  ///
  /// - Parameter size: The store's size.
  /// - Returns: Each list's times, in the order of ``lists``.
  /// - Throws: ``BenchError`` when there is no such store or a run fails.
  func listPages(_ size: Int) throws -> [Summary] {
    guard let store = stores[size] else { throw BenchError.failed("no \(size)-note store") }
    return try lists.map { list in
      try warmSamples { try fieldNotes(store, list.commands).seconds }
    }
  }

  /// Each list's first page at a tier against the same at a small size.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - ours: The tier's times, from ``listPages(_:)``.
  ///   - small: The small size's times, from ``listPages(_:)``.
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
  /// (``PeerSQL/firstPage``) through an index.
  ///
  /// When `sqlite3`'s plan for the query on the store sorts the rows it reads (the store has no
  /// index in the list's order), the peer runs on a copy of the store given
  /// ``PeerSQL/firstPageIndex`` before it is timed, and says so.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - ours: FieldNotes' times for All Notes, from ``listPages(_:)``.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails or the plan still sorts.
  func firstPageAgainstSQLite(_ size: Int, ours: Summary) throws -> Result {
    let name =
      "open and show the first page of All Notes, \(size.formatted()) notes, against `sqlite3`"
    let target = "≤ 8×"
    guard hasSQLite, let store = stores[size] else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: target, isMet: nil)
    }
    let query = PeerSQL.firstPage
    let storePlan = try plan(of: query, in: store)
    let (peer, how) = try { () throws -> (Summary, String) in
      guard storePlan.contains(PeerSQL.sortingPlanStep) else {
        let peer = try warmSamples { try sqlite(store, query).seconds }
        return (peer, "on the store itself, whose indexes serve it (plan: \(storePlan))")
      }
      return try withCopy(of: size) { copy in
        _ = try sqlite(copy, PeerSQL.firstPageIndex)
        let copyPlan = try plan(of: query, in: copy)
        guard !copyPlan.contains(PeerSQL.sortingPlanStep) else {
          throw BenchError.failed("sqlite3 still sorts the first page: \(copyPlan)")
        }
        let peer = try warmSamples { try sqlite(copy, query).seconds }
        return (
          peer,
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
