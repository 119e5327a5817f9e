import Foundation

/// How long `swift build` takes after touching one file in a feature, against one file in the
/// model everything depends on: what the module boundaries save a developer.
enum BuildWorkload {
  static func run(packageRoot: String, repetitions: Int) throws -> [Workloads.Result] {
    let scratch = packageRoot + "/.build/fieldnotes-bench/build"
    func build() throws -> Double {
      try Measurement.run([
        "swift", "build", "--package-path", packageRoot, "--scratch-path", scratch,
      ]).seconds
    }
    func touch(_ path: String) throws {
      try FileManager.default.setAttributes(
        [.modificationDate: Date()], ofItemAtPath: packageRoot + "/" + path)
    }
    _ = try build()  // a warm build to start from
    // What `swift build` costs with nothing to do: the floor under every rebuild below.
    let noOp = Summary(try (0..<repetitions).map { _ in try build() })
    // Touching a file only changes its date; Swift's incremental build then recompiles that
    // file alone, wherever it is, so both touched rebuilds sit just above the floor. An edit
    // that changes a module's interface is what shows the module boundaries: only the modules
    // that depend on it are rebuilt.
    let feature = Summary(
      try (0..<repetitions).map { _ in
        try touch("Features/Composer/ComposerViewModel.swift")
        return try build()
      })
    let model = Summary(
      try (0..<repetitions).map { _ in
        try touch("Core/FieldNotesModel/Note.swift")
        return try build()
      })
    let featureEdit = Summary(
      try (0..<repetitions).map { round in
        try withInterfaceEdit(packageRoot, "Features/Composer/ComposerViewModel.swift", round) {
          try build()
        }
      })
    let modelEdit = Summary(
      try (0..<repetitions).map { round in
        try withInterfaceEdit(packageRoot, "Core/FieldNotesModel/Note.swift", round) {
          try build()
        }
      })
    let allowed = 0.4 * model.median
    let floorNote =
      noOp.median > allowed
      ? String(
        format: "; a no-op build takes %.2f s, more than the %.2f s the target allows",
        noOp.median, allowed)
      : String(format: "; a no-op build takes %.2f s", noOp.median)
    return [
      Workloads.Result(
        name: "rebuild after touching one file in `Features/Composer`",
        fieldNotes: String(
          format: "%.2f s (min %.2f, max %.2f)", feature.median, feature.minimum,
          feature.maximum),
        peer: String(
          format: "%.2f s after touching `Core/FieldNotesModel/Note.swift`", model.median)
          + floorNote,
        ratio: feature.median / model.median, target: "≤ 0.4×",
        isMet: feature.median / model.median <= 0.4),
      Workloads.Result(
        name: "rebuild after a public declaration is added in `Features/Composer`",
        fieldNotes: String(
          format: "%.1f s (min %.1f, max %.1f)", featureEdit.median, featureEdit.minimum,
          featureEdit.maximum),
        peer: String(
          format: "%.1f s after the same edit in `Core/FieldNotesModel/Note.swift`",
          modelEdit.median),
        ratio: featureEdit.median / modelEdit.median, target: "≤ 0.4×",
        isMet: featureEdit.median / modelEdit.median <= 0.4),
    ]
  }

  /// Adds a public declaration to a file for the length of `body`, then puts the file back.
  private static func withInterfaceEdit(
    _ packageRoot: String, _ path: String, _ round: Int, _ body: () throws -> Double
  ) throws -> Double {
    let url = URL(fileURLWithPath: packageRoot + "/" + path)
    let original = try Data(contentsOf: url)
    defer { try? original.write(to: url) }
    var edited = original
    edited.append(
      Data(
        "\n/// Added by fieldnotes-bench; removed when it finishes.\npublic let benchmarkEdit\(round) = \(round)\n"
          .utf8))
    try edited.write(to: url)
    return try body()
  }
}
