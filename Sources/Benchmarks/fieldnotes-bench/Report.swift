import Foundation

/// The Markdown the benchmark prints and writes to `docs/Performance.md`.
struct Report {
  let results: [Workloads.Result]
  let quick: Bool

  var table: String {
    var lines = [
      "| workload | FieldNotes | peer in the same run | ratio | target | met |",
      "|---|---|---|---|---|---|",
    ]
    for result in results {
      let ratio = result.ratio.map { String(format: "%.2f×", $0) } ?? "—"
      let met = result.isMet.map { $0 ? "yes" : "**no**" } ?? "—"
      lines.append(
        "| \(result.name) | \(result.fieldNotes) | \(result.peer) | \(ratio) | \(result.target) | \(met) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  static var machine: String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    let system = ProcessInfo.processInfo.operatingSystemVersionString
    return String(format: "%d cores, %.0f GiB, %@", cores, memory, system)
  }

  func write(to path: String) throws {
    let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let start = "<!-- generated: benchmark -->\n"
    let end = "<!-- end: benchmark -->"
    let generated = """
      Measured \(Date().formatted(.iso8601.year().month().day())) on \(Self.machine), with the release
      build, by `swift run -c release fieldnotes-bench` (medians of repeated runs; min and max in
      parentheses).

      \(table)
      """
    let text: String
    if let startRange = existing.range(of: start), let endRange = existing.range(of: end) {
      text = existing.replacingCharacters(
        in: startRange.upperBound..<endRange.lowerBound, with: generated + "\n")
    } else {
      text = "# Performance\n\n" + start + generated + "\n" + end + "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
