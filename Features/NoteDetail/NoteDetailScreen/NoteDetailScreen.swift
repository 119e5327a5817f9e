import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesText
import Foundation
import NoteDetailFeature

/// A note's page on a terminal: ``NoteDetailFeature``'s view model, the view drawn from its
/// state, and the commands typed at it (`pin`, `unpin`, `move to`, `delete`, `undo`,
/// `summarize`, `edit`, `rename`, `open N` for a link or backlink, `attachment save N PATH` for a
/// file kept with it, and `history`, `diff` and `restore` for its versions).
@MainActor
public final class NoteDetailScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes a note's page.
  ///
  /// - Parameter client: Makes the page's data from what the app composed: the app passes
  ///   `StoreNoteDetailClient` (`NoteDetailLive`).
  /// - Returns: The registration.
  public static func registration(
    client: @escaping @MainActor (ScreenDependencies) -> any NoteDetailClient
  ) -> ScreenRegistration<Route, ScreenDependencies> {
    ScreenRegistration(
      NoteDetailScreen.self,
      shows: { if case .noteDetail(let id, let terms) = $0 { (id, terms) } else { nil } },
      make: { shown, dependencies in
        NoteDetailScreen(
          model: NoteDetailViewModel(
            noteID: shown.0, client: client(dependencies), summarizer: dependencies.summarizer),
          now: dependencies.now, timeZone: dependencies.timeZone,
          highlighting: SearchMatches(shown.1))
      })
  }

  private let model: NoteDetailViewModel
  private let now: DateProvider
  private let timeZone: TimeZone
  /// The terms of the search the note was found by, shown wherever they match.
  private let matches: SearchMatches
  private var summaryTask: Task<Void, Never>?

  /// Shows a note's page.
  ///
  /// - Parameters:
  ///   - model: The page's view model.
  ///   - now: Where "written 3 days ago" is counted from.
  ///   - timeZone: The time zone of calendar dates.
  ///   - matches: The terms of the search the note was found by; none by default.
  public init(
    model: NoteDetailViewModel, now: DateProvider, timeZone: TimeZone,
    highlighting matches: SearchMatches = SearchMatches([])
  ) {
    self.model = model
    self.now = now
    self.timeZone = timeZone
    self.matches = matches
  }

  // MARK: - TerminalScreen

  /// `note`.
  public var promptTitle: String? { "note" }

  /// `NoteDetailView`.
  public var viewName: String { "NoteDetailView" }

  /// The note in full, with its summary once asked for; its record in a script's format.
  ///
  /// - Parameter terminal: The terminal's width, style and format.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    NoteDetailView.render(
      model.state, now: now(), timeZone: timeZone, columns: terminal.columns,
      highlighting: matches, style: terminal.style, format: terminal.format)
  }

  /// Whether the view is the note's record: in a script's format, while there is a note.
  ///
  /// - Parameter terminal: The terminal, whose format is a script's.
  /// - Returns: Whether the view is a record.
  public func drawsRecords(in terminal: TerminalContext) -> Bool {
    guard case .loaded = model.state else { return false }
    return terminal.format.isForScripts
  }

  /// The page's state (for `state`, `trace` and `why`, with the clock its dates are
  /// described from), the summary written in the background, and the note's record in a
  /// script's format.
  public var capabilities: ScreenCapabilities<Route> {
    let state = ViewModelState(
      "NoteDetailViewModel.state", read: { [model] in model.state },
      describe: NoteDetailView.describe, describeChange: NoteDetailView.describeChange,
      inFull: Self.describeInFull)
    return ScreenCapabilities(
      state: state,
      drawnFrom: { [unowned self] _ in
        [state.drawnValue, DrawnValue.clock(now(), timeZone: timeZone)]
      },
      backgroundWork: BackgroundWork(
        wait: { [unowned self] in await summaryTask?.value },
        cancel: { [unowned self] in cancelBackgroundWork() },
        didLeave: { [unowned self] in summaryTask?.cancel() }),
      drawsRecords: { [unowned self] in drawsRecords(in: $0) })
  }

  /// Cancels the summary being written; the page shows none.
  ///
  /// - Returns: Whether one was being written.
  public func cancelBackgroundWork() -> Bool {
    guard let summaryTask, !summaryTask.isCancelled else { return false }
    summaryTask.cancel()
    return true
  }

  /// On a note list's page.
  public static let helpHeading = "On a note's page"
  /// Where a note's page is opened.
  public static let directions = "open a note's page first (`show N` in a list)"

  /// The page's commands.
  public static let commands: [ScreenCommand<NoteDetailScreen>] = [
    ScreenCommand(["pin"], arguments: onThePage, summary: "pin this note") {
      screen, _, _ throws(ScreenError) in try screen.setPinned(true)
    },
    ScreenCommand(["unpin"], arguments: onThePage, summary: "unpin this note") {
      screen, _, _ throws(ScreenError) in try screen.setPinned(false)
    },
    ScreenCommand(
      ["move", "mv"], arguments: CommandArguments([.literal("to"), .text("NOTEBOOK|none")]),
      summary: "move this note to a notebook"
    ) { screen, arguments, _ throws(ScreenError) in try screen.move(arguments) }
    .takingName(afterWords: 1)
    .completing { screen, previous in
      previous.isEmpty ? ["to"] : screen.model.notebookNames.map(\.quotedIfNeeded) + ["none"]
    },
    ScreenCommand(
      ["delete", "rm"], arguments: onThePage,
      summary: "move this note to the trash (`undo` restores it)"
    ) { screen, _, _ throws(ScreenError) in try screen.delete() },
    ScreenCommand(["undo"], arguments: .none, summary: "restore the note deleted last") {
      screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(NoteDetailError) in try screen.model.undoDelete() }
      return .stay
    },
    ScreenCommand(["summarize", "summary"], arguments: onThePage, summary: "summarise this note") {
      screen, _, context throws(ScreenError) in
      try await screen.summarize(context)
    },
    ScreenCommand(
      ["history", "versions"], arguments: .none,
      summary: "list the versions kept of this note, newest first"
    ) { screen, arguments, _ throws(ScreenError) in
      return try screen.history()
    },
    ScreenCommand(
      ["diff"],
      arguments: CommandArguments(
        [.optional(.number("N")), .optional(.number("M"))],
        aside: "N and M are numbers `history` lists"),
      summary: "show what changed since version N (the latest by default), or from N to M"
    ) { screen, arguments, _ throws(ScreenError) in try screen.diff(arguments) }
    .completing { screen, _ in screen.versionNumbers },
    ScreenCommand(
      ["restore"],
      arguments: CommandArguments([.number("N")], aside: "a number `history` lists"),
      summary:
        "make version N's title, text, tags, notebook and properties this note's (what it "
        + "replaces is kept)"
    ) { screen, arguments, _ throws(ScreenError) in try screen.restore(arguments) }
    .completing { screen, _ in screen.versionNumbers },
    ScreenCommand(
      ["rename"], arguments: CommandArguments([.text("TITLE")]),
      summary: "retitle this note and rewrite the links naming it in every note (each keeps "
        + "what it replaced as a version)"
    ) { screen, arguments, _ throws(ScreenError) in try screen.rename(arguments) }
    .takingText(),
    ScreenCommand(
      ["relink"], arguments: .none,
      summary: "make the links naming this note's earlier title name it again (after a title "
        + "changed in the composer or your editor)"
    ) { screen, _, _ throws(ScreenError) in try screen.relink() },
    ScreenCommand(
      ["open"],
      arguments: CommandArguments(
        [.number("N")], aside: "a number the page's links and backlinks show"),
      summary: "open the page of the note a link or backlink shows"
    ) { screen, arguments, _ throws(ScreenError) in
      let row = arguments.number(at: 0)
      let note = try ScreenError.carrying { () throws(NoteDetailError) in
        try screen.model.linkedNote(atRow: row)
      }
      return ScreenResult(.push(.noteDetail(note.id)))
    }
    .completing { screen, _ in screen.linkedRowNumbers },
    ScreenCommand(
      ["attachment"],
      arguments: CommandArguments(
        [.literal("save"), .number("N"), .text("PATH")],
        aside: "a number the page's attachments show; never over a file there"),
      summary: "write attachment N, a file kept with this note, to a new file at PATH"
    ) { screen, arguments, _ throws(ScreenError) in try screen.saveAttachment(arguments) }
    .takingName(afterWords: 2),
    ScreenCommand(
      ["edit"],
      arguments: CommandArguments(
        [.flag("--editor")], aside: "on a note's page, without N"),
      summary: "change this note (--editor: in your editor, saved when it exits)"
    ) { screen, arguments, _ throws(ScreenError) in
      let inEditor = !arguments.isEmpty
      let note = try screen.shownNote()
      return ScreenResult(
        .push(.editNote(note.id), thenRun: inEditor ? ["editor", "--save"] : []))
    },
  ]

  // MARK: - Commands

  /// The note on the page, as the view model shows it: what every command acts on.
  ///
  /// - Throws: The view model's refusal once the note is gone.
  private func shownNote() throws(ScreenError) -> Note {
    try ScreenError.carrying { () throws(NoteDetailError) in try model.shownNote() }
  }

  /// The note's versions, newest first.
  ///
  /// - Throws: The view model's refusal once the note is gone.
  /// The newest version's number, read without comparing the versions' texts.
  private func newestVersionNumber() throws(ScreenError) -> Int? {
    try ScreenError.carrying { () throws(NoteDetailError) in try model.versionNumbers.first }
  }

  private func versionHistory() throws(ScreenError) -> [NoteVersion.Entry] {
    try ScreenError.carrying { () throws(NoteDetailError) in try model.versionHistory }
  }

  /// What a command acting on the page's one note takes: nothing, not a row number.
  private static let onThePage = CommandArguments.none.withAside("on a note's page, without N")

  private func setPinned(_ isPinned: Bool) throws(ScreenError) -> ScreenResult<Route> {
    let changed = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.setPinned(isPinned)
    }
    guard !changed else { return .stay }
    let note = try shownNote()
    return .say(NoteWords.alreadyPinned(isPinned, title: note.title.terminalSafe))
  }

  private func move(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let name = arguments.dropFirst().joined(separator: " ")
    let destination = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.move(toNotebookNamed: name)
    }
    return .say(
      "Moved \u{201C}\(try shownNote().title.terminalSafe)\u{201D} to "
        + (destination.map { "\u{201C}\($0.name.terminalSafe)\u{201D}." } ?? "no notebook."))
  }

  private func saveAttachment(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let typed = arguments.dropFirst(2).joined(separator: " ")
    // Shells read `-` as standard output, where the page's own lines go too.
    guard typed != "-" else {
      throw .refused(
        "`-` would be a file named `-`, not standard output; nothing was written (to make one, "
          + "give ./-).")
    }
    let path = PathCompletion.expandingTilde(typed)
    let saved = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.saveAttachment(atRow: arguments.number(at: 1), to: path)
    }
    return .say(
      "Saved \(saved.name.terminalSafe) (\(String(byteCount: saved.size))) to "
        + "\(path.terminalSafe).")
  }

  private func rename(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let title = arguments.joined(separator: " ")
    let rewritten = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.rename(to: title)
    }
    let links =
      switch rewritten {
      case 0: "no other note links to it"
      case 1: "rewrote the links in 1 note (its old text is kept as a version)"
      default: "rewrote the links in \(rewritten) notes (their old text is kept as versions)"
      }
    return .say("Renamed it \u{201C}\(try shownNote().title.terminalSafe)\u{201D}; \(links).")
  }

  private func relink() throws(ScreenError) -> ScreenResult<Route> {
    let title = try shownNote().title.terminalSafe
    let rewritten = try ScreenError.carrying { () throws(NoteDetailError) in try model.relink() }
    return .say(
      "Rewrote the links in \(String(count: rewritten, noun: "note")) to name \u{201C}\(title)"
        + "\u{201D} (\(rewritten == 1 ? "its old text is" : "their old text is") kept as "
        + "\(rewritten == 1 ? "a version" : "versions")).")
  }

  private func delete() throws(ScreenError) -> ScreenResult<Route> {
    let deleted = try ScreenError.carrying { () throws(NoteDetailError) in try model.delete() }
    return ScreenResult(
      .pop,
      lines: [
        "Deleted \u{201C}\(deleted.title.terminalSafe)\u{201D} (it is in the trash); `undo` "
          + "restores it."
      ])
  }

  /// The numbers of the rows of the note's links and backlinks, for completion.
  private var linkedRowNumbers: [String] {
    guard case .loaded(_, _, _, let connections) = model.state else { return [] }
    return connections.rows.indices.map { String($0 + 1) }
  }

  /// The numbers of the note's versions, newest first, for completion.
  private var versionNumbers: [String] {
    ((try? model.versionNumbers) ?? []).map(String.init)
  }

  private func history() throws(ScreenError) -> ScreenResult<Route> {
    ScreenResult(
      .stay,
      lines: NoteHistoryView.history(
        try versionHistory(), title: try shownNote().title, now: now(), timeZone: timeZone))
  }

  private func diff(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let numbers = arguments.indices.map(arguments.number(at:))
    let newest = numbers.isEmpty ? try newestVersionNumber() : nil
    guard let from = numbers.first ?? newest else {
      return .say(
        "\u{201C}\(try shownNote().title.terminalSafe)\u{201D} has no earlier versions to compare.")
    }
    let comparison = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.comparison(from: from, to: numbers.count == 2 ? numbers[1] : nil)
    }
    return ScreenResult(
      .stay,
      lines: NoteHistoryView.comparison(
        comparison, notebookName: model.notebookName(of:), now: now(), timeZone: timeZone))
  }

  private func restore(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let number = arguments.number(at: 0)
    let changed = try ScreenError.carrying { () throws(NoteDetailError) in
      try model.restore(version: number)
    }
    guard changed else {
      return .say("Version \(number) holds this note's text already; nothing was restored.")
    }
    let kept = try newestVersionNumber() ?? 0
    return .say(
      "Restored version \(number) of \u{201C}\(try shownNote().title.terminalSafe)\u{201D}; "
        + "the text it replaced is kept as version \(kept).")
  }

  private func summarize(_ context: CommandContext) async throws(ScreenError)
    -> ScreenResult<Route>
  {
    summaryTask?.cancel()
    let task = try ScreenError.carrying { () throws(NoteDetailError) in try model.summarize() }
    summaryTask = task
    context.drawChanges()
    guard !context.isInteractive else { return .stay }
    // A script waits for the summary, and its line fails when the summary did.
    await task.value
    if case .loaded(_, _, .failed(let message), _) = model.state {
      throw .refused("no summary: \(message.terminalSafe)")
    }
    return .stay
  }
}

extension NoteDetailScreen {
  /// The state as `why` reads it: the note's title, pin, notebook, tags and summary (the state
  /// is kept in full for the rest).
  static func describeInFull(_ state: NoteDetailViewModel.State) -> String {
    switch state {
    case .empty: "empty"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    case .loaded(let note, let notebookName, let summary, let connections):
      "loaded(\"\(note.title.terminalSafe)\", \(note.isPinned ? "pinned" : "not pinned"), "
        + "in \(notebookName?.terminalSafe ?? "no notebook"), tags \(note.tags), summary: "
        + "\(summary)"
        + (connections.isEmpty
          ? ""
          : ", links to \(connections.links.map { $0.note.title.terminalSafe }), "
            + "to no note \(connections.unresolved.map { $0.title.terminalSafe }), "
            + "linked from \(connections.backlinks.map { $0.title.terminalSafe })")
        + ")"
    }
  }
}
