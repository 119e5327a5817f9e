/// A command on one kind of screen that opens another kind: how a screen module offers a way
/// in without the screen that hosts the command knowing of it.
///
/// `settings` on the home screen is one: the settings screen's registration describes the
/// command and names the host by its route, and the navigator puts it on that screen, the way a
/// navigation host adds one line per destination.
public struct ScreenEntry<Route: Equatable> {
  /// The command's names and words.
  public let help: CommandHelp
  /// Where it goes.
  public let route: Route
  /// The route of the screen that offers it.
  public let host: Route

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - help: The command's names and words; it takes no arguments.
  ///   - route: Where it goes.
  ///   - host: The route of the screen that offers it, such as the root's.
  public init(_ help: CommandHelp, opens route: Route, on host: Route) {
    self.help = help
    self.route = route
    self.host = host
  }

  /// The entry as a command of the screen that offers it.
  @MainActor
  var command: BoundCommand<Route> {
    BoundCommand(
      help: help, isReachableFromAbove: false, argumentForm: .words, complete: { _ in [] },
      run: { [help, route] arguments, _ throws(ScreenError) in
        guard arguments.isEmpty else { throw .usage(help.usage) }
        return ScreenResult(.push(route))
      })
  }
}
