import Foundation
import Testing

/// Checks every generated or quoted part of `docs/`, so the docs can't drift from the code.
///
/// `scripts/regenerate` rewrites the generated parts instead (it sets `FIELDNOTES_REGENERATE=1`).
@Suite struct DocumentationTests {
  @Test func theModuleGraphIsTheOneInThePackage() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    let graph = ModuleGraph.mermaid(manifest)
    var text = try Documentation.text(of: "Architecture.md")
    if Documentation.updates {
      text = Documentation.replacingSection("module-graph", in: text, with: graph)
      try Documentation.write(text, to: "Architecture.md")
    }
    #expect(Documentation.generatedSection("module-graph", in: text) == graph)
  }

  @Test(arguments: ["Architecture.md", "MV-vs-MVVM.md", "Testing.md", "Adding-a-Feature.md"])
  func everyNamedSymbolExists(_ document: String) throws {
    let rows = Documentation.symbolRows(in: try Documentation.text(of: document))
    for (path, symbol) in rows {
      let url = PackageManifest.packageRoot.appendingPathComponent(path)
      let source = try String(contentsOf: url, encoding: .utf8)
      let name = Self.baseName(of: symbol)
      let declared = [
        "func \(name)", "var \(name)", "let \(name)", "class \(name)", "struct \(name)",
        "enum \(name)",
        "case \(name)", "init(",
      ]
      .contains { source.contains(name == "init" ? "init(" : $0) }
      #expect(declared, "\(document): \(path) declares no \(symbol)")
      // A function named with its argument labels must have exactly those labels.
      if let labels = Self.labels(of: symbol) {
        let declarations = Self.parameterLabels(ofFunction: name, in: source)
        #expect(
          declarations.contains(labels),
          "\(document): \(path) declares no \(symbol); its \(name) takes \(declarations)")
      }
    }
  }

  /// `lines(title:settings:)` → `["title", "settings"]`; `nil` for a symbol without labels.
  static func labels(of symbol: String) -> [String]? {
    guard let open = symbol.firstIndex(of: "("), symbol.hasSuffix(")") else { return nil }
    let inside = symbol[symbol.index(after: open)..<symbol.index(before: symbol.endIndex)]
    return inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
  }

  /// The argument labels of every declaration of a function (or `init`) in some source:
  /// `func lines(title: String, _ rows: [Row])` → `["title", "_"]`.
  static func parameterLabels(ofFunction name: String, in source: String) -> [[String]] {
    let opening = name == "init" ? "init(" : "func \(name)("
    var found: [[String]] = []
    var rest = source[...]
    while let range = rest.range(of: opening) {
      var depth = 1
      var index = range.upperBound
      var parameters = ""
      while index < rest.endIndex, depth > 0 {
        let character = rest[index]
        if character == "(" || character == "[" || character == "<" { depth += 1 }
        if character == ")" || character == "]" || character == ">" { depth -= 1 }
        if depth > 0 { parameters.append(depth == 1 && character == "," ? "\u{0}" : character) }
        index = rest.index(after: index)
      }
      let labels = parameters.split(separator: "\u{0}").compactMap { parameter -> String? in
        let words = parameter.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ":" })
        return words.first.map(String.init)
      }
      found.append(labels.filter { !$0.hasPrefix("@") })
      rest = rest[index...]
    }
    return found
  }

  @Test func argumentLabelsAreReadFromDeclarations() {
    let source = """
      func lines(title: String, settings: Settings, rowLines: [[String]], hiddenCount: Int = 0) {}
      init(_ store: NoteStore, scope: [Int: (String, Int)]) {}
      """
    #expect(
      Self.parameterLabels(ofFunction: "lines", in: source)
        == [["title", "settings", "rowLines", "hiddenCount"]])
    #expect(Self.parameterLabels(ofFunction: "init", in: source) == [["_", "scope"]])
    #expect(Self.labels(of: "NoteListLayout.lines(title:settings:)") == ["title", "settings"])
    #expect(Self.labels(of: "NoteListViewModel.state") == nil)
  }

  @Test(arguments: ["MV-vs-MVVM.md", "Testing.md", "Adding-a-Feature.md", "Class.md"])
  func everyQuoteMatchesItsSource(_ document: String) throws {
    let quotes = Documentation.quotes(in: try Documentation.text(of: document))
    #expect(!quotes.isEmpty)
    for (path, code) in quotes {
      let source = try String(
        contentsOf: PackageManifest.packageRoot.appendingPathComponent(path), encoding: .utf8)
      #expect(source.contains(code), "\(document): the quote from \(path) no longer matches it")
      // A quote is whole: every brace it opens, it closes.
      let opened = code.filter { $0 == "{" }.count
      let closed = code.filter { $0 == "}" }.count
      #expect(opened == closed, "\(document): a quote from \(path) stops inside a declaration")
    }
  }

  /// `NoteListViewModel.togglePin(_:)` → `togglePin`.
  static func baseName(of symbol: String) -> String {
    let withoutArguments = symbol.split(separator: "(").first.map(String.init) ?? symbol
    return withoutArguments.split(separator: ".").last.map(String.init) ?? withoutArguments
  }
}

@Suite struct NoteListFormsTableTests {
  @Test func theComparisonTableIsMeasuredFromTheSource() throws {
    let table = NoteListForms.table()
    var text = try Documentation.text(of: "MV-vs-MVVM.md")
    if Documentation.updates {
      text = Documentation.replacingSection("forms-table", in: text, with: table)
      try Documentation.write(text, to: "MV-vs-MVVM.md")
    }
    #expect(Documentation.generatedSection("forms-table", in: text) == table)
    #expect(NoteListForms.codeLines(NoteListForms.mv.files) > 20)
    #expect(NoteListForms.testCount(NoteListForms.mvvm.testFiles) > 10)
  }
}

@Suite struct MeasuredFiguresTests {
  @Test func theTimingTableWasMeasured() throws {
    let section = Documentation.generatedSection(
      "forms-timing", in: try Documentation.text(of: "MV-vs-MVVM.md"))
    #expect(section?.contains("Measured ") == true, "run scripts/measure-note-list-tests.sh")
  }
}
