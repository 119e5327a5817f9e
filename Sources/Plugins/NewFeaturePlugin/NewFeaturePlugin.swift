import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-feature [--dry-run] [--data] NAME`:
/// writes a new feature of FieldNotes (its folder, its targets' first files, and its place in
/// `Package.swift` and the app's list of screens).
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
    // What the tool prints goes straight through; why it failed comes back here, so that
    // `swift package` prints it as its own one error line.
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw NewFeatureFailure(message: message) }
  }
}

/// Why the generator wrote nothing, in its own words.
struct NewFeatureFailure: Error, CustomStringConvertible {
  /// What the generator printed: `error: ` and one line.
  let message: String

  var description: String {
    let line = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return line.hasPrefix("error: ") ? String(line.dropFirst("error: ".count)) : line
  }
}
