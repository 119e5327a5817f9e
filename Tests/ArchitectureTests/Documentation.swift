import Foundation

/// Reads and checks the documents in `docs/`: generated sections, quoted code, named symbols.
enum Documentation {
  static var folder: URL { PackageManifest.packageRoot.appendingPathComponent("docs") }

  static func text(of name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The range of the text between `<!-- generated: NAME -->` (or another kind of section,
  /// such as `checked`) and `<!-- end: NAME -->`, each on a line of its own.
  private static func sectionRange(
    _ name: String, kind: String = "generated", in text: String
  ) -> Range<String.Index>? {
    guard let start = text.range(of: "<!-- \(kind): \(name) -->\n"),
      let end = text.range(of: "<!-- end: \(name) -->", range: start.upperBound..<text.endIndex)
    else { return nil }
    return start.upperBound..<end.lowerBound
  }

  /// The text of a generated section, without its last newline.
  static func generatedSection(_ name: String, in text: String) -> String? {
    sectionRange(name, in: text).map {
      String(text[$0]).replacingOccurrences(of: "\n$", with: "", options: .regularExpression)
    }
  }

  /// The text of a section written by hand and checked against the code, between
  /// `<!-- checked: NAME -->` and `<!-- end: NAME -->`, without its last newline.
  static func checkedSection(_ name: String, in text: String) -> String? {
    sectionRange(name, kind: "checked", in: text).map {
      String(text[$0]).replacingOccurrences(of: "\n$", with: "", options: .regularExpression)
    }
  }

  /// Replaces a generated section (by `scripts/regenerate`).
  static func replacingSection(_ name: String, in text: String, with content: String) -> String {
    guard let range = sectionRange(name, in: text) else { return text }
    return text.replacingCharacters(in: range, with: content + "\n")
  }

  static var updates: Bool { ProcessInfo.processInfo.environment["FIELDNOTES_REGENERATE"] == "1" }

  static func write(_ text: String, to name: String) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  /// Every code block introduced by `<!-- quote: PATH -->`, with its path.
  static func quotes(in text: String) -> [(path: String, code: String)] {
    var quotes: [(String, String)] = []
    var remaining = text[...]
    while let marker = remaining.range(of: "<!-- quote: ") {
      let afterMarker = remaining[marker.upperBound...]
      guard let close = afterMarker.range(of: " -->"),
        let fenceStart = afterMarker.range(of: "```swift\n"),
        let fenceEnd = afterMarker.range(
          of: "\n```", range: fenceStart.upperBound..<afterMarker.endIndex)
      else { break }
      quotes.append(
        (
          String(afterMarker[..<close.lowerBound]),
          String(afterMarker[fenceStart.upperBound..<fenceEnd.lowerBound])
        ))
      remaining = afterMarker[fenceEnd.upperBound...]
    }
    return quotes
  }

  /// Every `path` `symbol` pair in table rows written as `| … | `path` | `symbol` |`.
  static func symbolRows(in text: String) -> [(path: String, symbol: String)] {
    text.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { return nil }
      let ticked = cells.filter { $0.hasPrefix("`") && $0.hasSuffix("`") && $0.count > 2 }
        .map { String($0.dropFirst().dropLast()) }
      guard ticked.count >= 2, ticked[0].hasSuffix(".swift") else { return nil }
      return (ticked[0], ticked[1])
    }
  }
}
