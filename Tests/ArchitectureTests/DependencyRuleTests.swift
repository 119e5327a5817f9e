import Foundation
import Testing

@Suite struct DependencyRuleTests {
  @Test func thePackageFollowsTheDependencyRule() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    #expect(manifest.targets.count > 5)
    #expect(DependencyRule.violations(in: manifest) == [])
  }

  @Test func everyImportIsADeclaredDependency() throws {
    let root = PackageManifest.packageRoot
    let manifest = try PackageManifest.load(packageRoot: root)
    var violations: [String] = []
    for target in manifest.targets where !target.isSystemLibrary {
      // A target's module is its name with `-` as `_` (`fieldnotes-bench` is `fieldnotes_bench`).
      let modules = target.dependencyNames.map { $0.replacingOccurrences(of: "-", with: "_") }
      let allowed = Set(target.dependencyNames + modules).union(ImportScanner.systemModules)
      for (file, module) in try ImportScanner.imports(
        under: root.appendingPathComponent(target.folder))
      where !allowed.contains(module) {
        violations.append("\(target.name): \(file) imports \(module), which it does not declare")
      }
    }
    #expect(violations == [])
  }

  @Test func everyTargetLivesInAFolderNamedAfterIt() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    for target in manifest.targets {
      let folder = target.folder.split(separator: "/").last.map(String.init)
      #expect(folder == target.name, "\(target.name) lives in \(target.folder)")
    }
  }

  /// A feature is one folder: its view model, its screen and the tests of both are all under
  /// `Features/NAME/`, and nothing else is.
  @Test func eachFeatureIsOneFolder() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    let features = manifest.targets.map(\.name).filter { $0.hasSuffix("Feature") }
      .map { String($0.dropLast("Feature".count)) }
    #expect(features.count >= 5)
    for feature in features {
      for suffix in ["Feature", "Screen", "FeatureTests", "ScreenTests"] {
        let target = manifest.targets.first { $0.name == feature + suffix }
        #expect(
          target?.folder.hasPrefix("Features/\(feature)/") == true,
          "\(feature + suffix) lives in \(target?.folder ?? "no folder")")
      }
    }
    for target in manifest.targets where target.folder.hasPrefix("Features/") {
      #expect(
        features.contains { target.folder.hasPrefix("Features/\($0)/") },
        "\(target.name) is in Features/ but belongs to no feature")
    }
  }

  /// The app has one extension point: only its list of registrations names a screen module,
  /// so adding a screen never means editing a switch in several files.
  @Test func theAppNamesScreenModulesInItsRegistrationsAlone() throws {
    let app = PackageManifest.packageRoot.appendingPathComponent("Sources/App/FieldNotesApp")
    let files = Set(
      try ImportScanner.imports(under: app).filter { $0.module.hasSuffix("Screen") }.map(\.file))
    #expect(files == ["Screens.swift"])
    let lines = try FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil)
      .map { enumerator in
        try enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
          try String(contentsOf: $0, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
          ).count - 1
        }.reduce(0, +)
      }
    #expect((lines ?? 0) <= 900, "FieldNotesApp has \(lines ?? 0) lines; the budget is 900")
  }

  /// The store kernel, every `NoteStore*.swift`, stays small: what a feature writes or refuses
  /// of its own is the feature's (docs/Architecture.md, "The kernel and one write path").
  @Test func theStoreKernelStaysSmall() throws {
    let folder = PackageManifest.packageRoot.appendingPathComponent("Core/FieldNotesServices")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("NoteStore") && $0.hasSuffix(".swift") }
    let lines = try files.map { file in
      try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }.reduce(0, +)
    #expect(files.count == 3, "\(files.sorted())")
    // Issue 42 asks for at most 700. It has 693 since the store stopped holding the library of a
    // repository without a change stamp (it asks such a repository again at each reload), and
    // may not grow back: what a feature needs goes in the feature, not in the kernel.
    #expect(lines <= 693, "the kernel has \(lines) lines; it may not grow past 693")
  }

  /// A feature in `Package.swift` whose screen the app doesn't register would build, pass its
  /// own tests, and never be seen: `help` wouldn't list it and nothing would open it.
  @Test func everyFeaturesScreenIsRegistered() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    let screens = try String(
      contentsOf: PackageManifest.packageRoot.appendingPathComponent(
        "Sources/App/FieldNotesApp/Composition/Screens.swift"), encoding: .utf8)
    let features = manifest.targets.map(\.name).filter { $0.hasSuffix("Feature") }
      .map { $0.dropLast("Feature".count) }
    #expect(features.count >= 5)
    for feature in features {
      #expect(
        screens.contains("    \(feature)Screen.registration,")
          || screens.contains("    \(feature)Screen.registration {"),
        "Screens.swift doesn't register \(feature)Screen")
    }
  }

  // MARK: - The rule catches what it should

  @Test func linkingTheFeatureGeneratorOutsideItsPluginIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(name: "FeatureGenerator", type: "executable", dependencies: []),
        .init(name: "NewFeaturePlugin", type: "plugin", dependencies: ["FeatureGenerator"]),
        .init(name: "FieldNotesApp", type: "regular", dependencies: ["FeatureGenerator"]),
        .init(name: "FeatureGeneratorTests", type: "test", dependencies: ["FeatureGenerator"]),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "FieldNotesApp links FeatureGenerator; only NewFeaturePlugin and tests may"
      ])
  }

  @Test func aFeatureImportingAnotherFeatureIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(
          name: "NoteListFeature", type: "regular",
          dependencies: ["FieldNotesModel", "ComposerFeature"]),
        .init(name: "ComposerFeature", type: "regular", dependencies: ["FieldNotesModel"]),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "NoteListFeature may not depend on ComposerFeature"
      ])
  }

  @Test func aScreenImportingAnotherFeatureIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(
          name: "ComposerScreen", type: "regular",
          dependencies: ["ComposerFeature", "FieldNotesTerminal", "NoteListFeature"]),
        .init(name: "ComposerFeature", type: "regular", dependencies: []),
        .init(name: "NoteListFeature", type: "regular", dependencies: []),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "ComposerScreen may not depend on NoteListFeature"
      ])
  }

  @Test func theAppImportingAFeatureInsteadOfItsScreenIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(name: "FieldNotesApp", type: "regular", dependencies: ["NoteListFeature"]),
        .init(name: "NoteListFeature", type: "regular", dependencies: []),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "FieldNotesApp depends on NoteListFeature; only NoteListScreen may"
      ])
  }

  @Test func linkingPersistenceOrTheTestKitOutsideTheirPlaceIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(
          name: "FieldNotesServices", type: "regular",
          dependencies: ["FieldNotesModel", "FieldNotesPersistence"]),
        .init(name: "FieldNotesApp", type: "regular", dependencies: ["FieldNotesTesting"]),
        .init(name: "FieldNotesModel", type: "regular", dependencies: ["FieldNotesServices"]),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "FieldNotesServices links FieldNotesPersistence; only FieldNotesApp, FieldNotesCommands "
          + "and NoLossOracle may",
        "FieldNotesServices may not depend on FieldNotesPersistence",
        "FieldNotesApp links FieldNotesTesting; only test targets may",
        "FieldNotesModel may not depend on FieldNotesServices",
      ])
  }

  @Test func coreLayersReachingUpOrSidewaysAreCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(name: "FieldNotesModel", type: "regular", dependencies: []),
        .init(
          name: "FieldNotesServices", type: "regular",
          dependencies: ["FieldNotesModel", "NoteListFeature"]),
        .init(
          name: "FieldNotesServicesLive", type: "regular",
          dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesPersistence"]),
        .init(
          name: "FieldNotesPersistence", type: "regular",
          dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesTerminal"]),
        .init(name: "NoteListFeature", type: "regular", dependencies: ["FieldNotesModel"]),
      ], dependencies: [])
    let violations = DependencyRule.violations(in: manifest)
    #expect(violations.contains("FieldNotesServices may not depend on NoteListFeature"))
    #expect(
      violations.contains("FieldNotesServicesLive may not depend on FieldNotesPersistence"))
    #expect(violations.contains("FieldNotesPersistence may not depend on FieldNotesTerminal"))
  }

  /// The command line names the store's place and reads a sync remote, but links neither the
  /// store nor the syncer.
  @Test func theCommandLineLinkingTheLiveTargetsIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(
          name: "FieldNotesCommandLine", type: "regular",
          dependencies: ["FieldNotesServices", "FieldNotesPersistence", "FieldNotesServicesLive"])
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "FieldNotesCommandLine links FieldNotesPersistence; only FieldNotesApp, FieldNotesCommands "
          + "and NoLossOracle may",
        "FieldNotesCommandLine links FieldNotesServicesLive; only FieldNotesApp, "
          + "FieldNotesCommands and NoLossOracle may",
        "FieldNotesCommandLine may not depend on FieldNotesPersistence",
        "FieldNotesCommandLine may not depend on FieldNotesServicesLive",
      ])
  }

  @Test func aFeatureTestLinkingAnotherFeatureIsCaught() {
    let manifest = PackageManifest(
      targets: [
        .init(name: "ComposerFeature", type: "regular", dependencies: []),
        .init(name: "NoteListFeature", type: "regular", dependencies: []),
        .init(
          name: "ComposerFeatureTests", type: "test",
          dependencies: ["ComposerFeature", "NoteListFeature"]),
      ], dependencies: [])
    #expect(
      DependencyRule.violations(in: manifest) == [
        "ComposerFeatureTests tests a feature in isolation but links NoteListFeature"
      ])
  }

  @Test func anUndeclaredImportIsFound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "imports-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "import Foundation\n@testable import ComposerFeature\n// import NotAModule\nlet x = 1\n"
      .write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)

    let imports = try ImportScanner.imports(under: folder).map(\.module)

    #expect(imports == ["Foundation", "ComposerFeature"])
  }
}

extension PackageManifest.Target {
  init(name: String, type: String, dependencies: [String]) {
    self.init(
      name: name, type: type, path: nil,
      dependencies: dependencies.map { PackageManifest.Dependency(name: $0) })
  }
}

extension PackageManifest.Dependency {
  init(name: String) { self.name = name }
}
