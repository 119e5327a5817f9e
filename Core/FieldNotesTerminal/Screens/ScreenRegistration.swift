/// One kind of screen, as the app registers it: which routes it shows, how it is made, its
/// commands for `help`, and the entries it adds to other screens.
///
/// A screen module exports one of these; the app lists them once. `help`, the "can't be used
/// here" hints and the ways in are all derived from the list, so a screen left out of it is
/// missing everywhere at once, never half there.
@MainActor
public struct ScreenRegistration<Route: Equatable, Dependencies> {
  /// The screen's commands, for `help`.
  public let guide: ScreenGuide
  /// The commands this screen adds to others, each opening it.
  public let entries: [ScreenEntry<Route>]
  /// The screen type's name, for checks that every screen is registered.
  public let screenName: String
  private let shows: (Route) -> Bool
  private let make: (Route, Dependencies) -> (any TerminalScreen<Route>)?

  /// Registers a kind of screen.
  ///
  /// - Parameters:
  ///   - screen: The screen type, whose commands `help` lists.
  ///   - shows: What a route says to this screen (such as a row's identifier), or `nil` for a
  ///     route it doesn't show; `()` for a route with nothing to say.
  ///   - entries: Commands it adds to other screens; none by default.
  ///   - make: Makes the screen from what the route says and the app's dependencies: one of
  ///     `screen`, or of another type with the same commands (a list in its other form).
  public init<Screen: TerminalScreen, Destination>(
    _ screen: Screen.Type, shows: @escaping (Route) -> Destination?,
    entries: [ScreenEntry<Route>] = [],
    make: @escaping @MainActor (Destination, Dependencies) -> any TerminalScreen<Route>
  ) where Screen.Route == Route {
    guide = Screen.guide
    self.entries = entries
    screenName = String(describing: Screen.self)
    self.shows = { shows($0) != nil }
    self.make = { route, dependencies in shows(route).map { make($0, dependencies) } }
  }

  /// Whether this kind of screen shows a route.
  ///
  /// - Parameter route: The route.
  /// - Returns: Whether ``makeScreen(for:with:)`` makes a screen for it.
  public func shows(_ route: Route) -> Bool { shows(route) }

  /// Makes the screen of a route.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - dependencies: What screens are made with.
  /// - Returns: The screen, or `nil` when this kind doesn't show the route.
  public func makeScreen(for route: Route, with dependencies: Dependencies) -> (
    any TerminalScreen<Route>
  )? {
    make(route, dependencies)
  }
}

/// Every kind of screen of an app, bound to what they are made with: what the navigator makes
/// screens from, and where `help` finds every command.
@MainActor
public struct ScreenRegistry<Route: Equatable> {
  /// Every kind of screen's commands.
  public let guides: [ScreenGuide]
  /// Every entry a screen adds to another.
  public let entries: [ScreenEntry<Route>]
  private let make: (Route) -> (any TerminalScreen<Route>)?
  private let hostGuide: (Route) -> ScreenGuide?

  /// Binds registrations to the dependencies their screens are made with.
  ///
  /// - Parameters:
  ///   - registrations: Every kind of screen, each once.
  ///   - dependencies: What the screens are made with.
  public init<Dependencies>(
    _ registrations: [ScreenRegistration<Route, Dependencies>], dependencies: Dependencies
  ) {
    guides = registrations.map(\.guide)
    entries = registrations.flatMap(\.entries)
    make = { route in
      registrations.lazy.compactMap { $0.makeScreen(for: route, with: dependencies) }.first
    }
    hostGuide = { route in registrations.first { $0.shows(route) }?.guide }
  }

  /// Screens made by a function, for a test of one screen whose pushes go nowhere real.
  ///
  /// - Parameter make: Makes the screen of a route.
  public init(making make: @escaping (Route) -> (any TerminalScreen<Route>)?) {
    guides = []
    entries = []
    self.make = make
    hostGuide = { _ in nil }
  }

  /// Makes the screen of a route.
  ///
  /// - Parameter route: The route.
  /// - Returns: The screen, or `nil` when no kind of screen shows the route.
  public func makeScreen(for route: Route) -> (any TerminalScreen<Route>)? { make(route) }

  /// What to type to reach the screen that offers an entry.
  ///
  /// - Parameter entry: The entry.
  /// - Returns: The host's directions, or `nil` when no registered screen shows its host.
  func directions(toHostOf entry: ScreenEntry<Route>) -> String? {
    hostGuide(entry.host)?.directions
  }
}
