import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-feature [--dry-run] NAME`: writes a
/// new feature of FieldNotes (its folder, its four targets' first files, and its place in
/// `Package.swift`, `Route` and the app's list of screens).
///
/// A plugin can't link the package's libraries, so the work is done by the `FeatureGenerator`
/// tool, which the tests link; this only runs it on the package's folder.
@main
struct NewFeaturePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let generator = try context.tool(named: "FeatureGenerator")
    let process = Process()
    process.executableURL = generator.url
    process.arguments = arguments + ["--package-path", context.package.directoryURL.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw NewFeatureFailure() }
  }
}

/// The generator has printed why it wrote nothing; `swift package` then exits with a failure.
struct NewFeatureFailure: Error, CustomStringConvertible {
  var description: String { "new-feature wrote nothing" }
}
