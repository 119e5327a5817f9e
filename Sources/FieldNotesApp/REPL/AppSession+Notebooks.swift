import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import NotebooksFeature

extension AppSession {
  /// `notebook new NAME`, `notebook rename NAME NEWNAME`, `notebook delete NAME [--force|--keep-notes]`.
  func notebookCommand(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard let action = arguments.first?.lowercased() else { throw .usage(spec.usage) }
    let rest = Array(arguments.dropFirst())
    do {
      switch action {
      case "new", "create", "add":
        guard !rest.isEmpty else { throw AppError.usage("notebook new NAME") }
        let notebook = try notebooks.createNotebook(named: rest.joined(separator: " "))
        announce(
          "Created notebook \u{201C}\(notebook.name.terminalSafe)\u{201D}.",
          unlessShowing: .notebooks)
      case "rename":
        guard rest.count == 2 else {
          throw AppError.usage("notebook rename NAME NEWNAME (quote names with spaces)")
        }
        try notebooks.renameNotebook(named: rest[0], to: rest[1])
        announce("Renamed \u{201C}\(rest[0].terminalSafe)\u{201D}.", unlessShowing: .notebooks)
      case "delete", "remove", "rm":
        try deleteNotebook(rest)
      default:
        throw AppError.usage(spec.usage)
      }
    } catch let error as AppError {
      throw error
    } catch let error as NotebooksError {
      throw .notebooks(error)
    } catch {
      throw .invalidInput("\(error)")
    }
  }

  private func deleteNotebook(_ arguments: [String]) throws {
    let flags = Set(arguments.filter { $0.hasPrefix("--") })
    let names = arguments.filter { !$0.hasPrefix("--") }
    guard names.count == 1, flags.isSubset(of: ["--force", "--keep-notes"]),
      flags.count <= 1
    else {
      throw AppError.usage("notebook delete NAME [--force | --keep-notes]")
    }
    let name = names[0]
    let notebook = try notebooks.notebook(named: name)
    if flags.contains("--force") {
      try notebooks.deleteNotebook(named: name, notes: .deleteNotes)
    } else if flags.contains("--keep-notes") {
      try notebooks.deleteNotebook(named: name, notes: .keepNotes)
    } else {
      if case .notebooks = currentScreen {} else { goHome() }
      try notebooks.requestDeletion(ofNotebookNamed: name)
      if case .confirmingDeletion = notebooks.state { return }
    }
    announce(
      "Deleted notebook \u{201C}\(notebook.name.terminalSafe)\u{201D}.", unlessShowing: .notebooks)
  }

  /// `open NAME|N|all|none`.
  func open(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard !arguments.isEmpty else { throw .usage(spec.usage) }
    let target = arguments.joined(separator: " ")
    let scope: NoteScope
    switch target.lowercased() {
    case "all": scope = .allNotes
    case "none": scope = .unfiled
    default:
      if let number = Int(target) {
        guard (1...max(1, notebookRows.count)).contains(number), !notebookRows.isEmpty else {
          throw .rowOutOfRange(target, count: notebookRows.count)
        }
        scope = notebooks.select(notebookRows[number - 1])
      } else {
        do { scope = .notebook(try notebooks.notebook(named: target).id) } catch {
          throw .notebooks(error)
        }
      }
    }
    if case .notebooks = currentScreen {} else { goHome() }
    navigate(to: .noteList(scope))
  }

  /// `yes`, `no` and `keep`: answers to the question on screen.
  func answer(_ word: String, _ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard arguments.isEmpty else { throw .usage(spec.usage) }
    switch currentScreen {
    case .composer(let composer):
      // `keep` belongs to the notebooks screen and never reaches the composer.
      try perform(word == "yes" ? .confirmDiscard : .keepEditing, in: composer)
    case .notebooks:
      guard case .confirmingDeletion = notebooks.state else {
        throw .notebooks(.noDeletionPending)
      }
      do {
        switch word {
        case "yes": try notebooks.confirmDeletion(.deleteNotes)
        case "keep": try notebooks.confirmDeletion(.keepNotes)
        default:
          notebooks.cancelDeletion()
          return
        }
      } catch { throw .notebooks(error) }
    default:
      throw .notHere(command: word, hint: "there is no question to answer")
    }
  }

  /// Prints a confirmation when the screen that would show the change is not on screen.
  func announce(_ message: String, unlessShowing route: Route) {
    if router.current != route { output.print(message) }
  }
}
