import Observation

/// Owns navigation: a stack of ``Route`` values whose root is always the notebooks screen.
@MainActor
@Observable
public final class Router {
  /// The routes above the root, bottom first.
  public private(set) var path: [Route] = []

  /// Creates a router showing the notebooks screen.
  public init() {}

  /// The route on top: what is on screen.
  public var current: Route { path.last ?? .notebooks }

  /// Shows a route on top of the current one.
  ///
  /// - Parameter route: Where to go.
  public func push(_ route: Route) {
    path.append(route)
  }

  /// Leaves the current route; at the root, does nothing.
  ///
  /// - Returns: Whether there was a route to leave.
  @discardableResult
  public func pop() -> Bool {
    path.popLast() != nil
  }

  /// Returns to the notebooks screen.
  public func popToRoot() {
    if !path.isEmpty { path.removeAll() }
  }
}
