import Foundation
import Testing

@testable import FeatureGenerator

/// Writing a plan, in a scratch copy of the two files a feature is added to.
@Suite struct FeaturePlanWritingTests {
  /// A folder holding copies of the package's `Package.swift` and `Screens.swift`.
  func makeScratchPackage() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("new-feature-\(UUID().uuidString)")
    for path in [FieldNotesPackage.manifestPath, FieldNotesPackage.screensPath] {
      let copy = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: RepositoryPackage.root.appendingPathComponent(path), to: copy)
    }
    return root
  }

  @Test func writesEveryFileOfThePlan() throws {
    let name = try RepositoryPackage.freeName()
    let root = try makeScratchPackage()
    defer { try? FileManager.default.removeItem(at: root) }
    let plan = try FeaturePlan(name, in: try FieldNotesPackage(root: root))

    let result = NewFeatureCommand.run([name, "--package-path", root.path])

    #expect(result.error == nil)
    #expect(result.output.prefix(plan.summary.count) == plan.summary[...])
    for (path, text) in plan.creations {
      #expect(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) == text)
    }
    for edit in plan.edits {
      #expect(
        try String(contentsOf: root.appendingPathComponent(edit.path), encoding: .utf8)
          == edit.edited)
    }
    // Written once, the name is taken.
    #expect(
      NewFeatureCommand.run([name, "--package-path", root.path]).error
        == .existingFeature(name))
  }

  @Test func aFailedWriteLeavesEveryFileAsItWas() throws {
    let root = try makeScratchPackage()
    defer { try? FileManager.default.removeItem(at: root) }
    let package = try FieldNotesPackage(root: root)
    // A file where the folder of features should be: the feature's folder can't be made.
    try Data().write(to: root.appendingPathComponent("Features"))

    let name = try RepositoryPackage.freeName()
    let result = NewFeatureCommand.run([name, "--package-path", root.path])

    #expect(result.error?.errorDescription?.hasPrefix("could not write Features/\(name)/") == true)
    #expect(try FieldNotesPackage(root: root).texts == package.texts)
  }
}
