import Foundation

/// Measures the two forms of the note list from their source, for the table in
/// `docs/MV-vs-MVVM.md`.
enum NoteListForms {
  struct Form {
    var name: String
    var files: [String]
    var testFiles: [String]
    var testFilter: String
  }

  static let mv = Form(
    name: "MV (view reads the store)",
    files: ["Features/NoteList/NoteListScreen/NoteListMVScreen.swift"],
    testFiles: ["Features/NoteList/Tests/NoteListScreenTests/NoteListMVScreenTests.swift"],
    testFilter: "NoteListMVScreenTests")
  static let mvvm = Form(
    name: "MVVM (view renders a view model)",
    files: [
      "Features/NoteList/NoteListFeature/NoteListViewModel.swift",
      "Features/NoteList/NoteListFeature/NoteRow.swift",
      "Features/NoteList/NoteListFeature/NoteListEmptyReason.swift",
      "Features/NoteList/NoteListScreen/NoteListView.swift",
      "Features/NoteList/NoteListScreen/NoteListScreen.swift",
    ],
    testFiles: ["Features/NoteList/Tests/NoteListFeatureTests/NoteListViewModelTests.swift"],
    testFilter: "NoteListFeatureTests")
  /// What both forms use: the shared layout and commands, and the values of the feature's
  /// target both use though they sit in the view model's target: the sync's status, which the
  /// MV form keeps too, the settings a command changes and the filters, the rows drawn and what
  /// a typed row names, the errors both forms say, the list's title and its order in words.
  static let shared = [
    "Features/NoteList/NoteListFeature/SyncStatus.swift",
    "Features/NoteList/NoteListFeature/NoteListError.swift",
    "Features/NoteList/NoteListFeature/NoteListSettingsChange.swift",
    "Features/NoteList/NoteListFeature/NoteListFilter.swift",
    "Features/NoteList/NoteListFeature/DrawnRows.swift",
    "Features/NoteList/NoteListFeature/NoteScope+ListTitle.swift",
    "Features/NoteList/NoteListFeature/NoteSortOrder+ListDescription.swift",
    "Features/NoteList/NoteListScreen/NoteListLayout.swift",
    "Features/NoteList/NoteListScreen/NoteListLayout+Records.swift",
    "Features/NoteList/NoteListScreen/NoteRowView.swift",
    "Features/NoteList/NoteListScreen/NoteListForming.swift",
  ]

  static func source(_ path: String) -> String {
    (try? String(
      contentsOf: PackageManifest.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// Lines that are neither blank nor comments.
  static func codeLines(_ paths: [String]) -> Int {
    paths.map(source).flatMap { $0.split(separator: "\n") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("//") }.count
  }

  /// Declared types: structs, classes, enums and actors.
  static func types(_ paths: [String]) -> [String] {
    paths.map(source).flatMap { text in
      text.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ").map(String.init)
        guard
          let index = words.firstIndex(where: { ["struct", "class", "enum", "actor"].contains($0) }
          ),
          index + 1 < words.count
        else { return nil }
        let prefix = words[..<index]
        guard
          prefix.allSatisfy({
            ["public", "final", "private", "fileprivate", "internal"].contains($0)
              || $0.hasPrefix("@")
          })
        else {
          return nil
        }
        return words[index + 1].split(separator: ":").first.map(String.init)
      }
    }
  }

  static func testCount(_ paths: [String]) -> Int {
    paths.map(source).map { $0.components(separatedBy: "@Test").count - 1 }.reduce(0, +)
  }

  static func table() -> String {
    var rows = [
      "| | \(mv.name) | \(mvvm.name) |",
      "|---|---|---|",
      "| lines of code of the form (shared by both: \(codeLines(shared)) more each) | \(codeLines(mv.files)) | \(codeLines(mvvm.files)) |",
      "| types of the form | \(types(mv.files).count): \(types(mv.files).joined(separator: ", ")) | \(types(mvvm.files).count): \(types(mvvm.files).joined(separator: ", ")) |",
    ]
    rows.append(
      "| tests of its screen logic, none needing a terminal | \(testCount(mv.testFiles)) (`\(mv.testFilter)`, on values) | \(testCount(mvvm.testFiles)) (`\(mvvm.testFilter)`, on states) |"
    )
    rows.append(
      "| where a test of it lives | the note list screen's target, which holds both forms' views | the feature's own target, linking Core and the test kit only |"
    )
    return rows.joined(separator: "\n")
  }
}
