import FieldNotesPlatform
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// The table of options is the parser's, `--help`'s, the completion scripts' and the man
/// page's: each option in it is understood, and the parser understands nothing else.
@Suite struct LaunchOptionTableTests {
  /// A command line using an option, with a value it takes.
  static func arguments(using option: LaunchOption, name: String) -> [String] {
    let value: [String] =
      switch option.value {
      case .choices(let words)?: [words[0]]
      case .text?, .file?, .folder?, .stored?: ["1"]
      case nil: []
      }
    let prefix =
      switch option.scope {
      case .addition: ["add", "Title"]
      case .listing: ["ls"]
      case .anywhere: [String]()
      }
    return prefix + [name] + value
  }

  /// Every name of every option in the table is understood.
  @Test(arguments: LaunchOption.all().flatMap { option in option.names.map { (option, $0) } })
  func theParserUnderstandsEveryNameInTheTable(option: LaunchOption, name: String) throws {
    let arguments = Self.arguments(using: option, name: name)
    #expect(throws: Never.self, "\(arguments)") { try LaunchOptions.parse(arguments) }
    #expect(LaunchOption.key(named: name, isAdding: true, isListing: true) == option.key)
  }

  /// An option the table doesn't hold is not understood, and `add`'s own options are
  /// understood only after `add`.
  @Test func theParserUnderstandsNothingElse() {
    for name in ["--frobnicate", "-x", "--stor", "--Store", "--format=json", "--seed=3"] {
      #expect(throws: UsageError("unknown option '\(name)'")) { try LaunchOptions.parse([name]) }
    }
    for option in LaunchOption.all() where option.scope != .anywhere {
      #expect(throws: UsageError("unknown option '\(option.longName)'")) {
        try LaunchOptions.parse([option.longName, "x"])
      }
    }
  }

  /// One row per key, and no name in two rows.
  @Test func everyKeyHasOneRowAndEveryNameOneOption() {
    let table = LaunchOption.all()
    #expect(table.map(\.key) == LaunchOption.Key.allCases)
    let names = table.flatMap(\.names)
    #expect(Set(names).count == names.count, "a name is in two rows")
    #expect(names.allSatisfy { $0.hasPrefix("--") || ($0.count == 2 && $0.hasPrefix("-")) })
  }

  /// The usage names every option once, so none can be left out of it.
  @Test func theUsageNamesEveryOptionOnce() {
    for synopsis in LaunchOption.synopses {
      let keys = synopsis.groups.flatMap { $0 }
      #expect(Set(keys).count == keys.count, "\(synopsis.leading) names an option twice")
    }
    let keys = LaunchOption.synopses.flatMap { $0.groups.flatMap { $0 } }
    #expect(Set(keys) == Set(LaunchOption.Key.allCases))
    let usage = LaunchOptions.help.components(separatedBy: "OPTIONS:")[0]
    for option in LaunchOption.all() {
      #expect(usage.contains(option.synopsisText), "\(option.longName)")
    }
  }

  /// `--help` has a line for every option, its names and its value.
  @Test func helpListsEveryOption() {
    let lines = LaunchOptions.help.split(separator: "\n")
    for option in LaunchOption.all() {
      let label =
        "  " + option.names.joined(separator: ", ")
        + (option.value.map { " " + $0.placeholder } ?? "")
      #expect(lines.contains { $0.hasPrefix(label) }, "\(label)")
      #expect(LaunchOptions.help.contains(option.summary.prefix(30)))
    }
  }

  /// A value with fixed choices is checked against the table's, in one message's words.
  @Test func aChoiceNotInTheTableIsRefusedNamingTheChoices() throws {
    #expect(throws: UsageError("--network-profile takes slow, flaky or offline")) {
      try LaunchOptions.parse(["--network-profile", "wobbly"])
    }
    #expect(throws: UsageError("--completion takes bash, zsh or fish")) {
      try LaunchOptions.parse(["--completion", "tcsh"])
    }
    #expect(try LaunchOptions.parse(["--completion", "fish"]).completionShell == .fish)
  }

  @Test func theInitFileIsChosenOnceAndNotAlongsideNoInit() throws {
    #expect(try LaunchOptions.parse([]).initFile == .whenInteractive)
    #expect(try LaunchOptions.parse(["--init", "a"]).initFile == .file("a"))
    #expect(try LaunchOptions.parse(["--no-init"]).initFile == .none)
    let refusals: [([String], String)] = [
      (["--init", "a", "--no-init"], "--init and --no-init can't be combined"),
      (["--no-init", "--init", "a"], "--init and --no-init can't be combined"),
      (["--init", "a", "--init", "b"], "--init can be given once"),
      (["--init", ""], "--init needs a path"),
      (["--init"], "--init needs a value"),
    ]
    for (arguments, message) in refusals {
      #expect(throws: UsageError(message), "\(arguments)") { try LaunchOptions.parse(arguments) }
    }
  }
}
