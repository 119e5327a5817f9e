/// A screen of a line-oriented terminal app: what it shows, the commands typed at it, and how it
/// answers the app-wide commands (`back`, `state`, `trace`, `quit`, `sync`).
///
/// A screen owns its commands. The app keeps a stack of screens, asks the one on top to draw
/// itself, and hands each typed line to ``ScreenNavigator``, which finds the command among the
/// top screen's own (or a command that a screen below lets through) and applies the
/// ``ScreenResult`` it returns. So adding a screen means writing one type that conforms to this
/// protocol and adding one case to the app's route-to-screen factory.
///
/// Every requirement after ``render()`` has a default, so a simple screen states only its title,
/// its view and its commands.
@MainActor
public protocol TerminalScreen<Route>: AnyObject {
  /// The value the app navigates by, such as an enum of every place in the app.
  associatedtype Route

  /// The commands typed at this kind of screen, in the order `help` lists them.
  static var commands: [ScreenCommand<Self>] { get }

  /// The heading of this screen's commands in `help`, such as `In a note list`.
  static var helpHeading: String { get }

  /// What to type to reach this kind of screen, said when one of its commands is typed
  /// elsewhere, such as "open a notebook first (`open NAME` or `open all`)".
  static var directions: String { get }

  /// The screen's part of the prompt, such as `Birds`; `nil` for none.
  var promptTitle: String? { get }

  /// The view's name, for render counts, such as `NoteListView`.
  var viewName: String { get }

  /// Draws the screen as lines of text; Observation tracks what it reads, so the screen is drawn
  /// again when any of that changes.
  func render() -> [String]

  /// One line describing the view model's state, for `state`.
  var stateLine: String { get }

  /// Starts printing each transition of the view model's state (`trace on`).
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer, or `nil` when the screen has no state to trace.
  func traceState(emit: @escaping (String) -> Void) -> StateTracer?

  /// What to say when a command of another screen is typed while this one is on top, or `nil`
  /// to let the commands of the screens below through (a modal screen, like a composer, says
  /// what to finish first).
  var blockingHint: String? { get }

  /// The prompt while the screen takes whole lines as text (see ``takeLine(_:)``), or `nil`
  /// when lines are commands.
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

  /// What `back` does here; by default, leaves the screen.
  ///
  /// - Returns: What happened.
  /// - Throws: ``ScreenError`` when the screen refused to go.
  func back() throws(ScreenError) -> ScreenResult<Route>

  /// Whether lines typed on this screen go into the line editor's history file; a composer's
  /// don't, so the text of a note never outlives the note there.
  var remembersTypedLines: Bool { get }

  /// A warning that holds the first `quit` (a composer holding unsaved text), or `nil` to let
  /// it through.
  ///
  /// - Returns: The warning to print instead of leaving, or `nil`.
  func quitWarning() -> String?

  /// Syncs in a way this screen shows while it runs.
  ///
  /// - Returns: How it went, or `nil` when the screen shows no sync (the app then syncs the
  ///   store and reports in a line).
  func sync() async -> SyncOutcome?

  /// Waits for work the screen started in the background (a summary), as a script does.
  func waitForBackgroundWork() async

  /// Cancels the screen's background work (Ctrl-C).
  ///
  /// - Returns: Whether anything was running.
  func cancelBackgroundWork() -> Bool

  /// Called when the screen leaves the stack: stop what it started.
  func didLeave()

  /// Keeps unsaved work safe because the program is about to end without the user leaving the
  /// screen (its input ended, or it was told to stop by a signal).
  ///
  /// - Returns: Lines saying what was kept; none when there was nothing.
  func preserveUnsavedWork() -> [String]

  /// Called when the screen is on top again after the screens above it left.
  func didReappear()
}

/// How a sync shown by a screen went.
public enum SyncOutcome: Equatable, Sendable {
  /// It finished, or was cancelled.
  case finished
  /// It failed, for the reason given; the screen shows it too.
  case failed(String)
}

extension TerminalScreen {
  /// No trace: the screen has no state of its own.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer? { nil }

  /// Not modal: the commands of the screens below pass through.
  public var blockingHint: String? { nil }

  /// Lines are commands.
  public var linePrompt: String? { nil }

  /// Ignores the line: only a screen with a ``linePrompt`` is ever handed one.
  public func takeLine(_ line: String) throws(ScreenError) -> ScreenResult<Route> { .stay }

  /// No entry to interrupt.
  ///
  /// - Returns: `nil`.
  public func interruptLineEntry() -> String? { nil }

  /// Leaves the screen.
  public func back() throws(ScreenError) -> ScreenResult<Route> { ScreenResult(.pop) }

  /// Lines typed here are remembered.
  public var remembersTypedLines: Bool { true }

  /// Nothing to warn about.
  ///
  /// - Returns: `nil`.
  public func quitWarning() -> String? { nil }

  /// The screen shows no sync.
  public func sync() async -> SyncOutcome? { nil }

  /// Nothing runs in the background.
  public func waitForBackgroundWork() async {}

  /// Nothing runs in the background.
  public func cancelBackgroundWork() -> Bool { false }

  /// Nothing to stop.
  public func didLeave() {}

  /// Nothing to keep.
  ///
  /// - Returns: No lines.
  public func preserveUnsavedWork() -> [String] { [] }

  /// Nothing to do.
  public func didReappear() {}

  /// This kind of screen's commands, for `help` and for finding where a command is used.
  public static var guide: ScreenGuide {
    ScreenGuide(
      heading: helpHeading, directions: directions,
      commands: commands.map {
        CommandHelp(
          names: $0.names, usage: $0.usage, summary: $0.summary, hintElsewhere: $0.hintElsewhere)
      })
  }

  /// The command a word names on this screen, bound to it, if there is one.
  ///
  /// - Parameters:
  ///   - word: The command's name, in any case.
  ///   - reachingDown: Whether only commands that screens above may use count.
  /// - Returns: The bound command.
  func command(named word: String, reachingDown: Bool) -> BoundCommand<Route>? {
    let name = word.lowercased()
    guard
      let command = Self.commands.first(where: {
        $0.names.contains(name) && (!reachingDown || $0.isReachableFromAbove)
      })
    else { return nil }
    return BoundCommand(
      help: CommandHelp(names: command.names, usage: command.usage, summary: command.summary),
      isReachableFromAbove: command.isReachableFromAbove,
      complete: { [unowned self] previous in command.complete(self, previous) },
      run: { [unowned self] arguments, context throws(ScreenError) in
        try await command.run(self, arguments, context)
      })
  }

  /// The screen's commands, bound to it.
  ///
  /// - Parameter reachingDown: Whether only commands that screens above may use count.
  /// - Returns: The bound commands, in `help` order.
  func boundCommands(reachingDown: Bool) -> [BoundCommand<Route>] {
    Self.commands.filter { !reachingDown || $0.isReachableFromAbove }.compactMap {
      command(named: $0.name, reachingDown: reachingDown)
    }
  }
}
