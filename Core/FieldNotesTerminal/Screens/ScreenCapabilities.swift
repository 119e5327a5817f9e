/// A screen whose view model has a state to trace (`trace on`).
@MainActor
public protocol TracedScreen: TerminalScreen {
  /// Starts printing each transition of the view model's state.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  func traceState(emit: @escaping (String) -> Void) -> StateTracer
}

/// Whether a screen lets the commands of the screens below through, or holds them until its
/// own work is done.
public enum Modality: Equatable, Sendable {
  /// The commands of the screens below pass through.
  case modeless
  /// Only this screen's commands (and the app-wide ones that work here) run; any other says
  /// what to finish first, such as "finish the text first (`save` or `cancel`)".
  case modal(whatToFinish: String)
}

/// A screen that holds the user until its work is finished or kept, such as an editor.
@MainActor
public protocol ModalScreen: TerminalScreen {
  /// Whether the screen holds the commands of the screens below, and what to finish first.
  var modality: Modality { get }

  /// Whether lines typed on this screen may go into the line editor's history file; a screen
  /// where the user types a text keeps them out, so the history never holds a copy of a text
  /// deleted since.
  var remembersTypedLines: Bool { get }

  /// A warning that holds the first `quit` (unsaved text), or `nil` to let it through.
  ///
  /// - Returns: The warning to print instead of leaving, or `nil`.
  func quitWarning() -> String?

  /// Keeps unsaved work safe because the program is about to end without the user leaving the
  /// screen (its input ended, or it was told to stop by a signal).
  ///
  /// - Returns: What became of the work.
  func preserveUnsavedWork() -> PreservedWork
}

/// What became of a screen's unsaved work as the program ended without the user leaving it.
public enum PreservedWork: Equatable, Sendable {
  /// There was none.
  case nothing
  /// It was kept; the line says where, and how to have it back.
  case kept(String)
  /// It could not be kept: why, and the work itself, printed so that it is not lost.
  case notKept(reason: String, work: [String])
}

/// A screen that can take whole lines as text instead of commands, such as a text typed line by
/// line.
@MainActor
public protocol LineEntryScreen<Route>: TerminalScreen {
  /// The prompt while the screen takes whole lines as text, or `nil` when lines are commands.
  var linePrompt: String? { get }

  /// Takes a line typed while ``linePrompt`` is set, as text rather than a command.
  ///
  /// - Parameter line: The line.
  /// - Returns: What the line did.
  /// - Throws: ``ScreenError`` when the text was refused.
  func takeLine(_ line: String) throws(ScreenError) -> ScreenResult<Route>

  /// Ctrl-C while the screen takes whole lines as text: ends that entry without using it.
  ///
  /// - Returns: A line saying what happened, or `nil` when no such entry was under way.
  func interruptLineEntry() -> String?
}

/// A screen whose `back` does something other than leave it, such as withdraw a question.
@MainActor
public protocol BackHandlingScreen<Route>: TerminalScreen {
  /// What `back` does here.
  ///
  /// - Returns: What happened.
  /// - Throws: ``ScreenError`` when the screen refused to go.
  func back() throws(ScreenError) -> ScreenResult<Route>
}

/// A screen that starts work in the background, such as a long search.
@MainActor
public protocol BackgroundWorkScreen: TerminalScreen {
  /// Waits for the work, as a script does before its next line.
  func waitForBackgroundWork() async

  /// Cancels the work (Ctrl-C).
  ///
  /// - Returns: Whether anything was running.
  func cancelBackgroundWork() -> Bool

  /// Called when the screen leaves the stack: stop what it started.
  func didLeave()
}

/// A screen that does something when it is on top again after the screens above it left.
@MainActor
public protocol ReappearingScreen: TerminalScreen {
  /// Called when the screen is on top again.
  func didReappear()
}

/// A screen that asks to be replaced by another made from a route, when something it depends
/// on changed: a list in one form after the app switched the form lists are drawn in.
///
/// The app asks, as it makes such a change, through
/// ``ScreenNavigator/replaceScreensThatAsk()``; nothing asks on every line.
@MainActor
public protocol ReplaceableScreen<Route>: TerminalScreen {
  /// The route of the screen to show in this one's place, or `nil` to stay.
  var replacement: Route? { get }
}

/// A screen whose view draws records in a script's format (`--format`): a list's rows, or one
/// record on a page of its own.
///
/// In a script's format, standard output holds records alone: the view of a screen that isn't
/// one, or of one whose state has no records (a question, a failure), is printed where
/// messages are, on standard error.
@MainActor
public protocol RecordDrawingScreen: TerminalScreen {
  /// Whether the view, as the state is now, is records in the terminal's format.
  ///
  /// - Parameter terminal: The terminal, whose format is a script's.
  /// - Returns: Whether what ``TerminalScreen/render(in:)`` draws is records.
  func drawsRecords(in terminal: TerminalContext) -> Bool
}

/// A screen that shows the first part of what it holds, and the next on request: a long list's
/// first rows, then `more`.
///
/// A script has no one to type `more`: its `list` shows the whole (see
/// ``ScreenNavigator/redraw(whole:)``).
@MainActor
public protocol PagedScreen: TerminalScreen {
  /// Shows everything the screen holds from its next drawing on, numbered from the first.
  func showWhole()
}
