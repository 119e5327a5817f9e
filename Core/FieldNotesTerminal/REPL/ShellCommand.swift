/// A command that works on every screen, such as `help` or `upload`: the shell's own or the
/// app's, never a screen's.
@MainActor
public struct ShellCommand<Route: Equatable> {
  /// The name, then its aliases, all lower-case.
  public let names: [String]
  /// How to use it.
  public let usage: String
  /// What it does.
  public let summary: String
  /// Whether it may be used while a modal screen (an editor) is on top.
  public let worksInModalScreens: Bool
  /// The words that may come next, given the arguments typed before the one being completed.
  public private(set) var complete: @MainActor (CommandShell<Route>, [String]) -> [String] = {
    _, _ in []
  }
  /// Does the command.
  public let run:
    @MainActor (CommandShell<Route>, [String]) async throws(CommandLineError) -> ShellOutcome

  /// Whether its first argument is a file path, completed from the file system.
  public private(set) var completesPaths = false
  /// How the rest of the line becomes its arguments: words, unless it takes text or a name.
  public private(set) var argumentForm = ArgumentForm.words

  /// The command's name, without aliases.
  public var name: String { names[0] }

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - names: The name, then its aliases.
  ///   - usage: How to use it.
  ///   - summary: What it does.
  ///   - worksInModalScreens: Whether it may be used while a modal screen is on top; `true` by
  ///     default.
  ///   - run: Does the command.
  public init(
    _ names: [String], usage: String, summary: String, worksInModalScreens: Bool = true,
    run:
      @escaping @MainActor (CommandShell<Route>, [String]) async throws(CommandLineError) ->
      ShellOutcome
  ) {
    self.names = names
    self.usage = usage
    self.summary = summary
    self.worksInModalScreens = worksInModalScreens
    self.run = run
  }

  /// The same command, completing its first argument as a file path.
  ///
  /// - Returns: The command.
  public func completingPaths() -> Self {
    var command = self
    command.completesPaths = true
    return command
  }

  /// The same command, taking the rest of its line as a name or a path, as typed or quoted
  /// whole: `save My list.json`, `save "My list.json"`.
  ///
  /// - Parameter count: The words before the name, split as words are.
  /// - Returns: The command.
  public func takingName(afterWords count: Int = 0) -> Self {
    var command = self
    command.argumentForm = .name(afterWords: count)
    return command
  }

  /// The same command, completing its arguments.
  ///
  /// - Parameter complete: The words that may come next, given the shell and the arguments
  ///   typed before the one being completed.
  /// - Returns: The command.
  public func completing(
    _ complete: @escaping @MainActor (CommandShell<Route>, [String]) -> [String]
  ) -> Self {
    var command = self
    command.complete = complete
    return command
  }

  var help: CommandHelp { CommandHelp(names: names, usage: usage, summary: summary) }
}

/// What became of one line run by the shell.
public enum ShellOutcome: Equatable, Sendable {
  /// The line was handled (or was blank or a comment).
  case done
  /// The user asked to leave.
  case quit
}
