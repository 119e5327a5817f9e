import Foundation

/// How long `swift build` takes after a public declaration is added in a feature, against the
/// same edit in the model everything depends on: what the module boundaries save a developer.
enum BuildWorkload {
  static func run(packageRoot: String, repetitions: Int) throws -> [Workloads.Result] {
    let scratch = packageRoot + "/.build/fieldnotes-bench/build"
    func build() throws -> Double {
      try Measurement.run([
        "swift", "build", "--package-path", packageRoot, "--scratch-path", scratch,
      ]).seconds
    }
    _ = try build()  // a warm build to start from
    // Touching a file only changes its date; Swift's incremental build then recompiles that file
    // alone, wherever it is, so a touched rebuild measures `swift build`'s fixed cost more than
    // the modules. An edit that changes a module's interface is what shows the boundaries: only
    // the modules that depend on it are rebuilt.
    let featureEdit = Summary(
      try (0..<repetitions).map { round in
        try withInterfaceEdit(
          packageRoot, "Features/Composer/ComposerFeature/ComposerViewModel.swift", round
        ) {
          try build()
        }
      })
    let modelEdit = Summary(
      try (0..<repetitions).map { round in
        try withInterfaceEdit(packageRoot, "Core/FieldNotesModel/Note.swift", round) {
          try build()
        }
      })
    return [
      Workloads.Result(
        name: "rebuild after a public declaration is added in `Features/Composer/ComposerFeature`",
        fieldNotes: String(
          format: "%.1f s (min %.1f, max %.1f)", featureEdit.median, featureEdit.minimum,
          featureEdit.maximum),
        peer: String(
          format: "%.1f s after the same edit in `Core/FieldNotesModel/Note.swift`",
          modelEdit.median),
        ratio: featureEdit.median / modelEdit.median, target: "≤ 0.4×",
        isMet: featureEdit.median / modelEdit.median <= 0.4)
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
