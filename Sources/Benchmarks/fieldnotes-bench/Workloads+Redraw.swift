import Foundation

/// The redraw workload: what drawing a list again costs when one row changes.
extension Workloads {
  /// A list where one note can be pinned and unpinned over and over, each command changing that
  /// one row: the newest note of a notebook whose newest note is unpinned.
  ///
  /// - Parameter count: How many commands.
  /// - Returns: The row.
  /// - Throws: `BenchError` when there is no such notebook or a run fails.
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
}
