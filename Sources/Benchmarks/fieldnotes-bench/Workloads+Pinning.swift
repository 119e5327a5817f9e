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

  /// `pin` and `unpin` of the newest note that is not pinned, on All Notes, the library's
  /// pinned notes kept (``AllNotesPinTarget``), at a tier and at a small size, each on a copy
  /// of its store, timed in turn (``sessionsInTurn(_:)``).
  ///
  /// The list shows the note's row after as many `more` as reach it; the session that only
  /// opens the list and reaches the row is subtracted. The edits are the same number at both
  /// sizes, so neither side's count comes from a probe of its own.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  ///   - edits: How many edits, half of them pins.
  /// - Returns: The tier's cost and the small size's; a side has no figure when reaching its
  ///   row takes over ``reachLimit`` seconds.
  /// - Throws: ``BenchError`` when a run fails or the note pinned is not the one meant.
  func allNotesPinCosts(_ size: Int, against smallSize: Int, edits: Int = 1_000) throws -> (
    PinCost, PinCost
  ) {
    guard let target = allNotesPinTargets[size], let smallTarget = allNotesPinTargets[smallSize]
    else {
      throw BenchError.failed("no note to pin at \(size) or \(smallSize)")
    }
    return try withCopy(of: size) { store in
      try withCopy(of: smallSize) { smallStore in
        var sides: [(target: AllNotesPinTarget, store: String)] = []
        var costs: [PinCost?] = []
        for (target, store) in [(target, store), (smallTarget, smallStore)] {
          let unreached = try allNotesPinCheck(target, in: store)
          if unreached == nil { sides.append((target, store)) }
          costs.append(unreached)
        }
        var timed = try sessionsInTurn(
          sides.map { ($0.store, $0.target.setup, $0.target.toggles(edits)) }
        ).makeIterator()
        let measured = zip([target, smallTarget], costs).map { target, unreached in
          guard unreached == nil, let (base, batch) = timed.next() else {
            return unreached ?? PinCost(perEdit: nil, edits: 0, commands: "", place: "")
          }
          return PinCost(
            perEdit: (batch.median - base.median) / Double(edits), edits: edits,
            commands:
              "`open all`\(target.moresText), then `pin \(target.row)`, `unpin ID` "
              + "\((edits / 2).formatted()) times over, less the session without them "
              + "(\(ms(base)))",
            place: target.placeText)
        }
        return (measured[0], measured[1])
      }
    }
  }

  /// Checks that the All Notes pin workload reaches its note in time and pins the note meant.
  ///
  /// - Parameters:
  ///   - target: The note.
  ///   - store: A store to check it on; the note is left as it was.
  /// - Returns: `nil` when the note is reached in time; otherwise the cost without a figure
  ///   that says so.
  /// - Throws: ``BenchError`` when a run fails or the note pinned is not the one meant.
  private func allNotesPinCheck(_ target: AllNotesPinTarget, in store: String) throws -> PinCost? {
    let reach = try fieldNotes(store, target.setup, timeLimit: Self.reachLimit)
    guard !reach.isTimedOut else {
      return PinCost(
        perEdit: nil, edits: 0,
        commands: "`open all`\(target.moresText): over \(Int(Self.reachLimit)) s",
        place: target.placeText)
    }
    let check = try fieldNotes(store, target.setup + target.toggles(2), keepOutput: true)
    guard check.output.contains("Pinned \u{201C}\(target.title)\u{201D}."),
      check.output.contains("Unpinned \u{201C}\(target.title)\u{201D}.")
    else {
      throw BenchError.failed("the All Notes pin workload did not pin “\(target.title)”")
    }
    return nil
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
        let timed = try sessionsInTurn(
          sides.map { route, store in (store, route.commands, edits(route)) })
        return zip(sides, timed).map { side, times in (side.0, times.base, times.batch) }
      }
    }
  }

  /// Sessions on stores timed in turn: each round, each store's session of its setup alone,
  /// then of its setup and its edits.
  ///
  /// Timed minutes apart (the small size at the start of a run, the tier after its import), or
  /// one side's rounds before the other's, the costs would be of two machines.
  ///
  /// - Parameter sides: For each store: its path, the commands that set the session up, and
  ///   the edits after them.
  /// - Returns: For each store, in order: the times of the sessions without the edits and with
  ///   them.
  /// - Throws: ``BenchError`` when a run fails.
  func sessionsInTurn(_ sides: [(store: String, setup: [String], edits: [String])]) throws
    -> [(base: Summary, batch: Summary)]
  {
    var times = sides.map { _ in (base: [Double](), batch: [Double]()) }
    for _ in 0..<repetitions {
      for (index, side) in sides.enumerated() {
        times[index].base.append(try fieldNotes(side.store, side.setup).seconds)
        times[index].batch.append(try fieldNotes(side.store, side.setup + side.edits).seconds)
      }
    }
    return times.map { (Summary($0.base), Summary($0.batch)) }
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

  /// The edit rows at a tier against a small size: `pin` on All Notes after `more`, `pin` on a
  /// note's page, and a save on it keeping a version.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  /// - Returns: The three rows.
  /// - Throws: ``BenchError`` when a run fails or a workload does not do what it means to.
  func editRows(_ size: Int, against smallSize: Int) throws -> [Result] {
    let (allNotesPin, smallAllNotesPin) = try allNotesPinCosts(size, against: smallSize)
    let (pagePin, smallPagePin) = try pagePinCosts(size, against: smallSize)
    let (save, smallSave) = try versionedEditCosts(size, against: smallSize)
    return [
      pinRow(
        "`pin`/`unpin` of a note that is not pinned, on All Notes with the library's pinned "
          + "notes",
        size, allNotesPin, against: smallSize, smallAllNotesPin),
      pinRow(
        "`pin`/`unpin` on the page of a note that is not pinned (the same note at every size), "
          + "the library's pinned notes kept",
        size, pagePin, against: smallSize, smallPagePin),
      pinRow(
        "a save on a note's page (`edit`, `title …`, `save`), keeping the text it replaces as a "
          + "version (the same note at every size)",
        size, save, against: smallSize, smallSave),
    ]
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
