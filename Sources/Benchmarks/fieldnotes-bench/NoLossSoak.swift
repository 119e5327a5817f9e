import Foundation
import NoLossOracle

/// The no-loss oracle's long run: many seeds of many steps, where `swift test` runs a few.
enum NoLossSoak {
  /// Runs the seeds one after another, printing a line for each and what any of them found.
  ///
  /// - Parameters:
  ///   - binary: The `fieldnotes` executable.
  ///   - seeds: How many seeds, from 1.
  ///   - steps: The steps of each.
  /// - Returns: The exit status: 0 when nothing was lost, 1 otherwise.
  static func run(binary: String, seeds: Int, steps: Int) -> Int32 {
    var lost = 0
    var acknowledged = 0
    let started = Date()
    for seed in 1...max(1, seeds) {
      let oracle = NoLossOracle(
        binary: binary,
        folder: NSTemporaryDirectory() + "fieldnotes-soak-" + UUID().uuidString)
      do {
        let report = try oracle.run(seed: UInt64(seed), steps: steps)
        acknowledged += report.acknowledged
        print(
          "seed \(seed): \(report.actions.count) steps, \(report.acknowledged) texts "
            + "acknowledged, \(report.conflictCopies) conflict copies, \(report.trashedNotes) "
            + "trashed, \(report.versions) versions, \(report.findings.count) lost")
        for finding in report.findings { print("  \(finding)") }
        if !report.findings.isEmpty {
          lost += 1
          print("  actions: " + report.actions.joined(separator: "; "))
        }
      } catch {
        lost += 1
        print("seed \(seed): could not run: \(error)")
      }
    }
    print(
      "\(seeds) seeds × \(steps) steps in \(Int(Date().timeIntervalSince(started))) s: "
        + "\(acknowledged) texts acknowledged; seeds that lost a text: \(lost)")
    return lost == 0 ? 0 : 1
  }
}
