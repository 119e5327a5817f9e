import Foundation
import Testing

@testable import FeatureGenerator

/// What `new-feature` plans in FieldNotes' own package.
///
/// Every file it creates is in the feature's folder, and outside it it adds a line to
/// Package.swift and a line with its import to Screens.swift; its place is its own, so Core's
/// `Route` is untouched. Nothing here writes to the package.
@Suite struct FeaturePlanTests {
  @Test func everyNewFileIsInTheFeaturesFolder() throws {
    let name = try RepositoryPackage.freeName()
    let plan = try FeaturePlan(name, in: try RepositoryPackage.read())

    #expect(
      plan.creations.map(\.path) == [
        "Features/\(name)/\(name)Feature/\(name)ViewModel.swift",
        "Features/\(name)/\(name)Screen/\(name)Screen.swift",
        "Features/\(name)/\(name)Screen/\(name)Place.swift",
        "Features/\(name)/\(name)Screen/\(name)View.swift",
        "Features/\(name)/Tests/\(name)FeatureTests/\(name)ViewModelTests.swift",
        "Features/\(name)/Tests/\(name)ScreenTests/\(name)ScreenTests.swift",
      ])
  }

  @Test func outsideItsFolderAFeatureChangesTwoFilesAndNothingInCore() throws {
    let name = try RepositoryPackage.freeName()
    let plan = try FeaturePlan(name, in: try RepositoryPackage.read())

    #expect(
      plan.edits.map(\.path) == [
        "Package.swift", "Sources/App/FieldNotesApp/Composition/Screens.swift",
      ])
    #expect(
      plan.edits.map(\.insertedLines) == [
        ["  \"\(name)\","], ["import \(name)Screen", "    \(name)Screen.registration,"],
      ])
    #expect(plan.summary.allSatisfy { !$0.contains(" Core/") })
  }

  @Test func eachLineGoesWhereItsListWantsIt() throws {
    let name = try RepositoryPackage.freeName()
    let package = try RepositoryPackage.read()
    let edits = try FeaturePlan(name, in: package).edits

    // Last in `features`, so Package.swift still lists the features in the order they came.
    #expect(
      try FieldNotesPackage.features(inManifest: edits[0].edited) == package.features + [name])
    // The imports stay sorted; the registration comes last in the list.
    let lines = edits[1].edited.split(separator: "\n").map(String.init)
    let imports = lines.filter { $0.hasPrefix("import ") }
    #expect(imports == imports.sorted())
    let registrations = lines.filter { $0.hasSuffix(".registration,") }
    #expect(registrations.last == "    \(name)Screen.registration,")
  }

  @Test func theDryRunPrintsOneLineAFileAndWritesNothing() throws {
    let name = try RepositoryPackage.freeName()
    let root = RepositoryPackage.root
    let before = try RepositoryPackage.read().texts

    let result = NewFeatureCommand.run(["--dry-run", name, "--package-path", root.path])

    let plan = try FeaturePlan(name, in: try RepositoryPackage.read())
    #expect(result.error == nil)
    #expect(
      result.output == plan.creations.map { "create \($0.path)" } + [
        "edit   Package.swift", "edit   Sources/App/FieldNotesApp/Composition/Screens.swift",
      ])
    #expect(try RepositoryPackage.read().texts == before)
    #expect(
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Features/\(name)").path))
  }

  @Test(arguments: [
    ("Tags", "there is a feature called Tags already (Features/Tags); choose another name"),
    (
      "NoteList",
      "there is a feature called NoteList already (Features/NoteList); choose another name"
    ),
    (
      "Help", "Help would add the command `help`, which FieldNotes has already; choose another name"
    ),
    (
      "Quit", "Quit would add the command `quit`, which FieldNotes has already; choose another name"
    ),
    (
      "Sync", "Sync would add the command `sync`, which FieldNotes has already; choose another name"
    ),
    (
      "Home", "Home would add the command `home`, which FieldNotes has already; choose another name"
    ),
    (
      "Search",
      "Search would add the command `search`, which FieldNotes has already; choose another name"
    ),
    ("Rm", "Rm would add the command `rm`, which FieldNotes has already; choose another name"),
  ])
  func aNameTakenInThePackageIsRefused(name: String, message: String) throws {
    let result = NewFeatureCommand.run([name, "--package-path", RepositoryPackage.root.path])

    #expect(result.output == [])
    #expect(result.error?.errorDescription == message)
  }

  /// `--data`: the feature's client, its doubles and its live client over a table of its own
  /// are in its folder too, and outside it the same two files change: its name goes in the
  /// list of features owning data as well, and the app registers it with its live client.
  @Test func aFeatureOwningDataIsAllInItsFolderAndChangesNothingInCore() throws {
    let name = try RepositoryPackage.freeName()
    let plan = try FeaturePlan(name, in: try RepositoryPackage.read(), ownsData: true)

    #expect(plan.creations.allSatisfy { $0.path.hasPrefix("Features/\(name)/") })
    #expect(
      plan.creations.map(\.path).contains("Features/\(name)/\(name)Live/SQLite\(name)Client.swift"))
    #expect(
      plan.edits.map(\.path) == [
        "Package.swift", "Sources/App/FieldNotesApp/Composition/Screens.swift",
      ])
    #expect(
      plan.edits.map(\.insertedLines) == [
        ["  \"\(name)\",", "  \"\(name)\","],
        [
          "import \(name)Live", "import \(name)Screen",
          "    \(name)Screen.registration { SQLite\(name)Client(tables: $0.tables) },",
        ],
      ])
    let manifest = plan.edits[0].edited.split(separator: "\n").map(String.init)
    let dataList = try #require(manifest.firstIndex(of: FieldNotesPackage.dataListLine))
    #expect(manifest[dataList...].prefix { $0 != "]" }.last == "  \"\(name)\",")
  }

  @Test(arguments: [
    ("Note", "note_attachments"), ("Notes", "notes_by_edit"), ("Trashed", "trashed_notes"),
    ("Session", "session_drafts"), ("SQLite", "sqlite_…"),
  ])
  func aFeatureWhoseTablesWouldStartAsTheStoresIsRefused(name: String, table: String) {
    let result = NewFeatureCommand.run([
      "--data", name, "--package-path", RepositoryPackage.root.path,
    ])

    #expect(result.output == [])
    #expect(
      result.error?.errorDescription
        == "the tables of \(name) would start as the store's `\(table)` does; choose another "
        + "name")
    // Without `--data` the feature has no tables, so the name is free.
    #expect(
      NewFeatureCommand.run(["--dry-run", name, "--package-path", RepositoryPackage.root.path])
        .error == nil)
  }

  @Test func aFeatureOwningDataHasAShorterName() {
    let result = NewFeatureCommand.run([
      "--data", "ReadingListItems", "--package-path", RepositoryPackage.root.path,
    ])

    #expect(
      result.error?.errorDescription
        == "'ReadingListItems' can't name a feature: use at most 14 characters for a feature "
        + "owning data")
  }

  @Test func everyCommandOfFieldNotesIsKnown() throws {
    let commands = try RepositoryPackage.read().commands

    #expect(
      commands.isSuperset(of: [
        "help", "?", "quit", "exit", "back", "list", "state", "trace", "renders", "mode",
        "notebooks", "home", "sync", "export", "import", "reindex", "tags", "open", "cd",
        "notebook", "pin", "search", "find", "new", "compose", "save", "cancel",
      ]))
  }

  @Test(arguments: [["--package-path"], ["--dry-run"], ["--dry-run", "A", "B"], ["--force", "A"]])
  func aCommandLineOfTheWrongShapeShowsTheUsage(arguments: [String]) {
    #expect(NewFeatureCommand.run(arguments).error == .usage)
  }
}
