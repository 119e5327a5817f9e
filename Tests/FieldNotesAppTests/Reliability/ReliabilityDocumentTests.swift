import Foundation
import Testing

/// `docs/Reliability.md` states the figures the reliability tests run with.
@Suite struct ReliabilityDocumentTests {
  @Test func theTableIsGeneratedFromTheFigures() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/Reliability.md")
    var text = try String(contentsOf: url, encoding: .utf8)
    let start = "<!-- generated: reliability -->\n"
    let end = "<!-- end: reliability -->"
    let table = ReliabilityFigures.table
    if ProcessInfo.processInfo.environment["FIELDNOTES_UPDATE_DOCS"] == "1",
      let startRange = text.range(of: start), let endRange = text.range(of: end)
    {
      text.replaceSubrange(startRange.upperBound..<endRange.lowerBound, with: table + "\n")
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    #expect(text.contains(start + table + "\n" + end))
  }
}
