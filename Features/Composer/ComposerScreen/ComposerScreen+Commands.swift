import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesTerminal

extension ComposerScreen {
  // MARK: - TerminalScreen

  /// `compose` for a new note, `edit` for a note being changed.
  public var promptTitle: String? {
    switch composer.purpose {
    case .newNote: "compose"
    case .editNote: "edit"
    }
  }

  /// `ComposerView`.
  public var viewName: String { "ComposerView" }

  /// The composer's state (for `state` and `trace`), what its view is drawn from (for `why`),
  /// the note to finish before anything else, whose lines are kept out of the history file, a
  /// body typed line by line, and `back`.
  public var capabilities: ScreenCapabilities<Route> {
    ScreenCapabilities(
      state: ViewModelState(
        "ComposerViewModel.state", read: { [composer] in composer.state }, describe: Self.describe),
      drawnFrom: { [unowned self] _ in drawnFrom() },
      modal: ModalWork(
        modality: { [unowned self] in modality }, remembersTypedLines: false,
        quitWarning: { [unowned self] in quitWarning() },
        preserveUnsavedWork: { [unowned self] in preserveUnsavedWork() }),
      lineEntry: LineEntry(
        prompt: { [unowned self] in linePrompt },
        take: { [unowned self] line throws(ScreenError) in try takeLine(line) },
        interrupt: { [unowned self] in interruptLineEntry() }),
      back: { [unowned self] () throws(ScreenError) in try back() })
  }

  /// The composer is modal: the note is finished before anything else, and a question is
  /// answered before the note.
  public var modality: Modality {
    if case .confirming(let question) = composer.state {
      return .modal(whatToFinish: MessageStyle.clause(Self.answerFirst(question)))
    }
    return .modal(whatToFinish: "finish the note first (`save` or `cancel`)")
  }

  /// The names of the commands that answer a question.
  private static let answers: Set<String> = ["yes", "no"]

  /// What to say to any other command while a question is asked.
  static func answerFirst(_ question: ComposerQuestion) -> String {
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
      let typed = line.hasPrefix("..") ? String(line.dropFirst()) : line
      bodyLines?.append(typed)
      composer.holdLineOfBodyBeingTyped(typed)
      return .stay
    }
    let body = (bodyLines ?? []).joined(separator: "\n")
    // The lines stay held until the body holds them.
    defer { endBodyEntry() }
    return try carryOut("body") { () throws(ComposerError) in try composer.replaceBody(with: body) }
  }

  /// Ctrl-C while the lines of a body are typed: the entry ends and the body stays as it was.
  ///
  /// - Returns: A line saying so, or `nil` when no body was being typed.
  public func interruptLineEntry() -> String? {
    guard bodyLines != nil else { return nil }
    endBodyEntry()
    return "Body entry cancelled; the body is as it was."
  }

  /// `back` ends body entry, then asks before throwing changes away (like `cancel`).
  ///
  /// - Returns: Leaving, or staying while the question is asked.
  /// - Throws: ``FieldNotesTerminal/ScreenError`` when the composer can't be closed now.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    endBodyEntry()
    return try carryOut("cancel") { () throws(ComposerError) in try composer.cancel() }
  }

  /// Ends the lines of a body being typed: the held text is the draft's again.
  func endBodyEntry() {
    bodyLines = nil
    composer.endBodyBeingTyped()
  }

  /// Keeps the unsaved text as a draft in the store (FieldNotes' input ended, or it was told to
  /// stop), so the next composer for the same note offers it back; the line saying so is
  /// printed only once it is kept.
  ///
  /// - Returns: A line saying so; or why it could not be kept, with its text to print, the
  ///   last place it can go.
  public func preserveUnsavedWork() -> PreservedWork {
    // Lines of a body still being typed are unsaved text too: they become the body (after one
    // only this draft holds), before the draft is kept.
    try? composer.stopBodyBeingTyped()
    bodyLines = nil
    return Self.preserveUnsavedWork(of: composer)
  }

  /// Keeps a composer's unsaved text as a draft, or, where it can't be kept (a store in memory,
  /// a full disk), gives it back whole as the last place it can go.
  ///
  /// - Parameter composer: The composer.
  /// - Returns: What became of the text.
  static func preserveUnsavedWork(of composer: ComposerViewModel) -> PreservedWork {
    // A store in memory is gone when FieldNotes ends: a draft kept there would be a promise
    // nothing keeps.
    guard composer.keptDraftsOutliveTheSession else {
      return composer.isFinished || !composer.hasChanges
        ? .nothing
        : unsavedText(of: composer, because: "the notes are kept in memory, and go with it")
    }
    do {
      guard try composer.keepUnsavedDraft() else { return .nothing }
      // Said in the words that reach it again, from the REPL (`fieldnotes`) or the shell.
      return switch composer.purpose {
      case .newNote:
        .kept("Kept the unsaved note as a draft; `new` (in `fieldnotes`) offers it back.")
      case .editNote:
        .kept("Kept the unsaved change as a draft; editing the note again offers it back.")
      }
    } catch {
      let cause: String
      switch error {
      case .draftNotKept(.persistence(let repositoryError)): cause = repositoryError.cause
      case .draftNotKept(let storeError): cause = storeError.errorDescription ?? "\(storeError)"
      default: cause = error.errorDescription ?? "\(error)"
      }
      // The file that held the text after every change stays, and the next session keeps it
      // as a draft: said where it is, not printed as lost.
      guard let path = composer.heldFilePath else {
        return unsavedText(of: composer, because: cause)
      }
      let (what, offeredBack) =
        switch composer.purpose {
        case .newNote: ("note", "which `new` offers back")
        case .editNote: ("change", "which editing the note again offers back")
        }
      return .kept(
        "The unsaved \(what) could not be kept as a draft now (\(cause)); it is kept in "
          + "\(path.terminalSafe), and the next `fieldnotes` of this store keeps it as a draft, "
          + "\(offeredBack).")
    }
  }

  /// The unsaved note, whole, as the last place it can go: why it could not be kept as a
  /// draft, then its title, tags and body.
  private static func unsavedText(of composer: ComposerViewModel, because cause: String)
    -> PreservedWork
  {
    let draft = composer.draft
    return .notKept(
      reason: "FieldNotes is ending, and the unsaved note could not be kept as a draft "
        + "(\(cause)); here is its text, to copy:",
      work: [
        "title: \(draft.title.terminalSafe)",
        "tags: \(draft.tags.joined(separator: " ").terminalSafe)", "body:",
      ] + draft.body.terminalLines)
  }

  /// Asks once before leaving with unsaved changes.
  ///
  /// - Returns: The warning the first time `quit` is typed with unsaved changes, else `nil`.
  public func quitWarning() -> String? {
    guard composer.hasChanges, !hasWarnedBeforeQuitting else { return nil }
    hasWarnedBeforeQuitting = true
    if case .confirming(.discardChanges) = composer.state {
      return "The note being written is not saved: answer `no` and `save` it, or `quit` again "
        + "to leave it as a draft, offered next time."
    }
    return "The note being written is not saved: `save` it, or `quit` again to leave it as a "
      + "draft, offered next time."
  }

  /// In the composer.
  public static let helpHeading = "In the composer"
  /// How to open the composer.
  public static let directions = "it is for the composer; `new` opens one in a note list"

  /// The composer's commands.
  public static let commands: [ScreenCommand<ComposerScreen>] = [
    ScreenCommand(["title"], arguments: .text("TEXT"), summary: "set the title") {
      screen, arguments, _ throws(ScreenError) in
      let title = arguments.joined(separator: " ")
      return try screen.carryOut("title") { () throws(ComposerError) in
        try screen.composer.setTitle(title)
      }
    }
    .takingText(),
    ScreenCommand(
      ["body"], arguments: CommandArguments([.optional(.text("TEXT"))]),
      summary: "set the body; alone, type lines and end with a single `.`"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else {
        let body = arguments.joined(separator: " ")
        return try screen.carryOut("body") { () throws(ComposerError) in
          try screen.composer.replaceBody(with: body)
        }
      }
      screen.bodyLines = []
      return .say(
        "Type the body; end with a line holding a single `.` (`..` for a line that is `.`; "
          + "Ctrl-C leaves the body as it was)")
    }
    .takingText(),
    ScreenCommand(
      ["tags"], usage: "tags a, b", summary: "set the tags (commas or spaces between them)"
    ) { screen, arguments, _ throws(ScreenError) in
      let tags = arguments.joined(separator: " ")
      return try screen.carryOut("tags") { () throws(ComposerError) in
        try screen.composer.setTags(from: tags)
      }
    }
    .takingText()
    .completing { screen, _ in screen.composer.knownTags },
    ScreenCommand(
      ["notebook"], arguments: .text("NAME|none"), summary: "choose the note's notebook"
    ) { screen, arguments, _ throws(ScreenError) in
      let name = arguments.joined(separator: " ")
      return try screen.carryOut("notebook") { () throws(ComposerError) in
        try screen.composer.chooseNotebook(named: name.lowercased() == "none" ? nil : name)
      }
    }
    .takingName()
    .completing { screen, previous in
      previous.isEmpty ? screen.composer.notebookNames.map(\.quotedIfNeeded) + ["none"] : []
    },
    ScreenCommand(
      ["editor"], arguments: CommandArguments([.flag("--save")]),
      summary: "write the note in your editor ($VISUAL, $EDITOR or vi); --save saves it after"
    ) { screen, arguments, _ throws(ScreenError) in
      return try await screen.writeInEditor(thenSaving: !arguments.isEmpty)
    },
    ScreenCommand(["save"], arguments: .none, summary: "save the note") {
      screen, arguments, _ throws(ScreenError) in
      return try screen.save()
    },
    ScreenCommand(
      ["cancel"], arguments: .none, summary: "close without saving (asks if anything changed)"
    ) { screen, arguments, _ throws(ScreenError) in
      return try screen.carryOut("cancel") { () throws(ComposerError) in
        try screen.composer.cancel()
      }
    },
    ScreenCommand(
      ["yes", "y"], arguments: .none, summary: "answer yes to the question on screen",
      hintElsewhere: noQuestion
    ) {
      screen, arguments, _ throws(ScreenError) in
      return try screen.carryOut("yes") { () throws(ComposerError) in
        try screen.composer.confirmDiscard()
      }
    },
    ScreenCommand(
      ["no", "n"], arguments: .none, summary: "answer no to the question on screen",
      hintElsewhere: noQuestion
    ) {
      screen, arguments, _ throws(ScreenError) in
      return try screen.carryOut("no") { () throws(ComposerError) in
        try screen.composer.keepEditing()
      }
    },
    ScreenCommand(
      ["draft"], arguments: CommandArguments([.number("N")]),
      summary: "go on from kept draft N (listed when it opens)"
    ) { screen, arguments, _ throws(ScreenError) in
      return try screen.carryOut("draft") { () throws(ComposerError) in
        try screen.composer.takeUpKeptDraft(at: arguments.number(at: 0) - 1)
      }
    },
    ScreenCommand(
      ["discard"], arguments: CommandArguments([.literal("draft"), .number("N")]),
      summary: "forget kept draft N (asks first)"
    ) { screen, arguments, _ throws(ScreenError) in
      return try screen.carryOut("discard") { () throws(ComposerError) in
        try screen.composer.askToDiscardKeptDraft(at: arguments.number(at: 1) - 1)
      }
    }
    .completing { _, previous in previous.isEmpty ? ["draft"] : [] },
  ]

  // MARK: - Commands

  /// What an answer typed where nothing was asked hears.
  private static let noQuestion = "there is no question to answer"

  /// Carries out a command on the composer, and leaves once the draft is discarded; while a
  /// question is asked, only an answer is taken.
  private func carryOut(_ name: String, _ work: () throws(ComposerError) -> Void)
    throws(ScreenError) -> ScreenResult<Route>
  {
    hasWarnedBeforeQuitting = false
    if case .confirming(let question) = composer.state, !Self.answers.contains(name) {
      throw .refused(Self.answerFirst(question))
    }
    try ScreenError.carrying(work)
    return composer.isFinished ? ScreenResult(.pop, lines: render(in: .plain)) : .stay
  }

  /// `save`: saves and leaves, saying so; a failed save keeps the draft for another try.
  func save() throws(ScreenError) -> ScreenResult<Route> {
    hasWarnedBeforeQuitting = false
    if case .confirming(let question) = composer.state {
      throw .refused(Self.answerFirst(question))
    }
    do { try composer.save() } catch {
      if case .saveFailed = error {
        throw .refused(
          "not saved: \((error.errorDescription ?? "").terminalSafe) (the draft is kept; `save` "
            + "retries)")
      }
      throw .failed(error)
    }
    // The view of the saved state: the line the composer leaves with.
    return ScreenResult(.pop, lines: render(in: .plain))
  }
}
