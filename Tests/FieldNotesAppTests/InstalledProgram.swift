import Foundation

/// A program the machine may have (a shell, a man-page formatter), found where packages
/// install them; a test that needs one is skipped, saying which, when it is missing.
enum InstalledProgram {
  /// The folders looked in, in order.
  static let folders = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]

  /// The path of a program, if the machine has it.
  ///
  /// - Parameter name: The program's name, such as `zsh`.
  /// - Returns: Its path, or `nil`.
  static func path(of name: String) -> String? {
    folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a program to its end with some standard input.
  ///
  /// - Parameters:
  ///   - path: The program.
  ///   - arguments: Its arguments.
  ///   - input: Its standard input; none by default.
  ///   - environment: Its environment, `PATH` aside; a plain one by default.
  /// - Returns: Its output, errors and exit status.
  /// - Throws: ``FieldNotesPlatform/ChildProcessError`` when it can't be started.
  static func run(
    _ path: String, _ arguments: [String], input: String = "",
    environment: [String: String] = ["LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
  ) throws -> BuiltProduct.Result {
    try BuiltProduct.run(
      URL(fileURLWithPath: path), arguments: arguments, input: input, environment: environment)
  }
}
