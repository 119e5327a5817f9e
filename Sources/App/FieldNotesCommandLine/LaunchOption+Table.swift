import FieldNotesPlatform
import FieldNotesTerminal

extension LaunchOption {
  /// Every option, in the order `--help` lists them: the one table the parser, `--help`, the
  /// completion scripts and the man page are made from.
  ///
  /// - Parameter platform: The platform whose default store `--store` names; this one by
  ///   default.
  /// - Returns: One option for each ``Key``.
  public static func all(on platform: HostPlatform = .current) -> [LaunchOption] {
    Key.allCases.map { $0.option(on: platform) }
  }

  /// The option one of its names names, if any: `--command` or `-c`.
  ///
  /// - Parameters:
  ///   - name: The argument as typed.
  ///   - isAdding: Whether the command line is `fieldnotes add …`, whose own options count then.
  ///   - isListing: Whether it is `fieldnotes ls …` or `search …`, whose own options count then.
  /// - Returns: The option's key, or `nil` for a name the table doesn't hold.
  static func key(named name: String, isAdding: Bool, isListing: Bool = false) -> Key? {
    all().first { option in
      option.names.contains(name)
        && (option.scope == .anywhere || (isAdding && option.scope == .addition)
          || (isListing && (option.scope == .listing || option.isListingToo)))
    }?.key
  }
}

extension LaunchOption.Key {
  /// This option's row of the table.
  ///
  /// - Parameter platform: The platform whose default store `--store` names.
  /// - Returns: The option.
  func option(on platform: HostPlatform) -> LaunchOption {
    switch self {
    case .store:
      LaunchOption(
        key: self, names: ["--store"], value: .file("PATH"),
        summary: "Keep notes in the SQLite store at PATH (created if missing).",
        details: ["Default: \(StoreLocation.defaultPathShown(on: platform))"])
    case .inMemory:
      LaunchOption(
        key: self, names: ["--in-memory"], summary: "Keep notes in memory only; nothing is saved.")
    case .demo:
      LaunchOption(
        key: self, names: ["--demo"],
        summary: "Like --in-memory, with sample notebooks and notes to explore.")
    case .syncRemote:
      LaunchOption(
        key: self, names: ["--sync-remote"], value: .text("URL"),
        summary: "Sync through git with URL, remembered for this store.",
        details: ["A bare repository's path, ssh:// or https://; also `sync remote URL`."])
    case .syncFolder:
      LaunchOption(
        key: self, names: ["--sync-folder"], value: .folder("PATH"),
        summary: "The same with a bare repository at PATH, made if missing.")
    case .networkProfile:
      LaunchOption(
        key: self, names: ["--network-profile"], value: .choices(["slow", "flaky", "offline"]),
        summary: "Sync through a simulated bad network.",
        details: ["It shows the screens' refreshing and failed states."])
    case .seed:
      LaunchOption(
        key: self, names: ["--seed"], value: .text("N"),
        summary: "Seed the flaky network profile (default 1).")
    case .noSummaries:
      LaunchOption(key: self, names: ["--no-summaries"], summary: "Turn summaries off.")
    case .script:
      LaunchOption(
        key: self, names: ["--script"], value: .file("FILE"),
        summary: "Run the commands in FILE, then exit.")
    case .command:
      LaunchOption(
        key: self, names: ["-c", "--command"], value: .text("CMD"),
        summary: "Run CMD (repeat for several), then exit.", isRepeatable: true)
    case .echo:
      LaunchOption(key: self, names: ["--echo"], summary: "Print each command before its output.")
    case .bail:
      LaunchOption(key: self, names: ["--bail"], summary: "Stop at the first command that fails.")
    case .quiet:
      LaunchOption(
        key: self, names: ["-q", "--quiet"],
        summary: "In a script, print only what commands answer.",
        details: [
          "A screen is printed where `list` asks, and as the script ends when its last commands "
            + "showed it (open, search, show, tags…)."
        ])
    case .initFile:
      LaunchOption(
        key: self, names: ["--init"], value: .file("FILE"),
        summary: "Run the commands in FILE first, whatever the mode.",
        details: [
          "Without it, a session at a terminal first runs \(StoreLocation.initFileShown), "
            + "if it is there."
        ])
    case .noInit:
      LaunchOption(key: self, names: ["--no-init"], summary: "Don't run the init file.")
    case .format:
      LaunchOption(
        key: self, names: ["--format"], value: .choices(OutputFormat.names),
        summary: "Print lists, notes and tags as JSON, JSON Lines, Markdown or text.",
        details: ["Implies --quiet; also `output FORMAT`."])
    case .completion:
      LaunchOption(
        key: self, names: ["--completion"], value: .choices(CompletionScript.Shell.names),
        summary: "Print the shell's completion script and exit.")
    case .manual:
      LaunchOption(key: self, names: ["--man"], summary: "Print the manual page (roff) and exit.")
    case .version:
      LaunchOption(key: self, names: ["--version"], summary: "Print the version and exit.")
    case .help:
      LaunchOption(key: self, names: ["-h", "--help"], summary: "Print this help and exit.")
    case .notebook:
      LaunchOption(
        key: self, names: ["--notebook"], value: .stored("NAME", .notebooks),
        summary: "Put the note in the notebook NAME.",
        details: ["After ls or search: list that notebook's notes (none: those in none)."],
        scope: .addition, isListingToo: true)
    case .tag:
      LaunchOption(
        key: self, names: ["--tag"], value: .stored("TAG", .tags),
        summary: "Tag the note TAG (repeat for several).",
        details: ["After ls or search: list the notes tagged TAG (each one given)."],
        scope: .addition, isRepeatable: true, isListingToo: true)
    case .sort:
      LaunchOption(
        key: self, names: ["--sort"], value: .choices(LaunchOption.sortOrders),
        summary: "Order the notes listed (pinned stay on top); newest by default.",
        details: ["updated: the note changed last first, each dated by its change."],
        scope: .listing)
    case .limit:
      LaunchOption(
        key: self, names: ["-n", "--limit"], value: .text("N"),
        summary: "List the first N notes only, in the list's order.", scope: .listing)
    }
  }
}
