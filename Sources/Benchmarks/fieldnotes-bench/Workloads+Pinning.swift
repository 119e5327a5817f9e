import Foundation

/// The pin workloads: what pinning and unpinning a note that is not pinned costs per edit, the
/// library's pinned notes kept, at a tier against a small library.
extension Workloads {
  /// What one size's pin workload measured.
  struct PinCost {
    /// Seconds per edit, or `nil` when the session never got to the edits in time.
    var perEdit: Double?
    /// How many edits the session made.
    var edits: Int
    /// The commands, as the report shows them.
    var commands: String
    /// Where the note is, as the report says it.
    var place: String
  }

  /// How long the All Notes pin workload may take to reach its note before it is given up on.
  static let reachLimit = 120.0

  /// About how long the edits of one All Notes pin session should take, which sets how many
  /// there are (from 20 to 1,000).
  static let editBudget = 20.0

  /// `pin` and `unpin` of the newest note that is not pinned, on All Notes, the library's
  /// pinned notes kept (``AllNotesPinTarget``), on a copy of the store.
  ///
  /// The list shows the note's row after as many `more` as reach it; the session that only
  /// opens the list and reaches the row is subtracted. The edits are as many as fit in about
  /// ``editBudget`` seconds, from 20 to 1,000.
  ///
  /// - Parameter size: The store's size.
  /// - Returns: The cost; no figure when reaching the row takes over ``reachLimit`` seconds.
  /// - Throws: ``BenchError`` when a run fails or the note pinned is not the one meant.
  func allNotesPinCost(_ size: Int) throws -> PinCost {
    guard let target = allNotesPinTargets[size] else {
      throw BenchError.failed("no note to pin at \(size)")
    }
    let setup = ["open all"] + Array(repeating: "more", count: target.morePages)
    func toggles(_ count: Int) -> [String] {
      (0..<count).map { $0 % 2 == 0 ? "pin \(target.row)" : "unpin \(target.id.uuidString)" }
    }
    let mores = target.morePages == 0 ? "" : ", `more` \(target.morePages.formatted()) times"
    let place =
      "the note is row \(target.row.formatted()), after the \(target.pinnedCount.formatted()) "
      + "pinned notes, and row \(target.pinnedRow.formatted()) once pinned, unpinned by its id"
    return try withCopy(of: size) { store in
      let reach = try fieldNotes(store, setup, timeLimit: Self.reachLimit)
      guard !reach.isTimedOut else {
        return PinCost(
          perEdit: nil, edits: 0,
          commands: "`open all`\(mores): over \(Int(Self.reachLimit)) s", place: place)
      }
      let check = try fieldNotes(store, setup + toggles(2), keepOutput: true)
      guard check.output.contains("Pinned \u{201C}\(target.title)\u{201D}."),
        check.output.contains("Unpinned \u{201C}\(target.title)\u{201D}.")
      else {
        throw BenchError.failed("the All Notes pin workload did not pin “\(target.title)”")
      }
      let probe = try fieldNotes(store, setup + toggles(20)).seconds
      let estimate = max((probe - reach.seconds) / 20, 0.000_1)
      let edits = min(1_000, max(20, Int(Self.editBudget / estimate) / 2 * 2))
      let base = try samples { try fieldNotes(store, setup).seconds }
      let batch = try samples { try fieldNotes(store, setup + toggles(edits)).seconds }
      return PinCost(
        perEdit: (batch.median - base.median) / Double(edits), edits: edits,
        commands:
          "`open all`\(mores), then `pin \(target.row)`, `unpin ID` "
          + "\((edits / 2).formatted()) times over, less the session without them (\(ms(base)))",
        place: place)
    }
  }

  /// `pin` and `unpin` on the page of a note that is not pinned, the same note at every size
  /// (``PageRoute``), the library's pinned notes kept, at a tier and at a small size in turn
  /// (``pageSessionsInTurn(_:against:edits:check:)``); the session that only opens the page is
  /// subtracted.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  ///   - edits: How many edits, half of them pins.
  /// - Returns: The tier's cost and the small size's.
  /// - Throws: ``BenchError`` when a run fails or the page shown is not the note's.
  func pagePinCosts(_ size: Int, against smallSize: Int, edits: Int = 1_000) throws -> (
    PinCost, PinCost
  ) {
    let toggles = (0..<edits).map { $0 % 2 == 0 ? "pin" : "unpin" }
    let sessions = try pageSessionsInTurn(
      size, against: smallSize, edits: { _ in toggles }, check: { try checkPage($0, in: $1) })
    let costs = sessions.map { route, base, batch in
      PinCost(
        perEdit: (batch.median - base.median) / Double(edits), edits: edits,
        commands:
          "\(route.commandsText), then `pin`, `unpin` \((edits / 2).formatted()) times over, "
          + "less the session without them (\(ms(base)))",
        place: "row \(route.row) of the list")
    }
    return (costs[0], costs[1])
  }

  /// A workload on the page of the same note at a tier and at a small size, each on a copy of
  /// its store, timed in turn: each round, the tier's session that only opens the page, then
  /// with the edits, then the same at the small size.
  ///
  /// Timed minutes apart (the small size at the start of a run, the tier after its import), the
  /// two costs would be of two machines.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  ///   - edits: The commands after the page is open, for a route.
  ///   - check: Checks a route on its store's copy before anything is timed.
  /// - Returns: For the tier, then the small size: the route, and the sessions' times without
  ///   the edits and with them.
  /// - Throws: ``BenchError`` when a run fails, or what `check` throws.
  func pageSessionsInTurn(
    _ size: Int, against smallSize: Int, edits: (PageRoute) -> [String],
    check: (PageRoute, String) throws -> Void
  ) throws -> [(route: PageRoute, base: Summary, batch: Summary)] {
    guard let route = pageRoutes[size], let smallRoute = pageRoutes[smallSize] else {
      throw BenchError.failed("no page route at \(size) or \(smallSize)")
    }
    return try withCopy(of: size) { store in
      try withCopy(of: smallSize) { smallStore in
        let sides = [(route, store), (smallRoute, smallStore)]
        for (route, store) in sides { try check(route, store) }
        var times = sides.map { _ in (base: [Double](), batch: [Double]()) }
        for _ in 0..<repetitions {
          for (index, (route, store)) in sides.enumerated() {
            times[index].base.append(try fieldNotes(store, route.commands).seconds)
            times[index].batch.append(
              try fieldNotes(store, route.commands + edits(route)).seconds)
          }
        }
        return zip(sides, times).map { side, times in
          (side.0, Summary(times.base), Summary(times.batch))
        }
      }
    }
  }

  /// Checks that a route opens its note's page and that `pin` there pins it.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - store: A store to check it on; the note is left as it was.
  /// - Throws: ``BenchError`` when it doesn't.
  func checkPage(_ route: PageRoute, in store: String) throws {
    let check = try fieldNotes(store, route.commands + ["pin", "unpin"], keepOutput: true)
    let lines = check.output.split(separator: "\n")
    guard lines.contains(where: { $0 == route.title }),
      lines.contains(where: { $0.contains("· pinned ·") })
    else {
      throw BenchError.failed("\(route.commands) did not open and pin “\(route.title)”")
    }
  }

  /// A pin workload's row: a tier's cost per edit against a small size's.
  ///
  /// - Parameters:
  ///   - name: What the workload does, for the row's name.
  ///   - size: The tier.
  ///   - cost: The tier's cost.
  ///   - smallSize: The small size.
  ///   - small: The small size's cost.
  /// - Returns: The row.
  func pinRow(
    _ name: String, _ size: Int, _ cost: PinCost, against smallSize: Int, _ small: PinCost
  )
    -> Result
  {
    func figure(_ cost: PinCost, _ size: Int) -> String {
      guard let perEdit = cost.perEdit else {
        return "not measured at \(size.formatted()): \(cost.commands) (\(cost.place))"
      }
      return "\(milliseconds(perEdit)) at \(size.formatted()) (\(cost.commands); \(cost.place))"
    }
    let ratio = cost.perEdit.flatMap { large in small.perEdit.map { large / $0 } }
    return Result(
      name: "\(name), per edit, \(size.formatted()) vs \(smallSize.formatted()) notes",
      fieldNotes: figure(cost, size), peer: figure(small, smallSize) + " (itself)", ratio: ratio,
      target: "≤ 1.3×", isMet: ratio.map { $0 <= 1.3 } ?? false)
  }
}
