import ComposerFeature
import FieldNotesModel
import FieldNotesTerminal

extension AppSession {
  /// `title`, `body`, `tags`, `save` and `cancel`.
  func composerCommand(_ spec: CommandSpec, _ arguments: [String]) throws(AppError) {
    guard case .composer(let composer) = currentScreen else {
      throw .notHere(command: spec.name, hint: "it is for the composer")
    }
    do {
      switch spec.name {
      case "title":
        guard !arguments.isEmpty else { throw ComposerCommandError.usage(spec.usage) }
        try composer.setTitle(arguments.joined(separator: " "))
      case "body":
        if arguments.isEmpty {
          bodyLines = []
          output.print("Type the body; end with a line holding a single `.`")
        } else {
          try composer.replaceBody(with: arguments.joined(separator: " "))
        }
      case "tags":
        try composer.setTags(from: arguments.joined(separator: " "))
      case "save":
        guard arguments.isEmpty else { throw ComposerCommandError.usage(spec.usage) }
        let saved = try composer.save()
        if let saved { output.print("Saved \u{201C}\(saved.title.terminalSafe)\u{201D}.") }
      case "cancel":
        guard arguments.isEmpty else { throw ComposerCommandError.usage(spec.usage) }
        try composer.cancel()
      default:
        throw ComposerCommandError.usage(spec.usage)
      }
    } catch let error as ComposerError {
      throw .composer(error)
    } catch let error as ComposerCommandError {
      switch error {
      case .usage(let usage): throw .usage(usage)
      }
    } catch {
      throw .invalidInput("\(error)")
    }
    if case .failed(let message) = composer.state { throw .saveFailed(message) }
    closeComposerIfFinished(composer)
  }

  /// `notebook NAME|none` in the composer.
  func chooseNotebook(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard case .composer(let composer) = currentScreen, !arguments.isEmpty else {
      throw .usage(spec.usage)
    }
    let name = arguments.joined(separator: " ")
    do {
      try composer.chooseNotebook(named: name.lowercased() == "none" ? nil : name)
    } catch { throw .composer(error) }
  }

  /// A body line typed after a bare `body`; a single `.` ends the body.
  func collectBodyLine(_ line: String) throws(AppError) -> Outcome {
    guard line != "." else {
      let body = (bodyLines ?? []).joined(separator: "\n")
      bodyLines = nil
      guard case .composer(let composer) = currentScreen else { return .done }
      do { try composer.replaceBody(with: body) } catch { throw .composer(error) }
      return .done
    }
    bodyLines?.append(line)
    return .done
  }

  /// Leaves the composer once it has saved or discarded.
  func closeComposerIfFinished(_ composer: ComposerViewModel) {
    guard composer.isFinished else { return }
    goBack()
  }
}

private enum ComposerCommandError: Error {
  case usage(String)
}
