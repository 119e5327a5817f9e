/// One REPL command: its names, usage, one-line summary and where it can be used.
///
/// `help` is printed from ``CommandCatalog``, and the session dispatches on the first name.
struct CommandSpec: Equatable {
  /// Where a command can be used.
  enum Place: Equatable {
    /// On every screen, the composer included.
    case anywhere
    /// On every screen but the composer.
    case browsing
    /// In a note list (and, for commands about one note, on a note's page).
    case noteList
    /// In the composer.
    case composer
  }

  let names: [String]
  let usage: String
  let summary: String
  let place: Place

  var name: String { names[0] }
}

enum CommandCatalog {
  static let all: [CommandSpec] = [
    // Global
    .init(
      names: ["help", "?"], usage: "help [COMMAND]", summary: "list the commands, or explain one",
      place: .anywhere),
    .init(
      names: ["quit", "exit"], usage: "quit", summary: "leave FieldNotes (Ctrl-D too)",
      place: .anywhere),
    .init(
      names: ["back"], usage: "back", summary: "go back to the previous screen", place: .anywhere),
    .init(
      names: ["list", "ls"], usage: "list", summary: "draw the current screen again",
      place: .anywhere),
    .init(
      names: ["state"], usage: "state", summary: "print the current screen model's state",
      place: .anywhere),
    .init(
      names: ["trace"], usage: "trace on|off", summary: "print every screen-model state transition",
      place: .anywhere),
    .init(
      names: ["renders"], usage: "renders",
      summary: "print how many times each view has been drawn",
      place: .anywhere),
    .init(
      names: ["mode"], usage: "mode mv|mvvm",
      summary: "switch the note list between its MV and MVVM forms", place: .anywhere),
    .init(
      names: ["sync"], usage: "sync", summary: "synchronise with the sync folder", place: .browsing),
    .init(
      names: ["export"], usage: "export FILE",
      summary: "write every note to FILE (JSON, or Markdown for .md)", place: .browsing),
    .init(
      names: ["import"], usage: "import FILE",
      summary: "read notes exported as JSON; known notes are skipped", place: .browsing),
    // Notebooks
    .init(
      names: ["notebooks", "home"], usage: "notebooks", summary: "go to the notebooks screen",
      place: .browsing),
    .init(
      names: ["notebook"],
      usage: "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]",
      summary: "create, rename or delete a notebook", place: .browsing),
    .init(
      names: ["open", "cd"], usage: "open NAME|N|all|none",
      summary: "open a notebook's notes (N: row on the notebooks screen)", place: .browsing),
    // Note list
    .init(
      names: ["search", "find"], usage: "search [TEXT]",
      summary: "show notes containing TEXT; alone, clear the search", place: .noteList),
    .init(
      names: ["filter"], usage: "filter pinned|all", summary: "show only pinned notes, or all",
      place: .noteList),
    .init(
      names: ["tag"], usage: "tag [TAG]", summary: "show notes tagged TAG; alone, clear the tag",
      place: .noteList),
    .init(
      names: ["sort"], usage: "sort newest|oldest|title",
      summary: "order the notes (pinned stay on top)", place: .noteList),
    .init(
      names: ["show", "read"], usage: "show N", summary: "read note N in full", place: .noteList),
    .init(names: ["pin"], usage: "pin N", summary: "pin note N to the top", place: .noteList),
    .init(names: ["unpin"], usage: "unpin N", summary: "unpin note N", place: .noteList),
    .init(
      names: ["move", "mv"], usage: "move N to NOTEBOOK|none",
      summary: "move note N to another notebook", place: .noteList),
    .init(
      names: ["delete", "rm"], usage: "delete N", summary: "delete note N (`undo` restores it)",
      place: .noteList),
    .init(
      names: ["undo"], usage: "undo", summary: "restore the note deleted last", place: .noteList),
    .init(
      names: ["summarize", "summary"], usage: "summarize N", summary: "summarise note N",
      place: .noteList),
    .init(
      names: ["new", "compose"], usage: "new", summary: "write a new note here", place: .noteList),
    .init(names: ["edit"], usage: "edit N", summary: "change note N", place: .noteList),
    // Composer
    .init(names: ["title"], usage: "title TEXT", summary: "set the title", place: .composer),
    .init(
      names: ["body"], usage: "body [TEXT]",
      summary: "set the body; alone, type lines and end with a single `.`", place: .composer),
    .init(
      names: ["tags"], usage: "tags a, b", summary: "set the tags (commas or spaces between them)",
      place: .composer),
    .init(
      names: ["notebook"], usage: "notebook NAME|none", summary: "choose the note's notebook",
      place: .composer),
    .init(names: ["save"], usage: "save", summary: "save the note", place: .composer),
    .init(
      names: ["cancel"], usage: "cancel",
      summary: "close without saving (asks if anything changed)", place: .composer),
    // Answers
    .init(
      names: ["yes", "y"], usage: "yes", summary: "answer yes to the question on screen",
      place: .anywhere),
    .init(
      names: ["no", "n"], usage: "no", summary: "answer no to the question on screen",
      place: .anywhere),
    .init(
      names: ["keep"], usage: "keep", summary: "delete a notebook but keep its notes (when asked)",
      place: .browsing),
  ]

  /// The command a word names, preferring the one usable in the composer when `composing`.
  static func spec(named word: String, composing: Bool) -> CommandSpec? {
    let matches = all.filter { $0.names.contains(word.lowercased()) }
    return matches.first { ($0.place == .composer) == composing } ?? matches.first
  }

  /// The closest command name to a mistyped word, if any is close.
  static func suggestion(for word: String) -> String? {
    let names = all.flatMap(\.names).filter { $0.count > 1 }
    let scored = names.map { ($0, editDistance(word.lowercased(), $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, word.count / 3) else {
      return nil
    }
    return best.0
  }

  /// The edit distance between two words, counting a swap of neighbours as one edit
  /// (optimal string alignment), so `qiut` is one edit from `quit`.
  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let lhs = Array(lhs)
    let rhs = Array(rhs)
    guard !lhs.isEmpty else { return rhs.count }
    guard !rhs.isEmpty else { return lhs.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
    for i in 0...lhs.count { table[i][0] = i }
    for j in 0...rhs.count { table[0][j] = j }
    for i in 1...lhs.count {
      for j in 1...rhs.count {
        let substitution = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + substitution)
        if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[lhs.count][rhs.count]
  }
}
