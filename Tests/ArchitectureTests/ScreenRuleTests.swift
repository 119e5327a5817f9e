import Foundation
import Testing

/// A view model imports no terminal or UI module; a screen talks only to its view model; every
/// feature's screen is registered with the app.
@Suite struct ScreenRuleTests {
  static let root = PackageManifest.packageRoot

  static func targets(endingWith suffix: String) throws -> [PackageManifest.Target] {
    try PackageManifest.load(packageRoot: root).targets.filter {
      $0.name.hasSuffix(suffix) && !$0.isTest
    }
  }

  @Test func aViewModelTargetImportsNoTerminalOrUIModule() throws {
    let features = try Self.targets(endingWith: "Feature")
    #expect(features.count >= 5)
    for target in features {
      let imports = try ImportScanner.imports(
        under: Self.root.appendingPathComponent(target.folder))
      #expect(ScreenRules.viewModelViolations(imports) == [], "\(target.name)")
    }
  }

  @Test func aScreenTalksOnlyToItsViewModel() throws {
    let screens = try Self.targets(endingWith: "Screen")
    #expect(screens.count >= 5)
    var checkedFiles = 0
    for target in screens {
      let folder = Self.root.appendingPathComponent(target.folder)
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".swift") && $0 != ScreenRules.storeReadingScreen }
      for file in files {
        let source = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        #expect(ScreenRules.storeViolations(in: source, file: file) == [])
        checkedFiles += 1
      }
    }
    #expect(checkedFiles > 10)
  }

  @Test func everyFeaturesScreenIsRegisteredWithTheApp() throws {
    let registrations = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/App/FieldNotesApp/Composition/Screens.swift"), encoding: .utf8)
    for target in try Self.targets(endingWith: "Screen") {
      #expect(
        registrations.contains("\(target.name).registration"),
        "\(target.name) is built but not registered, so nothing could open it")
    }
  }

  /// `why` explains a screen from the values its view is drawn from; a screen that names none
  /// would be explained by its one-line `state`, which summarises (row counts), so a change
  /// inside it would be reported as no change.
  @Test func everyFeaturesScreenSaysWhatItsViewIsDrawnFrom() throws {
    let screens = try Self.targets(endingWith: "Screen")
    #expect(screens.count >= 7)
    for target in screens {
      let folder = Self.root.appendingPathComponent(target.folder)
      let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".swift") }
        .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
      #expect(
        sources.contains { $0.contains("ViewModelState(") || $0.contains("drawnFrom: {") },
        "\(target.name) doesn't say what its view is drawn from (a state or drawnFrom), for `why`")
    }
  }

  // MARK: - The rules catch what they should

  @Test func aViewModelImportingTheTerminalIsCaught() {
    let imports = [
      (file: "TagsViewModel.swift", module: "FieldNotesModel"),
      (file: "TagsViewModel.swift", module: "FieldNotesTerminal"),
      (file: "TagsRow.swift", module: "SwiftUI"),
      (file: "TagsRow.swift", module: "Glibc"),
    ]
    #expect(
      ScreenRules.viewModelViolations(imports) == [
        "TagsViewModel.swift imports FieldNotesTerminal; a view model imports Core, Foundation "
          + "and Observation only",
        "TagsRow.swift imports SwiftUI; a view model imports Core, Foundation and Observation only",
        "TagsRow.swift imports Glibc; a view model imports Core, Foundation and Observation only",
      ])
  }

  @Test func aScreenReadingTheStoreIsCaughtButHandingItToItsModelIsNot() {
    let source = """
      make: { _, dependencies in TagsScreen(model: TagsViewModel(store: dependencies.store)) })
      // A comment may name the store.
      let title = try dependencies.store.note(withID: id)?.title
      func pin(in store: NoteStore) {}
      summary: "delete this note (`undo` restores it)"
      let said = "kept by a FieldNotes of another store"
      let counted = "\\(dependencies.store.notes.count) notes in the store"
      """
    #expect(
      ScreenRules.storeViolations(in: source, file: "TagsScreen.swift") == [
        "TagsScreen.swift:3 reaches the store: let title = try dependencies.store.note(withID: id)?.title",
        "TagsScreen.swift:4 reaches the store: func pin(in store: NoteStore) {}",
        "TagsScreen.swift:7 reaches the store: let counted = "
          + "\"\\(dependencies.store.notes.count) notes in the store\"",
      ])
  }
}
