import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import NotebooksFeature

extension NotebooksScreen {
  // MARK: - TerminalScreen

  /// None: the root shows the app's name.
  public var promptTitle: String? { nil }

  /// `NotebooksView`.
  public var viewName: String { "NotebooksView" }

  /// The view model's state (for `state`, `trace` and `why`, which reads each row's counts),
  /// `back` withdrawing a deletion question, the question withdrawn when the screen is on top
  /// again, having been left behind, and the question itself while it waits for an answer.
  public var capabilities: ScreenCapabilities<Route> {
    ScreenCapabilities(
      state: ViewModelState(
        "NotebooksViewModel.state", read: { [notebooks] in notebooks.state },
        describe: Self.describe, describeChange: Self.describeChange, inFull: Self.describeRows),
      back: { [unowned self] () throws(ScreenError) in try back() },
      didReappear: { [notebooks] in notebooks.cancelDeletion() },
      question: { [unowned self] in pendingDeletion.map { "Delete \u{201C}\($0.name)\u{201D}?" } },
      withdrawQuestion: { [notebooks] in notebooks.cancelDeletion() })
  }

  /// `back` at the root withdraws a deletion question, and goes nowhere.
  ///
  /// - Returns: Staying.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    guard pendingDeletion != nil else {
      return .say("This is the notebooks screen, the first one; `quit` leaves FieldNotes.")
    }
    notebooks.cancelDeletion()
    return .stay
  }

  /// On the notebooks screen.
  public static let helpHeading = "Notebooks"
  /// How to reach the notebooks screen.
  public static let directions = "go to the notebooks screen first (`notebooks`)"

  /// The notebooks screen's commands; `open` and `notebook` work from the screens above too.
  public static let commands: [ScreenCommand<NotebooksScreen>] = [
    ScreenCommand(
      ["open", "cd"], arguments: .text("NAME|N|all|none"),
      summary: "open a notebook's notes (N: row on the notebooks screen)",
      isReachableFromAbove: true
    ) { screen, arguments, _ throws(ScreenError) in try screen.open(arguments) }
    .takingName()
    .completing { screen, previous in
      previous.isEmpty ? screen.notebookNames + ["all", "none"] : []
    },
    ScreenCommand(
      ["notebook"],
      usage: "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]",
      summary: "create, rename or delete a notebook", isReachableFromAbove: true
    ) { screen, arguments, _ throws(ScreenError) in
      try screen.notebookCommand(arguments)
    }
    .takingText(afterWords: 1)
    .completing { screen, previous in
      switch (previous.count, previous.first?.lowercased()) {
      case (0, _): ["new", "rename", "delete"]
      case (1, "rename"), (1, "delete"): screen.notebookNames
      case (2, "delete"): ["--force", "--keep-notes"]
      default: []
      }
    },
    ScreenCommand(
      ["yes", "y"], arguments: .none, summary: "answer yes to the question on screen",
      hintElsewhere: noQuestion
    ) { screen, _, _ throws(ScreenError) in try screen.confirmDeletion(.deleteNotes) },
    ScreenCommand(
      ["no", "n"], arguments: .none, summary: "answer no to the question on screen",
      hintElsewhere: noQuestion
    ) { screen, _, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(NotebooksError) in
        try screen.notebooks.declineDeletion()
      }
      return .stay
    },
    ScreenCommand(["retry"], arguments: .none, summary: "read the notes again after a failure") {
      screen, arguments, _ throws(ScreenError) in
      screen.notebooks.load()
      return .stay
    },
    ScreenCommand(
      ["keep"], arguments: .none, summary: "delete a notebook but keep its notes (when asked)",
      hintElsewhere: noQuestion
    ) { screen, _, _ throws(ScreenError) in try screen.confirmDeletion(.keepNotes) },
  ]

  // MARK: - Commands

  /// What an answer typed where nothing was asked hears.
  private static let noQuestion = "there is no question to answer"

  private var notebookNames: [String] { notebooks.notebookNames.map(\.quotedIfNeeded) }

  /// The deletion being asked about, if any: the view model's, with no state computed.
  private var pendingDeletion: NotebookDeletionRequest? { notebooks.pendingDeletion }

  /// `open NAME|N|all|none`.
  private func open(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let target = arguments.joined(separator: " ")
    let scope: NoteScope
    switch target.lowercased() {
    case "all": scope = .allNotes
    case "none": scope = .unfiled
    default:
      if Int(target) != nil {
        let rows = try ScreenError.carrying { () throws(NotebooksError) in try notebooks.rows }
        scope = try RowNumber.element(target, in: rows.map(notebooks.select))
      } else {
        scope = .notebook(
          try ScreenError.carrying { () throws(NotebooksError) in
            try notebooks.notebook(named: target)
          }.id)
      }
    }
    return ScreenResult(.push(.noteList(scope)))
  }

  /// `notebook new NAME`, `notebook rename NAME NEWNAME`,
  /// `notebook delete NAME [--force|--keep-notes]`.
  ///
  /// The line after the action comes as typed: a name at its end is taken as it is (or
  /// without quotes around it whole); the one name in the middle, rename's first, is quoted
  /// when it holds spaces.
  private func notebookCommand(_ arguments: [String]) throws(ScreenError)
    -> ScreenResult<Route>
  {
    guard let action = arguments.first?.lowercased() else {
      throw .usage(
        "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]")
    }
    let line = arguments.dropFirst().first ?? ""
    let confirmation: String
    switch action {
    case "new", "create", "add":
      let rest = try Self.names(in: line, after: 0)
      guard !rest.isEmpty else { throw .usage("notebook new NAME") }
      let created = try ScreenError.carrying { () throws(NotebooksError) in
        try notebooks.createNotebook(named: rest[0])
      }
      confirmation = "Created notebook \u{201C}\(created.name.terminalSafe)\u{201D}."
    case "rename":
      let rest = try Self.names(in: line, after: 1)
      guard rest.count == 2 else {
        throw .usage("notebook rename NAME NEWNAME (quote names with spaces)")
      }
      try ScreenError.carrying { () throws(NotebooksError) in
        try notebooks.renameNotebook(named: rest[0], to: rest[1])
      }
      confirmation = "Renamed \u{201C}\(rest[0].terminalSafe)\u{201D}."
    case "delete", "remove", "rm":
      let (names, flags) = try Self.nameAndFlags(in: line)
      guard names.count == 1, flags.isSubset(of: ["--force", "--keep-notes"]), flags.count <= 1
      else { throw .usage("notebook delete NAME [--force | --keep-notes]") }
      guard
        let disposition = flags.first.map({
          $0 == "--force" ? NotebookDeletion.deleteNotes : .keepNotes
        })
      else {
        // Asking needs the question on screen.
        try ScreenError.carrying { () throws(NotebooksError) in
          try notebooks.requestDeletion(ofNotebookNamed: names[0])
        }
        return ScreenResult(.reveal)
      }
      let deleted = try ScreenError.carrying { () throws(NotebooksError) in
        try notebooks.deleteNotebook(named: names[0], notes: disposition)
      }
      // Deleting without asking always says what went, wherever it was typed.
      return .say(Self.deletion(of: deleted, notes: disposition))
    default:
      throw .usage(
        "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]")
    }
    // A line says what happened, as `delete` does, so a quiet script's output says it too.
    return .say(confirmation)
  }

  /// The name and the flags of `notebook delete NAME [--force|--keep-notes]`: a name quoted
  /// whole (`"Old --force"`) is one word however it reads; otherwise the flags are the words
  /// that end the line, and the name is what comes before them, as typed.
  private static func nameAndFlags(in line: String) throws(ScreenError) -> ([String], Set<String>) {
    guard line.first == "\"" || line.first == "'" else {
      let (name, flags) = splittingFlags(off: line)
      return (try names(in: name, after: 0), flags)
    }
    let words: [String]
    do { words = try CommandTokenizer.arguments(in: line[...], form: .words) } catch {
      throw .refused("unreadable line: \(error.reason)")
    }
    return (Array(words.prefix(1)), Set(words.dropFirst()))
  }

  /// The flags (`--force`) that end a line, and the line before them, as typed.
  private static func splittingFlags(off line: String) -> (String, Set<String>) {
    var rest = Substring(line)
    var flags: Set<String> = []
    while true {
      let start = rest.lastIndex(of: " ").map { rest.index(after: $0) } ?? rest.startIndex
      guard rest[start...].hasPrefix("--") else { break }
      flags.insert(String(rest[start...]))
      rest = rest[..<start]
      while rest.last == " " { rest = rest.dropLast() }
    }
    return (String(rest), flags)
  }

  /// The words of a line, then the name at its end, as `notebook` takes them.
  private static func names(in line: String, after count: Int) throws(ScreenError) -> [String] {
    do {
      return try CommandTokenizer.arguments(in: line[...], form: .name(afterWords: count))
    } catch {
      throw .refused("unreadable line: \(error.reason)")
    }
  }

  /// `yes` and `keep`: answers to the deletion question that delete.
  private func confirmDeletion(_ disposition: NotebookDeletion) throws(ScreenError)
    -> ScreenResult<Route>
  {
    let deleted = try ScreenError.carrying { () throws(NotebooksError) in
      try notebooks.confirmDeletion(disposition)
    }
    return .say(Self.deletion(of: deleted, notes: disposition))
  }

  /// What a deletion did, in words, such as `Deleted notebook “Birds”; its 2 notes are in the
  /// trash.`.
  private static func deletion(of deleted: NotebookDeletionRequest, notes: NotebookDeletion)
    -> String
  {
    let notebook = "Deleted notebook \u{201C}\(deleted.name.terminalSafe)\u{201D}"
    guard deleted.noteCount > 0 else { return notebook + "; it held no notes." }
    let count = String(count: deleted.noteCount, noun: "note")
    return switch notes {
    case .deleteNotes:
      notebook + "; its \(count) \(deleted.noteCount == 1 ? "is" : "are") in the trash."
    case .keepNotes:
      notebook + "; its \(count) \(deleted.noteCount == 1 ? "is" : "are") now in no notebook."
    }
  }
}
