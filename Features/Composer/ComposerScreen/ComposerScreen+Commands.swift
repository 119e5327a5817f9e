import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesTerminal

extension ComposerScreen {
  // MARK: - TerminalScreen

  /// `compose` for a new note, `edit` for a note being changed.
  public var promptTitle: String? {
    switch purpose {
    case .newNote: "compose"
    case .editNote: "edit"
    }
  }

  /// `ComposerView`.
  public var viewName: String { "ComposerView" }

  /// The draft and what the composer says about it.
  ///
  /// - Returns: The lines to print.
  public func render() -> [String] {
    render(notebookName: notebookID.flatMap { store.notebook(withID: $0)?.name })
  }

  /// `ComposerViewModel.state = …`.
  public var stateLine: String { "ComposerViewModel.state = \(stateDescription)" }

  /// Traces the composer's state.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer? {
    StateTracer(
      label: "ComposerViewModel.state", read: { [composer] in composer.state },
      describe: Self.describe, emit: emit)
  }

  /// The lines typed here are a note's text, kept out of the history file.
  public var remembersTypedLines: Bool { false }

  /// The composer is modal: the note is finished before anything else, and a question is
  /// answered before the note.
  public var blockingHint: String? {
    if case .confirming(let question) = composer.state {
      return MessageStyle.clause(Self.answerFirst(question))
    }
    return "finish the note first (`save` or `cancel`)"
  }

  /// The commands that answer a question.
  private static let answers: [Command] = [.confirmDiscard, .keepEditing]

  /// What to say to any other command while a question is asked.
  private static func answerFirst(_ question: ComposerQuestion) -> String {
    switch question {
    case .discardChanges:
      "Answer the question first: `yes` throws your changes away, `no` keeps editing."
    case .discardKeptDraft:
      "Answer the question first: `yes` forgets the kept draft, `no` keeps it."
    }
  }

  /// `...> ` while the lines of a body are being typed.
  public var linePrompt: String? { bodyLines == nil ? nil : "...> " }

  /// Takes a line of the body being typed; a single `.` ends the body.
  ///
  /// - Parameter line: The line.
  /// - Returns: Staying.
  /// - Throws: ``FieldNotesTerminal/ScreenError`` when the body can't be changed now.
  public func takeLine(_ line: String) throws(ScreenError) -> ScreenResult<Route> {
    guard line == "." else {
      // A line that starts with a dot is typed with one more, so `..` enters a lone `.`.
      bodyLines?.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
      return .stay
    }
    let body = (bodyLines ?? []).joined(separator: "\n")
    bodyLines = nil
    return try carryOut(.replaceBody(body))
  }

  /// Ctrl-C while the lines of a body are typed: the entry ends and the body stays as it was.
  ///
  /// - Returns: A line saying so, or `nil` when no body was being typed.
  public func interruptLineEntry() -> String? {
    guard bodyLines != nil else { return nil }
    bodyLines = nil
    return "Body entry cancelled; the body is as it was."
  }

  /// `back` ends body entry, then asks before throwing changes away (like `cancel`).
  ///
  /// - Returns: Leaving, or staying while the question is asked.
  /// - Throws: ``FieldNotesTerminal/ScreenError`` when the composer can't be closed now.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    bodyLines = nil
    return try carryOut(.cancel)
  }

  /// Keeps the unsaved text as a draft in the store (FieldNotes' input ended, or it was told to
  /// stop), so the next composer for the same note offers it back; the line saying so is
  /// printed only once it is kept.
  ///
  /// - Returns: A line saying so, or why it could not be kept.
  public func preserveUnsavedWork() -> [String] {
    do {
      guard try composer.keepUnsavedDraft() else { return [] }
      return [
        "Kept the unsaved note as a draft; the next composer for it offers it back."
      ]
    } catch {
      return ["error: the unsaved note could not be kept: \(error.errorDescription ?? "")"]
    }
  }

  /// Asks once before leaving with unsaved changes.
  ///
  /// - Returns: The warning the first time `quit` is typed with unsaved changes, else `nil`.
  public func quitWarning() -> String? {
    guard hasChanges, !hasWarnedBeforeQuitting else { return nil }
    hasWarnedBeforeQuitting = true
    if case .confirming(.discardChanges) = composer.state {
      return "The note being written is not saved: answer `no` and `save` it, or `quit` again "
        + "to leave without it."
    }
    return "The note being written is not saved: `save` it, or `quit` again to leave without it."
  }

  /// In the composer.
  public static let helpHeading = "In the composer"
  /// How to open the composer.
  public static let directions = "it is for the composer; `new` opens one in a note list"

  /// The composer's commands.
  public static let commands: [ScreenCommand<ComposerScreen>] = [
    ScreenCommand(["title"], usage: "title TEXT", summary: "set the title") {
      screen, arguments, _ throws(ScreenError) in
      guard !arguments.isEmpty else { throw .usage("title TEXT") }
      return try screen.carryOut(.setTitle(arguments.joined(separator: " ")))
    },
    ScreenCommand(
      ["body"], usage: "body [TEXT]",
      summary: "set the body; alone, type lines and end with a single `.`"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else {
        return try screen.carryOut(.replaceBody(arguments.joined(separator: " ")))
      }
      screen.bodyLines = []
      return .say(
        "Type the body; end with a line holding a single `.` (`..` for a line that is `.`; "
          + "Ctrl-C leaves the body as it was)")
    },
    ScreenCommand(
      ["tags"], usage: "tags a, b", summary: "set the tags (commas or spaces between them)"
    ) { screen, arguments, _ throws(ScreenError) in
      try screen.carryOut(.setTags(arguments.joined(separator: " ")))
    }
    .completing { screen, _ in Array(Set(screen.store.notes.flatMap(\.tags))) },
    ScreenCommand(
      ["notebook"], usage: "notebook NAME|none", summary: "choose the note's notebook"
    ) { screen, arguments, _ throws(ScreenError) in
      guard !arguments.isEmpty else { throw .usage("notebook NAME|none") }
      let name = arguments.joined(separator: " ")
      return try screen.carryOut(.chooseNotebook(named: name.lowercased() == "none" ? nil : name))
    }
    .completing { screen, previous in
      previous.isEmpty ? screen.store.notebooks.map(\.name.quotedIfNeeded) + ["none"] : []
    },
    ScreenCommand(["save"], usage: "save", summary: "save the note") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("save") }
      return try screen.carryOut(.save)
    },
    ScreenCommand(
      ["cancel"], usage: "cancel", summary: "close without saving (asks if anything changed)"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("cancel") }
      return try screen.carryOut(.cancel)
    },
    ScreenCommand(
      ["yes", "y"], usage: "yes", summary: "answer yes to the question on screen",
      hintElsewhere: noQuestion
    ) {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("yes") }
      return try screen.carryOut(.confirmDiscard)
    },
    ScreenCommand(
      ["no", "n"], usage: "no", summary: "answer no to the question on screen",
      hintElsewhere: noQuestion
    ) {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("no") }
      return try screen.carryOut(.keepEditing)
    },
    ScreenCommand(
      ["draft"], usage: "draft N", summary: "go on from kept draft N (listed when it opens)"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 1, let number = Int(arguments[0]) else { throw .usage("draft N") }
      return try screen.carryOut(.takeUpKeptDraft(number: number))
    },
    ScreenCommand(
      ["discard"], usage: "discard draft N", summary: "forget kept draft N (asks first)"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 2, arguments[0] == "draft", let number = Int(arguments[1]) else {
        throw .usage("discard draft N")
      }
      return try screen.carryOut(.discardKeptDraft(number: number))
    }
    .completing { _, previous in previous.isEmpty ? ["draft"] : [] },
  ]

  // MARK: - Commands

  /// What an answer typed where nothing was asked hears.
  private static let noQuestion = "there is no question to answer"

  /// Carries out a command, and leaves once the note is saved or the draft discarded.
  private func carryOut(_ command: Command) throws(ScreenError) -> ScreenResult<Route> {
    hasWarnedBeforeQuitting = false
    if case .confirming(let question) = composer.state, !Self.answers.contains(command) {
      throw .refused(Self.answerFirst(question))
    }
    let saved: Note?
    do { saved = try perform(command) } catch {
      switch error {
      case .refused(let reason): throw .refused(reason)
      case .saveFailed(let message):
        throw .refused(
          "not saved: \(message.terminalSafe) (the draft is kept; `save` retries)")
      }
    }
    let lines = saved.map { ["Saved \u{201C}\($0.title.terminalSafe)\u{201D}."] } ?? []
    return ScreenResult(isFinished ? .pop : .stay, lines: lines)
  }
}
