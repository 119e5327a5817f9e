import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import NotebooksScreen

extension AppSession {
  /// `notebook new NAME`, `notebook rename NAME NEWNAME`, `notebook delete NAME [--force|--keep-notes]`.
  func notebookCommand(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard let action = arguments.first?.lowercased() else { throw .usage(spec.usage) }
    let rest = Array(arguments.dropFirst())
    switch action {
    case "new", "create", "add":
      guard !rest.isEmpty else { throw .usage("notebook new NAME") }
      let created = try perform(.create(named: rest.joined(separator: " ")))
      if let created {
        announce(
          "Created notebook \u{201C}\(created.name.terminalSafe)\u{201D}.",
          unlessShowing: .notebooks)
      }
    case "rename":
      guard rest.count == 2 else {
        throw .usage("notebook rename NAME NEWNAME (quote names with spaces)")
      }
      try perform(.rename(named: rest[0], to: rest[1]))
      announce("Renamed \u{201C}\(rest[0].terminalSafe)\u{201D}.", unlessShowing: .notebooks)
    case "delete", "remove", "rm":
      try deleteNotebook(rest)
    default:
      throw .usage(spec.usage)
    }
  }

  private func deleteNotebook(_ arguments: [String]) throws(AppError) {
    let flags = Set(arguments.filter { $0.hasPrefix("--") })
    let names = arguments.filter { !$0.hasPrefix("--") }
    guard names.count == 1, flags.isSubset(of: ["--force", "--keep-notes"]),
      flags.count <= 1
    else {
      throw .usage("notebook delete NAME [--force | --keep-notes]")
    }
    let name = names[0]
    let notebook = try notebook(named: name)
    if flags.contains("--force") {
      try perform(.delete(named: name, notes: .deleteNotes))
    } else if flags.contains("--keep-notes") {
      try perform(.delete(named: name, notes: .keepNotes))
    } else {
      if case .notebooks = currentScreen {} else { goHome() }
      try perform(.requestDeletion(named: name))
      if notebooks.isConfirmingDeletion { return }
    }
    announce(
      "Deleted notebook \u{201C}\(notebook.name.terminalSafe)\u{201D}.", unlessShowing: .notebooks)
  }

  /// Finds a notebook by name, ignoring case.
  func notebook(named name: String) throws(AppError) -> Notebook {
    do { return try notebooks.notebook(named: name) } catch {
      switch error {
      case .refused(let reason): throw .notebooks(reason)
      }
    }
  }

  /// Carries out a command of the notebooks screen.
  ///
  /// - Returns: The notebook, when the command created one.
  @discardableResult
  private func perform(_ command: NotebooksScreen.Command) throws(AppError) -> Notebook? {
    do { return try notebooks.perform(command) } catch {
      switch error {
      case .refused(let reason): throw .notebooks(reason)
      }
    }
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
        guard let row = notebooks.scope(ofRow: number) else {
          throw .rowOutOfRange(target, count: notebooks.rowCount)
        }
        scope = row
      } else {
        scope = .notebook(try notebook(named: target).id)
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
      switch word {
      case "yes": try perform(.confirmDeletion(.deleteNotes))
      case "keep": try perform(.confirmDeletion(.keepNotes))
      default: try perform(.withdrawDeletion)
      }
    default:
      throw .notHere(command: word, hint: "there is no question to answer")
    }
  }

  /// Prints a confirmation when the screen that would show the change is not on screen.
  func announce(_ message: String, unlessShowing route: Route) {
    if router.current != route { output.print(message) }
  }
}
