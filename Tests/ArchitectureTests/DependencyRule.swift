/// FieldNotes' dependency rule, as a check over a package manifest.
///
/// Returns one readable violation per broken rule, so a failing test says exactly what is wrong.
enum DependencyRule {
  /// Text read without a note: folding, matches, prose lines, links, the line diff.
  static let text = "FieldNotesText"
  static let model = "FieldNotesModel"
  /// The query language, and the question a list asks with its answer.
  static let query = "FieldNotesQuery"
  /// The file formats: Markdown documents, the JSON archive, jrnl entries, scripts' records.
  static let formats = "FieldNotesFormats"
  static let services = "FieldNotesServices"
  static let persistence = "FieldNotesPersistence"
  static let live = "FieldNotesServicesLive"
  static let testing = "FieldNotesTesting"
  /// A raw SQLite connection, standing in for another program, for tests only.
  static let sqliteTesting = "FieldNotesSQLiteTesting"
  static let app = "FieldNotesApp"
  /// The app-wide commands, the part of the app that grows with each new command.
  static let commands = "FieldNotesCommands"
  /// The command line: the options, the parser and what is written from them, the init file.
  static let commandLine = "FieldNotesCommandLine"
  static let sqlite = "CSQLite"
  static let terminal = "FieldNotesTerminal"
  static let navigation = "FieldNotesNavigation"
  static let platform = "FieldNotesPlatform"
  static let terminalTesting = "FieldNotesTerminalTesting"
  /// The tool the `new-feature` command plugin runs, and the plugin.
  static let generator = "FeatureGenerator"
  static let plugin = "NewFeaturePlugin"
  /// The no-loss property test, run by the app's tests and the benchmark's soak.
  static let oracle = "NoLossOracle"

  /// What each kind of non-test target may depend on.
  static func allowedDependencies(of target: PackageManifest.Target) -> Set<String>? {
    switch target.name {
    case platform: []
    case text: []
    case model: [text]
    case query: [model, text]
    case formats: [model, text]
    case services: [model, query, formats]
    case persistence: [model, query, services, platform, sqlite, text]
    case live: [model, query, formats, services, platform]
    case testing: [model, query, services, text]
    case sqliteTesting: [sqlite]
    case terminal: [platform]
    case terminalTesting: [terminal]
    // The routes, and what screens are made with: the store among it.
    case navigation: [model, query, services]
    case commands: [model, query, formats, services, persistence, live, terminal, navigation]
    // It names the store's place (`StoreLocation`, a fact of the platform) and reads a sync
    // remote (`SyncRemote`, a value of the services), so it links neither SQLite nor git.
    case commandLine: [services, terminal, platform]
    case app: nil  // the composition root may link anything but the test kit
    // The new-feature command: a tool that reads and writes the package's files, and the
    // plugin that runs it. Neither links any FieldNotes module.
    case generator: []
    case plugin: [generator]
    case _ where target.name.hasSuffix("Feature"): [model, query, formats, services, text]
    // A feature's terminal screen: its one feature, and what every screen uses.
    case _ where target.name.hasSuffix("Screen"):
      [
        model, query, formats, services, terminal, navigation, text,
        target.name.dropLast("Screen".count) + "Feature",
      ]
    // The live client of a feature that owns data: its one feature, and the store.
    case _ where target.name.hasSuffix("Live") && target.name != live:
      [model, query, services, text, target.name.dropLast("Live".count) + "Feature"]
    // It depends on `fieldnotes` so the binary it runs is built first; SwiftPM then links the
    // executable's modules into the bench too, but the bench calls none of them.
    case "fieldnotes-bench": [model, query, formats, services, platform, oracle, "fieldnotes"]
    // It drives the built `fieldnotes` and reads what its stores keep, as a user's tools would.
    case oracle: [model, query, services, persistence, platform]
    case _ where target.type == "executable": [app, model, services]
    default: []
    }
  }

  static func violations(in manifest: PackageManifest) -> [String] {
    var violations: [String] = []
    if !manifest.dependencies.isEmpty {
      violations.append("the package depends on \(manifest.dependencies.count) external package(s)")
    }
    let features = Set(manifest.targets.map(\.name).filter { $0.hasSuffix("Feature") })
    for target in manifest.targets {
      let dependencies = Set(target.dependencyNames)
      if target.isTest {
        let testedFeature = String(target.name.dropLast("Tests".count))
        if testedFeature.hasSuffix("Live"), testedFeature != live,
          case let owner = testedFeature.dropLast("Live".count) + "Feature"
        {
          for dependency in dependencies.sorted()
          where (features.contains(dependency) && dependency != owner) || dependency == app {
            violations.append("\(target.name) tests a feature's client but links \(dependency)")
          }
        }
        if features.contains(testedFeature) {
          for dependency in dependencies.sorted()
          where (features.contains(dependency) && dependency != testedFeature)
            || dependency == persistence || dependency == live || dependency == app
          {
            violations.append("\(target.name) tests a feature in isolation but links \(dependency)")
          }
        }
        continue
      }
      for liveTarget in [persistence, live]
      where ![app, commands, oracle].contains(target.name) && dependencies.contains(liveTarget) {
        violations.append(
          "\(target.name) links \(liveTarget); only \(app), \(commands) and \(oracle) may")
      }
      if target.name == app {
        // The app reaches a feature only through its screen, so a change to a feature's
        // interface never recompiles the REPL.
        for feature in dependencies.intersection(features).sorted() {
          let screen = feature.dropLast("Feature".count) + "Screen"
          violations.append("\(app) depends on \(feature); only \(screen) may")
        }
      }
      for kit in [testing, terminalTesting, sqliteTesting] where dependencies.contains(kit) {
        violations.append("\(target.name) links \(kit); only test targets may")
      }
      if target.name != plugin, dependencies.contains(generator) {
        violations.append("\(target.name) links \(generator); only \(plugin) and tests may")
      }
      if let allowed = allowedDependencies(of: target) {
        for dependency in dependencies.subtracting(allowed).sorted() {
          violations.append("\(target.name) may not depend on \(dependency)")
        }
      }
    }
    return violations
  }
}
