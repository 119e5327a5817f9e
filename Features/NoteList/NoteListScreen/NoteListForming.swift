import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import NoteListFeature

/// A note list on a terminal, in either form: what the commands both forms share need.
///
/// The MVVM form (``NoteListScreen``) does each through its view model; the MV form
/// (``NoteListMVScreen``) through the store, in the view's own actions. The words typed are the
/// same, so they are defined once, here.
@MainActor
protocol NoteListForming: TerminalScreen where Route == FieldNotesNavigation.Route {
  /// The form this type draws.
  static var form: NoteListForm { get }
  /// The notes the list shows: all, a notebook's, those in no notebook, or a tag's.
  var scope: NoteScope { get }
  /// The search, filters, order and rows shown.
  var settings: NoteListSettings { get set }
  /// The session's choices of how screens are drawn, which say which form lists are in.
  var preferences: ScreenPreferences { get }
  /// The rows as the list last drew them: what a row number typed next stands for.
  var drawn: DrawnRows { get }
  /// The notebooks' names, for completion.
  var notebookNames: [String] { get }
  /// Every tag some note carries, for completion.
  var knownTags: [String] { get }
  /// The name of the notebook the list shows, for its title; `nil` for another scope, or a
  /// notebook gone meanwhile.
  var notebookTitle: String? { get }

  /// Where the page `more` shows next starts: the rows above it and the place it starts after,
  /// read where the last note drawn stands now
  /// (``NoteListFeature/NoteListPage/nextPage(after:drawnBelow:endingAt:_:_:in:)``).
  func nextPage() throws(ScreenError) -> (above: Int, after: NoteListPosition?)
  /// Pins or unpins a note; `false` when it already was as asked.
  func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(ScreenError) -> Bool
  /// Moves a note to the notebook a typed name stands for; `nil` for no notebook.
  func move(_ id: Note.ID, toNotebookNamed name: String) throws(ScreenError) -> Notebook?
  /// Deletes a note, remembered for `undo`.
  func delete(_ id: Note.ID) throws(ScreenError)
  /// Restores the note deleted last.
  ///
  /// - Returns: The note restored.
  func undoDelete() throws(ScreenError) -> Note
  /// Reads the notes again after a failure.
  func retry() throws(ScreenError)
  /// The note an id, or a prefix of it no other note shares, names, wherever it is.
  func note(namedByID typed: String) throws(NoteIDError) -> Note
  /// Searches the list: parses the text into a query and shows what it finds. The MV view
  /// parses it itself; the MVVM screen asks its view model to.
  ///
  /// - Parameter text: The search as typed; empty clears the search.
  /// - Throws: ``FieldNotesTerminal/ScreenError/failed(_:)`` with the query's error; the list
  ///   keeps the search it had.
  func search(for text: String) throws(ScreenError)
  /// Whether the view, as it is now, is the list's records in a script's format.
  func drawsRecords(in terminal: TerminalContext) -> Bool
  /// Each value the view reads when it is drawn for a terminal, by name, for `why`.
  func drawnFrom(in terminal: TerminalContext) -> [DrawnValue]
  /// Syncs, so the list shows the sync while it runs; why it failed, or `nil`.
  func showSync() async -> String?
}

extension NoteListForming {
  /// The list's heading: the notebook's name, All Notes, No Notebook, or Tagged #tag.
  var title: String { scope.listTitle(notebookName: notebookTitle) }

  /// What both forms do beyond drawing: what `why` reads, the list in the other form once
  /// `mode` switched the session's, records in a script's format, every row shown, and the
  /// app's `sync` shown while it runs.
  ///
  /// - Parameters:
  ///   - state: The view model's state the list is drawn from; none in the MV form.
  ///   - lastDrawnFrom: What `why` reads, as the list kept it when it last drew; none in the
  ///     MV form, whose values are read again.
  ///   - failure: Why the list, as last drawn, could not be read, so a script ending on it
  ///     fails.
  /// - Returns: The capabilities.
  func listCapabilities(
    state: ViewModelState? = nil, lastDrawnFrom: (() -> [DrawnValue]?)? = nil,
    failure: @escaping () -> String?
  ) -> ScreenCapabilities<Route> {
    ScreenCapabilities(
      state: state, drawnFrom: { [unowned self] in drawnFrom(in: $0) },
      lastDrawnFrom: lastDrawnFrom,
      replacement: { [unowned self] in replacement },
      drawsRecords: { [unowned self] in drawsRecords(in: $0) },
      showWhole: { [unowned self] in showEveryRow() },
      refresh: { [unowned self] in await showSync() }, failure: failure)
  }

  /// Shows every row of the list from the next drawing on, numbered from the first, however
  /// many it holds then.
  ///
  /// It is what a script's `list` prints, since it has no one to type `more`.
  func showEveryRow() {
    apply(.showEveryRow)
  }

  /// The same list in the other form, once the session's form is no longer this one's.
  var replacement: Route? {
    preferences.noteListForm == Self.form ? nil : .noteList(scope, settings)
  }

  // MARK: - The commands of both forms

  /// The commands of a note list, the same words in both forms.
  static var noteListCommands: [ScreenCommand<Self>] {
    [
      ScreenCommand(
        ["search", "find"], arguments: CommandArguments([.optional(.text("QUERY"))]),
        summary: "show notes matching QUERY (`help search`); alone, clear the search"
      ) { screen, arguments, _ throws(ScreenError) in
        // Spaces around a search are never what is looked for: `search heron ` finds "heron".
        let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let before = screen.settings
        try screen.search(for: text)
        guard screen.settings == before else { return .stay }
        // The list's search again, which changes nothing: the change says so.
        return screen.apply(.search(before.search))
      }
      .takingText()
      .explained(by: searchHelp)
      .completing { screen, before in
        NoteQuery.completions(
          before: before.first ?? "", tags: screen.knownTags, notebooks: screen.notebookNames)
      },
      ScreenCommand(
        ["filter"], arguments: CommandArguments([.choice(NoteListFilter.allCases.map(\.rawValue))]),
        summary: "show only pinned notes, only notes without tags, or all"
      ) { screen, arguments, _ throws(ScreenError) in
        // The declaration let through only a filter's name.
        screen.apply(.filter(NoteListFilter(rawValue: arguments[0].lowercased()) ?? .all))
      },
      ScreenCommand(
        ["tag"], arguments: .optional("TAG"), summary: "show notes tagged TAG; alone, clear the tag"
      ) { screen, arguments, _ throws(ScreenError) in
        screen.apply(.tag(arguments.first))
      }
      .completing { screen, previous in previous.isEmpty ? screen.knownTags : [] },
      ScreenCommand(
        ["sort"], arguments: CommandArguments([.choice(NoteSortOrder.allCases.map(\.rawValue))]),
        summary: "order the notes (pinned stay on top)"
      ) { screen, arguments, _ throws(ScreenError) in
        // The declaration let through only an order's name.
        screen.apply(.sort(NoteSortOrder(rawValue: arguments[0].lowercased()) ?? .newest))
      },
      ScreenCommand(["more"], arguments: .none, summary: "show the next rows of a long list") {
        screen, arguments, _ throws(ScreenError) in
        guard screen.drawn.hiddenCount > 0 else {
          return screen.apply(
            .showMore(after: screen.drawn.lastNumber, following: nil, hiddenCount: 0))
        }
        let next = try screen.nextPage()
        return screen.apply(
          .showMore(after: next.above, following: next.after, hiddenCount: screen.drawn.hiddenCount)
        )
      },
      ScreenCommand(["show", "read"], arguments: .one("N|ID"), summary: "read note N in full") {
        screen, arguments, _ throws(ScreenError) in
        ScreenResult(
          .push(
            .noteDetail(
              try screen.row(arguments[0]).id,
              highlighting: screen.settings.search.query.highlightedTerms)))
      },
      ScreenCommand(["pin"], arguments: .one("N|ID"), summary: "pin note N to the top") {
        screen, arguments, _ throws(ScreenError) in
        try screen.pin(true, try screen.row(arguments[0]))
      },
      ScreenCommand(["unpin"], arguments: .one("N|ID"), summary: "unpin note N") {
        screen, arguments, _ throws(ScreenError) in
        try screen.pin(false, try screen.row(arguments[0]))
      },
      ScreenCommand(
        ["move", "mv"],
        arguments: CommandArguments([.word("N"), .literal("to"), .text("NOTEBOOK|none")]),
        summary: "move note N to another notebook"
      ) { screen, arguments, _ throws(ScreenError) in
        let row = try screen.row(arguments[0])
        let destination = try screen.move(
          row.id, toNotebookNamed: arguments[2...].joined(separator: " "))
        return .say(
          "Moved \u{201C}\(row.title.terminalSafe)\u{201D} to "
            + (destination.map { "\u{201C}\($0.name.terminalSafe)\u{201D}." } ?? "no notebook."))
      }
      .takingName(afterWords: 2)
      .completing { screen, previous in
        switch previous.count {
        case 1: ["to"]
        case 2: screen.notebookNames.map(\.quotedIfNeeded) + ["none"]
        default: []
        }
      },
      ScreenCommand(
        ["delete", "rm"], arguments: .one("N|ID"),
        summary: "move note N to the trash (`undo` restores it)"
      ) { screen, arguments, _ throws(ScreenError) in
        let row = try screen.row(arguments[0])
        try screen.delete(row.id)
        return .say(
          "Deleted \u{201C}\(row.title.terminalSafe)\u{201D} (it is in the trash); `undo` restores it."
        )
      },
      ScreenCommand(["undo"], arguments: .none, summary: "restore the note deleted last") {
        screen, arguments, _ throws(ScreenError) in
        let restored = try screen.undoDelete()
        return .say("Restored \u{201C}\(restored.title.terminalSafe)\u{201D}.")
      },
      ScreenCommand(
        ["summarize", "summary"], arguments: .one("N|ID"), summary: "summarise note N"
      ) { screen, arguments, _ throws(ScreenError) in
        ScreenResult(.push(.noteDetail(try screen.row(arguments[0]).id), thenRun: ["summarize"]))
      },
      ScreenCommand(
        ["new", "compose"], arguments: CommandArguments([.flag("--editor")]),
        summary: "write a new note here (--editor: in your editor, saved when it exits)"
      ) { screen, arguments, _ throws(ScreenError) in
        let inEditor = !arguments.isEmpty
        let notebookID: Notebook.ID? = if case .notebook(let id) = screen.scope { id } else { nil }
        return ScreenResult(
          .push(.newNote(in: notebookID), thenRun: inEditor ? ["editor", "--save"] : []))
      },
      ScreenCommand(["retry"], arguments: .none, summary: "read the notes again after a failure") {
        screen, arguments, _ throws(ScreenError) in
        try screen.retry()
        return .stay
      },
      ScreenCommand(
        ["edit"], arguments: CommandArguments([.word("N"), .flag("--editor")]),
        summary: "change note N (--editor: in your editor, saved when it exits)"
      ) { screen, arguments, _ throws(ScreenError) in
        let inEditor = arguments.count == 2
        let id = try screen.row(arguments[0]).id
        return ScreenResult(.push(.editNote(id), thenRun: inEditor ? ["editor", "--save"] : []))
      },
    ]
  }

  /// The refusal of a search that isn't one, in the same words from both forms: the query's
  /// error, and the notebook probably meant when `in:` names none.
  func refusal(of error: NoteQueryError) -> ScreenError {
    let message = error.errorDescription ?? "That is not a search."
    guard case .unknownNotebook(let name, _) = error,
      let meant = CommandSuggestion.closest(
        to: name.lowercased(), among: notebookNames.map { $0.lowercased() }),
      let notebook = notebookNames.first(where: { $0.lowercased() == meant })
    else { return .refused(message) }
    return .refused(
      String(message.dropLast()) + "; did you mean \u{201C}\(notebook.terminalSafe)\u{201D}?")
  }

  /// What `help search` prints after the summary: examples, then the grammar.
  static var searchHelp: [String] {
    [
      "Words are ANDed and match anywhere in a note's title, text or tags, ignoring case and",
      "accents; `filter` and `tag` narrow the search further. Examples:",
      "  search heron pond                 both words, anywhere",
      "  search \"heron at the pond\"       the exact phrase",
      "  search heron OR egret             either word",
      "  search heron -pond                heron, without pond (also: NOT pond)",
      "  search (heron OR egret) #birds    either word, in notes tagged birds",
      "  search in:\"Field trips\" is:pinned the pinned notes of a notebook (in:none: no notebook)",
      "  search title:heron                heron in the title",
      "  search created:2026-03            written in March 2026",
      "  search updated:>=7d               changed in the last week",
      "  search created:2025..2026-06      from 2025 to June 2026, both included",
      "Dates are days, months or years in this machine's time zone; weeks start on Monday.",
      "`#` starts a tag only at the start of a word (C# is text); a lone `-` is text.",
      "",
      "Grammar:",
    ] + NoteQuery.grammar.split(separator: "\n").map { "  " + $0 }
  }

  /// The row a word names: the start of a note's id (``NoteListFeature/DrawnRows``' rules), or
  /// a row number among the rows the list last drew.
  private func row(_ word: String) throws(ScreenError) -> DrawnRows.Row {
    let named = try ScreenError.carrying { () throws(NoteListError) in
      try drawn.row(namedByID: word, noteNamedByID: note(namedByID:))
    }
    if let named { return named }
    return try RowNumber.element(word, in: drawn.rows, numberedFrom: drawn.firstNumber)
  }

  /// Changes the list's settings; when nothing changes (nothing is drawn then), says so.
  @discardableResult
  private func apply(_ change: NoteListSettingsChange) -> ScreenResult<Route> {
    let changed = change.applied(to: settings)
    guard changed != settings else { return .say(change.unchangedMessage.terminalSafe) }
    settings = changed
    return .stay
  }

  /// Pins or unpins a note, saying which: as `delete` and `move` do, so a quiet script's
  /// output says what each line did.
  private func pin(_ isPinned: Bool, _ row: DrawnRows.Row) throws(ScreenError)
    -> ScreenResult<Route>
  {
    let title = row.title.terminalSafe
    guard try setPinned(row.id, isPinned) else {
      return .say(NoteWords.alreadyPinned(isPinned, title: title))
    }
    return .say("\(isPinned ? "Pinned" : "Unpinned") \u{201C}\(title)\u{201D}.")
  }
}
