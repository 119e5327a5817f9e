import Foundation
import Testing

/// Checks every generated or quoted part of `docs/`, so the docs can't drift from the code.
///
/// Set `FIELDNOTES_UPDATE_DOCS=1` to regenerate the generated parts instead.
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
    }
  }

  @Test(arguments: ["MV-vs-MVVM.md", "Testing.md", "Adding-a-Feature.md"])
  func everyQuoteMatchesItsSource(_ document: String) throws {
    let quotes = Documentation.quotes(in: try Documentation.text(of: document))
    #expect(!quotes.isEmpty)
    for (path, code) in quotes {
      let source = try String(
        contentsOf: PackageManifest.packageRoot.appendingPathComponent(path), encoding: .utf8)
      #expect(source.contains(code), "\(document): the quote from \(path) no longer matches it")
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
