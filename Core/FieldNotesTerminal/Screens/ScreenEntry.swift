/// A command on one kind of screen that opens another kind: how a screen module offers a way
/// in without the screen that hosts the command knowing of it.
///
/// `settings` on the home screen is one: the settings screen's registration describes the
/// command and names the host by its route, and the navigator puts it on that screen, the way a
/// navigation host adds one line per destination.
public struct ScreenEntry<Route: Equatable> {
  /// The command's names and words.
  public private(set) var help: CommandHelp
  /// Where it goes.
  public let route: Route
  /// The route of the screen that offers it.
  public let host: Route

  /// Creates an entry: a command that takes no arguments, so its usage is its name.
  ///
  /// - Parameters:
  ///   - names: The command's name, then its aliases.
  ///   - summary: What it does.
  ///   - route: Where it goes.
  ///   - host: The route of the screen that offers it, such as the root's.
  public init(_ names: [String], summary: String, opens route: Route, on host: Route) {
    help = CommandHelp(
      names: names, usage: CommandArguments.none.usage(of: names[0]), summary: summary)
    self.route = route
    self.host = host
  }

  /// The same entry, explained further by `help COMMAND`.
  ///
  /// - Parameter details: The lines printed after the summary.
  /// - Returns: The entry.
  public func explained(by details: [String]) -> Self {
    var entry = self
    entry.help = CommandHelp(
      names: help.names, usage: help.usage, summary: help.summary,
      hintElsewhere: help.hintElsewhere, details: details, isInspection: help.isInspection)
    return entry
  }

  /// The entry as a command of the screen that offers it.
  @MainActor
  var command: BoundCommand<Route> {
    BoundCommand(
      help: help, isReachableFromAbove: false, argumentForm: .words, complete: { _ in [] },
      run: { [help, route] arguments, _ throws(ScreenError) in
        guard CommandArguments.none.accepts(arguments) else { throw .usage(help.usage) }
        return ScreenResult(.push(route))
      })
  }
}
