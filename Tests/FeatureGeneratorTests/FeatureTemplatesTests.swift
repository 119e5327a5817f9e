import FieldNotesPlatform
import Foundation
import Testing

@testable import FeatureGenerator

/// The code `new-feature` writes keeps FieldNotes' rules for any name it accepts: lines of at
/// most 100 columns, `swift format lint --strict` clean, and a view model that imports no UI.
///
/// That it compiles and its tests pass is checked by hand, in a copy of the package (see
/// docs/Adding-a-Feature.md): building a feature takes minutes.
@Suite struct FeatureTemplatesTests {
  /// Names short and long, the last as long as a name may be.
  static let names = ["Stats", "X", "URLTools", "NotebookStatisticsAbcdef"]

  @Test(arguments: names, [false, true])
  func everyLineFitsInAHundredColumns(name: String, ownsData: Bool) throws {
    #expect(Self.names.map(\.count).max() == FeatureName.maximumLength)
    let name = ownsData ? String(name.prefix(FeatureName.maximumLengthOwningData)) : name
    let files = FeatureTemplates.files(for: try FeatureName(name), ownsData: ownsData)
    for (path, text) in files {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where line.count > 100
      {
        Issue.record("\(path):\(number + 1) has \(line.count) columns")
      }
    }
  }

  @Test func theViewModelImportsNoUIAndTheScreenNoOtherFeature() throws {
    let files = FeatureTemplates.files(for: try FeatureName("Stats"))
    func imports(_ index: Int) -> [String] {
      files[index].text.split(separator: "\n").filter { $0.hasPrefix("import ") }
        .map { String($0.dropFirst("import ".count)) }
    }
    #expect(
      imports(0) == [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "Foundation", "Observation",
      ])
    #expect(imports(1) == ["FieldNotesNavigation", "FieldNotesTerminal", "StatsFeature"])
    #expect(imports(2) == [])
    #expect(imports(3) == ["FieldNotesTerminal", "StatsFeature"])
  }

  @Test func aFeatureOwningDataKeepsItsSQLInItsLiveTarget() throws {
    let files = FeatureTemplates.files(for: try FeatureName("Stats"), ownsData: true)
    let sql = files.filter { $0.text.contains("stats_entries") }.map(\.path)

    #expect(
      sql == [
        "Features/Stats/StatsLive/SQLiteStatsClient.swift",
        "Features/Stats/Tests/StatsLiveTests/SQLiteStatsClientTests.swift",
      ])
    for (path, text) in files where path.contains("/StatsFeature/") {
      let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
      #expect(
        imports.allSatisfy {
          ["import FieldNotesServices", "import Foundation", "import Observation"].contains($0)
        }, "\(path)")
    }
  }

  /// The written files, and the two edited ones, pass the lint CI runs, for either form.
  ///
  /// Each name is made free first (`Stats2` once the package has `Stats`), so that the edits
  /// are those `new-feature` would make; the longest name leaves room for the number.
  @Test(arguments: ["Stats", "X", "URLTools", "NotebookStatisticsAbcd"], [false, true])
  func theCodePassesTheFormatLint(name: String, ownsData: Bool) throws {
    let base = ownsData ? String(name.prefix(FeatureName.maximumLengthOwningData - 1)) : name
    let name = try FeatureName(try RepositoryPackage.freeName(like: base))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("new-feature-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var files = FeatureTemplates.files(for: name, ownsData: ownsData)
    files += try RepositoryPackage.read().edits(adding: name, ownsData: ownsData).map {
      ($0.path, $0.edited)
    }
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }

    let lint = try ChildProcess(
      "swift",
      arguments: [
        "format", "lint", "--strict", "--recursive", "--configuration",
        RepositoryPackage.root.appendingPathComponent(".swift-format").path, folder.path,
      ], standardInput: .nullDevice, standardOutput: .pipe, standardError: .pipe
    ).collectOutput()
    let report = String(decoding: lint.output + lint.errors, as: UTF8.self)

    #expect(
      lint.termination == .exited(0), "\(report.replacingOccurrences(of: folder.path, with: ""))")
  }
}
