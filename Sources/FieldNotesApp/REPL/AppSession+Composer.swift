import ComposerScreen
import FieldNotesModel
import FieldNotesTerminal

extension AppSession {
  /// `title`, `body`, `tags`, `save` and `cancel`.
  func composerCommand(_ spec: CommandSpec, _ arguments: [String]) throws(AppError) {
    guard case .composer(let composer) = currentScreen else {
      throw .notHere(command: spec.name, hint: "it is for the composer")
    }
    let text = arguments.joined(separator: " ")
    let command: ComposerScreen.Command
    switch spec.name {
    case "title":
      guard !arguments.isEmpty else { throw .usage(spec.usage) }
      command = .setTitle(text)
    case "body":
      guard !arguments.isEmpty else {
        bodyLines = []
        output.print("Type the body; end with a line holding a single `.`")
        return
      }
      command = .replaceBody(text)
    case "tags":
      command = .setTags(text)
    case "save", "cancel":
      guard arguments.isEmpty else { throw .usage(spec.usage) }
      command = spec.name == "save" ? .save : .cancel
    default:
      throw .usage(spec.usage)
    }
    if let saved = try perform(command, in: composer) {
      output.print("Saved \u{201C}\(saved.title.terminalSafe)\u{201D}.")
    }
  }

  /// `notebook NAME|none` in the composer.
  func chooseNotebook(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard case .composer(let composer) = currentScreen, !arguments.isEmpty else {
      throw .usage(spec.usage)
    }
    let name = arguments.joined(separator: " ")
    try perform(.chooseNotebook(named: name.lowercased() == "none" ? nil : name), in: composer)
  }

  /// A body line typed after a bare `body`; a single `.` ends the body.
  func collectBodyLine(_ line: String) throws(AppError) -> Outcome {
    guard line != "." else {
      let body = (bodyLines ?? []).joined(separator: "\n")
      bodyLines = nil
      guard case .composer(let composer) = currentScreen else { return .done }
      try perform(.replaceBody(body), in: composer)
      return .done
    }
    bodyLines?.append(line)
    return .done
  }

  /// Carries out a composer command, and leaves the composer once it has saved or discarded.
  ///
  /// - Returns: The note, when the command saved it.
  @discardableResult
  func perform(_ command: ComposerScreen.Command, in composer: ComposerScreen) throws(AppError)
    -> Note?
  {
    let saved: Note?
    do {
      saved = try composer.perform(command)
    } catch {
      switch error {
      case .refused(let reason): throw .composer(reason)
      case .saveFailed(let message): throw .saveFailed(message)
      }
    }
    if composer.isFinished { goBack() }
    return saved
  }
}
