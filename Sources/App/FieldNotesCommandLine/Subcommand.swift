import FieldNotesTerminal

/// A one-shot command of the daily loop, typed in the shell (`fieldnotes rm ID`), run once over
/// the REPL's own screens and view models, then the program exits.
///
/// The table of commands (``Name``) is the one place each is described: the parser knows
/// exactly these words, and `--help`, the man page, the completion scripts and the message for
/// an unknown command name them from it. `add`, `show` and `ls`, the first ones, keep fields of
/// their own in ``LaunchOptions``.
public struct Subcommand: Equatable, Sendable {
  /// Which command it is, by the word that starts it.
  public enum Name: String, CaseIterable, Sendable {
    /// `fieldnotes rm ID`: the note to the trash.
    case rm
    /// `fieldnotes pin ID`.
    case pin
    /// `fieldnotes unpin ID`.
    case unpin
    /// `fieldnotes mv ID NOTEBOOK`: the note to another notebook, or none.
    case mv
    /// `fieldnotes tag ID +TAG -TAG…`: tags added and taken off.
    case tag
    /// `fieldnotes restore ID [VERSION]`: a trashed note put back, or a version brought back.
    case restore
    /// `fieldnotes history ID`: the versions kept of a note.
    case history
    /// `fieldnotes edit ID`: the note in `$EDITOR`, saved when it exits.
    case edit
    /// `fieldnotes notebooks`: the notebooks, with their notes' counts.
    case notebooks
    /// `fieldnotes tags`: every tag, with its notes' count.
    case tags
    /// `fieldnotes trash`: the notes in the trash.
    case trash
    /// `fieldnotes sync`: the REPL's `sync`, with the store's remote.
    case sync
    /// `fieldnotes import PATH`: the REPL's `import`, notes read from another place.
    case `import`
    /// `fieldnotes export PATH`: the REPL's `export`, every note written to a file or folder.
    case export

    /// How it is written, as `--help` and the errors show it, such as `mv ID NOTEBOOK`.
    public var usage: String {
      switch self {
      case .rm, .pin, .unpin, .history, .edit: "\(rawValue) ID"
      case .notebooks, .tags, .trash, .sync: rawValue
      case .import: "import PATH [--notebook NAME]"
      case .export: "export FILE|FOLDER/"
      case .mv: "mv ID NOTEBOOK|none"
      case .tag: "tag ID +TAG|-TAG..."
      case .restore: "restore ID [VERSION]"
      }
    }

    /// What it does, in one sentence, for `--help`, the man page and the shells.
    public var summary: String {
      switch self {
      case .rm: "Move a note to the trash (`fieldnotes restore ID` puts it back)."
      case .pin: "Pin a note to the top of its lists."
      case .unpin: "Unpin a note."
      case .mv: "Move a note to another notebook (none: to no notebook)."
      case .tag: "Add (+TAG) and remove (-TAG) a note's tags."
      case .restore:
        "Put a note back from the trash, or bring back version VERSION of a note (`history`)."
      case .history: "List the versions kept of a note, newest first."
      case .edit: "Change a note in $VISUAL or $EDITOR; it is saved when the editor exits."
      case .notebooks: "List the notebooks and how many notes each holds."
      case .tags: "List every tag and how many notes carry it."
      case .trash: "List the notes in the trash, deleted last first."
      case .sync:
        "Sync with the store's remote (set once by --sync-folder PATH or --sync-remote URL, "
          + "which may be given here too); progress goes to standard error."
      case .import:
        "Read notes from a Markdown folder or file, a FieldNotes export or a jrnl journal "
          + "(into notebook NAME); notes already here are skipped."
      case .export:
        "Write every note to FILE (JSON; Markdown for .md) or to FOLDER/ as Markdown files."
      }
    }

    /// How many words it takes after its own, at least and at most (`nil`: no limit; a
    /// notebook's name may be several words, as the REPL takes a name ending a line).
    var wordCount: (minimum: Int, maximum: Int?) {
      switch self {
      case .rm, .pin, .unpin, .history, .edit: (1, 1)
      case .notebooks, .tags, .trash, .sync: (0, 0)
      case .import, .export: (1, 1)
      case .mv: (2, nil)
      case .tag: (2, nil)
      case .restore: (1, 2)
      }
    }

    /// Whether a word starting with a dash is its own (`tag ID -old`) rather than an option.
    var takesDashedWords: Bool { self == .tag }

    /// Whether its first word is a note's id (`rm ID`), which shells complete from the store.
    public var namesANote: Bool {
      switch self {
      case .rm, .pin, .unpin, .mv, .tag, .restore, .history, .edit: true
      case .notebooks, .tags, .trash, .sync, .import, .export: false
      }
    }

    /// Whether its word is a path (`import PATH`), which shells complete with file names.
    public var takesAPath: Bool { self == .import || self == .export }
  }

  /// Which command it is.
  public var name: Name
  /// The words typed after the command's own, options taken out: the note's id first.
  public var words: [String] = []
  /// The notebook `import PATH --notebook NAME` reads every note into, as typed.
  public var intoNotebook: String?

  /// The note's id or prefix, as typed: the first word.
  public var noteID: String { words.first ?? "" }

  /// Checks the number and the form of the words once the command line is read.
  ///
  /// - Throws: ``UsageError`` naming what is missing or one word too many.
  func validate() throws(UsageError) {
    let (minimum, maximum) = name.wordCount
    if minimum > 0, words.isEmpty, !name.namesANote {
      throw UsageError("\(name.rawValue) needs a path: fieldnotes \(name.usage)")
    }
    if minimum > 0, words.isEmpty {
      throw UsageError(
        "\(name.rawValue) needs a note's id: fieldnotes \(name.usage) (ids are in fieldnotes ls)")
    }
    if words.count < minimum {
      throw UsageError("\(name.rawValue) needs more: fieldnotes \(name.usage)")
    }
    if let maximum, words.count > maximum {
      let most = maximum == 0 ? "no words" : "at most \(maximum) word\(maximum == 1 ? "" : "s")"
      throw UsageError(
        "\(name.rawValue) takes \(most) (“\(words[maximum].terminalSafe)” is one too many): "
          + "fieldnotes \(name.usage)")
    }
    if name == .tag, let bare = words.dropFirst().first(where: { !Self.isTagChange($0) }) {
      throw UsageError(
        "tag takes +TAG to add a tag and -TAG to take one off (“\(bare.terminalSafe)” is "
          + "neither): fieldnotes \(name.usage)")
    }
    if name == .restore, words.count == 2, Int(words[1]) == nil {
      throw UsageError(
        "restore's VERSION is a number `fieldnotes history ID` lists "
          + "(“\(words[1].terminalSafe)” is not one)")
    }
  }

  /// Whether a word is `+TAG` or `-TAG`, with a tag after its sign.
  static func isTagChange(_ word: String) -> Bool {
    (word.hasPrefix("+") || word.hasPrefix("-")) && word.count > 1
  }

  /// The tags `tag` adds, without their `+`, as typed.
  public var addedTags: [String] {
    words.dropFirst().filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) }
  }

  /// The tags `tag` takes off, without their `-`, as typed.
  public var removedTags: [String] {
    words.dropFirst().filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }
  }

  /// The notebook `mv` moves to: every word after the id, as the REPL takes a name ending a
  /// line (`none` for no notebook).
  public var notebook: String { words.dropFirst().joined(separator: " ") }

  /// The version `restore` brings back; `nil` to put a note back from the trash.
  public var version: Int? { words.count == 2 ? Int(words[1]) : nil }

  /// The REPL's lines that do it, for a note named by its whole id: All Notes, where a note
  /// list takes an id in place of a row number, then the list's own command; `restore VERSION`
  /// goes through the note's page, where versions are.
  ///
  /// `restore` from the trash needs the trash's row, which the app reads from the store.
  ///
  /// - Parameters:
  ///   - id: The note's whole id.
  ///   - tags: For `tag`, the tags the note is to have, worked out from what it has: the
  ///     composer is opened on the note, given them, and saved, so its rules for tags apply;
  ///     without them it saves the note as it is.
  /// - Returns: The lines.
  public func lines(id: String, tags: [String]? = nil) -> [String] {
    switch name {
    case .rm: ["open all", "delete \(id)"]
    case .pin: ["open all", "pin \(id)"]
    case .unpin: ["open all", "unpin \(id)"]
    case .mv: ["open all", "move \(id) to \(notebook)"]
    case .tag:
      ["open all", "edit \(id)"] + (tags.map { ["tags " + $0.joined(separator: ", ")] } ?? [])
        + ["save"]
    case .restore: ["open all", "show \(id)", "restore \(version ?? 0)"]
    case .history: ["open all", "show \(id)", "history"]
    case .edit: ["open all", "edit \(id) --editor"]
    case .notebooks, .tags, .trash, .sync, .import, .export: linesNamingNoNote ?? []
    }
  }

  /// The REPL's lines of a command that names no note: its screen, printed whole as a
  /// script's `list` prints it, or the app's command on the whole library (`sync`, `import`,
  /// `export`), its path taken as typed; `nil` for a command that names one.
  public var linesNamingNoNote: [String]? {
    switch name {
    case .notebooks: ["list"]
    case .tags: ["tags", "list"]
    case .trash: ["trash", "list"]
    case .sync: ["sync"]
    case .import: ["import " + noteID + (intoNotebook.map { " --notebook " + $0 } ?? "")]
    case .export: ["export " + noteID]
    default: nil
    }
  }
}
