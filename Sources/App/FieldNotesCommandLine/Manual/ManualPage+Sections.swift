import FieldNotesPlatform

extension ManualPage {
  /// The DESCRIPTION: paragraphs, in the words of the README.
  static let description: [(tag: String, text: String)] = [
    (
      "",
      "FieldNotes keeps notebooks of notes, with tags, pins, a search language and a composer, "
        + "in a SQLite store, and syncs them through git."
    ),
    (
      "",
      "With a terminal on both ends it is interactive: a prompt names where you are, Tab "
        + "completes, and `help` lists the commands. Otherwise it reads commands from a script "
        + "(`--script`), from `-c`, or from standard input, with no prompt; each failing line "
        + "prints `error: ... (line N of FILE)` on standard error."
    ),
    (
      "",
      "An interactive session first runs the commands of the init file (see FILES), as if "
        + "typed; scripts run it only when given `--init FILE`. Blank lines and lines starting "
        + "with # are passed over, and an error names the file and line and does not stop "
        + "the session."
    ),
    (
      "",
      "`--format json|jsonl|markdown|text`, or `output FORMAT` at the prompt, prints note "
        + "lists, a note's page and the tags as JSON (an array), JSON Lines or Markdown, for "
        + "scripts: each note as id, title, body, tags, notebook, pinned, created and updated."
    ),
    (
      "",
      "`fieldnotes add TITLE` saves one note and exits; its body is standard input when that "
        + "is not a terminal."
    ),
  ]

  /// The FILES: the store, the history, the init file and the editor's folder.
  static var files: [(tag: String, text: String)] {
    [
      (
        StoreLocation.defaultPathShown(on: .linux),
        "The store on Linux (else ~/.local/share/fieldnotes/notes.sqlite); on macOS, "
          + "\(StoreLocation.defaultPathShown(on: .macOS)). `--store PATH` chooses another."
      ),
      (
        "$XDG_STATE_HOME/fieldnotes/history",
        "The lines typed at the prompt (else ~/.local/state/fieldnotes/history), readable by "
          + "you alone; what is typed in the composer is never kept."
      ),
      (
        "$XDG_CONFIG_HOME/fieldnotes/init",
        "Commands an interactive session runs first (else ~/.config/fieldnotes/init, when "
          + "XDG_CONFIG_HOME is unset, empty or relative); `--no-init` skips it."
      ),
      (
        "$XDG_STATE_HOME/fieldnotes/editing",
        "Where a note is written for your editor while it runs, owner-only."
      ),
    ]
  }

  /// The ENVIRONMENT: every variable FieldNotes reads.
  static let environment: [(tag: String, text: String)] = [
    ("VISUAL, EDITOR", "The editor of `new --editor`, `edit N --editor` and `editor`; else vi."),
    ("PAGER", "The pager of output taller than the window (empty turns paging off); else less -R."),
    ("LESS", "The options of less; FRX when unset."),
    ("NO_COLOR", "Set to anything, turns colour off; so does TERM=dumb."),
    ("XDG_DATA_HOME", "The folder of the store's folder (Linux)."),
    ("XDG_STATE_HOME", "The folder of the history's and the editor's folder."),
    ("XDG_CONFIG_HOME", "The folder of the init file's folder."),
    ("HOME", "Where the folders above are when their variable is unset."),
    ("TZ", "The time zone dates are shown in."),
  ]

  /// The EXIT STATUS.
  static let exitStatuses: [(tag: String, text: String)] = [
    ("0", "Every command succeeded (or the session was left)."),
    ("1", "A command failed, or the store could not be opened."),
    ("64", "The command line was not understood."),
    ("128+N", "Signal N ended the run; unsaved work was kept first."),
  ]

  /// The EXAMPLES, each what it does and the command.
  static let examples: [(what: String, command: String)] = [
    ("Look around a library of sample notes:", "fieldnotes --demo"),
    (
      "Save a note from the shell:",
      "echo \"Grey, by the weir.\" | fieldnotes add Heron --tag birds"
    ),
    (
      "Run commands from a script, stopping at the first that fails:",
      "fieldnotes --script tidy.txt --bail"
    ),
    (
      "Print the notes about herons as JSON Lines, one object a line:",
      "fieldnotes --format jsonl -c \"open all\" -c \"search heron\""
    ),
    (
      "Sync with a bare repository in a folder, set once:",
      "fieldnotes sync --sync-folder ~/notes.git"
    ),
    ("Say how a shell command is written and what it does:", "fieldnotes help import"),
    ("Load completion in bash:", "source <(fieldnotes --completion bash)"),
  ]
}
