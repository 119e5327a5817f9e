/// What a screen does beyond drawing and its commands, as a value its screen hands over: each
/// part is there or not, and the navigator asks for the parts it needs, never a screen's type.
///
/// A screen with none of them uses the default, ``TerminalScreen/capabilities``, empty. The
/// boilerplate of a screen drawn from a view model's state comes from that state alone
/// (``ViewModelState``): `state` prints it, `trace on` follows it and `why` compares it, unless
/// the screen names more values its view is drawn from (``drawnFrom``).
@MainActor
public struct ScreenCapabilities<Route> {
  /// The view model's state the view is drawn from, for `state`, `trace` and `why`.
  public var state: ViewModelState?
  /// Each value the view reads when it is drawn for a terminal, by name, for `why`, when the
  /// state is not all it reads (the clock, settings); the state alone by default.
  ///
  /// It is read now: when `why` is asked, and as each drawing ends unless the screen kept
  /// what it drew (``lastDrawnFrom``).
  public var drawnFrom: ((TerminalContext) -> [DrawnValue])?
  /// The values ``drawnFrom`` names, as the screen kept them while it last drew its view: read
  /// as each drawing ends in place of ``drawnFrom``, so nothing the view read is read again;
  /// `nil` before the screen first drew.
  public var lastDrawnFrom: (() -> [DrawnValue]?)?
  /// Work the user must finish before anything else, such as a text being written.
  public var modal: ModalWork?
  /// Lines taken as text instead of commands, such as a body typed line by line.
  public var lineEntry: LineEntry<Route>?
  /// What `back` does here, when it is something other than leaving (withdrawing a question).
  public var back: (() throws(ScreenError) -> ScreenResult<Route>)?
  /// Work the screen runs in the background, such as a summary.
  public var backgroundWork: BackgroundWork?
  /// What the screen does when it is on top again after the screens above it left.
  public var didReappear: (() -> Void)?
  /// The route of a screen to show in this one's place, or `nil` to stay: asked as the app
  /// changes what the screen depends on (``ScreenNavigator/replaceScreensThatAsk()``).
  public var replacement: (() -> Route?)?
  /// Whether the view, as the state is now, is records in the terminal's format (a script's):
  /// in a script's format, standard output holds records alone, so any other view of a screen
  /// without this is printed where messages are, on standard error.
  public var drawsRecords: ((TerminalContext) -> Bool)?
  /// Shows everything the screen holds from its next drawing on, numbered from the first, as a
  /// script's `list` asks (``ScreenNavigator/redraw(whole:)``), for a screen that shows the
  /// first part of what it holds, and the next on request.
  public var showWhole: (() -> Void)?
  /// Brings what the screen shows up to date from where it comes, an app's command asking,
  /// with the view showing the work while it runs; it returns why the work failed, or `nil`.
  public var refresh: (@MainActor () async -> String?)?
  /// The question the screen asked and no one has answered yet (`Delete “Birds”?`), or `nil`:
  /// a run of lines that ends with one unanswered did not do what it asked for, and fails
  /// (``ScreenNavigator/unansweredQuestions``).
  public var question: (() -> String?)?
  /// Why the screen, as last drawn, could not read what it shows, or `nil`: a run of lines
  /// that ends on such a screen did not get its answer, and fails
  /// (``ScreenNavigator/failedRead``).
  public var failure: (() -> String?)?
  /// Withdraws the question asked, doing nothing of what it asked about: a script whose
  /// command after the question failed never answered it (``ScreenNavigator/withdrawQuestions()``).
  public var withdrawQuestion: (() -> Void)?

  /// Describes what a screen does beyond drawing and its commands; each part absent by
  /// default.
  ///
  /// - Parameters:
  ///   - state: The view model's state the view is drawn from.
  ///   - drawnFrom: Each value the view reads, when the state is not all it reads.
  ///   - lastDrawnFrom: The same values, as the screen kept them while it last drew.
  ///   - modal: Work the user must finish before anything else.
  ///   - lineEntry: Lines taken as text instead of commands.
  ///   - back: What `back` does, when not leaving.
  ///   - backgroundWork: Work run in the background.
  ///   - didReappear: What the screen does when it is on top again.
  ///   - replacement: The route of a screen to show in this one's place.
  ///   - drawsRecords: Whether the view is records in a script's format.
  ///   - showWhole: Shows everything from the next drawing on.
  ///   - refresh: Brings what the screen shows up to date, showing the work while it runs.
  ///   - question: The question asked and not answered yet.
  ///   - withdrawQuestion: Withdraws it, doing nothing.
  ///   - failure: Why the screen, as last drawn, could not read what it shows.
  public init(
    state: ViewModelState? = nil, drawnFrom: ((TerminalContext) -> [DrawnValue])? = nil,
    lastDrawnFrom: (() -> [DrawnValue]?)? = nil, modal: ModalWork? = nil,
    lineEntry: LineEntry<Route>? = nil,
    back: (() throws(ScreenError) -> ScreenResult<Route>)? = nil,
    backgroundWork: BackgroundWork? = nil, didReappear: (() -> Void)? = nil,
    replacement: (() -> Route?)? = nil, drawsRecords: ((TerminalContext) -> Bool)? = nil,
    showWhole: (() -> Void)? = nil, refresh: (@MainActor () async -> String?)? = nil,
    question: (() -> String?)? = nil, withdrawQuestion: (() -> Void)? = nil,
    failure: (() -> String?)? = nil
  ) {
    self.state = state
    self.drawnFrom = drawnFrom
    self.lastDrawnFrom = lastDrawnFrom
    self.modal = modal
    self.lineEntry = lineEntry
    self.back = back
    self.backgroundWork = backgroundWork
    self.didReappear = didReappear
    self.replacement = replacement
    self.drawsRecords = drawsRecords
    self.showWhole = showWhole
    self.refresh = refresh
    self.question = question
    self.withdrawQuestion = withdrawQuestion
    self.failure = failure
  }
}

/// A view model's state as a screen draws it: read, described, and from these alone the
/// screen's `state` line, its `trace` and what `why` compares.
@MainActor
public struct ViewModelState {
  /// What it is, such as `ShelfViewModel.state`.
  public let label: String
  private let describeNow: () -> String
  private let trace: (@escaping (String) -> Void) -> StateTracer
  private let drawn: () -> DrawnValue

  /// Names a view model's state.
  ///
  /// - Parameters:
  ///   - label: What it is, such as `ShelfViewModel.state`.
  ///   - read: Reads it; Observation tracks what it reads.
  ///   - describe: Describes it briefly, such as `loaded(3 rows)`; by default, Swift's own
  ///     description of the value, such as `empty(shelves: 1)`, made safe to print.
  ///   - describeChange: Says what changed between two states whose brief descriptions may be
  ///     the same, for `trace`; never anything by default.
  ///   - inFull: Describes it for `why`, which shows the state's own description where this
  ///     leaves something out; the brief description by default.
  public init<State: Hashable>(
    _ label: String, read: @escaping () -> State,
    describe: @escaping (State) -> String = { String(describing: $0).terminalSafe },
    describeChange: @escaping (State, State) -> String? = { _, _ in nil },
    inFull: ((State) -> String)? = nil
  ) {
    self.label = label
    describeNow = { describe(read()) }
    trace = { emit in
      StateTracer(
        label: label, read: read, describe: describe, describeChange: describeChange, emit: emit)
    }
    drawn = { DrawnValue(label, read(), text: inFull ?? describe) }
  }

  /// The line `state` prints: `ShelfViewModel.state = loaded(3 rows)`.
  public var line: String { "\(label) = \(describeNow())" }

  /// Starts printing each transition of the state (`trace on`).
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  public func tracer(emit: @escaping (String) -> Void) -> StateTracer { trace(emit) }

  /// The state as `why` keeps it, read now.
  public var drawnValue: DrawnValue { drawn() }
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

/// Work a screen holds the user in until it is finished or kept, such as an editor's text.
@MainActor
public struct ModalWork {
  /// Whether the screen holds the commands of the screens below, and what to finish first.
  public var modality: () -> Modality
  /// Whether lines typed on the screen may go into the line editor's history file; a screen
  /// where the user types a text keeps them out, so the history never holds a copy of a text
  /// deleted since.
  public var remembersTypedLines: Bool
  /// A warning that holds the first `quit` (unsaved text), or `nil` to let it through.
  public var quitWarning: () -> String?
  /// Keeps unsaved work safe because the program is about to end without the user leaving the
  /// screen (its input ended, or it was told to stop by a signal).
  public var preserveUnsavedWork: () -> PreservedWork

  /// Describes modal work.
  ///
  /// - Parameters:
  ///   - modality: Whether the screen holds the commands below, and what to finish first.
  ///   - remembersTypedLines: Whether typed lines may go into the history file.
  ///   - quitWarning: A warning that holds the first `quit`, or `nil`.
  ///   - preserveUnsavedWork: Keeps unsaved work safe as the program ends.
  public init(
    modality: @escaping () -> Modality, remembersTypedLines: Bool,
    quitWarning: @escaping () -> String?,
    preserveUnsavedWork: @escaping () -> PreservedWork
  ) {
    self.modality = modality
    self.remembersTypedLines = remembersTypedLines
    self.quitWarning = quitWarning
    self.preserveUnsavedWork = preserveUnsavedWork
  }
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

/// Whole lines a screen takes as text instead of commands, such as a text typed line by line.
@MainActor
public struct LineEntry<Route> {
  /// The prompt while the screen takes whole lines as text, or `nil` when lines are commands.
  public var prompt: () -> String?
  /// Takes a line typed while ``prompt`` is set, as text rather than a command; throws
  /// ``ScreenError`` when the text was refused.
  public var take: (String) throws(ScreenError) -> ScreenResult<Route>
  /// Ctrl-C while the screen takes whole lines as text: ends that entry without using it, and
  /// says so, or `nil` when no such entry was under way.
  public var interrupt: () -> String?

  /// Describes line entry.
  ///
  /// - Parameters:
  ///   - prompt: The prompt while lines are text, or `nil`.
  ///   - take: Takes a line as text.
  ///   - interrupt: Ends the entry without using it (Ctrl-C).
  public init(
    prompt: @escaping () -> String?,
    take: @escaping (String) throws(ScreenError) -> ScreenResult<Route>,
    interrupt: @escaping () -> String?
  ) {
    self.prompt = prompt
    self.take = take
    self.interrupt = interrupt
  }
}

/// Work a screen starts in the background, such as a long search.
@MainActor
public struct BackgroundWork {
  /// Waits for the work, as a script does before its next line.
  public var wait: () async -> Void
  /// Cancels the work (Ctrl-C), saying whether anything was running.
  public var cancel: () -> Bool
  /// Called when the screen leaves the stack: stop what it started.
  public var didLeave: () -> Void

  /// Describes background work.
  ///
  /// - Parameters:
  ///   - wait: Waits for the work.
  ///   - cancel: Cancels it, saying whether anything was running.
  ///   - didLeave: Stops what the screen started, as it leaves.
  public init(
    wait: @escaping () async -> Void, cancel: @escaping () -> Bool,
    didLeave: @escaping () -> Void
  ) {
    self.wait = wait
    self.cancel = cancel
    self.didLeave = didLeave
  }
}
