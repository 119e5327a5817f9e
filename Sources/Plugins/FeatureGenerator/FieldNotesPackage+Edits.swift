extension FieldNotesPackage {
  /// The two edits that add a feature outside its folder, neither in Core.
  ///
  /// In the order docs/Adding-a-Feature.md lists the files: its name last in `features`, and
  /// its registration last in the app's list (with its import, in sorted order). Its place is
  /// its own (`StatsPlace`), so Core's `Route` doesn't change.
  ///
  /// A feature that owns data is named in `featuresOwningData` too, and registered with its
  /// live client (`StatsScreen.registration { SQLiteStatsClient(tables: $0.tables) }`, with
  /// the import of `StatsLive`).
  ///
  /// - Parameters:
  ///   - name: The new feature's name.
  ///   - ownsData: Whether it keeps data of its own.
  /// - Returns: The edits.
  /// - Throws: ``NewFeatureError/unexpectedFile(_:_:)`` when a file is not as expected.
  func edits(adding name: FeatureName, ownsData: Bool = false) throws(NewFeatureError)
    -> [SourceEdit]
  {
    [try manifestEdit(adding: name, ownsData: ownsData), try screensEdit(adding: name, ownsData)]
  }

  /// `"Stats",` as the last line of `let features = [ … ]`, and of
  /// `let featuresOwningData: Set<String> = [ … ]` for a feature owning data.
  private func manifestEdit(adding name: FeatureName, ownsData: Bool) throws(NewFeatureError)
    -> SourceEdit
  {
    let lines = lines(of: Self.manifestPath)
    var insertions: [(Int, String)] = []
    for list in ["let features = ["] + (ownsData ? [Self.dataListLine] : []) {
      guard let start = lines.firstIndex(of: list), let end = lines[start...].firstIndex(of: "]")
      else {
        throw .unexpectedFile(Self.manifestPath, "has no `\(list)` list, one name a line")
      }
      insertions.append((end, "  \"\(name.name)\","))
    }
    return edit(Self.manifestPath, inserting: insertions)
  }

  /// The first line of the manifest's list of features owning data.
  static let dataListLine = "let featuresOwningData: Set<String> = ["

  /// `import StatsScreen` among the sorted imports, and `StatsScreen.registration,` as the last
  /// registration.
  private func screensEdit(adding name: FeatureName, _ ownsData: Bool) throws(NewFeatureError)
    -> SourceEdit
  {
    let lines = lines(of: Self.screensPath)
    let imports = lines.indices.filter { lines[$0].hasPrefix("import ") }
    guard let lastImport = imports.last,
      let start = lines.firstIndex(where: { $0.contains("static let registrations") }),
      let end = lines[start...].firstIndex(of: "  ]")
    else {
      throw .unexpectedFile(Self.screensPath, "has no imports and `static let registrations`")
    }
    let newImports =
      (ownsData ? ["import \(name.liveModule)"] : []) + ["import \(name.screenModule)"]
    // Sorted as `swift format` sorts them: by the module's name, character by character.
    var insertions = newImports.map { line in
      (imports.first { lines[$0] > line } ?? lastImport + 1, line)
    }
    insertions.append(
      (
        end,
        ownsData
          ? "    \(name.screenModule).registration { \(name.liveClient)(tables: $0.tables) },"
          : "    \(name.screenModule).registration,"
      ))
    return edit(Self.screensPath, inserting: insertions)
  }

  private func lines(of path: String) -> [String] {
    (texts[path] ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func edit(_ path: String, inserting insertions: [(Int, String)]) -> SourceEdit {
    SourceEdit(
      path: path, original: texts[path] ?? "",
      insertions: insertions.map { (line: $0.0, text: $0.1) })
  }
}
