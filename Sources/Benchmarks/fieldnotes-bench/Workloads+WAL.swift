import Foundation

/// The write-ahead log after a long session of edits while another session searches.
extension Workloads {
  /// The script of the searching session: `open all`, then `search WORD` every 100 ms, the
  /// words in turn, until its stop file is removed; after each search is sent it notes the WAL
  /// file's size.
  ///
  /// Its arguments: the stop file, the WAL file, the file of sizes, the `fieldnotes` binary,
  /// the store, then the words.
  static let searchingScript = """
    stop=$1; wal=$2; sizes=$3; fieldnotes=$4; store=$5; shift 5
    {
      echo "open all"
      while [ -e "$stop" ]; do
        for word in "$@"; do
          [ -e "$stop" ] || break
          echo "search $word"
          wc -c < "$wal" >> "$sizes" 2>/dev/null
          sleep 0.1
        done
      done
      echo quit
    } | "$fieldnotes" --store "$store" --no-summaries > /dev/null 2>&1
    """

  /// A session of edits (`pin` and `unpin` on a note's page, ``PageRoute``) while another
  /// `fieldnotes` session searches every 100 ms, on a copy of the store; the WAL's size when
  /// the edits end, the searching session still open.
  ///
  /// - Parameters:
  ///   - size: The store's size.
  ///   - edits: How many edits, half of them pins.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when a run fails.
  func walDuringSearches(_ size: Int, edits: Int = 10_000) throws -> Result {
    guard let route = pageRoutes[size] else { throw BenchError.failed("no page route at \(size)") }
    let toggles = (0..<edits).map { $0 % 2 == 0 ? "pin" : "unpin" }
    let folder = NSTemporaryDirectory() + "fieldnotes-bench-wal-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stop = folder + "/searching"
    let sizesFile = folder + "/wal-sizes"
    return try withCopy(of: size) { store in
      try checkPage(route, in: store)
      _ = FileManager.default.createFile(atPath: stop, contents: nil)
      let arguments = [stop, store + "-wal", sizesFile, fieldnotes, store] + searchWords
      let searcher = try Measurement.startInBackground(
        ["sh", "-c", Self.searchingScript, "sh"] + arguments)
      defer {
        try? FileManager.default.removeItem(atPath: stop)
        searcher.waitUntilExit()
      }
      // The searcher has started once it has sent its first search.
      let started = ContinuousClock.now
      while !FileManager.default.fileExists(atPath: sizesFile),
        ContinuousClock.now - started < .seconds(30)
      {
        usleep(10_000)
      }
      let run = try fieldNotes(store, route.commands + toggles)
      let walAtEnd =
        (try? FileManager.default.attributesOfItem(atPath: store + "-wal"))?[.size]
        as? Int ?? 0
      let sizes =
        ((try? String(contentsOfFile: sizesFile, encoding: .utf8)) ?? "").split(separator: "\n")
        .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      let limit = 64 * 1_048_576
      return Result(
        name:
          "a session of \(edits.formatted()) edits while another session searches every 100 ms, "
          + "\(size.formatted()) notes: the WAL file when the edits end",
        fieldNotes:
          "\(mebibytes(Double(walAtEnd))) (largest seen: "
          + "\(mebibytes(Double(sizes.max() ?? 0)))); the edits: \(route.commandsText), then "
          + "`pin`, `unpin` \((edits / 2).formatted()) times over, "
          + String(format: "%.0f s; ", run.seconds)
          + "the other session: `open all`, then `search WORD` every 100 ms, the "
          + "\(searchWords.count) words in turn, \(sizes.count.formatted()) searches sent",
        peer: "—", ratio: nil, target: "≤ 64 MiB", isMet: walAtEnd <= limit)
    }
  }
}
