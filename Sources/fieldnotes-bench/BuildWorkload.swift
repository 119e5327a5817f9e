import Foundation

/// How long `swift build` takes after touching one file in a feature, against one file in the
/// model everything depends on: what the module boundaries save a developer.
enum BuildWorkload {
  static func run(packageRoot: String, repetitions: Int) throws -> Workloads.Result {
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
    let ratio = feature.median / model.median
    return Workloads.Result(
      name: "rebuild after touching one file in `Features/Composer`",
      fieldNotes: String(
        format: "%.1f s (min %.1f, max %.1f)", feature.median, feature.minimum, feature.maximum),
      peer: String(format: "%.1f s after touching `Core/FieldNotesModel/Note.swift`", model.median),
      ratio: ratio, target: "≤ 0.4×", isMet: ratio <= 0.4)
  }
}
