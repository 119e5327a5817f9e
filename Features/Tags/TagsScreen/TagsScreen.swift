import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import TagsFeature

/// The tags screen on a terminal: ``TagsFeature``'s view model, the view drawn from its
/// state, and the commands typed at it (`open`, `rename`, `delete`, `yes`, `no`, `undo`).
@MainActor
public final class TagsScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes the tags screen, and `tags` on the notebooks screen, which opens it.
  ///
  /// - Parameter client: Makes the tags' data from what the app composed: the app passes
  ///   `StoreTagsClient` (`TagsLive`).
  /// - Returns: The registration.
  public static func registration(
    client: @escaping @MainActor (ScreenDependencies) -> any TagsClient
  ) -> ScreenRegistration<Route, ScreenDependencies> {
    ScreenRegistration(
      TagsScreen.self, shows: { $0.place(TagsPlace.self) },
      entries: [
        ScreenEntry(
          ["tags"], summary: "list every tag with its note count",
          opens: .feature(TagsPlace()), on: .notebooks
        ).explained(by: rules)
      ],
      make: { _, dependencies in TagsScreen(model: TagsViewModel(client: client(dependencies))) })
  }

  /// What `help tags` says of the tag rules: what a tag is and where a note's come from.
  static let rules = [
    "A tag is letters, digits, - and _, lower-cased: #Birds and birds are one tag.",
    "A note's tags are those listed in the composer's `tags` line or its file's `tags:`, then",
    "each #tag its text writes at the start of a word (not in code or an HTML comment): `save`",
    "adds those, and a tag the text writes stays while the text writes it. An import maps",
    "another tool's tags by one rule: @work becomes work, #Projects/Garden projects-garden.",
    "On the tags screen, `rename`, `delete` and `undo` change a tag on every note but those",
    "whose text writes it, which they name.",
  ]

  let model: TagsViewModel

  /// Shows a view model's tags.
  ///
  /// - Parameter model: The view model.
  public init(model: TagsViewModel) {
    self.model = model
  }

  // MARK: - TerminalScreen

  /// `tags`.
  public var promptTitle: String? { "tags" }

  /// `TagsView`.
  public var viewName: String { "TagsView" }

  /// Every tag with its note count (as records in a script's format), or the question asked.
  ///
  /// - Parameter terminal: The terminal's width, style and format.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    TagsView.render(model.state, format: terminal.format)
  }

  /// Whether the view is the tags' records: in a script's format, unless a question is asked.
  ///
  /// - Parameter terminal: The terminal, whose format is a script's.
  /// - Returns: Whether the view is records.
  public func drawsRecords(in terminal: TerminalContext) -> Bool {
    if case .confirming = model.state { return false }
    return terminal.format.isForScripts
  }

  /// The view model's state (for `state`, `trace` and `why`), `back` withdrawing a question,
  /// records in a script's format, and the question while it waits for an answer.
  public var capabilities: ScreenCapabilities<Route> {
    ScreenCapabilities(
      state: ViewModelState(
        "TagsViewModel.state", read: { [model] in model.state }, describe: TagsView.describe,
        describeChange: TagsView.describeChange),
      back: { [unowned self] () throws(ScreenError) in try back() },
      drawsRecords: { [unowned self] in drawsRecords(in: $0) },
      question: { [model] in
        guard case .confirming(let request) = model.state else { return nil }
        return "Remove #\(request.tag) from every note?"
      },
      withdrawQuestion: { [model] in model.cancelDeletion() })
  }

  /// `back` withdraws a question first; otherwise leaves.
  ///
  /// - Returns: Staying while a question was withdrawn, else leaving.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    guard case .confirming = model.state else { return ScreenResult(.pop) }
    model.cancelDeletion()
    return .stay
  }

  /// On the tags screen.
  public static let helpHeading = "Tags"
  /// How to reach the tags screen.
  public static let directions = "open the tags first (`tags` on the notebooks screen)"

  /// The tags screen's commands.
  public static let commands: [ScreenCommand<TagsScreen>] = [
    ScreenCommand(["open", "cd"], arguments: .one("TAG|N"), summary: "list the notes tagged TAG") {
      screen, arguments, _ throws(ScreenError) in
      let tag =
        Int(arguments[0]) != nil
        ? try RowNumber.element(
          arguments[0],
          in: ScreenError.carrying { () throws(TagsError) in try screen.model.rows }.map(\.name))
        : arguments[0]
      return ScreenResult(.push(.noteList(screen.model.scope(ofTag: tag))))
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["rename"], arguments: .two("TAG", "NEWTAG"), summary: "rename a tag on every note"
    ) { screen, arguments, _ throws(ScreenError) in
      let outcome = try ScreenError.carrying { () throws(TagsError) in
        try screen.model.renameTag(arguments[0], to: arguments[1])
      }
      let old = TagRules.normalized(arguments[0]).terminalSafe
      let new = TagRules.normalized(arguments[1]).terminalSafe
      guard !outcome.writtenInText.isEmpty else {
        return .say("Renamed #\(old) to #\(new) on every note.")
      }
      return .say(
        "Renamed #\(old) to #\(new) on \(String(count: outcome.changedNotes, noun: "note")); "
          + TagsScreen.keptByText(outcome, tag: old))
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["delete", "rm"], arguments: .one("TAG"), summary: "remove a tag from every note (asks first)"
    ) { screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(TagsError) in
        try screen.model.requestDeletion(ofTag: arguments[0])
      }
      return .stay
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["yes", "y"], arguments: .none, summary: "answer yes to the question on screen",
      hintElsewhere: "there is no question to answer"
    ) { screen, arguments, _ throws(ScreenError) in
      let asked = screen.model.state
      let outcome = try ScreenError.carrying { () throws(TagsError) in
        try screen.model.confirmDeletion()
      }
      guard !outcome.writtenInText.isEmpty, case .confirming(let request) = asked else {
        return .stay
      }
      return .say(
        "Removed #\(request.tag.terminalSafe) from "
          + "\(String(count: outcome.changedNotes, noun: "note")); "
          + TagsScreen.keptByText(outcome, tag: nil))
    },
    ScreenCommand(
      ["no", "n"], arguments: .none, summary: "answer no to the question on screen",
      hintElsewhere: "there is no question to answer"
    ) { screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(TagsError) in try screen.model.declineDeletion() }
      return .stay
    },
    ScreenCommand(["undo"], arguments: .none, summary: "undo the last rename or deletion of a tag")
    {
      screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(TagsError) in try screen.model.undo() }
      return .stay
    },
  ]

  // MARK: - Commands

  /// Which notes a rename or deletion left as they were, their text writing the tag.
  private static func keptByText(_ outcome: TagChangeOutcome, tag: String?) -> String {
    let count = outcome.writtenInText.count
    let what = tag.map { "#" + $0 } ?? "it"
    return "\(String(count: count, noun: "note")) \(count == 1 ? "writes" : "write") \(what) in "
      + "\(count == 1 ? "its" : "their") text and \(count == 1 ? "keeps" : "keep") it: "
      + TagsError.quoted(outcome.writtenInText.map(\.terminalSafe)) + "."
  }

  /// The tags, for completing one: none when they can't be read (the state says so).
  private var tagNames: [String] { ((try? model.rows) ?? []).map { "#" + $0.name } }
}
