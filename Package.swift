// swift-tools-version: 6.2
// FieldNotes: a notes app built as an MVVM feature-module architecture showcase.
//
// Where the modules live: Core/ holds everything below the features, the terminal framework
// among it; Features/ one folder per feature; Sources/ the app, the benchmark, the no-loss oracle
// and the new-feature command; Tests/ the tests of Core, the app and the command (a feature's
// tests are in its folder).
//
// The dependency rule, enforced here by target dependencies and checked by
// `Tests/ArchitectureTests`:
//   FieldNotesPlatform      depends on nothing: what differs between Linux and macOS (among it
//                           where each keeps FieldNotes' files: `StoreLocation`), and the one
//                           type that starts a child process
//   FieldNotesText          depends on nothing: text read without a note — the folding
//                           searches match by, where a search's words fall, a Markdown body's
//                           prose lines and `[[links]]`, the line diff between two texts
//   FieldNotesModel         depends on Text: the values, and the calendar
//   FieldNotesQuery         depends on Model: the query language, and the question a list asks
//                           (`NoteListQuery`) with its answer (`NotePage`)
//   FieldNotesFormats       depends on Model: the file formats (a note's Markdown document, the
//                           JSON archive, jrnl entries, scripts' records, the export folder's
//                           layout) and the note size limit, which is its document's size
//   FieldNotesServices      depends on Model, Query and Formats: the store (`NoteStore`), the
//                           service protocols and the values they speak of (a sync's remote,
//                           `SyncRemote`); it links neither SQLite nor git
//   FieldNotesNavigation    depends on Model, Query and Services: every place in FieldNotes as
//                           a value, and what every screen is made with
//   FieldNotesPersistence   depends on Model, Query, Services, Platform and the system SQLite
//   FieldNotesServicesLive  depends on Model, Query, Formats, Services and Platform (the real sync,
//                           import and export, and summaries)
//   FieldNotesTerminal      depends on Platform only: a terminal UI framework that knows nothing
//                           of FieldNotes (its source names no note, notebook, tag or sync:
//                           `TerminalFrameworkTests`), so a feature change never recompiles it
//   A feature, one folder under Features/ (see `feature(_:)` below):
//     *Feature              its view model, and the client protocol through which it reaches
//                           its data: Model, Query, Formats and Services only, no UI, no
//                           other feature
//     *Screen               its terminal screen: its own feature, Model, Query, Formats, Services,
//                           Terminal and Navigation, so the app imports no feature
//     *Live                 for a feature that owns data (`featuresOwningData`): the live client
//                           the app composes, its own feature, Model and Services
//   FieldNotesCommands      the app-wide commands (export, import, reindex): the app's part that
//                           grows with each command, so it may link the live targets too
//   FieldNotesCommandLine   the command line: its table of options, the parser, --help, the
//                           completion scripts, the man page and the init file: Services (for
//                           `SyncRemote`), Terminal and Platform (for `StoreLocation`); it names
//                           the store's place and reads a sync remote without linking SQLite
//                           or git
//   FieldNotesApp           composes everything; with Commands and NoLossOracle, the only
//                           targets that link the live ones
//   FieldNotesTesting, FieldNotesSQLiteTesting (a raw SQLite connection standing in for another
//   program) and FieldNotesTerminalTesting are linked by test targets only
//   NoLossOracle            the no-loss property test, which drives the built `fieldnotes`
//                           and reads its stores: Model, Services, Persistence and Platform;
//                           linked by the app's tests and the benchmark's soak only
//   FeatureGenerator        depends on nothing: the tool the `new-feature` command plugin runs
//                           (NewFeaturePlugin), linked by its tests too
//
// Edges that might surprise a reader, each on purpose:
//   fieldnotes-bench -> fieldnotes      so the binary it runs as a child is built first;
//                                       SwiftPM then links the executable's modules into the
//                                       bench too, but it calls none of them
//   FieldNotesServicesLiveTests -> NoteListFeature, TrashLive, ConflictsLive
//                                       `SyncScreenTests` plays the note list's refresh over
//                                       the real git syncer (the one Core test of a view
//                                       model), and `SyncRecoveryTests` restores from the
//                                       trash and resolves conflicts as those features do,
//                                       then syncs three machines
//   *ScreenTests -> *Live               a feature owning data may test its screen over its
//                                       live client and a store in memory
//   *LiveTests -> FieldNotesPersistence a live client over a feature's own tables is tested
//                                       with `SQLiteFeatureTables.inMemory()`
//   NoteListScreenTests -> FieldNotesPersistence
//                                       the note list's two forms are compared over SQLite too
//                                       (`screensComparedOverSQLite`)
import PackageDescription

/// Settings shared by every Swift target: Swift 6 mode (from the tools version) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Every feature of FieldNotes, each one folder under `Features/`, in the order they were added.
///
/// A new feature adds its name as the last line, which is what
/// `swift package --allow-writing-to-package-directory new-feature NAME` writes.
let features = [
  "Notebooks",
  "NoteList",
  "NoteDetail",
  "Composer",
  "Tags",
  "Trash",
  "Conflicts",
]

/// The features whose screen tests also link the persistence kernel: the note list's, whose two
/// forms (MV and MVVM) are compared over SQLite as well as over the store in memory.
let screensComparedOverSQLite: Set<String> = ["NoteList"]

/// The features that own data: each reaches its data through a client protocol its view model
/// declares, whose live implementation is the feature's `NAMELive` target, composed by the app.
///
/// `new-feature --data NAME` adds its name here as the last line, as well as to `features`.
let featuresOwningData: Set<String> = [
  "Trash",
  "Conflicts",
  "Tags",
  "NoteDetail",
  "Composer",
]

/// A feature's targets, all in `Features/NAME/`.
///
/// They are its view model (`NAMEFeature`, which imports no UI module, so a SwiftUI front end
/// could use it unchanged), its terminal screen (`NAMEScreen`), and a test target for each
/// (`Tests/NAMEFeatureTests`, `Tests/NAMEScreenTests`); a feature that owns data has its live
/// client too (`NAMELive`, tested by `Tests/NAMELiveTests` against a store in memory), which its
/// screen's tests may drive the screen over as well.
///
/// - Parameter name: The feature's name, such as `Tags`.
/// - Returns: The targets.
func feature(_ name: String) -> [Target] {
  let folder = "Features/\(name)"
  let core: [Target.Dependency] = [
    "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
    "FieldNotesText",
  ]
  let screen: [Target.Dependency] = core + ["FieldNotesTerminal", "FieldNotesNavigation"]
  return [
    .target(
      name: "\(name)Feature", dependencies: core, path: "\(folder)/\(name)Feature",
      swiftSettings: strict),
    .target(
      name: "\(name)Screen", dependencies: screen + [.target(name: "\(name)Feature")],
      path: "\(folder)/\(name)Screen", swiftSettings: strict),
    .testTarget(
      name: "\(name)FeatureTests",
      dependencies: core + [.target(name: "\(name)Feature"), "FieldNotesTesting"],
      path: "\(folder)/Tests/\(name)FeatureTests", swiftSettings: strict),
    .testTarget(
      name: "\(name)ScreenTests",
      dependencies: screen + [
        .target(name: "\(name)Feature"), .target(name: "\(name)Screen"), "FieldNotesTesting",
        "FieldNotesTerminalTesting",
      ] + (featuresOwningData.contains(name) ? [.target(name: "\(name)Live")] : [])
        + (screensComparedOverSQLite.contains(name) ? ["FieldNotesPersistence"] : []),
      path: "\(folder)/Tests/\(name)ScreenTests", swiftSettings: strict),
  ] + (featuresOwningData.contains(name) ? live(name) : [])
}

/// The live client of a feature that owns data, and its tests.
///
/// The tests link the persistence kernel as well, for a client over tables in memory
/// (`SQLiteFeatureTables.inMemory()`); the client itself links no live module.
///
/// - Parameter name: The feature's name.
/// - Returns: `NAMELive` and `NAMELiveTests`.
func live(_ name: String) -> [Target] {
  let folder = "Features/\(name)"
  let core: [Target.Dependency] = [
    "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesText",
  ]
  return [
    .target(
      name: "\(name)Live", dependencies: core + [.target(name: "\(name)Feature")],
      path: "\(folder)/\(name)Live", swiftSettings: strict),
    .testTarget(
      name: "\(name)LiveTests",
      dependencies: core + [
        .target(name: "\(name)Feature"), .target(name: "\(name)Live"), "FieldNotesTesting",
        "FieldNotesPersistence",
      ],
      path: "\(folder)/Tests/\(name)LiveTests", swiftSettings: strict),
  ]
}

let package = Package(
  name: "FieldNotes",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "fieldnotes", targets: ["fieldnotes"])
  ],
  targets: [
    // MARK: - Core

    .target(name: "FieldNotesPlatform", path: "Core/FieldNotesPlatform", swiftSettings: strict),
    .target(name: "FieldNotesText", path: "Core/FieldNotesText", swiftSettings: strict),
    .target(
      name: "FieldNotesModel",
      dependencies: ["FieldNotesText"],
      path: "Core/FieldNotesModel",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesQuery",
      dependencies: ["FieldNotesModel", "FieldNotesText"],
      path: "Core/FieldNotesQuery",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesFormats",
      dependencies: ["FieldNotesModel", "FieldNotesText"],
      path: "Core/FieldNotesFormats",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesServices",
      dependencies: ["FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats"],
      path: "Core/FieldNotesServices",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesNavigation",
      dependencies: ["FieldNotesModel", "FieldNotesQuery", "FieldNotesServices"],
      path: "Core/FieldNotesNavigation",
      swiftSettings: strict
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Core/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "FieldNotesPersistence",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesPlatform", "CSQLite",
        "FieldNotesText",
      ],
      path: "Core/FieldNotesPersistence",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesServicesLive",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesPlatform",
      ],
      path: "Core/FieldNotesServicesLive",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesTesting",
      dependencies: ["FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesText"],
      path: "Core/FieldNotesTesting",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesSQLiteTesting",
      dependencies: ["CSQLite"],
      path: "Core/FieldNotesSQLiteTesting",
      swiftSettings: strict
    ),

    // MARK: - Core: the terminal framework, which knows nothing of FieldNotes

    .target(
      name: "FieldNotesTerminal",
      dependencies: ["FieldNotesPlatform"],
      path: "Core/FieldNotesTerminal",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesTerminalTesting",
      dependencies: ["FieldNotesTerminal"],
      path: "Core/FieldNotesTerminalTesting",
      swiftSettings: strict
    ),

    // MARK: - The app

    .target(
      name: "FieldNotesCommands",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesPersistence",
        "FieldNotesServicesLive", "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      path: "Sources/App/FieldNotesCommands",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesCommandLine",
      dependencies: ["FieldNotesServices", "FieldNotesTerminal", "FieldNotesPlatform"],
      path: "Sources/App/FieldNotesCommandLine",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesApp",
      dependencies: [
        "FieldNotesCommands", "FieldNotesCommandLine", "FieldNotesModel", "FieldNotesQuery",
        "FieldNotesFormats",
        "FieldNotesServices", "FieldNotesPersistence",
        "FieldNotesServicesLive", "FieldNotesTerminal", "FieldNotesNavigation",
        "FieldNotesPlatform",
      ] + features.map { .target(name: "\($0)Screen") }
        + features.filter(featuresOwningData.contains).map { .target(name: "\($0)Live") },
      path: "Sources/App/FieldNotesApp",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "fieldnotes",
      dependencies: ["FieldNotesApp"],
      path: "Sources/App/fieldnotes",
      swiftSettings: strict
    ),

    // MARK: - The benchmark and the no-loss oracle

    .target(
      name: "NoLossOracle",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesPersistence",
        "FieldNotesPlatform",
      ],
      path: "Sources/Oracle/NoLossOracle",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "fieldnotes-bench",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesPlatform",
        "NoLossOracle", "fieldnotes",
      ],
      path: "Sources/Benchmarks/fieldnotes-bench",
      exclude: ["Corpus"],
      swiftSettings: strict
    ),

    // MARK: - The new-feature command

    .executableTarget(
      name: "FeatureGenerator",
      path: "Sources/Plugins/FeatureGenerator",
      swiftSettings: strict
    ),
    .plugin(
      name: "NewFeaturePlugin",
      capability: .command(
        intent: .custom(
          verb: "new-feature",
          description: "Write a new feature: its view model, screen, tests and registration"
        ),
        permissions: [
          .writeToPackageDirectory(
            reason: "It writes the feature's folder in Features/ and adds the feature to "
              + "Package.swift and Screens.swift")
        ]
      ),
      dependencies: ["FeatureGenerator"],
      path: "Sources/Plugins/NewFeaturePlugin"
    ),

    // MARK: - Tests of Core (the terminal framework among it), the app and the new-feature command

    .testTarget(
      name: "ExercisesTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesNavigation", "FieldNotesPersistence",
        "FieldNotesServices",
        "FieldNotesTerminal", "FieldNotesTesting", "FieldNotesTerminalTesting", "NoteListFeature",
        "NoteListScreen", "NotebooksFeature",
      ],
      path: "Tests/ExercisesTests",
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesPlatformTests",
      dependencies: ["FieldNotesPlatform"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesTextTests",
      dependencies: ["FieldNotesText"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesModelTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesTesting",
        "FieldNotesText",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesFormatsTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesServicesTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesPersistenceTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesPersistence",
        "FieldNotesPlatform",
        "FieldNotesTesting", "CSQLite", "FieldNotesSQLiteTesting", "FieldNotesText",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesServicesLiveTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesServicesLive",
        "FieldNotesTesting", "FieldNotesPlatform", "NoteListFeature", "TrashLive", "ConflictsLive",
      ],
      // jrnl's own files, as jrnl 4.6 wrote them (`Fixtures/jrnl-4.6/make.sh` says how).
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesTestingTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesServices", "FieldNotesTesting",
      ],
      exclude: ["Transcripts"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesTerminalTests",
      dependencies: ["FieldNotesTerminal", "FieldNotesTerminalTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesAppTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
        "FieldNotesApp",
        "FieldNotesCommandLine", "FieldNotesTesting", "FieldNotesTerminalTesting",
        "FieldNotesPersistence", "CSQLite",
        "FieldNotesTerminal", "FieldNotesPlatform", "NoLossOracle", "FieldNotesSQLiteTesting",
        "FieldNotesText",
      ],
      exclude: ["Transcripts"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FeatureGeneratorTests",
      dependencies: ["FeatureGenerator", "FieldNotesPlatform"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ArchitectureTests", dependencies: ["FeatureGenerator", "FieldNotesPlatform"],
      swiftSettings: strict),
    .testTarget(
      name: "FieldNotesBenchTests", dependencies: ["fieldnotes-bench"], swiftSettings: strict),
  ] + features.flatMap(feature)
)
