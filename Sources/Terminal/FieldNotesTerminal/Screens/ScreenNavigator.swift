/// A stack of screens, the view of the one on top, and the commands typed at it.
///
/// The navigator knows screens only through ``TerminalScreen``: it makes each from a route with
/// the factory it is given, finds a command among the top screen's own (or one a screen below
/// lets through), runs it, and applies the ``ScreenResult``. The app adds only its app-wide
/// commands.
@MainActor
public final class ScreenNavigator<Route> {
  /// Why a line did nothing, before or while a screen's command ran.
  public enum Failure: Error, Equatable {
    /// No screen has a command of this name.
    case unknownCommand(String)
    /// The command belongs to another screen; what to do instead.
    case notHere(command: String, hint: String)
    /// The screen refused.
    case screen(ScreenError)
  }

  /// The screens, the root first.
  public private(set) var screens: [any TerminalScreen<Route>]
  /// Every kind of screen's commands, for `help` and for saying where a command is used.
  public let guides: [ScreenGuide]
  /// Whether a person is typing.
  public let isInteractive: Bool
  /// Commands the app added to screens, each opening another screen.
  public let entries: [ScreenEntry<Route>]

  private let makeScreen: (Route) -> any TerminalScreen<Route>
  private let draw: ([String]) -> Void
  private var renderer: ViewRenderer?
  private var finishedRenderCounts: [String: Int] = [:]
  private var tracer: StateTracer?
  private var traceEmit: ((String) -> Void)?

  /// Creates a navigator showing the root screen of a route.
  ///
  /// - Parameters:
  ///   - root: The route of the screen at the bottom of the stack.
  ///   - guides: Every kind of screen's commands.
  ///   - entries: Commands the app adds to screens, each opening another screen; none by default.
  ///   - isInteractive: Whether a person is typing.
  ///   - makeScreen: Makes the screen of a route: the app's one extension point.
  ///   - draw: Prints a drawn view.
  public convenience init(
    root: Route, guides: [ScreenGuide], entries: [ScreenEntry<Route>] = [], isInteractive: Bool,
    makeScreen: @escaping (Route) -> any TerminalScreen<Route>,
    draw: @escaping ([String]) -> Void
  ) {
    self.init(
      rootScreen: makeScreen(root), guides: guides, entries: entries,
      isInteractive: isInteractive, makeScreen: makeScreen, draw: draw)
  }

  /// Creates a navigator showing a root screen made already, as a test of one screen does.
  ///
  /// - Parameters:
  ///   - rootScreen: The screen at the bottom of the stack.
  ///   - guides: Every kind of screen's commands.
  ///   - entries: Commands the app adds to screens, each opening another screen; none by default.
  ///   - isInteractive: Whether a person is typing.
  ///   - makeScreen: Makes the screen of a route.
  ///   - draw: Prints a drawn view.
  public init(
    rootScreen: any TerminalScreen<Route>, guides: [ScreenGuide],
    entries: [ScreenEntry<Route>] = [], isInteractive: Bool,
    makeScreen: @escaping (Route) -> any TerminalScreen<Route>,
    draw: @escaping ([String]) -> Void
  ) {
    self.guides = guides
    self.entries = entries
    self.isInteractive = isInteractive
    self.makeScreen = makeScreen
    self.draw = draw
    self.screens = [rootScreen]
    showTop()
  }

  /// The screen on top.
  public var top: any TerminalScreen<Route> { screens[screens.count - 1] }

  /// The prompt naming where the user is: `fieldnotes> `, `Birds> `, `Birds/compose> `.
  ///
  /// - Parameter appName: The prompt at the root.
  /// - Returns: The prompt.
  public func prompt(appName: String) -> String {
    if let linePrompt = top.linePrompt { return linePrompt }
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
  ///   - print: Prints the lines the command returns.
  /// - Throws: ``Failure``.
  public func run(_ word: String, _ arguments: [String], print: ([String]) -> Void)
    async throws(Failure)
  {
    guard let (index, command) = command(named: word) else {
      if let hint = hint(for: word) { throw .notHere(command: word.lowercased(), hint: hint) }
      throw .unknownCommand(word)
    }
    let screen = screens[index]
    let context = CommandContext(
      isOnTop: index == screens.count - 1, isInteractive: isInteractive,
      drawChanges: { [unowned self] in settle() })
    let result: ScreenResult<Route>
    do { result = try await command.run(arguments, context) } catch { throw .screen(error) }
    try await apply(result, from: screen, print: print)
  }

  /// Hands a line to the top screen as text (see ``TerminalScreen/linePrompt``).
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - print: Prints the lines the screen returns.
  /// - Throws: ``Failure/screen(_:)``.
  public func takeLine(_ line: String, print: ([String]) -> Void) async throws(Failure) {
    let screen = top
    let result: ScreenResult<Route>
    do { result = try screen.takeLine(line) } catch { throw .screen(error) }
    try await apply(result, from: screen, print: print)
  }

  /// Runs `back` on the top screen.
  ///
  /// - Parameter print: Prints the lines the screen returns.
  /// - Throws: ``Failure/screen(_:)``.
  public func back(print: ([String]) -> Void) async throws(Failure) {
    let screen = top
    let result: ScreenResult<Route>
    do { result = try screen.back() } catch { throw .screen(error) }
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
          $0.help.names.contains(word.lowercased()) && $0.isOffered(by: screens[index])
        })
      {
        return (index, entry.command)
      }
      if screens[index].blockingHint != nil { return nil }
    }
    return nil
  }

  /// What to say when a word names another screen's command.
  private func hint(for word: String) -> String? {
    let name = word.lowercased()
    // A question waits for its answer: any other word, known or not, gets the question again.
    if let blockingHint = top.blockingHint { return blockingHint }
    if let entry = entries.first(where: { $0.help.names.contains(name) }) {
      return entry.hostDirections
    }
    guard let guide = guides.first(where: { $0.commands.contains { $0.names.contains(name) } }),
      let command = guide.commands.first(where: { $0.names.contains(name) })
    else { return nil }
    if let hintElsewhere = command.hintElsewhere { return hintElsewhere }
    // A command of a screen below the top one (a list under a note's page) is one `back` away.
    if screens.dropLast().contains(where: { $0.command(named: name, reachingDown: false) != nil }) {
      return "it belongs to a screen below this one; `back` returns to it"
    }
    return guide.directions
  }

  private func apply(
    _ result: ScreenResult<Route>, from screen: any TerminalScreen<Route>,
    print: ([String]) -> Void
  ) async throws(Failure) {
    if !result.lines.isEmpty { print(result.lines) }
    let position = screens.lastIndex { $0 === screen } ?? screens.count - 1
    switch result.navigation {
    case .stay:
      return
    case .reveal:
      popAbove(position)
    case .push(let route, let follow):
      popAbove(position)
      screens.append(makeScreen(route))
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
  private func popAbove(_ position: Int) {
    guard screens.count > position + 1 else { return }
    for screen in screens[(position + 1)...].reversed() { screen.didLeave() }
    screens.removeSubrange((position + 1)...)
    top.didReappear()
    showTop()
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
      let offered = isTop ? entries.filter { $0.isOffered(by: screen) }.map(\.help) : []
      // A command a screen above also has is the one that runs, so only that one is listed.
      let commands = (screen.boundCommands(reachingDown: !isTop).map(\.help) + offered).filter {
        seen.isDisjoint(with: $0.names)
      }
      seen.formUnion(commands.flatMap(\.names))
      let heading = type(of: screen).helpHeading
      if !commands.isEmpty, !groups.contains(where: { $0.0 == heading }) {
        groups.append((heading, commands))
      }
      if screen.blockingHint != nil { break }
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
  public func settle() {
    if let renderer, renderer.name != top.viewName { showTop() }
    tracer?.catchUp()
    renderer?.flush()
  }

  /// Draws the top screen again (`list`).
  public func redraw() { renderer?.redraw() }

  /// Replaces the view on screen with the top screen's, drawn at the next ``settle()``.
  private func showTop() {
    if let renderer {
      renderer.deactivate()
      finishedRenderCounts[renderer.name, default: 0] += renderer.renderCount
    }
    let screen = top
    renderer = ViewRenderer(
      name: screen.viewName, body: { [unowned screen] in screen.render() }, draw: draw)
    if let traceEmit { startTracing(emit: traceEmit) }
  }

  // MARK: - Tracing

  /// Starts printing each state transition of the screen on top, and of each screen shown next.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: Whether the screen on top has a state to trace.
  @discardableResult
  public func startTracing(emit: @escaping (String) -> Void) -> Bool {
    // The screen traced until now may have moved on as it left (the composer to `saved`).
    tracer?.catchUp()
    tracer?.stop()
    traceEmit = emit
    tracer = top.traceState(emit: emit)
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
    for screen in screens { await screen.waitForBackgroundWork() }
  }

  /// Cancels every screen's background work.
  ///
  /// - Returns: Whether anything was running.
  public func cancelBackgroundWork() -> Bool {
    screens.reduce(false) { $1.cancelBackgroundWork() || $0 }
  }
}
