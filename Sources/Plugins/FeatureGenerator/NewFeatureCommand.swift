import Foundation

/// `new-feature [--dry-run] [--data] NAME`, as the `new-feature` plugin runs it: plans the
/// feature, then prints the plan (with `--dry-run`) or writes it.
///
/// With `--data` the feature owns data: a client protocol, a client in memory for tests and a
/// live one over a table of its own in the store's file, all in its folder.
///
/// The plugin passes the package's folder as `--package-path PATH`; run by hand, the tool works
/// on the current folder.
@main
enum NewFeatureCommand {
  static func main() {
    let result = run(Array(CommandLine.arguments.dropFirst()))
    for line in result.output { print(line) }
    if let error = result.error {
      FileHandle.standardError.write(Data("error: \(error.errorDescription ?? "")\n".utf8))
      exit(1)
    }
  }

  /// Runs the command without touching the process: what it prints, and why it failed.
  ///
  /// - Parameter arguments: The arguments, without the program's name.
  /// - Returns: The lines printed, and the error, if any (nothing was written then).
  static func run(_ arguments: [String]) -> (output: [String], error: NewFeatureError?) {
    do throws(NewFeatureError) {
      let command = try Arguments(arguments)
      let package = try FieldNotesPackage(root: command.packageRoot)
      let plan = try FeaturePlan(command.name, in: package, ownsData: command.ownsData)
      if command.isDryRun { return (plan.summary, nil) }
      try plan.write()
      return (plan.summary + nextSteps(plan.name), nil)
    } catch {
      return ([], error)
    }
  }

  /// What to do after the files are written.
  static func nextSteps(_ name: FeatureName) -> [String] {
    [
      "",
      "Next: scripts/regenerate (the module graph and the transcripts), then swift build and "
        + "swift test. `\(name.command)` on the notebooks screen opens the new screen.",
    ]
  }

  /// The command line: `[--dry-run] [--data] [--package-path PATH] NAME`, in any order.
  struct Arguments {
    var name = ""
    var isDryRun = false
    var ownsData = false
    var packageRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    init(_ arguments: [String]) throws(NewFeatureError) {
      var names: [String] = []
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        switch argument {
        case "--dry-run": isDryRun = true
        case "--data": ownsData = true
        case "--package-path":
          guard let path = remaining.popFirst() else { throw .usage }
          packageRoot = URL(fileURLWithPath: path)
        case _ where argument.hasPrefix("--"): throw .usage
        default: names.append(argument)
        }
      }
      guard names.count == 1 else { throw .usage }
      name = names[0]
    }
  }
}
