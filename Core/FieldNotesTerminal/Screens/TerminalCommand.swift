/// A failure a command's work throws, which can say the line didn't fit the command: a
/// screen's ``ScreenError`` or the shell's ``CommandLineError``.
public protocol CommandFailure: Error {
  /// The line's arguments didn't fit the command.
  ///
  /// - Parameter usage: How to use the command, such as `pin N|ID`.
  /// - Returns: The failure.
  static func usage(_ usage: String) -> Self
}

extension ScreenError: CommandFailure {}
extension CommandLineError: CommandFailure {}

/// One command typed at a terminal app, declared once: its names, the arguments it takes, what
/// it does, how its arguments complete, and the work it does on what it runs on — a screen
/// (``ScreenCommand``) or, for a command that works on every screen, the shell
/// (``ShellCommand``).
///
/// Its usage, the refusal of a line that doesn't fit, `help`, the completion of words from a
/// set and the man page all come from the declaration, so they can't disagree. A screen lists
/// its commands once, as a static table, so `help` and "can't be used here" can describe a
/// screen that isn't open.
@MainActor
public struct TerminalCommand<Target, Outcome, Failure: CommandFailure> {
  /// The command's name, then its aliases, all lower-case.
  public let names: [String]
  /// How to use it, such as `mark N`: from its ``CommandArguments``, unless the command reads
  /// its own words (declared with `usage:`).
  public let usage: String
  /// What it does, in a few words.
  public let summary: String
  /// Whether it may be typed while another (non-modal) screen is above the screen it belongs
  /// to, such as the home screen's `open NAME` typed on a list it opened; a screen's only.
  public let isReachableFromAbove: Bool
  /// Whether it may be used while a modal screen (an editor) is on top; an app-wide command's
  /// only, as a screen's own commands always work on it.
  public let worksInModalScreens: Bool
  /// What to say when it is typed where it can't be used, when the screen's
  /// ``TerminalScreen/directions`` would not fit (an answer with no question asked).
  public let hintElsewhere: String?
  /// The words that may come next, given the arguments typed before the one being completed.
  ///
  /// For a command taking text (``takingText(afterWords:)`` with no words before it), the one
  /// argument is the text typed before the word, exactly as typed, quotes and all. By default,
  /// the words the declaration allows there, when it names them (one of a set, a fixed word).
  public private(set) var complete: @MainActor (Target, [String]) -> [String]
  /// How the rest of the line becomes its arguments: words, unless it takes text or a name.
  public private(set) var argumentForm = ArgumentForm.words
  /// Whether its first argument is a file path, completed from the file system.
  public private(set) var completesPaths = false
  /// The lines `help COMMAND` prints after the summary: a syntax, examples; none by default.
  public private(set) var details: [String] = []
  /// Whether it looks inside the app (its state, why it drew, what it rendered) rather than
  /// works with what the app holds: `help` lists such commands apart, last.
  public private(set) var isInspection = false
  /// Does the command on what it runs on.
  public let run: @MainActor (Target, [String], CommandContext) async throws(Failure) -> Outcome

  /// The command's name, without aliases.
  public var name: String { names[0] }

  /// Its names and words, without its work: what `help` and the man page print.
  public var help: CommandHelp {
    CommandHelp(
      names: names, usage: usage, summary: summary, hintElsewhere: hintElsewhere,
      details: details, isInspection: isInspection)
  }

  /// Creates a command from the arguments it takes: its usage is its name and theirs, and a
  /// line that doesn't fit them is refused with that usage before the work runs, so the work
  /// never checks what it was given.
  ///
  /// - Parameters:
  ///   - names: The name, then its aliases.
  ///   - arguments: What it takes, such as `.one("N")`; its usage comes from them.
  ///   - summary: What it does.
  ///   - isReachableFromAbove: Whether screens above may use a screen's command; `false` by
  ///     default.
  ///   - worksInModalScreens: Whether an app-wide command may be used while a modal screen is
  ///     on top; `true` by default.
  ///   - hintElsewhere: What to say where it can't be used; the screen's directions by default.
  ///   - run: The work it does, given the line's arguments as the declaration fitted them:
  ///     the other words in order, then each flag given, in the order declared.
  public init(
    _ names: [String], arguments: CommandArguments, summary: String,
    isReachableFromAbove: Bool = false, worksInModalScreens: Bool = true,
    hintElsewhere: String? = nil,
    run: @escaping @MainActor (Target, [String], CommandContext) async throws(Failure) -> Outcome
  ) {
    let refusal = arguments.refusal(of: names[0])
    self.init(
      names, usage: arguments.usage(of: names[0]), summary: summary,
      isReachableFromAbove: isReachableFromAbove, worksInModalScreens: worksInModalScreens,
      hintElsewhere: hintElsewhere
    ) { target, given, context throws(Failure) in
      guard let fitted = arguments.fitted(given) else { throw Failure.usage(refusal) }
      return try await run(target, fitted, context)
    }
    complete = { _, previous in arguments.candidates(after: previous) }
  }

  /// Creates a command that reads its own words, for a form no ``CommandArguments`` declares
  /// (subcommands with names of their own): its usage is written here, and its work refuses
  /// a line that doesn't fit.
  ///
  /// - Parameters:
  ///   - names: The name, then its aliases.
  ///   - usage: How to use it.
  ///   - summary: What it does.
  ///   - isReachableFromAbove: Whether screens above may use a screen's command; `false` by
  ///     default.
  ///   - worksInModalScreens: Whether an app-wide command may be used while a modal screen is
  ///     on top; `true` by default.
  ///   - hintElsewhere: What to say where it can't be used; the screen's directions by default.
  ///   - run: The work it does, given the line's arguments.
  public init(
    _ names: [String], usage: String, summary: String, isReachableFromAbove: Bool = false,
    worksInModalScreens: Bool = true, hintElsewhere: String? = nil,
    run: @escaping @MainActor (Target, [String], CommandContext) async throws(Failure) -> Outcome
  ) {
    self.names = names
    self.usage = usage
    self.summary = summary
    self.isReachableFromAbove = isReachableFromAbove
    self.worksInModalScreens = worksInModalScreens
    self.hintElsewhere = hintElsewhere
    self.complete = { _, _ in [] }
    self.run = run
  }

  /// The same command, listed by `help` among those that look inside the app, after the ones
  /// that work with what it holds.
  ///
  /// - Returns: The command.
  public func inspecting() -> Self {
    var command = self
    command.isInspection = true
    return command
  }

  /// The same command, completing its arguments.
  ///
  /// - Parameter complete: The words that may come next, given what it runs on and the
  ///   arguments typed before the one being completed.
  /// - Returns: The command.
  public func completing(_ complete: @escaping @MainActor (Target, [String]) -> [String]) -> Self {
    var command = self
    command.complete = complete
    return command
  }

  /// The same command, completing its first argument as a file path.
  ///
  /// - Returns: The command.
  public func completingPaths() -> Self {
    var command = self
    command.completesPaths = true
    return command
  }

  /// The same command, explained further by `help COMMAND`.
  ///
  /// - Parameter details: The lines printed after the summary.
  /// - Returns: The command.
  public func explained(by details: [String]) -> Self {
    var command = self
    command.details = details
    return command
  }

  /// The same command, taking the rest of its line as text, exactly as typed.
  ///
  /// - Parameter count: The words before the text, split as words are.
  /// - Returns: The command.
  public func takingText(afterWords count: Int = 0) -> Self {
    var command = self
    command.argumentForm = .text(afterWords: count)
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
}

/// A command typed at a kind of screen, doing its work on the screen it is typed at.
public typealias ScreenCommand<Screen: TerminalScreen> = TerminalCommand<
  Screen, ScreenResult<Screen.Route>, ScreenError
>

/// A command that works on every screen, such as `help` or `upload`: the shell's own or the
/// app's, never a screen's.
public typealias ShellCommand<Route: Equatable> = TerminalCommand<
  CommandShell<Route>, ShellOutcome, CommandLineError
>

/// What became of one line run by the shell.
public enum ShellOutcome: Equatable, Sendable {
  /// The line was handled (or was blank or a comment).
  case done
  /// The user asked to leave.
  case quit
}

/// What a command takes, declared once: its usage, and which lines it accepts, both come from
/// this, so they can't disagree.
///
/// A declaration is a list of parameters, each a kind of word: any word (`NAME`), a row
/// number (`N`), one of a set (`marked|unmarked|all`), a fixed word (`to`), and at the
/// end, optional ones (`[N]`, `[--save]`) or text of any number of words (`TEXT`). A line that
/// doesn't fit is refused with the usage before the command's work runs.
public struct CommandArguments: Hashable, Sendable {
  /// One parameter: the kind of word it takes.
  public indirect enum Parameter: Hashable, Sendable {
    /// Any one word, shown as its name (`LABEL`).
    case word(String)
    /// A whole number from 1, in digits alone, shown as its name (`N`).
    case number(String)
    /// One of a set of words, in any case, shown as `a|b|c`.
    case choice([String])
    /// This word, in any case (`to`, `all`, `--save`).
    case literal(String)
    /// The parameter, or nothing: only at the end.
    case optional(Parameter)
    /// One word or more, to the end of the line, shown as its name (`TEXT`): only last.
    case text(String)
    /// A word that may come anywhere in the line, once, in any case, shown as `[--editor]`;
    /// the work is given it last, as declared.
    case flag(String)

    /// How usage shows it.
    var usage: String {
      switch self {
      case .word(let name), .number(let name), .text(let name), .literal(let name): name
      case .choice(let words): words.joined(separator: "|")
      case .optional(let parameter): "[\(parameter.usage)]"
      case .flag(let flag): "[\(flag)]"
      }
    }

    /// Whether a word fits it.
    func accepts(_ word: String) -> Bool {
      switch self {
      case .word, .text: true
      // Digits alone, as a row number is read (`+1` is not one), from 1.
      case .number:
        !word.isEmpty && word.allSatisfy { $0.isASCII && $0.isNumber }
          && (Int(word).map { $0 > 0 } ?? false)
      case .choice(let words): words.contains(word.lowercased())
      case .literal(let literal), .flag(let literal): word.lowercased() == literal.lowercased()
      case .optional(let parameter): parameter.accepts(word)
      }
    }
  }

  /// The parameters, in order.
  public let parameters: [Parameter]
  /// An aside a refused line's usage adds in brackets, such as `on a row's page, without N`;
  /// `help` leaves it out.
  public let aside: String?

  /// Declares arguments.
  ///
  /// - Parameters:
  ///   - parameters: The parameters, in order.
  ///   - aside: What a refused line's usage adds, in brackets; none by default.
  public init(_ parameters: [Parameter], aside: String? = nil) {
    self.parameters = parameters
    self.aside = aside
  }

  /// No argument.
  public static let none = CommandArguments([])

  /// One argument, such as a row number: `.one("N")`.
  ///
  /// - Parameter name: How usage shows it.
  /// - Returns: The declaration.
  public static func one(_ name: String) -> CommandArguments { CommandArguments([.word(name)]) }

  /// Two arguments, such as `LABEL NEWLABEL`.
  ///
  /// - Parameters:
  ///   - first: How usage shows the first.
  ///   - second: How usage shows the second.
  /// - Returns: The declaration.
  public static func two(_ first: String, _ second: String) -> CommandArguments {
    CommandArguments([.word(first), .word(second)])
  }

  /// One argument or none: `[LABEL]`.
  ///
  /// - Parameter name: How usage shows it, without brackets.
  /// - Returns: The declaration.
  public static func optional(_ name: String) -> CommandArguments {
    CommandArguments([.optional(.word(name))])
  }

  /// Text of one word or more, such as `TEXT`.
  ///
  /// - Parameter name: How usage shows it.
  /// - Returns: The declaration.
  public static func text(_ name: String) -> CommandArguments { CommandArguments([.text(name)]) }

  /// The same arguments, with an aside a refused line's usage adds in brackets.
  ///
  /// - Parameter aside: The aside, such as `on a row's page, without N`.
  /// - Returns: The declaration.
  public func withAside(_ aside: String) -> CommandArguments {
    CommandArguments(parameters, aside: aside)
  }

  /// The usage of a command taking these arguments, as `help` shows it.
  ///
  /// Optional parameters in a row nest, as each needs the one before it: `[N [M]]`.
  ///
  /// - Parameter name: The command's name.
  /// - Returns: `name`, then the parameters.
  public func usage(of name: String) -> String {
    var words = [name]
    var optionals: [String] = []
    for parameter in positional {
      if case .optional(let inner) = parameter {
        optionals.append(inner.usage)
      } else {
        words.append(parameter.usage)
      }
    }
    let nested = optionals.reversed().reduce(nil as String?) { inner, word in
      "[\(word)\(inner.map { " \($0)" } ?? "")]"
    }
    return (words + (nested.map { [$0] } ?? []) + flags.map { "[\($0)]" })
      .joined(separator: " ")
  }

  /// The usage a refused line is told: ``usage(of:)``, then the aside in brackets, if any.
  ///
  /// - Parameter name: The command's name.
  /// - Returns: The usage.
  public func refusal(of name: String) -> String {
    usage(of: name) + (aside.map { " (\($0))" } ?? "")
  }

  /// Whether a line's arguments fit the declaration.
  ///
  /// - Parameter arguments: The arguments, as words.
  /// - Returns: `true` when each fits its parameter, none is missing and none is left over.
  public func accepts(_ arguments: [String]) -> Bool { fitted(arguments) != nil }

  /// A line's arguments as the work is given them: the other words in order, then each flag
  /// given (in the order declared, as declared); `nil` when they don't fit.
  ///
  /// - Parameter arguments: The arguments, as words.
  /// - Returns: The arguments fitted, or `nil`.
  public func fitted(_ arguments: [String]) -> [String]? {
    var rest = arguments
    var given: [String] = []
    for flag in flags {
      let places = rest.indices.filter { rest[$0].lowercased() == flag.lowercased() }
      // A flag given twice fits nothing.
      guard places.count <= 1 else { return nil }
      if let place = places.first {
        rest.remove(at: place)
        given.append(flag)
      }
    }
    let parameters = positional
    let required = parameters.count { if case .optional = $0 { false } else { true } }
    let takesText = parameters.last.map { if case .text = $0 { true } else { false } } ?? false
    guard rest.count >= required, takesText || rest.count <= parameters.count else { return nil }
    let fits = rest.indices.allSatisfy { index in
      parameters[min(index, parameters.count - 1)].accepts(rest[index])
    }
    return fits ? rest + given : nil
  }

  /// The words the declaration allows next, for completion: those of a set or a fixed word
  /// at the position being completed; none for a word of any kind.
  ///
  /// - Parameter previous: The arguments typed before the one being completed.
  /// - Returns: The words.
  public func candidates(after previous: [String]) -> [String] {
    let given = previous.filter { word in !flags.contains { $0.lowercased() == word.lowercased() } }
    let parameters = positional
    guard given.count < parameters.count else { return [] }
    return Self.words(of: parameters[given.count])
  }

  private static func words(of parameter: Parameter) -> [String] {
    switch parameter {
    case .choice(let words): words
    case .literal(let word): [word]
    case .optional(let inner): words(of: inner)
    case .word, .number, .text, .flag: []
    }
  }

  /// The parameters but the flags.
  private var positional: [Parameter] {
    parameters.filter { if case .flag = $0 { false } else { true } }
  }

  /// The flags, as declared.
  private var flags: [String] {
    parameters.compactMap { if case .flag(let flag) = $0 { flag } else { nil } }
  }

}

extension [String] {
  /// The argument at a position as a number, for a command whose declaration checked it is one
  /// (``CommandArguments/Parameter/number(_:)``).
  ///
  /// - Parameter index: The argument's position.
  /// - Returns: The number; 0 only if the declaration didn't say it is a number.
  public func number(at index: Int) -> Int {
    indices.contains(index) ? Int(self[index]) ?? 0 : 0
  }
}

/// Where a command runs.
@MainActor
public struct CommandContext {
  /// Whether the screen the command runs on is on top, so what it changes is drawn.
  public var isOnTop: Bool
  /// Whether a person is typing: background work then runs while the prompt comes back.
  public var isInteractive: Bool
  /// Draws what changed so far, before a script waits for background work.
  public var drawChanges: () -> Void

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - isOnTop: Whether the screen is on top.
  ///   - isInteractive: Whether a person is typing.
  ///   - drawChanges: Draws what changed so far; nothing by default.
  public init(
    isOnTop: Bool = true, isInteractive: Bool = false, drawChanges: @escaping () -> Void = {}
  ) {
    self.isOnTop = isOnTop
    self.isInteractive = isInteractive
    self.drawChanges = drawChanges
  }
}

/// A command's names and words, without its work: what `help` prints.
public struct CommandHelp: Equatable, Sendable {
  /// The name, then its aliases.
  public let names: [String]
  /// How to use it.
  public let usage: String
  /// What it does.
  public let summary: String
  /// What to say where it can't be used, when not the screen's directions.
  public let hintElsewhere: String?
  /// The lines `help COMMAND` prints after the summary.
  public let details: [String]
  /// Whether it looks inside the app rather than works with what the app holds
  /// (``TerminalCommand/isInspection``).
  public let isInspection: Bool

  /// Creates a description.
  ///
  /// - Parameters:
  ///   - names: The name, then its aliases.
  ///   - usage: How to use it.
  ///   - summary: What it does.
  ///   - hintElsewhere: What to say where it can't be used; `nil` for the screen's directions.
  ///   - details: The lines `help COMMAND` prints after the summary; none by default.
  ///   - isInspection: Whether it looks inside the app; `false` by default.
  public init(
    names: [String], usage: String, summary: String, hintElsewhere: String? = nil,
    details: [String] = [], isInspection: Bool = false
  ) {
    self.names = names
    self.usage = usage
    self.summary = summary
    self.hintElsewhere = hintElsewhere
    self.details = details
    self.isInspection = isInspection
  }
}

/// A kind of screen's commands, described without a screen: for `help` and for saying where a
/// command can be used.
public struct ScreenGuide: Equatable, Sendable {
  /// The heading of the commands in `help`.
  public let heading: String
  /// What to type to reach this kind of screen.
  public let directions: String
  /// Its commands.
  public let commands: [CommandHelp]
}

/// A command bound to the screen it runs on.
@MainActor
struct BoundCommand<Route> {
  let help: CommandHelp
  let isReachableFromAbove: Bool
  let argumentForm: ArgumentForm
  let complete: @MainActor ([String]) -> [String]
  let run: @MainActor ([String], CommandContext) async throws(ScreenError) -> ScreenResult<Route>
}
