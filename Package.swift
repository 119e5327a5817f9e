// swift-tools-version: 6.2
// FieldNotes: a notes app built as an MVVM feature-module architecture showcase.
//
// The dependency rule, enforced here by target dependencies and checked by
// `Tests/ArchitectureTests`:
//   FieldNotesPlatform      depends on nothing (what differs between Linux and macOS)
//   FieldNotesModel         depends on nothing
//   FieldNotesServices      depends on Model
//   FieldNotesPersistence   depends on Model, Services, Platform and the system SQLite
//   FieldNotesServicesLive  depends on Model, Services and Platform (the real sync and summaries)
//   *Feature                depend on Model and Services only, never on each other
//   FieldNotesTerminal      depends on nothing (line reading and editing, views redrawn through
//                           Observation), so a feature change never recompiles it
//   *Screen                 depend on Model, Services, Terminal and their own feature: a
//                           feature's terminal view and commands, so the app imports no feature
//   FieldNotesCommands      the app-wide commands (export, import, reindex): the app's part that
//                           grows with each command, so it may link the live targets too
//   FieldNotesApp           composes everything, the only other target that links the live ones
//   FieldNotesTesting       is linked by test targets only
import PackageDescription

/// Settings shared by every Swift target: Swift 6 mode (from the tools version) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "FieldNotes",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "fieldnotes", targets: ["fieldnotes"])
  ],
  targets: [
    // MARK: - Core

    .target(name: "FieldNotesPlatform", path: "Core/FieldNotesPlatform", swiftSettings: strict),
    .target(name: "FieldNotesModel", path: "Core/FieldNotesModel", swiftSettings: strict),
    .target(
      name: "FieldNotesServices",
      dependencies: ["FieldNotesModel"],
      path: "Core/FieldNotesServices",
      swiftSettings: strict
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Core/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "FieldNotesPersistence",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesPlatform", "CSQLite"],
      path: "Core/FieldNotesPersistence",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesServicesLive",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesPlatform"],
      path: "Core/FieldNotesServicesLive",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesTesting",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesTerminal"],
      path: "Core/FieldNotesTesting",
      swiftSettings: strict
    ),

    // MARK: - Features

    .target(
      name: "NotebooksFeature",
      dependencies: ["FieldNotesModel", "FieldNotesServices"],
      path: "Features/Notebooks",
      swiftSettings: strict
    ),
    .target(
      name: "NoteListFeature",
      dependencies: ["FieldNotesModel", "FieldNotesServices"],
      path: "Features/NoteList",
      swiftSettings: strict
    ),
    .target(
      name: "NoteDetailFeature",
      dependencies: ["FieldNotesModel", "FieldNotesServices"],
      path: "Features/NoteDetail",
      swiftSettings: strict
    ),
    .target(
      name: "TagsFeature",
      dependencies: ["FieldNotesModel", "FieldNotesServices"],
      path: "Features/Tags",
      swiftSettings: strict
    ),
    .target(
      name: "ComposerFeature",
      dependencies: ["FieldNotesModel", "FieldNotesServices"],
      path: "Features/Composer",
      swiftSettings: strict
    ),

    // MARK: - App

    .target(
      name: "FieldNotesTerminal",
      path: "Sources/FieldNotesTerminal",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesNavigation",
      dependencies: ["FieldNotesModel"],
      path: "Sources/FieldNotesNavigation",
      swiftSettings: strict
    ),
    .target(
      name: "ComposerScreen",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "ComposerFeature", "FieldNotesTerminal",
        "FieldNotesNavigation",
      ],
      path: "Sources/ComposerScreen",
      swiftSettings: strict
    ),
    .target(
      name: "NotebooksScreen",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NotebooksFeature", "FieldNotesTerminal",
        "FieldNotesNavigation",
      ],
      path: "Sources/NotebooksScreen",
      swiftSettings: strict
    ),
    .target(
      name: "NoteListScreen",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NoteListFeature", "FieldNotesTerminal",
        "FieldNotesNavigation",
      ],
      path: "Sources/NoteListScreen",
      swiftSettings: strict
    ),
    .target(
      name: "NoteDetailScreen",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NoteDetailFeature", "FieldNotesTerminal",
        "FieldNotesNavigation",
      ],
      path: "Sources/NoteDetailScreen",
      swiftSettings: strict
    ),
    .target(
      name: "TagsScreen",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "TagsFeature", "FieldNotesTerminal",
        "FieldNotesNavigation",
      ],
      path: "Sources/TagsScreen",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesCommands",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "FieldNotesPersistence", "FieldNotesServicesLive",
        "FieldNotesTerminal",
      ],
      path: "Sources/FieldNotesCommands",
      swiftSettings: strict
    ),
    .target(
      name: "FieldNotesApp",
      dependencies: [
        "FieldNotesCommands",
        "FieldNotesModel", "FieldNotesServices", "FieldNotesPersistence", "FieldNotesServicesLive",
        "NotebooksScreen", "NoteListScreen", "ComposerScreen", "NoteDetailScreen",
        "TagsScreen", "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      path: "Sources/FieldNotesApp",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "fieldnotes",
      dependencies: ["FieldNotesApp"],
      path: "Sources/fieldnotes",
      swiftSettings: strict
    ),

    .executableTarget(
      name: "fieldnotes-bench",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "fieldnotes"],
      path: "Sources/fieldnotes-bench",
      exclude: ["Corpus"],
      swiftSettings: strict
    ),

    // MARK: - Tests

    .testTarget(
      name: "ExercisesTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "FieldNotesTerminal", "FieldNotesTesting",
        "NoteListFeature", "NotebooksFeature",
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
      name: "FieldNotesModelTests",
      dependencies: ["FieldNotesModel"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesServicesTests",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesPersistenceTests",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesPersistence", "CSQLite"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesServicesLiveTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "FieldNotesServicesLive", "FieldNotesTesting",
        "NoteListFeature",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesTestingTests",
      dependencies: ["FieldNotesModel", "FieldNotesServices", "FieldNotesTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NotebooksFeatureTests",
      dependencies: [
        "NotebooksFeature", "FieldNotesModel", "FieldNotesServices", "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NoteListFeatureTests",
      dependencies: [
        "NoteListFeature", "FieldNotesModel", "FieldNotesServices", "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NoteDetailFeatureTests",
      dependencies: [
        "NoteDetailFeature", "FieldNotesModel", "FieldNotesServices", "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TagsFeatureTests",
      dependencies: ["TagsFeature", "FieldNotesModel", "FieldNotesServices", "FieldNotesTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ComposerFeatureTests",
      dependencies: [
        "ComposerFeature", "FieldNotesModel", "FieldNotesServices", "FieldNotesTesting",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesTerminalTests",
      dependencies: ["FieldNotesTerminal"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FieldNotesAppTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "FieldNotesApp", "FieldNotesTesting",
        "FieldNotesPersistence", "CSQLite", "FieldNotesTerminal",
      ],
      exclude: ["Transcripts"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ComposerScreenTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "ComposerScreen", "FieldNotesTesting",
        "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NotebooksScreenTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NotebooksScreen", "FieldNotesTesting",
        "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NoteListScreenTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NoteListScreen", "FieldNotesTesting",
        "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "NoteDetailScreenTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "NoteDetailScreen", "FieldNotesTesting",
        "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TagsScreenTests",
      dependencies: [
        "FieldNotesModel", "FieldNotesServices", "TagsScreen", "FieldNotesTesting",
        "FieldNotesTerminal", "FieldNotesNavigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "ArchitectureTests", swiftSettings: strict),
  ]
)
