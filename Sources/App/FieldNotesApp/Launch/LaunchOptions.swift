import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesServicesLive
import FieldNotesTerminal

/// What `fieldnotes` was asked to do on its command line.
public struct LaunchOptions: Equatable, Sendable {
  /// Where the notes are kept.
  public enum StoreChoice: Equatable, Sendable {
    /// The default store file for this user.
    case defaultFile
    /// A store file at this path.
    case file(String)
    /// In memory only, starting empty.
    case inMemory
    /// In memory only, starting with sample notebooks and notes.
    case demo
  }

  /// Where the notes are kept.
  public var store = StoreChoice.defaultFile
  /// A file of commands to run instead of reading standard input.
  public var scriptPath: String?
  /// Commands given with `-c`, run in order.
  public var commands: [String] = []
  /// Whether to print each input line before its output.
  public var echoes = false
  /// Whether to stop at the first failing line.
  public var bails = false
  /// Whether a script prints only what its commands answer, and a screen only when `list`
  /// asks (`--quiet`).
  public var isQuiet = false
  /// The sync remote to remember for the store, if given: a URL, or with `--sync-folder` a
  /// folder that holds (or will hold) a bare repository.
  public var syncRemote: SyncRemote?
  /// The simulated network the syncer goes through, if any (`slow`, `flaky`, `offline`).
  public var networkProfile: String?
  /// The seed of the flaky network profile.
  public var seed: UInt64 = 1
  /// Whether summaries are turned off (the seed's unavailable summarizer is used).
  public var disablesSummaries = false
  /// A note to add from the shell (`fieldnotes add TITLE …`), instead of running a session.
  public var addition: Addition?
  /// Whether to print help and exit.
  public var showsHelp = false
  /// Whether to print the version and exit.
  public var showsVersion = false

  /// Creates the default options.
  public init() {}

  /// A note added from the shell in one command: `fieldnotes add TITLE [--notebook NAME]
  /// [--tag TAG]...`, its body read from standard input when that is not a terminal.
  public struct Addition: Equatable, Sendable {
    /// The title.
    public var title: String
    /// The notebook's name, or `nil` for none.
    public var notebook: String?
    /// The tags, as typed.
    public var tags: [String] = []
  }

  /// Reads the command line.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for anything not understood.
  public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    func value(for option: String, notAnOption: Bool = false) throws(UsageError) -> String {
      guard let value = remaining.first, !(notAnOption && value.hasPrefix("--")) else {
        throw UsageError("\(option) needs a value")
      }
      remaining.removeFirst()
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": options.showsHelp = true
      case "--version": options.showsVersion = true
      case "--store": try options.choose(.file(try value(for: argument)), by: argument)
      case "--in-memory": try options.choose(.inMemory, by: argument)
      case "--demo": try options.choose(.demo, by: argument)
      case "--script":
        guard options.scriptPath == nil else { throw UsageError("--script can be given once") }
        options.scriptPath = try value(for: argument)
      case "-c", "--command": options.commands.append(try value(for: argument))
      case "--sync-remote", "--sync-folder":
        guard options.syncRemote == nil else {
          throw UsageError("--sync-remote and --sync-folder can be given once, and not both")
        }
        let value = try value(for: argument)
        guard !value.isEmpty else { throw UsageError("\(argument) needs a value") }
        options.syncRemote = argument == "--sync-remote" ? .url(value) : .bareRepository(value)
      case "--network-profile":
        let profile = try value(for: argument)
        guard ["slow", "flaky", "offline"].contains(profile) else {
          throw UsageError("--network-profile takes slow, flaky or offline")
        }
        options.networkProfile = profile
      case "--seed":
        let text = try value(for: argument)
        guard let seed = UInt64(text) else { throw UsageError("--seed takes a whole number") }
        options.seed = seed
      case "--no-summaries": options.disablesSummaries = true
      case "--echo": options.echoes = true
      case "--bail": options.bails = true
      case "--quiet", "-q": options.isQuiet = true
      case "add" where options.addition == nil && arguments.first == "add":
        guard let title = remaining.popFirst(), !title.hasPrefix("-") else {
          throw UsageError("add needs a title: fieldnotes add \"Title\" [--notebook NAME]")
        }
        options.addition = Addition(title: title)
      case "--notebook" where options.addition != nil:
        options.addition?.notebook = try value(for: argument, notAnOption: true)
      case "--tag" where options.addition != nil:
        options.addition?.tags.append(try value(for: argument, notAnOption: true))
      case _ where options.addition != nil && !argument.hasPrefix("-"):
        throw UsageError(
          "add takes one title; quote a title with spaces (“\(argument.terminalSafe)” is one word "
            + "too many)")
      default:
        if argument.hasPrefix("--store=") {
          try options.choose(.file(String(argument.dropFirst("--store=".count))), by: "--store")
        } else {
          throw UsageError("unknown option '\(argument.terminalSafe)'")
        }
      }
    }
    if options.scriptPath != nil, !options.commands.isEmpty {
      throw UsageError("--script and -c can't be combined")
    }
    if options.addition != nil, options.scriptPath != nil || !options.commands.isEmpty {
      throw UsageError("add can't be combined with --script or -c")
    }
    if case .file(let path) = options.store, path.isEmpty {
      throw UsageError("--store needs a path")
    }
    return options
  }

  private mutating func choose(_ choice: StoreChoice, by option: String) throws(UsageError) {
    guard store == .defaultFile else {
      throw UsageError("\(option) can't be combined with another store option")
    }
    store = choice
  }

  /// The text of `--help`, with the default store of the platform it runs on.
  public static var help: String { help(on: .current) }

  /// The text of `--help` on a platform, whose default store it names.
  ///
  /// - Parameter platform: The platform.
  /// - Returns: The text.
  public static func help(on platform: HostPlatform) -> String {
    """
    OVERVIEW: FieldNotes — notebooks, notes and a composer, in your terminal.

    USAGE: fieldnotes add TITLE [--notebook NAME] [--tag TAG]... [--store PATH]
           fieldnotes [--store PATH | --in-memory | --demo] [--sync-remote URL | --sync-folder PATH]
                      [--network-profile slow|flaky|offline] [--seed N] [--no-summaries]
                      [--script FILE | -c COMMAND ...] [--echo] [--bail] [--quiet]

    `fieldnotes add` saves one note and exits: its body is standard input when that is not a
    terminal (`echo "Grey, by the weir." | fieldnotes add Heron --tag birds`).

    OPTIONS:
      --store PATH        Keep notes in the SQLite store at PATH (created if missing).
                          Default: \(StoreLocation.defaultPathShown(on: platform))
      --in-memory         Keep notes in memory only; nothing is saved.
      --demo              Like --in-memory, with sample notebooks and notes to explore.
      --sync-remote URL   Sync through git with URL (a bare repository's path, ssh://, https://),
                          remembered for this store; also `sync remote URL`.
      --sync-folder PATH  The same with a bare repository at PATH, made if missing.
      --network-profile slow|flaky|offline
                          Sync through a simulated bad network, to see the screens'
                          refreshing and failed states.
      --seed N            Seed the flaky network profile (default 1).
      --no-summaries      Turn summaries off.
      --script FILE       Run the commands in FILE, then exit.
      -c, --command CMD   Run CMD (repeat for several), then exit.
      --echo              Print each command before its output.
      --bail              Stop at the first command that fails.
      -q, --quiet         In a script, print only what commands answer, and a screen
                          only where `list` asks for it.
      --version           Print the version and exit.
      -h, --help          Print this help and exit.

    With a terminal on both ends FieldNotes is interactive: type `help`. Otherwise it reads
    commands from standard input. Exit status: 0 when every command succeeded, 1 when one
    failed, 64 for a bad command line.

    At a terminal, typed lines are kept in $XDG_STATE_HOME/fieldnotes/history (or
    ~/.local/state/fieldnotes/history), output taller than the window goes through $PAGER (else
    less -R), and colour is used unless NO_COLOR is set or TERM is dumb.

    `new --editor`, `edit N --editor` and the composer's `editor` write the note in $VISUAL,
    else $EDITOR, else vi (at a terminal), run through the shell as git runs it; a script gets
    the editor too when EDITOR is set.
    """
  }
}

/// A command line `fieldnotes` does not understand.
public struct UsageError: Error, Equatable {
  /// What is wrong.
  public var message: String

  /// Creates the error.
  ///
  /// - Parameter message: What is wrong.
  public init(_ message: String) { self.message = message }
}
