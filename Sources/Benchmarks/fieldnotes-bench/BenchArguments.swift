/// The arguments `fieldnotes-bench` takes, checked before anything runs: a word it doesn't know
/// (`--help`, a typo of `--quick`) would otherwise start the whole run of most of an hour.
enum BenchArguments {
  /// What the arguments ask for.
  enum Check: Equatable {
    /// A run, as the arguments say.
    case run
    /// The usage, and nothing else.
    case help
    /// Nothing: the arguments are wrong, for the reason given (one line, without `error:`).
    case refused(String)
  }

  /// The flags that take nothing after them.
  static let flags: Set = [
    "--quick", "--million", "--imports-only", "--sync-only", "--edits-only", "--history-only",
    "--field-words",
  ]

  /// Flags of which one run takes at most one.
  static let exclusive = [
    ["--quick", "--million"], ["--imports-only", "--sync-only", "--edits-only", "--history-only"],
  ]

  /// Checks the arguments, in order: the first that is wrong, or `--help`, decides.
  ///
  /// `--corpus` takes the word after it, which can't be a flag; `--soak` takes up to two counts
  /// of 1 or more after it.
  ///
  /// - Parameter arguments: The arguments, without the program's name.
  /// - Returns: What to do.
  static func check(_ arguments: [String]) -> Check {
    var index = arguments.startIndex
    var given: Set<String> = []
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--help", "-h":
        return .help
      case _ where flags.contains(argument):
        let others = exclusive.first { $0.contains(argument) }.map { Set($0).intersection(given) }
        if let other = others?.first {
          return .refused("\(argument) can't be given with \(other)")
        }
        given.insert(argument)
      case "--corpus":
        guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else {
          return .refused("--corpus needs the file of prose after it")
        }
        index += 1
      case "--soak":
        var counts = 0
        while counts < 2, index < arguments.endIndex, let count = Int(arguments[index]) {
          guard count >= 1 else { return .refused("--soak counts seeds and steps from 1") }
          (index, counts) = (index + 1, counts + 1)
        }
      default:
        return .refused("fieldnotes-bench doesn't take '\(argument)'")
      }
    }
    return .run
  }
}
