import Foundation

/// What `new-feature` reads of the FieldNotes package before it writes anything: the two files
/// a feature is added to, and the names already taken.
struct FieldNotesPackage {
  /// The package's manifest, relative to its root.
  static let manifestPath = "Package.swift"
  /// The app's list of screen registrations.
  static let screensPath = "Sources/App/FieldNotesApp/Composition/Screens.swift"
  /// The folders whose Swift files declare commands: the terminal framework's shell (`help`,
  /// `quit`, …), the app's and the features'.
  static let commandFolders = ["Core/FieldNotesTerminal", "Sources", "Features"]
  /// The folder whose Swift files make the store's own tables.
  static let kernelFolder = "Core/FieldNotesPersistence"

  /// The package's root folder.
  let root: URL
  /// The text of each file a feature is added to, by path.
  let texts: [String: String]
  /// Every feature in `Package.swift`'s `features`, in order.
  let features: [String]
  /// Every command name (and alias) declared by a screen, an entry or the shell.
  let commands: Set<String>
  /// The folders in `Features/`.
  let featureFolders: Set<String>
  /// The names of the store's own tables, indexes and triggers, which no feature's may start.
  let kernelTables: Set<String>

  /// Reads a package.
  ///
  /// - Parameter root: The package's root folder.
  /// - Throws: ``NewFeatureError/unexpectedFile(_:_:)`` when a file is missing.
  init(root: URL) throws(NewFeatureError) {
    self.root = root
    var texts: [String: String] = [:]
    for path in [Self.manifestPath, Self.screensPath] {
      do {
        texts[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      } catch {
        throw .unexpectedFile(path, "can't be read; run new-feature in FieldNotes' package")
      }
    }
    self.texts = texts
    features = try Self.features(inManifest: texts[Self.manifestPath] ?? "")
    var commands: Set<String> = []
    for folder in Self.commandFolders {
      for text in Self.swiftTexts(under: root.appendingPathComponent(folder)) {
        commands.formUnion(Self.commandNames(in: text))
      }
    }
    self.commands = commands
    kernelTables = Self.swiftTexts(under: root.appendingPathComponent(Self.kernelFolder))
      .reduce(into: []) { $0.formUnion(Self.tableNames(in: $1)) }
    let features = root.appendingPathComponent("Features")
    featureFolders = Set(
      (try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? [])
  }

  /// Checks that a name is free: no feature, folder or command has it, and for a feature owning
  /// data, no table of the store starts as its tables would (`note_` would own `note_versions`).
  ///
  /// - Parameters:
  ///   - name: The checked name.
  ///   - ownsData: Whether the feature keeps tables of its own.
  /// - Throws: ``NewFeatureError`` saying what has the name already.
  func checkIsFree(_ name: FeatureName, ownsData: Bool = false) throws(NewFeatureError) {
    if ownsData, let table = kernelTables.sorted().first(where: { $0.hasPrefix(name.tablePrefix) })
    {
      throw .existingTable(name: name.name, table: table)
    }
    // SQLite keeps every name starting `sqlite_` for itself.
    if ownsData, name.tablePrefix == "sqlite_" {
      throw .existingTable(name: name.name, table: "sqlite_…")
    }
    let taken = features.contains { $0.lowercased() == name.name.lowercased() }
    if taken || featureFolders.contains(name.name) { throw .existingFeature(name.name) }
    if commands.contains(name.command) {
      throw .existingCommand(name: name.name, command: name.command)
    }
  }

  // MARK: - Reading

  /// The names in `let features = [ … ]`, one a line.
  static func features(inManifest text: String) throws(NewFeatureError) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "let features = ["),
      let end = lines[start...].firstIndex(of: "]")
    else {
      throw .unexpectedFile(manifestPath, "has no `let features = [` list, one name a line")
    }
    return lines[(start + 1)..<end].map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " \","))
    }
  }

  /// The names a Swift file's SQL gives tables, indexes and triggers
  /// (`CREATE TABLE IF NOT EXISTS notes`), its comments left out.
  static func tableNames(in text: String) -> Set<String> {
    // Comments name tables in examples; only code makes them.
    let code = text.split(separator: "\n").filter {
      !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
    }.joined(separator: "\n")
    return Set(
      code.matches(of: #/(?:TABLE|INDEX|TRIGGER)(?:\s+IF\s+NOT\s+EXISTS)?\s+([a-z][a-z0-9_]*)/#)
        .map { String($0.output.1) })
  }

  /// The names in every command declaration of a Swift file: the string list before `usage:`,
  /// `arguments:` or `summary:` (`ScreenCommand(["open", "cd"], arguments: …)`,
  /// `ShellCommand([…], usage: …)`, `ScreenEntry(["tags"], summary: …)`) or after `names:`
  /// (`CommandHelp(names: ["tags"], …)`).
  static func commandNames(in text: String) -> Set<String> {
    var names: Set<String> = []
    let lists = [
      #/\[((?:\s*"[^"\n]+"\s*,?)+)\]\s*,\s*(?:usage|arguments|summary):/#,
      #/names:\s*\[((?:\s*"[^"\n]+"\s*,?)+)\]/#,
    ]
    for list in lists {
      for match in text.matches(of: list) {
        for name in match.output.1.split(separator: ",") {
          names.insert(name.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")))
        }
      }
    }
    return names
  }

  /// The text of every Swift file under a folder, tests left out.
  static func swiftTexts(under folder: URL) -> [String] {
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    return files.compactMap { item -> String? in
      guard let file = item as? URL, file.pathExtension == "swift",
        !file.path.contains("/Tests/")
      else { return nil }
      return try? String(contentsOf: file, encoding: .utf8)
    }
  }
}
