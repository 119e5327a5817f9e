/// The arguments `fieldnotes-bench` takes, checked before anything runs: a word it doesn't know
/// (`--help`, a typo of `--quick`) would otherwise start the whole run of most of an hour.
enum BenchArguments {
  /// The flags that take nothing after them.
  static let flags: Set = [
    "--quick", "--million", "--imports-only", "--sync-only", "--history-only", "--field-words",
  ]

  /// The first argument the bench doesn't take, or `--corpus` without its file.
  ///
  /// `--corpus` takes the word after it; `--soak` takes up to two numbers after it.
  ///
  /// - Parameter arguments: The arguments, without the program's name.
  /// - Returns: The argument refused; `nil` when every one is taken.
  static func firstRefused(_ arguments: [String]) -> String? {
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      switch argument {
      case _ where flags.contains(argument):
        continue
      case "--corpus":
        guard index < arguments.endIndex else { return argument }
        index += 1
      case "--soak":
        var numbers = 0
        while numbers < 2, index < arguments.endIndex, Int(arguments[index]) != nil {
          (index, numbers) = (index + 1, numbers + 1)
        }
      default:
        return argument
      }
    }
    return nil
  }

  /// What is wrong with an argument ``firstRefused(_:)`` returned.
  ///
  /// - Parameter argument: The argument.
  /// - Returns: One line, without `error:`.
  static func problem(with argument: String) -> String {
    argument == "--corpus"
      ? "--corpus needs the file of prose after it"
      : "fieldnotes-bench doesn't take '\(argument)'"
  }
}
