extension FieldNotesPackage {
  /// The two edits that add a feature outside its folder, neither in Core.
  ///
  /// In the order docs/Adding-a-Feature.md lists the files: its name last in `features`, and
  /// its registration last in the app's list (with its import, in sorted order). Its place is
  /// its own (`StatsPlace`), so Core's `Route` doesn't change.
  ///
  /// - Parameter name: The new feature's name.
  /// - Returns: The edits.
  /// - Throws: ``NewFeatureError/unexpectedFile(_:_:)`` when a file is not as expected.
  func edits(adding name: FeatureName) throws(NewFeatureError) -> [SourceEdit] {
    [try manifestEdit(adding: name), try screensEdit(adding: name)]
  }

  /// `"Stats",` as the last line of `let features = [ … ]`.
  private func manifestEdit(adding name: FeatureName) throws(NewFeatureError) -> SourceEdit {
    let lines = lines(of: Self.manifestPath)
    guard let start = lines.firstIndex(of: "let features = ["),
      let end = lines[start...].firstIndex(of: "]")
    else {
      throw .unexpectedFile(Self.manifestPath, "has no `let features = [` list, one name a line")
    }
    return edit(Self.manifestPath, inserting: [(end, "  \"\(name.name)\",")])
  }

  /// `import StatsScreen` among the sorted imports, and `StatsScreen.registration,` as the last
  /// registration.
  private func screensEdit(adding name: FeatureName) throws(NewFeatureError) -> SourceEdit {
    let lines = lines(of: Self.screensPath)
    let imports = lines.indices.filter { lines[$0].hasPrefix("import ") }
    guard let lastImport = imports.last,
      let start = lines.firstIndex(where: { $0.contains("static let registrations") }),
      let end = lines[start...].firstIndex(of: "  ]")
    else {
      throw .unexpectedFile(Self.screensPath, "has no imports and `static let registrations`")
    }
    let importLine = "import \(name.screenModule)"
    // Sorted as `swift format` sorts them: by the module's name, character by character.
    let importIndex = imports.first { lines[$0] > importLine } ?? lastImport + 1
    return edit(
      Self.screensPath,
      inserting: [(importIndex, importLine), (end, "    \(name.screenModule).registration,")])
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
