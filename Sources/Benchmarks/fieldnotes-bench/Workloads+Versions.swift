import Foundation

/// The versions workloads: what an edit costs now that every save keeps the text it replaces,
/// at a tier against a small library, and what ten versions of every note cost on disk.
extension Workloads {
  /// A save on a note's page (`edit`, `title …`, `save`), each keeping the text it replaces as
  /// a version, the same note at every size, at a tier and at a small size in turn
  /// (``pageSessionsInTurn(_:against:edits:check:)``); the session that only opens the page is
  /// subtracted.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - smallSize: The small size.
  ///   - edits: How many saves.
  /// - Returns: The tier's cost and the small size's.
  /// - Throws: ``BenchError`` when a run fails, or two saves keep no two versions.
  func versionedEditCosts(_ size: Int, against smallSize: Int, edits: Int = 300) throws -> (
    PinCost, PinCost
  ) {
    func saves(_ route: PageRoute) -> [String] {
      (0..<edits).flatMap { ["edit", "title \(route.title) (edit \($0))", "save"] }
    }
    let sessions = try pageSessionsInTurn(size, against: smallSize, edits: saves) {
      route, store in
      try checkPage(route, in: store)
      let check = try fieldNotes(
        store, route.commands + Array(saves(route).prefix(6)) + ["history"], keepOutput: true)
      guard check.output.contains("2 versions of") else {
        throw BenchError.failed("two saves on \(route.title)'s page kept no two versions")
      }
    }
    let costs = sessions.map { route, base, batch in
      PinCost(
        perEdit: (batch.median - base.median) / Double(edits), edits: edits,
        commands:
          "\(route.commandsText), then `edit`, `title …`, `save` \(edits.formatted()) times, "
          + "each keeping a version, less the session without them (\(ms(base)))",
        place: "row \(route.row) of the list")
    }
    return (costs[0], costs[1])
  }

  /// The store after ten edits of every note, each keeping a version: its size against the
  /// store before, and the added bytes against the versions' own text.
  ///
  /// The edits are made by `sqlite3` on a copy (each appends a line to every body, through the
  /// store's own `note_versions_keep` trigger, as any save does), since ten saves of each of
  /// 100,000 notes through the REPL would take hours and measure the REPL, not the disk.
  ///
  /// - Parameter size: The store's size.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when `sqlite3` fails.
  func versionsOnDisk(_ size: Int) throws -> Result {
    try withCopy(of: size) { store in
      // Opening it once with FieldNotes migrates a store built by an earlier one.
      _ = try fieldNotes(store, ["notebooks"])
      _ = try sqlite(store, "PRAGMA wal_checkpoint(TRUNCATE);")
      let before = Self.fileBytes(store)
      for edit in 1...10 {
        _ = try sqlite(
          store,
          "UPDATE notes SET body = body || char(10) || 'Edit \(edit).', "
            + "updated_at = updated_at + \(edit); PRAGMA wal_checkpoint(TRUNCATE);")
      }
      let after = Self.fileBytes(store)
      let counted = try sqlite(
        store,
        "SELECT count(*), sum(length(CAST(title AS BLOB)) + length(CAST(body AS BLOB))) "
          + "FROM note_versions;", keepOutput: true
      ).output.split(separator: "|").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      guard counted.count == 2, counted[0] == Double(size * 10) else {
        throw BenchError.failed("ten edits of \(size) notes kept \(counted.first ?? 0) versions")
      }
      let added = Double(after - before)
      return Result(
        name: "the store with 10 versions of every note, \(size.formatted()) notes",
        fieldNotes:
          "\(mebibytes(Double(after))) (\(mebibytes(Double(before))) before the 10 edits each: "
          + "+\(mebibytes(added)), \(Int(added / counted[0])) bytes a version)",
        peer:
          "the versions' own text: \(mebibytes(counted[1])) of titles and bodies "
          + "(\(Int(counted[1] / counted[0])) bytes a version)",
        ratio: added / counted[1], target: "reported", isMet: nil)
    }
  }

  /// The history of an often-edited long note: a note of about 100 KB of prose, made on a new
  /// store, then saved 300 times through the composer in one session, each save changing one
  /// line (`edit`, `body`, the whole text typed again, `.`, `save`), so each keeps a version.
  ///
  /// Two rows: the store's growth over the 300 saves (after a checkpoint, against the 300
  /// versions' own text), and the oldest version's diff on the note's page (`diff 1 2`, which
  /// reads the note's versions and rebuilds the oldest), less the session that only opens the
  /// page, the two sessions taken in turn.
  ///
  /// - Parameters:
  ///   - prose: Lines of prose, numbered and repeated to make the note.
  ///   - bytes: The note's length.
  ///   - edits: How many saves.
  /// - Returns: The two rows.
  /// - Throws: ``BenchError`` when a run fails, or the saves kept other versions.
  func longNoteHistory(prose: [String], bytes: Int = 100_000, edits: Int = 300) throws
    -> [Result]
  {
    guard !prose.isEmpty else { throw BenchError.failed("no prose for the long note") }
    var lines: [String] = []
    var length = 0
    while length < bytes {
      lines.append("\(lines.count + 1). \(prose[lines.count % prose.count])")
      length += lines[lines.count - 1].utf8.count + 1
    }
    let store = NSTemporaryDirectory() + "fieldnotes-bench-history-\(UUID().uuidString).sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
      }
    }
    func typed(_ lines: [String]) -> [String] { ["body"] + lines + ["."] }
    _ = try fieldNotes(
      store, ["open all", "new", "title Survey of the weir"] + typed(lines) + ["save"])
    let checkpoint = "PRAGMA wal_checkpoint(TRUNCATE);"
    if hasSQLite { _ = try sqlite(store, checkpoint) }
    let before = Self.fileBytes(store)
    var saves: [String] = []
    var versionsText = 0
    for edit in 1...edits {
      versionsText += lines.reduce(0) { $0 + $1.utf8.count + 1 } - 1
      let line = edit * 37 % lines.count
      lines[line] += " (Seen again, \(edit).)"
      saves += ["edit"] + typed(lines) + ["save"]
    }
    let page = ["open all", "show 1"]
    let session = try fieldNotes(store, page + saves)
    if hasSQLite { _ = try sqlite(store, checkpoint) }
    let after = Self.fileBytes(store)
    let check = try fieldNotes(store, page + ["history"], keepOutput: true)
    guard check.output.contains("\(edits) versions of") else {
      throw BenchError.failed("\(edits) saves of the long note kept other than \(edits) versions")
    }
    // The diff is a few milliseconds of a session of some fifty: the two sessions are taken in
    // turn, eleven times each, so that the difference of their medians is the diff's, not the
    // machine's load moving between them.
    let (base, diff) = try alternatingSamples(
      11, ours: { try fieldNotes(store, page).seconds },
      peer: { try fieldNotes(store, page + ["diff 1 2"]).seconds })
    let added = Double(after - before)
    let oldest = diff.median - base.median
    let note =
      "a \((bytes / 1_000).formatted()) KB note saved \(edits) times, one line changed each"
    return [
      Result(
        name: "the history of \(note): the store's growth",
        fieldNotes:
          "+\(mebibytes(added)) (\(mebibytes(Double(before))) to \(mebibytes(Double(after))) "
          + "after a checkpoint; the \(edits) saves in one session: "
          + "\(String(format: "%.1f s", session.seconds)))",
        peer: "the versions' own text: \(mebibytes(Double(versionsText)))",
        ratio: added / Double(versionsText), target: "≤ 3 MB added",
        isMet: added <= 3_000_000),
      Result(
        name: "the history of \(note): its oldest version rebuilt and compared (`diff 1 2`)",
        fieldNotes:
          "\(milliseconds(oldest)) (`open all`, `show 1`, `diff 1 2`, less the session without "
          + "the diff: \(ms(base)))",
        peer: "—", ratio: nil, target: "≤ 50 ms", isMet: oldest <= 0.050),
    ]
  }
}
