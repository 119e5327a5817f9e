import FieldNotesTerminal

/// Drives one screen the way the REPL does, without a terminal: type a line, then read what was
/// printed, what was drawn, and where the screen asked to go.
///
/// ```swift
/// let harness = ScreenHarness(ShelvesScreen(house: house))
/// try await harness.run("open 1")
/// #expect(harness.routes == [.shelf("attic")])
/// ```
///
/// A route the screen pushes is recorded, and a blank screen stands in for it, so `back` (which
/// the harness runs as the shell does, asking the top screen) returns to the screen under test.
@MainActor
public final class ScreenHarness<Route: Equatable> {
  /// Every view drawn, in order.
  public private(set) var drawn: [[String]] = []
  /// The routes the screen pushed, in order.
  public private(set) var routes: [Route] = []
  private var navigator: ScreenNavigator<Route>?

  /// Shows a screen.
  ///
  /// - Parameters:
  ///   - screen: The screen under test, at the bottom of the stack.
  ///   - isInteractive: Whether to run as for a person (background work is not awaited).
  ///   - terminal: The terminal it is drawn for; whole lines without colour by default.
  public init(
    _ screen: any TerminalScreen<Route>, isInteractive: Bool = false,
    terminal: TerminalContext = .plain
  ) {
    let registry = ScreenRegistry<Route>(making: { [unowned self] route in
      routes.append(route)
      return StandInScreen<Route>()
    })
    navigator = ScreenNavigator(
      rootScreen: screen, registry: registry, isInteractive: isInteractive,
      draw: { [unowned self] in drawn.append($0) })
    navigator?.terminal = terminal
    navigator?.settle()
  }

  /// The view drawn last.
  public var lastDrawn: [String]? { drawn.last }

  /// Whether the screen under test is on top: it pushed no route, or was returned to.
  public var isShowingTheScreen: Bool { navigator?.screens.count == 1 }

  /// Runs a line as the REPL would on the screen on top.
  ///
  /// - Parameter line: The line, such as `rename attic loft`.
  /// - Returns: The lines the command printed (the view is in ``drawn``).
  /// - Throws: ``FieldNotesTerminal/CommandLineError`` when the line did nothing.
  @discardableResult
  public func run(_ line: String) async throws(CommandLineError) -> [String] {
    guard let navigator else { return [] }
    defer { navigator.settle() }
    var printed: [String] = []
    let collect: ([String]) -> Void = { printed += $0 }
    if navigator.linePrompt != nil {
      try await navigator.takeLine(line, print: collect)
    } else {
      let typed: (name: String, rest: Substring)?
      do { typed = try CommandTokenizer.commandName(in: line) } catch {
        throw .invalidInput(error.reason)
      }
      guard let typed else { return [] }
      if typed.name == "back", typed.rest.isEmpty {
        try await navigator.back(print: collect)  // the shell's command, which asks the screen
      } else {
        try await navigator.run(typed.name, rest: typed.rest, print: collect)
      }
    }
    return printed
  }
}

/// The blank screen a ``ScreenHarness`` shows for a route the screen under test pushed.
@MainActor
final class StandInScreen<Route>: TerminalScreen {
  var promptTitle: String? { "stand-in" }
  var viewName: String { "StandInView" }
  func render(in terminal: TerminalContext) -> [String] { [] }
  var stateLine: String { "a stand-in for a pushed route" }
  static var helpHeading: String { "Stand-in" }
  static var directions: String { "" }
  static var commands: [ScreenCommand<StandInScreen<Route>>] { [] }
}
