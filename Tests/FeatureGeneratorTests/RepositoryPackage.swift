import Foundation

@testable import FeatureGenerator

/// FieldNotes' own package, read as `new-feature` reads it, and names for the tests to plan.
enum RepositoryPackage {
  /// The package root, found from this file's location.
  static var root: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // FeatureGeneratorTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
  }

  static func read() throws -> FieldNotesPackage { try FieldNotesPackage(root: root) }

  /// `Stats`, or `Stats2`, `Stats3`, … when the package has such a feature already (as it does
  /// right after `new-feature Stats` was tried), so the tests plan a feature that is new.
  static func freeName(like base: String = "Stats") throws -> String {
    let package = try read()
    for number in 1...20 {
      let candidate = number == 1 ? base : "\(base)\(number)"
      if (try? FeaturePlan(candidate, in: package)) != nil { return candidate }
    }
    throw NewFeatureError.existingFeature(base)
  }
}
