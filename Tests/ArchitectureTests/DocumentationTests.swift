import FieldNotesPlatform
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

  @Test(arguments: [
    "Architecture.md", "MV-vs-MVVM.md", "Testing.md", "Adding-a-Feature.md", "Class.md",
  ])
  func everyNamedSymbolExists(_ document: String) throws {
    let rows = Documentation.symbolRows(in: try Documentation.text(of: document))
    for (path, symbol) in rows {
      let url = PackageManifest.packageRoot.appendingPathComponent(path)
      let source = try String(contentsOf: url, encoding: .utf8)
      let name = Self.baseName(of: symbol)
      // An initializer is named `init`; anything else by a declaration of its name.
      // The whole name: `viewSt` is not declared by `let viewState`.
      let declaration = try Regex(
        #"\b(func|var|let|class|struct|enum|case|protocol|actor) "# + name + #"(?![A-Za-z0-9_])"#)
      let declared = name == "init" ? source.contains("init(") : source.contains(declaration)
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
    // `func name(`, or a generic `func name<T: P>(`.
    let opening = name == "init" ? #"init\("# : #"func \#(name)(<[^(]*>)?\("#
    var found: [[String]] = []
    var rest = source[...]
    while let range = rest.range(of: opening, options: .regularExpression) {
      var depth = 1
      var index = range.upperBound
      var parameters = ""
      var previous: Character = " "
      while index < rest.endIndex, depth > 0 {
        let character = rest[index]
        if character == "(" || character == "[" || character == "<" { depth += 1 }
        // The `>` of a closure type's `->` closes nothing.
        if character == ")" || character == "]" || (character == ">" && previous != "-") {
          depth -= 1
        }
        previous = character
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
      static func carrying<Value, Failure: Error>(_ work: () throws(Failure) -> Value, at: Int)
      """
    #expect(
      Self.parameterLabels(ofFunction: "lines", in: source)
        == [["title", "settings", "rowLines", "hiddenCount"]])
    #expect(Self.parameterLabels(ofFunction: "carrying", in: source) == [["_", "at"]])
    #expect(Self.parameterLabels(ofFunction: "init", in: source) == [["_", "scope"]])
    #expect(Self.labels(of: "NoteListLayout.lines(title:settings:)") == ["title", "settings"])
    #expect(Self.labels(of: "NoteListViewModel.state") == nil)
  }

  @Test(arguments: ["MV-vs-MVVM.md", "Testing.md", "Adding-a-Feature.md", "Class.md"])
  func everyQuoteMatchesItsSource(_ document: String) throws {
    let text = try Documentation.text(of: document)
    let quotes = Documentation.quotes(in: text)
    #expect(!quotes.isEmpty)
    // A quote inside a list (indented) would be read past its closing fence: none is.
    let indented = text.split(separator: "\n").filter {
      $0.contains("<!-- quote: ") && !$0.hasPrefix("<!-- quote: ")
    }
    #expect(indented.isEmpty, "\(document): a quote marker is indented: \(indented)")
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

/// The docs' own shape: every fenced block is closed, and counted figures are counted.
@Suite struct DocumentShapeTests {
  static var documents: [(name: String, text: String)] {
    get throws {
      let folder = Documentation.folder
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".md") }.sorted()
      let readme = PackageManifest.packageRoot.appendingPathComponent("README.md")
      return try names.map { ($0, try Documentation.text(of: $0)) }
        + [("README.md", try String(contentsOf: readme, encoding: .utf8))]
    }
  }

  /// The line numbers of fences left open (a fence with no closing one), for a document.
  static func unclosedFences(in text: String) -> [Int] {
    var open: Int?
    var unclosed: [Int] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("```") else { continue }
      if open == nil {
        open = index + 1
      } else if trimmed == "```" {
        open = nil
      } else {
        // A fence with a language while one is open: the one before was never closed.
        unclosed.append(open ?? 0)
        open = index + 1
      }
    }
    return unclosed + (open.map { [$0] } ?? [])
  }

  @Test func everyFencedBlockIsClosed() throws {
    let documents = try Self.documents
    #expect(documents.count >= 10)
    for (name, text) in documents {
      #expect(Self.unclosedFences(in: text) == [], "\(name) leaves a fenced block open")
    }
  }

  @Test func anUnclosedFenceIsFound() {
    #expect(Self.unclosedFences(in: "a\n```swift\nlet x = 1\n```\nb") == [])
    #expect(Self.unclosedFences(in: "```swift\nlet x = 1\n\n```sh\nls\n```") == [1])
    #expect(Self.unclosedFences(in: "text\n```\nnever closed") == [2])
  }

  /// The walkthrough defines a hop once and says how many `pin 2` takes: the number of its
  /// table's rows.
  @Test func theHopCountOfPin2IsItsTablesRowCount() throws {
    let text = try Documentation.text(of: "Architecture.md")
    let section = try #require(
      text.components(separatedBy: "## One command, end to end").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let hops = section.split(separator: "\n").filter {
      $0.range(of: #"^\| [0-9]+\. "#, options: .regularExpression) != nil
    }
    #expect(hops.count >= 10)
    #expect(section.components(separatedBy: "A **hop** is").count == 2, "one definition")
    #expect(section.contains("That is \(hops.count) hops:"))
    for (offset, row) in hops.enumerated() {
      #expect(row.hasPrefix("| \(offset + 1). "), "hops are numbered in order")
    }
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
  /// The timing table's counts are the tests each filter runs: the `@Test`s of the MV suite's
  /// file, and of every file of the MVVM target (`NoteListFeatureTests` runs them all).
  @Test func theTimingTableCountsTheTestsEachFormRuns() throws {
    let section = try #require(
      Documentation.generatedSection(
        "forms-timing", in: try Documentation.text(of: "MV-vs-MVVM.md")),
      "run scripts/measure-note-list-tests.sh")
    #expect(section.contains("Measured "))
    let row = try #require(section.split(separator: "\n").first { $0.hasPrefix("| tests run |") })
    let counts = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    let mvvmFolder = "Features/NoteList/Tests/NoteListFeatureTests"
    let mvvmFiles = try FileManager.default.contentsOfDirectory(
      atPath: PackageManifest.packageRoot.appendingPathComponent(mvvmFolder).path
    ).filter { $0.hasSuffix(".swift") }.map { "\(mvvmFolder)/\($0)" }
    #expect(
      Array(counts.dropFirst())
        == [
          String(NoteListForms.testCount(NoteListForms.mv.testFiles)),
          String(NoteListForms.testCount(mvvmFiles)),
        ], "run scripts/regenerate")
  }
}

/// The class, checked against the code and the commits it describes.
@Suite struct ClassTableTests {
  /// "4 tests for `NoteListMVScreenTests`": each count the class gives is the `@Test`s its
  /// filter runs.
  @Test func theClassSaysHowManyTestsEachSuiteRuns() throws {
    let text = try Documentation.text(of: "Class.md").replacing("\n", with: " ")
    let folder = "Features/NoteList/Tests"
    let mvvmFiles = try FileManager.default.contentsOfDirectory(
      atPath: PackageManifest.packageRoot.appendingPathComponent(
        "\(folder)/NoteListFeatureTests"
      ).path
    ).filter { $0.hasSuffix(".swift") }.map { "\(folder)/NoteListFeatureTests/\($0)" }
    let files = [
      "NoteListMVScreenTests": NoteListForms.mv.testFiles,
      "NoteListFeatureTests": mvvmFiles,
      "NoteListEquivalenceTests": ["\(folder)/NoteListScreenTests/NoteListEquivalenceTests.swift"],
    ]
    let counts = text.matches(of: try Regex(#"(\d+) tests for `(\w+)`"#)).map {
      (Int($0.output[1].substring ?? "") ?? -1, String($0.output[2].substring ?? ""))
    }
    #expect(Set(counts.map(\.1)) == Set(files.keys))
    for (count, suite) in counts {
      #expect(count == NoteListForms.testCount(files[suite] ?? []), "\(suite) runs another count")
    }
  }

  /// The failure the class says the switched-on start gives is the filter's usage before the
  /// solution: the line of the recorded errors the solution's patch replaces, which is today's
  /// output while the patch applies (``theFilterTaggedSolutionStillApplies()``).
  ///
  /// The words come from the filter's cases (`NoteListFilter`), so the usage is read where it
  /// is printed.
  @Test func theClassQuotesTheFiltersUsage() throws {
    let patch = try String(
      contentsOf: PackageManifest.packageRoot.appendingPathComponent(
        "docs/class/filter-tagged.patch"), encoding: .utf8)
    let usage = try #require(
      patch.firstMatch(
        of: try Regex(#"^-! error: usage: (filter [^ ]+) "#).anchorsMatchLineEndings()
      )?
      .output[1].substring)
    #expect(usage.contains("|"), "the usage names the filter's words")
    let text = try Documentation.text(of: "Class.md").replacing("\n", with: " ")
    #expect(text.contains(".usage(\"\(usage)\")"), "Class.md should quote .usage(\"\(usage)\")")
  }

  /// The failure the class shows for the exhaustive try-it has the shape of the kit's own
  /// message for an unstated write, as its transcript records it.
  @Test func theClassShowsTheExhaustiveKitsMessage() throws {
    let transcript = try String(
      contentsOf: PackageManifest.packageRoot.appendingPathComponent(
        "Tests/FieldNotesTestingTests/Transcripts/exhaustive.transcript"), encoding: .utf8)
    let said = try #require(
      transcript.split(separator: "\n").first { $0.contains(": the store was written [[") })
    let shown = try #require(
      try Documentation.text(of: "Class.md").split(separator: "\n").first {
        $0.hasPrefix("↳ pin the kingfisher: the store was written [[")
      })
    let opening = "the store was written [[FieldNotesServices.RepositoryChange."
    let ending = "]], the test states []"
    #expect(said.contains(opening) && said.hasSuffix(ending))
    #expect(shown.contains(opening) && shown.hasSuffix(ending))
  }

  /// The plan's rows follow each other from minute 0 to minute 50, with no gap or overlap.
  @Test func thePlanAddsUpToFiftyMinutes() throws {
    let text = try Documentation.text(of: "Class.md")
    let plan = try #require(
      text.firstRange(of: "<!-- plan -->").flatMap { start in
        text.firstRange(of: "<!-- end: plan -->").map { text[start.upperBound..<$0.lowerBound] }
      })
    let ranges = plan.matches(of: try Regex(#"^\| (\d+)–(\d+) \|"#).anchorsMatchLineEndings())
      .map { (Int($0.output[1].substring ?? "") ?? -1, Int($0.output[2].substring ?? "") ?? -1) }
    #expect(ranges.count >= 10)
    #expect(ranges.first?.0 == 0)
    #expect(ranges.last?.1 == 50)
    for (earlier, later) in zip(ranges, ranges.dropFirst()) {
      #expect(earlier.0 < earlier.1 && earlier.1 == later.0, "\(earlier) then \(later)")
    }
  }

  /// The `git show --numstat` lines of the commit Class.md follows, or none in a clone
  /// without it (a shallow one, or a copy without `.git`).
  static let classCommitLines: [Substring] = {
    guard
      let git = try? ChildProcess(
        "git",
        arguments: [
          "-C", PackageManifest.packageRoot.path, "show", "--numstat", "--format=", "1ce3c9a",
        ], standardInput: .nullDevice, standardOutput: .pipe, standardError: .nullDevice)
    else { return [] }
    return String(decoding: git.collectOutput().output, as: UTF8.self).split(separator: "\n")
  }()

  @Test(
    .enabled(
      if: !ClassTableTests.classCommitLines.isEmpty,
      "this clone does not have commit 1ce3c9a, which Class.md's table follows"))
  func theClassTableHasEveryFileOfItsCommit() throws {
    let lines = Self.classCommitLines
    let table = try Documentation.text(of: "Class.md")
    for line in lines {
      let parts = line.split(separator: "\t")
      guard parts.count == 3 else { continue }
      let path = parts[2]
      let added = "+\(parts[0])"
      let removed = parts[1] == "0" ? "" : ", −\(parts[1])"
      let row = table.split(separator: "\n").first { $0.contains("| `\(path)` |") }
      #expect(
        row?.contains("| \(added)\(removed)") == true,
        "Class.md has no row for \(path) with \(added)\(removed)")
    }
  }

  /// The solution to part 3's "Try it" is a patch over today's code, so it must still apply
  /// (or, where a learner applied it, come out again): a change to a file it touches fails this
  /// until the patch is made again.
  @Test func theFilterTaggedSolutionStillApplies() throws {
    func check(_ arguments: [String]) throws -> (Bool, String) {
      let git = try ChildProcess(
        "git",
        arguments: ["-C", PackageManifest.packageRoot.path, "apply", "--check"] + arguments
          + ["docs/class/filter-tagged.patch"],
        standardInput: .nullDevice, standardOutput: .nullDevice, standardError: .pipe)
      let result = git.collectOutput()
      return (result.termination == .exited(0), String(decoding: result.errors, as: UTF8.self))
    }
    let (applies, why) = try check([])
    let (isApplied, _) = try check(["--reverse"])
    #expect(applies || isApplied, "docs/class/filter-tagged.patch no longer applies: \(why)")
  }
}

/// The exercises can be done as written: a learner's types never meet a solution's, and the
/// starting file imports every module a solution needs.
@Suite struct ExerciseLayoutTests {
  /// The modules a file imports.
  static func imports(of path: String) throws -> Set<String> {
    let text = try String(
      contentsOf: PackageManifest.packageRoot.appendingPathComponent(path), encoding: .utf8)
    return Set(
      text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map {
        String($0.dropFirst("import ".count))
      })
  }

  @Test func theStartImportsEveryModuleTheSolutionsUse() throws {
    let folder = "Tests/ExercisesTests/Solutions"
    let files = try FileManager.default.contentsOfDirectory(
      atPath: PackageManifest.packageRoot.appendingPathComponent(folder).path)
    let used = try files.filter { $0.hasSuffix(".swift") }.reduce(into: Set<String>()) {
      $0.formUnion(try Self.imports(of: "\(folder)/\($1)"))
    }
    let start = try Self.imports(of: "Tests/ExercisesTests/Starts/Exercises.swift")
    #expect(
      used.subtracting(start).isEmpty,
      "Starts/Exercises.swift doesn't import \(used.subtracting(start).sorted())")
  }

  @Test func everySolutionIsInsideTheSolutionsNamespace() throws {
    let folder = PackageManifest.packageRoot.appendingPathComponent(
      "Tests/ExercisesTests/Solutions")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 3)
    let declaration = try Regex(
      #"^(?:@\w+(?:\([^)]*\))? )*(?:final |private |fileprivate )*(struct|class|enum|actor|extension|func|let|var) (\w+)"#
    )
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      // Top-level declarations start a line; those inside the namespace are indented.
      for line in text.split(separator: "\n") {
        guard let match = line.firstMatch(of: declaration) else { continue }
        let name = String(match.output[2].substring ?? "")
        #expect(name == "Solutions", "\(file): `\(line)` is outside the Solutions namespace")
      }
    }
  }
}
