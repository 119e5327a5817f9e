import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import NoteDetailFeature

/// A note's page on a terminal: ``NoteDetailFeature``'s view model, the view drawn from its
/// state, and the commands typed at it (`pin`, `unpin`, `move to`, `delete`, `undo`,
/// `summarize`, `edit`).
@MainActor
public final class NoteDetailScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  private let model: NoteDetailViewModel
  private let store: NoteStore
  private let now: DateProvider
  private let timeZone: TimeZone
  private var summaryTask: Task<Void, Never>?

  /// Opens a note's page.
  ///
  /// - Parameters:
  ///   - noteID: The note.
  ///   - store: The store holding it.
  ///   - summarizer: What writes its summary.
  ///   - history: The session's deleted notes, shared with every screen that can undo.
  ///   - now: Where "written 3 days ago" is counted from.
  ///   - timeZone: The time zone of calendar dates.
  public init(
    noteID: Note.ID, store: NoteStore, summarizer: any SummaryGenerating,
    history: DeletionHistory, now: DateProvider, timeZone: TimeZone
  ) {
    model = NoteDetailViewModel(
      noteID: noteID, store: store, summarizer: summarizer, history: history)
    self.store = store
    self.now = now
    self.timeZone = timeZone
  }

  // MARK: - TerminalScreen

  /// `note`.
  public var promptTitle: String? { "note" }

  /// `NoteDetailView`.
  public var viewName: String { "NoteDetailView" }

  /// The note in full, with its summary once asked for.
  ///
  /// - Returns: The lines to print.
  public func render() -> [String] {
    NoteDetailView.render(model.state, now: now(), timeZone: timeZone)
  }

  /// `NoteDetailViewModel.state = …`.
  public var stateLine: String {
    "NoteDetailViewModel.state = \(NoteDetailView.describe(model.state))"
  }

  /// Traces the page's state.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer? {
    StateTracer(
      label: "NoteDetailViewModel.state", read: { [model] in model.state },
      describe: NoteDetailView.describe, emit: emit)
  }

  /// Waits for the summary being written.
  public func waitForBackgroundWork() async { await summaryTask?.value }

  /// Cancels the summary being written; the page shows none.
  ///
  /// - Returns: Whether one was being written.
  public func cancelBackgroundWork() -> Bool {
    guard let summaryTask, !summaryTask.isCancelled else { return false }
    summaryTask.cancel()
    return true
  }

  /// Stops the summary being written.
  public func didLeave() { summaryTask?.cancel() }

  /// On a note list's page.
  public static let helpHeading = "On a note's page"
  /// Where a note's page is opened.
  public static let directions = "open a notebook first (`open NAME` or `open all`)"

  /// The page's commands.
  public static let commands: [ScreenCommand<NoteDetailScreen>] = [
    ScreenCommand(["pin"], usage: "pin", summary: "pin this note") {
      screen, arguments, _ throws(ScreenError) in
      try screen.setPinned(true, arguments, usage: "pin")
    },
    ScreenCommand(["unpin"], usage: "unpin", summary: "unpin this note") {
      screen, arguments, _ throws(ScreenError) in
      try screen.setPinned(false, arguments, usage: "unpin")
    },
    ScreenCommand(
      ["move", "mv"], usage: "move to NOTEBOOK|none", summary: "move this note to a notebook"
    ) { screen, arguments, _ throws(ScreenError) in try screen.move(arguments) }
    .completing { screen, previous in
      previous.isEmpty ? ["to"] : screen.store.notebooks.map(\.name.quotedIfNeeded) + ["none"]
    },
    ScreenCommand(
      ["delete", "rm"], usage: "delete", summary: "delete this note (`undo` restores it)"
    ) { screen, arguments, _ throws(ScreenError) in try screen.delete(arguments) },
    ScreenCommand(["undo"], usage: "undo", summary: "restore the note deleted last") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("undo") }
      do throws(NoteDetailError) { try screen.model.undoDelete() } catch {
        throw .refused(error.message)
      }
      return .stay
    },
    ScreenCommand(["summarize", "summary"], usage: "summarize", summary: "summarise this note") {
      screen, arguments, context throws(ScreenError) in
      try await screen.summarize(arguments, context)
    },
    ScreenCommand(["edit"], usage: "edit", summary: "change this note") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("edit (on a note's page, without N)") }
      return ScreenResult(.push(.editNote(screen.model.noteID)))
    },
  ]

  // MARK: - Commands

  private func setPinned(_ isPinned: Bool, _ arguments: [String], usage: String)
    throws(ScreenError) -> ScreenResult<Route>
  {
    guard arguments.isEmpty else { throw .usage(usage + " (on a note's page, without N)") }
    let changed: Bool
    do { changed = try model.setPinned(isPinned) } catch { throw .refused(error.message) }
    guard !changed, let note = store.note(withID: model.noteID) else { return .stay }
    return .say(
      "\u{201C}\(note.title.terminalSafe)\u{201D} is already \(isPinned ? "pinned" : "unpinned").")
  }

  private func move(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    guard arguments.count >= 2, arguments[0].lowercased() == "to" else {
      throw .usage("move to NOTEBOOK|none")
    }
    let name = arguments.dropFirst().joined(separator: " ")
    var destination: Notebook?
    if name.lowercased() != "none" {
      guard let notebook = store.notebook(named: name) else {
        throw .refused("There is no notebook called \u{201C}\(name.terminalSafe)\u{201D}.")
      }
      destination = notebook
    }
    do { try model.move(to: destination?.id) } catch { throw .refused(error.message) }
    let title = store.note(withID: model.noteID)?.title ?? ""
    return .say(
      "Moved \u{201C}\(title.terminalSafe)\u{201D} to "
        + (destination.map { "\u{201C}\($0.name.terminalSafe)\u{201D}." } ?? "no notebook."))
  }

  private func delete(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    guard arguments.isEmpty else { throw .usage("delete (on a note's page, without N)") }
    let title = store.note(withID: model.noteID)?.title ?? ""
    do { try model.delete() } catch { throw .refused(error.message) }
    return ScreenResult(
      .pop, lines: ["Deleted \u{201C}\(title.terminalSafe)\u{201D}; `undo` restores it."])
  }

  private func summarize(_ arguments: [String], _ context: CommandContext) async throws(ScreenError)
    -> ScreenResult<Route>
  {
    guard arguments.isEmpty else { throw .usage("summarize (on a note's page, without N)") }
    summaryTask?.cancel()
    let task = model.summarize()
    summaryTask = task
    context.drawChanges()
    guard !context.isInteractive else { return .stay }
    // A script waits for the summary, and its line fails when the summary did.
    await task.value
    if case .loaded(_, _, .failed(let message)) = model.state {
      throw .refused("no summary: \(message.terminalSafe)")
    }
    return .stay
  }
}

extension NoteDetailError {
  /// The words the page prints for this error.
  var message: String { errorDescription ?? "The note can't be changed now." }
}
