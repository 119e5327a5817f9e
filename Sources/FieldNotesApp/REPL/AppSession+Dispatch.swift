import ComposerScreen
import FieldNotesModel
import FieldNotesTerminal
import NoteListScreen

extension AppSession {
  /// Finds the command a line names, checks it may be used here, and runs it.
  func dispatch(_ name: String, _ arguments: [String]) async throws(AppError) -> Outcome {
    let composing = if case .composer = currentScreen { true } else { false }
    guard let spec = CommandCatalog.spec(named: name, composing: composing) else {
      throw .unknownCommand(name, suggestion: CommandCatalog.suggestion(for: name))
    }
    try checkPlace(of: spec, composing: composing)
    if spec.name != "quit" { quitRequested = false }
    switch spec.name {
    case "help": try help(arguments)
    case "quit": return try quit(arguments)
    case "back": try back(arguments)
    case "list":
      try requireNoArguments(arguments, spec)
      redraw()
    case "state":
      try requireNoArguments(arguments, spec)
      printState()
    case "trace": try trace(arguments, spec)
    case "renders":
      try requireNoArguments(arguments, spec)
      printRenderCounts()
    case "mode": try mode(arguments, spec)
    case "sync": try await syncCommand(arguments, spec)
    case "export": try export(arguments, spec)
    case "import": try importLibrary(arguments, spec)
    case "notebooks":
      try requireNoArguments(arguments, spec)
      goHome()
    case "notebook" where composing: try chooseNotebook(arguments, spec)
    case "notebook": try notebookCommand(arguments, spec)
    case "open": try open(arguments, spec)
    case "yes", "no", "keep": try answer(spec.name, arguments, spec)
    case "title", "body", "tags", "save", "cancel": try composerCommand(spec, arguments)
    default: try await noteListCommand(spec, arguments)
    }
    return .done
  }

  private func checkPlace(of spec: CommandSpec, composing: Bool) throws(AppError) {
    switch spec.place {
    case .anywhere:
      return
    case .browsing where composing:
      throw .notHere(command: spec.name, hint: "finish the note first (`save` or `cancel`)")
    case .composer where !composing:
      throw .notHere(
        command: spec.name, hint: "it is for the composer; `new` opens one in a note list")
    case .noteList:
      switch currentScreen {
      case .noteList: return
      case .noteDetail
      where ["pin", "unpin", "delete", "summarize", "edit", "undo"].contains(spec.name): return
      case .composer:
        throw .notHere(command: spec.name, hint: "finish the note first (`save` or `cancel`)")
      default:
        throw .notHere(
          command: spec.name, hint: "open a notebook first (`open NAME` or `open all`)")
      }
    case .browsing, .composer:
      return
    }
  }

  func requireNoArguments(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard arguments.isEmpty else { throw .usage(spec.usage) }
  }

  // MARK: - Global commands

  private func help(_ arguments: [String]) throws(AppError) {
    guard arguments.count <= 1 else { throw .usage("help [COMMAND]") }
    if let word = arguments.first {
      let matches = CommandCatalog.all.filter { $0.names.contains(word.lowercased()) }
      guard !matches.isEmpty else {
        throw .unknownCommand(word, suggestion: CommandCatalog.suggestion(for: word))
      }
      for spec in matches {
        output.print("\(spec.usage)")
        output.print("  \(spec.summary)")
        if spec.names.count > 1 {
          output.print("  also: \(spec.names.dropFirst().joined(separator: ", "))")
        }
      }
      return
    }
    let groups: [(String, CommandSpec.Place)] = [
      ("Anywhere", .anywhere), ("Notebooks", .browsing), ("In a note list", .noteList),
      ("In the composer", .composer),
    ]
    for (heading, place) in groups {
      output.print("\(heading):")
      for spec in CommandCatalog.all where spec.place == place {
        let usage = spec.usage.count > 34 ? spec.names[0] + " …" : spec.usage
        output.print("  " + usage.padding(toLength: 36, withPad: " ", startingAt: 0) + spec.summary)
      }
    }
    output.print(
      "N is a row number as last shown. Quote words with spaces: notebook new \"Field trip\".")
  }

  private func quit(_ arguments: [String]) throws(AppError) -> Outcome {
    guard arguments.isEmpty else { throw .usage("quit") }
    if case .composer(let composer) = currentScreen, composer.hasChanges, !quitRequested {
      quitRequested = true
      output.print(
        "The note being written is not saved: `save` it, or `quit` again to leave without it.")
      return .done
    }
    return .quit
  }

  private func back(_ arguments: [String]) throws(AppError) {
    guard arguments.isEmpty else { throw .usage("back") }
    if bodyLines != nil { bodyLines = nil }
    switch currentScreen {
    case .composer(let composer):
      try perform(.cancel, in: composer)
    case .notebooks:
      notebooks.cancelDeletion()
    default:
      goBack()
    }
  }

  private func printState() {
    switch currentScreen {
    case .notebooks:
      output.print("NotebooksViewModel.state = \(notebooks.stateDescription)")
    case .noteList(let list) where listMode == .mvvm:
      output.print("NoteListViewModel.state = \(list.stateDescription)")
    case .noteList(let list):
      let settings = list.settings(in: .mv)
      output.print(
        "The MV note list has no screen model: it shows NoteStore.notes (\(dependencies.store.notes.count) notes) "
          + "through view-local state (search \"\(settings.searchText.terminalSafe)\", sort \(settings.sortOrder.rawValue))."
      )
    case .noteDetail(let detail):
      output.print("NoteDetailScreen.summary = \(detail.summary)")
    case .composer(let composer):
      output.print("ComposerViewModel.state = \(composer.stateDescription)")
    }
  }

  /// Prints the render counts: a view is drawn only when something it read changed.
  private func printRenderCounts() {
    output.print("Views drawn so far:")
    for (name, count) in renderCounts.sorted(by: { $0.key < $1.key }) {
      output.print("  \(name): \(count)")
    }
  }

  private func trace(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    switch arguments {
    case ["on"]:
      startTracing()
      output.print("Tracing state transitions.")
    case ["off"]:
      stopTracing()
      output.print("Tracing off.")
    default: throw .usage(spec.usage)
    }
  }

  private func mode(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard arguments.count == 1, let mode = NoteListMode(rawValue: arguments[0].lowercased()) else {
      throw .usage(spec.usage)
    }
    guard mode != listMode else {
      output.print("The note list is already in its \(mode.rawValue.uppercased()) form.")
      return
    }
    for screen in screens {
      if case .noteList(let list) = screen { list.apply(list.settings(in: listMode), in: mode) }
    }
    listMode = mode
    output.print("The note list is now in its \(mode.rawValue.uppercased()) form.")
    if case .noteList = currentScreen { showCurrentScreen() }
  }
}
