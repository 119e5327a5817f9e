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
    if ProcessInfo.processInfo.environment["FIELDNOTES_REGENERATE"] == "1",
      let startRange = text.range(of: start), let endRange = text.range(of: end)
    {
      text.replaceSubrange(startRange.upperBound..<endRange.lowerBound, with: table + "\n")
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    #expect(text.contains(start + table + "\n" + end))
  }

  /// Every suite the table of found cases names is a suite of the package's tests.
  @Test func everyCaseNamesASuiteThatExists() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/Reliability.md"), encoding: .utf8)
    let cases = try #require(
      text.components(separatedBy: "<!-- cases -->").last?
        .components(separatedBy: "<!-- end: cases -->").first)
    let suites = Set(
      cases.split(separator: "\n").flatMap { line -> [String] in
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 3 else { return [] }
        // The test column: one or more `Suite` names, separated by commas.
        return cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { $0.hasPrefix("`") && $0.hasSuffix("`") && $0.count > 2 }
          .map { String($0.dropFirst().dropLast()) }
      })
    #expect(suites.count >= 12)
    // Tests of Core and the app are in Tests/; a feature's are in its folder.
    var declared = ""
    for folder in ["Tests", "Features"] {
      let sources = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let file = sources?.nextObject() as? URL {
        if file.pathExtension == "swift" {
          declared += (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        }
      }
    }
    for suite in suites.sorted() {
      #expect(declared.contains("struct \(suite)"), "docs/Reliability.md names \(suite)")
    }
  }
}
