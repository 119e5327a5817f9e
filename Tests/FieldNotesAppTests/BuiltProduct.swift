import FieldNotesPlatform
import Foundation

/// The executables `swift build` made, run as a user would run them.
enum BuiltProduct {
  /// The folder the test bundle was built into, which holds the executables too.
  static var buildFolder: URL {
    buildFolder(testArguments: CommandLine.arguments) { folder in
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("fieldnotes").path)
    }
  }

  /// The build folder, found from how the tests were started: the folder holding the test
  /// bundle, or the first above it that holds the executables.
  ///
  /// On Linux the tests run as the bundle's own executable (`…/debug/FieldNotesPackageTests
  /// .xctest`); on macOS `swift test` runs a helper inside Xcode, given the bundle as
  /// `--test-bundle-path …/debug/FieldNotesPackageTests.xctest/Contents/MacOS/…`, so the walk
  /// starts there instead of at the helper.
  ///
  /// - Parameters:
  ///   - testArguments: The test process's arguments, its executable first.
  ///   - holdsExecutables: Whether a folder holds the built executables.
  /// - Returns: The first folder up from the bundle that holds them, or where the walk stopped
  ///   (`/`, or a `.build` folder).
  static func buildFolder(testArguments: [String], holdsExecutables: (URL) -> Bool) -> URL {
    let bundle =
      testArguments.firstIndex(of: "--test-bundle-path").flatMap { flag in
        testArguments.indices.contains(flag + 1) ? testArguments[flag + 1] : nil
      } ?? testArguments.first ?? "/"
    var folder = URL(fileURLWithPath: FilePaths.resolved(bundle)).deletingLastPathComponent()
    while folder.path != "/" && !holdsExecutables(folder) {
      folder = folder.deletingLastPathComponent()
      if folder.lastPathComponent == ".build" { break }
    }
    return folder
  }

  /// Makes writing to a child that has exited fail with `EPIPE` instead of ending the tests.
  ///
  /// A run that stops early (`--bail`, a store it refuses) leaves some of its input unread, and
  /// `SIGPIPE` would end the whole test process. Touch it before starting a child.
  static let brokenPipesAreIgnored: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// The `fieldnotes` executable, if it has been built.
  static var fieldnotes: URL? {
    let url = buildFolder.appendingPathComponent("fieldnotes")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// The git configuration every program the tests run gets, unless a test gives its own:
  /// none of the machine's or the developer's, so a global `commit.gpgSign` or
  /// `url.<base>.insteadOf` can't change what a test's sync does.
  static let gitIsolation = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"]

  /// Starts an executable with its three standard streams piped, found programs limited to the
  /// system's, no git configuration but what the test gives (``gitIsolation``), and `SIGPIPE`
  /// ignored.
  ///
  /// - Parameters:
  ///   - executable: The executable.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment, `PATH` aside.
  ///   - folder: The folder it starts in; this process's by default.
  /// - Returns: The running child.
  /// - Throws: ``FieldNotesPlatform/ChildProcessError`` when it can't be started.
  static func start(
    _ executable: URL, arguments: [String], environment: [String: String], in folder: String? = nil
  ) throws -> ChildProcess {
    BuiltProduct.brokenPipesAreIgnored
    return try ChildProcess(
      executable.path, arguments: arguments,
      environment: gitIsolation.merging(environment) { $1 }.merging(["PATH": "/usr/bin:/bin"]) {
        $1
      }, standardInput: .pipe,
      standardOutput: .pipe, standardError: .pipe, workingDirectory: folder)
  }

  struct Result {
    var output: [String]
    var errors: [String]
    var status: Int32
  }

  /// Runs an executable to completion with some standard input, in a folder if one is given.
  static func run(
    _ executable: URL, arguments: [String], input: String, environment: [String: String],
    in folder: String? = nil
  ) throws -> Result {
    try run(
      executable, arguments: arguments, inputBytes: Array(input.utf8), environment: environment,
      in: folder)
  }

  /// Runs the executable with bytes on standard input, which need not be text.
  static func run(
    _ executable: URL, arguments: [String], inputBytes: [UInt8], environment: [String: String],
    in folder: String? = nil
  ) throws -> Result {
    let child = try start(executable, arguments: arguments, environment: environment, in: folder)
    let collected = child.collectOutput(writing: inputBytes)
    return Result(
      output: lines(Data(collected.output)), errors: lines(Data(collected.errors)),
      status: collected.termination.status)
  }

  private static func lines(_ data: Data) -> [String] {
    var lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
