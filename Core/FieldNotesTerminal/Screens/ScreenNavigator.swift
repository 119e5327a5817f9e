/// A stack of screens, the view of the one on top, and the commands typed at it.
///
/// The navigator knows screens only through ``TerminalScreen`` and the capabilities they adopt:
/// it makes each from a route through the app's ``ScreenRegistry``, finds a command among the
/// top screen's own (or one a screen below lets through), runs it, and applies the
/// ``ScreenResult``. The app adds only its app-wide commands.
@MainActor
public final class ScreenNavigator<Route: Equatable> {
  /// A screen on the stack, and the route it was made from (`nil` for a root made by a test).
  private struct Placed {
    var route: Route?
    var screen: any TerminalScreen<Route>
  }

  private var placed: [Placed]
  /// The screens, the root first.
  public var screens: [any TerminalScreen<Route>] { placed.map(\.screen) }
  /// Every kind of screen, and how each is made.
  public let registry: ScreenRegistry<Route>
  /// Whether a person is typing.
  public let isInteractive: Bool
  /// The terminal the screens are drawn for; set again when the window is resized.
  public var terminal: TerminalContext = .plain

  /// Every kind of screen's commands, for `help` and for saying where a command is used.
  public var guides: [ScreenGuide] { registry.guides }
  /// Commands screens add to others, each opening one.
  public var entries: [ScreenEntry<Route>] { registry.entries }

  private let draw: ([String]) -> Void
  private let drawAside: ([String]) -> Void
  /// What the navigator printed and has not written yet, in order: a command's message and
  /// the view it drew, written together as the ``settle()`` that draws it ends.
  private var unwritten: [Unwritten] = []
  /// Whether a view is printed whenever what it shows changes (the REPL's way), or only when
  /// `list` asks (a quiet script's, whose output is then only what its commands answer).
  public var drawsEveryChange = true
  /// Whether `list` asked for the view to be printed at the next ``settle()``.
  private var drawIsAsked = false
  /// How many times the view on top changed, or a screen came on top, without being printed
  /// (``drawsEveryChange`` off): what the shell reads across a line to know it showed something.
  public private(set) var withheldDrawings = 0
  /// How many times a view was printed.
  public private(set) var printedDrawings = 0
  /// Whether the view on top, as last drawn, is the view printed last, line for line: a
  /// passing state (a list refreshing) come and gone since `list` printed it.
  public private(set) var showsWhatWasPrinted = false
  /// The screen printed last, and what was printed of it.
  private var lastPrinted: (screen: ObjectIdentifier, lines: [String])?
  /// Whether a line is running, as the shell says: what it changes is drawn as it ends, at its
  /// ``settle()``, so a change made meanwhile asks for nothing more.
  public var isRunningLine = false
  /// Whether a ``settle()`` is on its way for a change made while no line ran.
  private var settleIsScheduled = false
  private var renderer: ViewRenderer?
  private var finishedRenderCounts: [String: Int] = [:]
  private var tracer: StateTracer?
  private var traceEmit: ((String) -> Void)?

  /// Creates a navigator showing the screen of a route.
  ///
  /// - Parameters:
  ///   - root: The route of the screen at the bottom of the stack; when no registered screen
  ///     shows it, a screen saying so stands in (a test of the app's registrations catches it).
  ///   - registry: Every kind of screen, and how each is made: the app's one extension point.
  ///   - isInteractive: Whether a person is typing.
  ///   - draw: Prints a drawn view, with the message of the command that changed it.
  ///   - drawAside: Prints, in a script's format, a view that is not records (see
  ///     ``ScreenCapabilities/drawsRecords``) and a command's message; `draw` by default.
  public convenience init(
    root: Route, registry: ScreenRegistry<Route>, isInteractive: Bool,
    draw: @escaping ([String]) -> Void, drawAside: (([String]) -> Void)? = nil
  ) {
    self.init(
      rootScreen: registry.makeScreen(for: root) ?? UnshownRouteScreen<Route>(), route: root,
      registry: registry, isInteractive: isInteractive, draw: draw, drawAside: drawAside)
  }

  /// Creates a navigator showing a root screen made already, as a test of one screen does.
  ///
  /// - Parameters:
  ///   - rootScreen: The screen at the bottom of the stack.
  ///   - route: The route it shows, if it was made from one.
  ///   - registry: Makes the screens of the routes commands go to.
  ///   - isInteractive: Whether a person is typing.
  ///   - draw: Prints a drawn view, with the message of the command that changed it.
  ///   - drawAside: Prints, in a script's format, a view that is not records (see
  ///     ``ScreenCapabilities/drawsRecords``) and a command's message; `draw` by default.
  public init(
    rootScreen: any TerminalScreen<Route>, route: Route? = nil, registry: ScreenRegistry<Route>,
    isInteractive: Bool, draw: @escaping ([String]) -> Void,
    drawAside: (([String]) -> Void)? = nil
  ) {
    self.registry = registry
    self.isInteractive = isInteractive
    self.draw = draw
    self.drawAside = drawAside ?? draw
    placed = [Placed(route: route, screen: rootScreen)]
    showTop()
  }

  /// The screen on top.
  public var top: any TerminalScreen<Route> { placed[placed.count - 1].screen }

  /// Whether the top screen holds the commands of the screens below, and what to finish first.
  public var topModality: Modality { Self.modality(of: top) }

  private static func modality(of screen: any TerminalScreen<Route>) -> Modality {
    screen.capabilities.modal?.modality() ?? .modeless
  }

  /// The prompt of the top screen while it takes lines as text, or `nil` when lines are
  /// commands.
  public var linePrompt: String? { top.capabilities.lineEntry?.prompt() }

  /// The prompt naming where the user is: `app> `, `Attic> `, `Attic/edit> `.
  ///
  /// - Parameter appName: The prompt at the root.
  /// - Returns: The prompt.
  public func prompt(appName: String) -> String {
    if let linePrompt { return linePrompt }
    let parts = screens.compactMap(\.promptTitle)
    guard !parts.isEmpty else { return appName + "> " }
    return parts.map { String($0.terminalSafe.prefix(24)) }.joined(separator: "/") + "> "
  }

  // MARK: - Commands

  /// Runs a screen's command.
  ///
  /// - Parameters:
  ///   - word: The command's name.
  ///   - arguments: The words after it.
  ///   - print: Prints the lines the command returns; by default they are printed with the
  ///     view, as the next ``settle()`` ends.
  /// - Throws: ``CommandLineError``, the shell's one shape for a line that did nothing: the
  ///   command is unknown here, or the screen refused (its ``ScreenError`` in the line's words).
  public func run(_ word: String, _ arguments: [String], print: (([String]) -> Void)? = nil)
    async throws(CommandLineError)
  {
    try await run(try found(word), arguments, print: print)
  }

  /// Runs a screen's command typed as a line: its name, then the rest of the line, read the
  /// way the command takes its arguments (see ``ArgumentForm``).
  ///
  /// The command is looked up once, and its arguments read as it takes them.
  ///
  /// - Parameters:
  ///   - word: The command's name.
  ///   - rest: The line after the name, as typed.
  ///   - print: Prints the lines the command returns; by default they are printed with the
  ///     view, as the next ``settle()`` ends.
  /// - Throws: ``CommandLineError``.
  public func run(_ word: String, rest: Substring, print: (([String]) -> Void)? = nil)
    async throws(CommandLineError)
  {
    let command = try found(word)
    let form = command.1.argumentForm
    let arguments: [String]
    do { arguments = try CommandTokenizer.arguments(in: rest, form: form) } catch {
      throw .invalidInput(error.reason)
    }
    try await run(command, arguments, print: print)
  }

  /// The command a word names here, with the position of the screen it runs on.
  private func found(_ word: String) throws(CommandLineError) -> (Int, BoundCommand<Route>) {
    if let command = command(named: word) { return command }
    if let hint = hint(for: word) { throw .notHere(command: word.lowercased(), hint: hint) }
    throw .unknownCommand(word, suggestion: nil)
  }

  /// Runs a command found on the screen at a position, and applies its result.
  private func run(
    _ command: (index: Int, bound: BoundCommand<Route>), _ arguments: [String],
    print: (([String]) -> Void)?
  ) async throws(CommandLineError) {
    let screen = screens[command.index]
    let context = CommandContext(
      isOnTop: command.index == screens.count - 1, isInteractive: isInteractive,
      drawChanges: { [unowned self] in settle() })
    let result: ScreenResult<Route>
    do { result = try await command.bound.run(arguments, context) } catch {
      throw CommandLineError(error)
    }
    try await apply(result, from: screen, print: print)
  }

  /// How the command a word names here takes its arguments: words when no command has the
  /// name.
  ///
  /// - Parameter word: The command's name.
  /// - Returns: Its argument form.
  public func argumentForm(ofCommandNamed word: String) -> ArgumentForm {
    command(named: word)?.1.argumentForm ?? .words
  }

  /// Hands a line to the top screen as text (see ``LineEntry/prompt``).
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - print: Prints the lines the screen returns; by default they are printed with the
  ///     view, as the next ``settle()`` ends.
  /// - Throws: ``CommandLineError``: the screen's refusal.
  public func takeLine(_ line: String, print: (([String]) -> Void)? = nil)
    async throws(CommandLineError)
  {
    let screen = top
    guard let entry = screen.capabilities.lineEntry else { return }
    let result: ScreenResult<Route>
    do { result = try entry.take(line) } catch { throw CommandLineError(error) }
    try await apply(result, from: screen, print: print)
  }

  /// Ends text entry on the top screen without using it (Ctrl-C).
  ///
  /// - Returns: A line saying so, or `nil` when no text was being entered.
  public func interruptLineEntry() -> String? {
    top.capabilities.lineEntry?.interrupt()
  }

  /// Runs `back` on the top screen.
  ///
  /// - Parameter print: Prints the lines the screen returns; by default they are printed with
  ///   the view, as the next ``settle()`` ends.
  /// - Throws: ``CommandLineError``: the screen's refusal.
  public func back(print: (([String]) -> Void)? = nil) async throws(CommandLineError) {
    let screen = top
    let result: ScreenResult<Route>
    if let back = screen.capabilities.back {
      do { result = try back() } catch { throw CommandLineError(error) }
    } else {
      result = ScreenResult(.pop)
    }
    try await apply(result, from: screen, print: print)
  }

  /// The command a word names, on the top screen or on a screen below that lets it through.
  private func command(named word: String) -> (Int, BoundCommand<Route>)? {
    for index in screens.indices.reversed() {
      let isTop = index == screens.count - 1
      if let command = screens[index].command(named: word, reachingDown: !isTop) {
        return (index, command)
      }
      if isTop,
        let entry = entries.first(where: {
          $0.help.names.contains(word.lowercased()) && placed[index].route == $0.host
        })
      {
        return (index, entry.command)
      }
      if case .modal = Self.modality(of: screens[index]) { return nil }
    }
    return nil
  }

  /// What to say when a word names another screen's command.
  private func hint(for word: String) -> String? {
    let name = word.lowercased()
    // A question waits for its answer: any other word, known or not, gets the question again.
    if case .modal(let whatToFinish) = topModality { return whatToFinish }
    if let entry = entries.first(where: { $0.help.names.contains(name) }) {
      return registry.directions(toHostOf: entry)
    }
    guard let guide = guides.first(where: { $0.commands.contains { $0.names.contains(name) } }),
      let command = guide.commands.first(where: { $0.names.contains(name) })
    else { return nil }
    if let hintElsewhere = command.hintElsewhere { return hintElsewhere }
    // A command of a screen below the top one (a list under a row's page) is one `back` away.
    if screens.dropLast().contains(where: { $0.command(named: name, reachingDown: false) != nil }) {
      return "it belongs to a screen below this one; `back` returns to it"
    }
    return guide.directions
  }

  private func apply(
    _ result: ScreenResult<Route>, from screen: any TerminalScreen<Route>,
    print: (([String]) -> Void)?
  ) async throws(CommandLineError) {
    if !result.lines.isEmpty {
      if let print { print(result.lines) } else { unwritten.append(.message(result.lines)) }
    }
    let position = placed.lastIndex { $0.screen === screen } ?? placed.count - 1
    switch result.navigation {
    case .stay:
      return
    case .reveal:
      // The screen asked to be shown, with what it just did (a question): it is not coming
      // back to find the screens above gone, so it isn't told it reappeared.
      popAbove(position, reappearing: false)
    case .push(let route, let follow):
      guard let next = registry.makeScreen(for: route) else {
        throw .refused("nothing in this app shows that")
      }
      popAbove(position)
      placed.append(Placed(route: route, screen: next))
      showTop()
      if let name = follow.first { try await run(name, Array(follow.dropFirst()), print: print) }
    case .pop:
      guard position > 0 else { return }
      popAbove(position - 1)
    case .home:
      popAbove(0)
    }
  }

  /// Leaves every screen above a position.
  ///
  /// - Parameters:
  ///   - position: The position of the screen left on top.
  ///   - reappearing: Whether that screen is told it is on top again
  ///     (``ScreenCapabilities/didReappear``).
  private func popAbove(_ position: Int, reappearing: Bool = true) {
    guard placed.count > position + 1 else { return }
    for leaving in placed[(position + 1)...].reversed() {
      leaving.screen.capabilities.backgroundWork?.didLeave()
    }
    placed.removeSubrange((position + 1)...)
    if reappearing { top.capabilities.didReappear?() }
    showTop()
  }

  /// Puts in its place each screen that asks to be replaced (``ScreenCapabilities/replacement``).
  ///
  /// Each is made from the route it gives. The app calls this when it changed what such a
  /// screen depends on (an app's switch of the form its lists are drawn in); the screen
  /// on top is drawn at the next ``settle()``.
  public func replaceScreensThatAsk() {
    for index in placed.indices {
      let capabilities = placed[index].screen.capabilities
      guard let route = capabilities.replacement?(), let screen = registry.makeScreen(for: route)
      else { continue }
      capabilities.backgroundWork?.didLeave()
      placed[index] = Placed(route: route, screen: screen)
      if index == placed.count - 1 { showTop() }
    }
  }

  /// Goes back to the root screen.
  public func goHome() { popAbove(0) }

  // MARK: - Help and completion

  /// The commands usable here: the top screen's, then those the screens below let through.
  ///
  /// - Returns: Each group's heading and commands.
  public func commandsHere() -> [(heading: String, commands: [CommandHelp])] {
    var groups: [(String, [CommandHelp])] = []
    var seen: Set<String> = []
    for (index, screen) in screens.enumerated().reversed() {
      let isTop = index == screens.count - 1
      let offered = isTop ? entries.filter { placed[index].route == $0.host }.map(\.help) : []
      // A command a screen above also has is the one that runs, so only that one is listed.
      let commands = (screen.boundCommands(reachingDown: !isTop).map(\.help) + offered).filter {
        seen.isDisjoint(with: $0.names)
      }
      seen.formUnion(commands.flatMap(\.names))
      let heading = type(of: screen).helpHeading
      if !commands.isEmpty, !groups.contains(where: { $0.0 == heading }) {
        groups.append((heading, commands))
      }
      if case .modal = Self.modality(of: screen) { break }
    }
    return groups
  }

  /// The words that may follow a command's arguments here.
  ///
  /// - Parameters:
  ///   - word: The command's name.
  ///   - previous: The arguments typed before the one being completed.
  /// - Returns: The candidates, or `nil` when no screen command here has that name.
  public func completions(forCommand word: String, after previous: [String]) -> [String]? {
    command(named: word).map { $0.1.complete(previous) }
  }

  // MARK: - Drawing

  /// How many times each view has been drawn, by view name.
  public var renderCounts: [String: Int] {
    var counts = finishedRenderCounts
    if let renderer { counts[renderer.name, default: 0] += renderer.renderCount }
    return counts
  }

  /// Reports pending state transitions and draws the top screen if what it shows changed (or
  /// if it now draws as another view, such as the other form of a list).
  ///
  /// It is the one way a view is drawn: the shell settles as each line ends, a command before it
  /// waits for background work (``CommandContext/drawChanges``), and a change made while no line
  /// runs (work in the background finishing) settles as soon as the main actor is free.
  ///
  /// What it draws is written as it ends, after the messages of the commands before it, in one
  /// go (``writeUnwritten()``).
  public func settle() {
    if let renderer, renderer.name != top.viewName { showTop() }
    tracer?.catchUp()
    renderer?.flush()
    drawIsAsked = false
    writeUnwritten()
  }

  /// Something the navigator printed and has not written yet.
  private enum Unwritten {
    /// A command's message: where a person reads it, or, in a script's format, aside.
    case message([String])
    /// A view drawn, by its screen, which says whether it is records in a script's format.
    case view([String], drawnBy: any TerminalScreen<Route>)
  }

  /// Writes what the navigator printed and has not written yet: the messages of the commands
  /// run since the last ``settle()`` and the view it drew, in order, in one go where a person
  /// reads them, or, in a script's format, records on standard output and the rest aside.
  ///
  /// The shell writes them first when it prints anything itself, so nothing printed later is
  /// written before them.
  public func writeUnwritten() {
    guard !unwritten.isEmpty else { return }
    let parts = unwritten
    unwritten = []
    guard terminal.format.isForScripts else {
      draw(
        parts.flatMap {
          switch $0 {
          case .message(let lines), .view(let lines, _): lines
          }
        })
      return
    }
    for part in parts {
      switch part {
      case .message(let lines): drawAside(lines)
      case .view(let lines, let screen):
        // In a script's format standard output holds records alone; any other view goes aside.
        if screen.capabilities.drawsRecords?(terminal) == true {
          draw(lines)
        } else {
          drawAside(lines)
        }
      }
    }
  }

  /// Draws the top screen again (`list`), as the line ends (at the next ``settle()``).
  ///
  /// - Parameter whole: Whether a screen that shows part of what it holds (``ScreenCapabilities/showWhole``)
  ///   shows the whole: what a script's `list` asks for, since no one is there to ask for
  ///   more.
  public func redraw(whole: Bool = false) {
    if whole { top.capabilities.showWhole?() }
    drawIsAsked = true
    renderer?.redraw()
  }

  /// Runs work a line waits for, such as a script's upload, drawing what it changes as it goes,
  /// as a change made while no line runs is drawn.
  ///
  /// - Parameter work: The wait.
  /// - Returns: What the work returns.
  public func drawingChanges<Value>(while work: () async -> Value) async -> Value {
    let wasRunningLine = isRunningLine
    isRunningLine = false
    defer { isRunningLine = wasRunningLine }
    return await work()
  }

  /// Replaces the view on screen with the top screen's, drawn at the next ``settle()``.
  private func showTop() {
    if let renderer {
      renderer.deactivate()
      finishedRenderCounts[renderer.name, default: 0] += renderer.renderCount
    }
    let screen = top
    renderer = ViewRenderer(
      name: screen.viewName,
      body: { [unowned self, unowned screen] in screen.render(in: terminal) },
      draw: { [unowned self, unowned screen] lines in
        lastDrawn = snapshot(kept: screen.capabilities.lastDrawnFrom?() ?? nil)
        guard drawsEveryChange || drawIsAsked else {
          withheldDrawings += 1
          showsWhatWasPrinted =
            lastPrinted.map { $0.screen == ObjectIdentifier(screen) && $0.lines == lines } ?? false
          return
        }
        printedDrawings += 1
        if !drawsEveryChange { lastPrinted = (ObjectIdentifier(screen), lines) }
        showsWhatWasPrinted = true
        unwritten.append(.view(lines, drawnBy: screen))
      },
      changed: { [unowned self] in viewChanged() })
    if let traceEmit { startTracing(emit: traceEmit) }
  }

  /// Something the view on screen read changed: it is drawn as the running line ends or, when
  /// none runs, once the main actor is free.
  private func viewChanged() {
    guard !isRunningLine, !settleIsScheduled else { return }
    settleIsScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      settleIsScheduled = false
      settle()
    }
  }

  // MARK: - Explaining

  /// The view on screen as it was last drawn, with the values it was drawn from.
  ///
  /// Kept as it is drawn, it is what `why` compares the view now with; `nil` before the first
  /// drawing. A screen that kept what it drew (``ScreenCapabilities/lastDrawnFrom``) hands
  /// that over, so nothing its view read is read again after a drawing.
  public private(set) var lastDrawn: DrawExplanation.Snapshot?

  /// The view on screen and the values it is drawn from, now: what its screen names, read now
  /// (``ScreenCapabilities/drawnFrom``, else its view model's state), and the terminal every
  /// view is drawn for (its width, style and output format).
  public func explanationSnapshot() -> DrawExplanation.Snapshot {
    snapshot(kept: nil)
  }

  /// The view on screen with the values it is drawn from: those its screen kept as it drew,
  /// or else those it names, read now.
  private func snapshot(kept: [DrawnValue]?) -> DrawExplanation.Snapshot {
    let screen = top
    let capabilities = screen.capabilities
    let values =
      kept ?? capabilities.drawnFrom?(terminal) ?? capabilities.state.map { [$0.drawnValue] }
      ?? [DrawnValue("state", screen.stateLine)]
    return DrawExplanation.Snapshot(
      view: screen.viewName, screen: ObjectIdentifier(screen),
      renders: renderCounts[screen.viewName] ?? 0,
      values: values + [DrawnValue("the terminal", terminal, text: Self.describe, inFull: nil)])
  }

  /// A terminal as `why` reads it: `text, 80 columns, in colour`.
  private static func describe(_ terminal: TerminalContext) -> String {
    let columns = terminal.columns.map { "\($0) columns" } ?? "any width"
    return "\(terminal.format), \(columns), \(terminal.style.isColored ? "in colour" : "plain")"
  }

  // MARK: - Tracing

  /// Starts printing each state transition of the screen on top, and of each screen shown next.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: Whether the screen on top has a state to trace.
  @discardableResult
  public func startTracing(emit: @escaping (String) -> Void) -> Bool {
    // The screen traced until now may have moved on as it left (an editor to `saved`).
    tracer?.catchUp()
    tracer?.stop()
    traceEmit = emit
    tracer = top.capabilities.state?.tracer(emit: emit)
    return tracer != nil
  }

  /// Stops tracing.
  public func stopTracing() {
    tracer?.stop()
    tracer = nil
    traceEmit = nil
  }

  // MARK: - Background work

  /// Waits for every screen's background work.
  public func waitForBackgroundWork() async {
    for work in screens.compactMap({ $0.capabilities.backgroundWork }) { await work.wait() }
  }

  /// Cancels every screen's background work.
  ///
  /// - Returns: Whether anything was running.
  public func cancelBackgroundWork() -> Bool {
    screens.reduce(false) {
      $1.capabilities.backgroundWork?.cancel() ?? false || $0
    }
  }

  // MARK: - Unsaved work

  /// Keeps every screen's unsaved work safe before the program ends without the user leaving.
  ///
  /// - Returns: What became of each screen's work, top screen first; screens that had none
  ///   are left out.
  public func preserveUnsavedWork() -> [PreservedWork] {
    screens.reversed().compactMap { $0.capabilities.modal?.preserveUnsavedWork() }
      .filter { $0 != .nothing }
  }

  /// Why the screen on top, as last drawn, could not read what it shows; `nil` when it could: a
  /// run of lines that ends there did not get its answer.
  public var failedRead: String? { screens.last?.capabilities.failure?() }

  /// The questions screens asked that no one answered, top screen first: a run of lines that
  /// ends with one did not do what it asked for (a script's next line answers it, or leaves
  /// it unanswered by going on to something else).
  public var unansweredQuestions: [String] {
    screens.reversed().compactMap { $0.capabilities.question?() }
  }

  /// Withdraws every question no one answered, doing nothing of what each asked about.
  public func withdrawQuestions() {
    for screen in screens where screen.capabilities.question?() != nil {
      screen.capabilities.withdrawQuestion?()
    }
  }

  /// A warning that holds the first `quit`, from the top screen, or `nil` to let it through.
  public func quitWarning() -> String? { top.capabilities.modal?.quitWarning() }

  /// Whether lines typed on the top screen may go into the line editor's history file.
  public var remembersTypedLines: Bool {
    top.capabilities.modal?.remembersTypedLines ?? true
  }
}

/// What stands at the root when no registered screen shows the root route: a screen that says
/// so, instead of a crash.
@MainActor
final class UnshownRouteScreen<Route>: TerminalScreen {
  var promptTitle: String? { nil }
  var viewName: String { "UnshownRouteView" }
  func render(in terminal: TerminalContext) -> [String] {
    ["No screen is registered for this app's first place; `quit` leaves."]
  }
  var stateLine: String { "no screen is registered for the root" }
  static var helpHeading: String { "Nowhere" }
  static var directions: String { "" }
  static var commands: [ScreenCommand<UnshownRouteScreen<Route>>] { [] }
}
