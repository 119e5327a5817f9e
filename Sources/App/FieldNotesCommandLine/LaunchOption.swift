/// One option of `fieldnotes`'s command line, as the table describes it.
///
/// The table (``all(on:)``) is the one place an option is described: the parser finds an
/// argument's ``Key`` in it, and `--help`'s OPTIONS, the shell completion scripts and the man
/// page are all written from it, so none of them can name an option the others don't.
public struct LaunchOption: Equatable, Sendable {
  /// Which option it is: what the parser switches on, one case per row of the table.
  public enum Key: CaseIterable, Sendable {
    /// `--store PATH`.
    case store
    /// `--in-memory`.
    case inMemory
    /// `--demo`.
    case demo
    /// `--sync-remote URL`.
    case syncRemote
    /// `--sync-folder PATH`.
    case syncFolder
    /// `--network-profile slow|flaky|offline`.
    case networkProfile
    /// `--seed N`.
    case seed
    /// `--no-summaries`.
    case noSummaries
    /// `--script FILE`.
    case script
    /// `-c`, `--command CMD`.
    case command
    /// `--echo`.
    case echo
    /// `--bail`.
    case bail
    /// `-q`, `--quiet`.
    case quiet
    /// `--init FILE`.
    case initFile
    /// `--no-init`.
    case noInit
    /// `--format json|jsonl|markdown|text`.
    case format
    /// `--completion bash|zsh|fish`.
    case completion
    /// `--man`.
    case manual
    /// `--version`.
    case version
    /// `-h`, `--help`.
    case help
    /// `--notebook NAME`, after `add`, `ls` or `search`.
    case notebook
    /// `--tag TAG`, after `add`, `ls` or `search`.
    case tag
    /// `--sort newest|oldest|title|updated`, after `ls` or `search`.
    case sort
    /// `-n`, `--limit N`, after `ls` or `search`.
    case limit
  }

  /// What an option's value is: how it is shown, and how a shell completes it.
  public enum Value: Equatable, Sendable {
    /// Any text, shown as the placeholder (`URL`, `N`).
    case text(String)
    /// A file's path, shown as the placeholder; shells complete file names.
    case file(String)
    /// A folder's path, shown as the placeholder; shells complete folder names.
    case folder(String)
    /// One of a fixed list of words, shown as `a|b|c`; shells complete the words.
    case choices([String])
    /// A name the store holds, shown as the placeholder; shells complete the store's names of
    /// that kind (``CompletionRequest``).
    case stored(String, CompletionRequest.Kind)

    /// How a shell completes the value: its words, file names, folder names, or nothing.
    public enum Completion: Equatable, Sendable {
      /// These words.
      case words([String])
      /// File names.
      case files
      /// Folder names.
      case folders
      /// Nothing: the value is the user's to type.
      case nothing
      /// The store's words of a kind, asked of `fieldnotes __complete` as the user types.
      case stored(CompletionRequest.Kind)
    }

    /// How a shell completes the value.
    public var completion: Completion {
      switch self {
      case .text: .nothing
      case .file: .files
      case .folder: .folders
      case .choices(let words): .words(words)
      case .stored(_, let kind): .stored(kind)
      }
    }

    /// The value as `--help` and the man page show it, such as `PATH` or `slow|flaky|offline`.
    public var placeholder: String {
      switch self {
      case .text(let placeholder), .file(let placeholder), .folder(let placeholder),
        .stored(let placeholder, _):
        placeholder
      case .choices(let words): words.joined(separator: "|")
      }
    }
  }

  /// Where on the command line an option is understood.
  public enum Scope: Equatable, Sendable {
    /// Anywhere.
    case anywhere
    /// Only after `fieldnotes add TITLE`.
    case addition
    /// Only after `fieldnotes ls` or `fieldnotes search`.
    case listing
  }

  /// Which option it is.
  public var key: Key
  /// Its names, the short one first where it has one (`-c`, `--command`).
  public var names: [String]
  /// Its value, or `nil` for an option that takes none.
  public var value: Value?
  /// What it does, in one sentence: `--help`'s first line for it, and the shells' description.
  public var summary: String
  /// More lines `--help` and the man page show under the summary, each on a line of its own.
  public var details: [String] = []
  /// Where it is understood.
  public var scope = Scope.anywhere
  /// Whether it may be given more than once, each adding to the last (`-c`, `--tag`).
  public var isRepeatable = false
  /// Whether an option of `add` is understood after `ls` and `search` too (`--notebook`).
  public var isListingToo = false

  /// The long name, such as `--command`: the last of its names.
  public var longName: String { names.last ?? "" }

  /// The subcommand `fieldnotes add TITLE` starts with, which shells complete as a first word.
  public static let addCommand = "add"

  /// The subcommand `fieldnotes show ID` starts with: one note's page, printed once.
  public static let showCommand = "show"

  /// The subcommand `fieldnotes ls [QUERY…]` starts with: every note a search finds, printed
  /// once as a script's `list` prints it.
  public static let listCommand = "ls"

  /// Every command `fieldnotes` takes as its first word, in the order `--help` lists them:
  /// `add`, `show`, `ls`, then the one-shot commands of the daily loop (``Subcommand/Name``).
  public static var commandNames: [String] {
    [addCommand, showCommand, listCommand, searchCommand] + Subcommand.Name.allCases.map(\.rawValue)
      + [helpCommand]
  }

  /// The subcommand `fieldnotes help [COMMAND]` starts with: `--help`, or one command's usage.
  public static let helpCommand = "help"

  /// Every command `fieldnotes` takes as its first word, each as it is written (`rm ID`) with
  /// what it does: `--help`'s COMMANDS and the man page's SHELL COMMANDS.
  public static var commandHelp: [(usage: String, summary: String)] {
    [
      ("\(addCommand) TITLE", addSummary), ("\(showCommand) ID", showSummary),
      ("\(listCommand) [QUERY...]", listSummary),
      (
        "\(searchCommand) QUERY...",
        "Print the notes a search finds, as ls does, each with "
          + "the line that matches, and exit."
      ),
    ] + Subcommand.Name.allCases.map { ($0.usage, $0.summary) }
      + [
        ("\(helpCommand) [COMMAND]", "Print how COMMAND is written and what it does, or this help.")
      ]
  }

  /// The subcommand `fieldnotes search QUERY…` starts with: `ls` with a search required.
  public static let searchCommand = "search"

  /// The orders `--sort` takes: the note list's (`sort` in the REPL), which the app's tests
  /// check are the same.
  public static let sortOrders = ["newest", "oldest", "title", "updated"]

  /// The commands whose first word is a note's id (`show ID`, `rm ID`, `mv ID NOTEBOOK`…),
  /// which shells complete with the store's ids.
  public static var commandsNamingANote: [String] {
    [showCommand] + Subcommand.Name.allCases.filter(\.namesANote).map(\.rawValue)
  }

  /// What `fieldnotes ls` does, for `--help` and the man page.
  public static let listSummary =
    "Print every note a search finds (every note without one), whole, and exit."

  /// What `fieldnotes show` does, for the shells' description of it.
  public static let showSummary =
    "Print one note, named by its id or a prefix of it no other note shares, and exit."

  /// What `fieldnotes add` does, for the shells' description of it.
  public static let addSummary = "Save one note (its body on standard input) and exit."
}
