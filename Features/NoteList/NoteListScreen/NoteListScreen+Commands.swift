import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import NoteListFeature

extension NoteListScreen {
  // MARK: - TerminalScreen

  /// The list's title.
  public var promptTitle: String? { title }

  /// `NoteListView` in the MVVM form, `NoteListMVView` in the MV form.
  public var viewName: String { mode == .mvvm ? "NoteListView" : "NoteListMVView" }

  /// The list in the form on screen.
  ///
  /// - Returns: The lines to print.
  public func render() -> [String] { render(title: title, in: mode) }

  /// The view model's state, or what the MV form shows instead of one.
  public var stateLine: String {
    guard mode == .mv else { return "NoteListViewModel.state = \(stateDescription)" }
    let settings = settings(in: .mv)
    return
      "The MV note list has no view model: it shows NoteStore.notes (\(store.notes.count) notes) "
      + "through view-local state (search \"\(settings.searchText.terminalSafe)\", "
      + "sort \(settings.sortOrder.rawValue))."
  }

  /// Traces the view model's state in the MVVM form; the MV form has none.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer, or `nil` in the MV form.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer? {
    guard mode == .mvvm else { return nil }
    return StateTracer(
      label: "NoteListViewModel.state", read: { [viewModel] in viewModel.state },
      describe: Self.describe, emit: emit)
  }

  /// Syncs in the form on screen, which shows the sync while it runs.
  ///
  /// - Returns: How it went.
  public func sync() async -> SyncOutcome? {
    await refresh(in: mode).map(SyncOutcome.failed) ?? .finished
  }

  /// In a note list.
  public static let helpHeading = "In a note list"
  /// How to open a note list.
  public static let directions = "open a notebook first (`open NAME` or `open all`)"

  /// The commands of a note list.
  public static let commands: [ScreenCommand<NoteListScreen>] = [
    ScreenCommand(
      ["search", "find"], usage: "search [TEXT]",
      summary: "show notes containing TEXT; alone, clear the search"
    ) { screen, arguments, _ throws(ScreenError) in
      let text = arguments.joined(separator: " ")
      return screen.updateSettings(
        { $0.searchText = text },
        unchanged: text.isEmpty
          ? "There is no search to clear."
          : "The list already shows the search \u{201C}\(text.terminalSafe)\u{201D}.")
    },
    ScreenCommand(
      ["filter"], usage: "filter pinned|untagged|all",
      summary: "show only pinned notes, only notes without tags, or all"
    ) { screen, arguments, _ throws(ScreenError) in
      switch arguments.map({ $0.lowercased() }) {
      case ["pinned"]:
        return screen.updateSettings(
          { $0.showsPinnedOnly = true }, unchanged: "The list already shows only pinned notes.")
      case ["untagged"]:
        return screen.updateSettings(
          { $0.showsUntaggedOnly = true },
          unchanged: "The list already shows only notes without tags.")
      case ["all"]:
        return screen.updateSettings(
          {
            $0.showsPinnedOnly = false
            $0.showsUntaggedOnly = false
          }, unchanged: "The list already shows every note.")
      default: throw .usage("filter pinned|untagged|all")
      }
    }
    .completing { _, previous in previous.isEmpty ? ["pinned", "untagged", "all"] : [] },
    ScreenCommand(
      ["tag"], usage: "tag [TAG]", summary: "show notes tagged TAG; alone, clear the tag"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count <= 1 else { throw .usage("tag [TAG]") }
      let typed = arguments.first.map { String($0.drop(while: { $0 == "#" })).lowercased() }
      let tag = typed?.isEmpty == true ? nil : typed
      return screen.updateSettings(
        { $0.tag = tag },
        unchanged: tag.map { "The list already shows notes tagged #\($0.terminalSafe)." }
          ?? "There is no tag to clear.")
    }
    .completing { screen, previous in
      previous.isEmpty ? Array(Set(screen.store.notes.flatMap(\.tags))) : []
    },
    ScreenCommand(
      ["sort"], usage: "sort newest|oldest|title", summary: "order the notes (pinned stay on top)"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 1, let order = NoteSortOrder(rawValue: arguments[0].lowercased())
      else { throw .usage("sort newest|oldest|title") }
      return screen.updateSettings(
        { $0.sortOrder = order },
        unchanged: "The list is already sorted \(NoteListLayout.sortDescription(order)).")
    }
    .completing { _, previous in previous.isEmpty ? NoteSortOrder.allCases.map(\.rawValue) : [] },
    ScreenCommand(["more"], usage: "more", summary: "show the next rows of a long list") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("more") }
      guard screen.hiddenRowCount > 0 else { return .say("Every note of the list is shown.") }
      return screen.updateSettings({ $0.shownRowCount += rowLimit }, unchanged: "")
    },
    ScreenCommand(["show", "read"], usage: "show N", summary: "read note N in full") {
      screen, arguments, _ throws(ScreenError) in
      ScreenResult(.push(.noteDetail(try screen.noteID(arguments, usage: "show N"))))
    },
    ScreenCommand(["pin"], usage: "pin N", summary: "pin note N to the top") {
      screen, arguments, _ throws(ScreenError) in
      try screen.setPinned(true, try screen.noteID(arguments, usage: "pin N"))
    },
    ScreenCommand(["unpin"], usage: "unpin N", summary: "unpin note N") {
      screen, arguments, _ throws(ScreenError) in
      try screen.setPinned(false, try screen.noteID(arguments, usage: "unpin N"))
    },
    ScreenCommand(
      ["move", "mv"], usage: "move N to NOTEBOOK|none", summary: "move note N to another notebook"
    ) { screen, arguments, _ throws(ScreenError) in try screen.move(arguments) }
    .completing { screen, previous in
      switch previous.count {
      case 1: ["to"]
      case 2: screen.store.notebooks.map(\.name.quotedIfNeeded) + ["none"]
      default: []
      }
    },
    ScreenCommand(
      ["delete", "rm"], usage: "delete N", summary: "delete note N (`undo` restores it)"
    ) { screen, arguments, _ throws(ScreenError) in
      let id = try screen.noteID(arguments, usage: "delete N")
      let title = screen.store.note(withID: id)?.title ?? ""
      try screen.run(.delete(id))
      return .say("Deleted \u{201C}\(title.terminalSafe)\u{201D}; `undo` restores it.")
    },
    ScreenCommand(["undo"], usage: "undo", summary: "restore the note deleted last") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("undo") }
      try screen.run(.undoDelete)
      return .stay
    },
    ScreenCommand(["summarize", "summary"], usage: "summarize N", summary: "summarise note N") {
      screen, arguments, _ throws(ScreenError) in
      let id = try screen.noteID(arguments, usage: "summarize N")
      return ScreenResult(.push(.noteDetail(id), thenRun: ["summarize"]))
    },
    ScreenCommand(["new", "compose"], usage: "new", summary: "write a new note here") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("new") }
      let notebookID: Notebook.ID? = if case .notebook(let id) = screen.scope { id } else { nil }
      return ScreenResult(.push(.newNote(in: notebookID)))
    },
    ScreenCommand(["retry"], usage: "retry", summary: "read the notes again after a failure") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("retry") }
      guard screen.mode == .mvvm else {
        // The MV form reads the store as it is; reading it again is all a retry can do.
        do throws(NoteStoreError) { try screen.store.reload() } catch {
          throw .refused(error.errorDescription ?? "The notes could not be read.")
        }
        return .stay
      }
      screen.viewModel.load()
      return .stay
    },
    ScreenCommand(["edit"], usage: "edit N", summary: "change note N") {
      screen, arguments, _ throws(ScreenError) in
      ScreenResult(.push(.editNote(try screen.noteID(arguments, usage: "edit N"))))
    },
  ]

  // MARK: - Commands

  /// The note a row number stands for, from the rows as last drawn.
  private func noteID(_ arguments: [String], usage: String) throws(ScreenError) -> Note.ID {
    guard arguments.count == 1 else { throw .usage(usage) }
    return try RowNumber.element(arguments[0], in: rowIDs)
  }

  /// Changes the list's settings; when nothing changes (nothing is drawn then), says so.
  private func updateSettings(_ change: (inout Settings) -> Void, unchanged: String)
    -> ScreenResult<Route>
  {
    var settings = settings(in: mode)
    change(&settings)
    guard settings != self.settings(in: mode) else { return .say(unchanged) }
    apply(settings, in: mode)
    return .stay
  }

  private func setPinned(_ isPinned: Bool, _ id: Note.ID) throws(ScreenError)
    -> ScreenResult<Route>
  {
    let changed: Bool
    do { changed = try perform(.setPinned(id, isPinned), in: mode) } catch {
      throw .refused(error.message)
    }
    guard !changed, let note = store.note(withID: id) else { return .stay }
    return .say(
      "\u{201C}\(note.title.terminalSafe)\u{201D} is already \(isPinned ? "pinned" : "unpinned").")
  }

  private func move(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    let usage = "move N to NOTEBOOK|none"
    guard arguments.count >= 3, arguments[1].lowercased() == "to" else { throw .usage(usage) }
    let id = try noteID([arguments[0]], usage: usage)
    let name = arguments[2...].joined(separator: " ")
    var destination: Notebook?
    if name.lowercased() != "none" {
      guard let notebook = store.notebook(named: name) else {
        throw .refused("There is no notebook called \u{201C}\(name.terminalSafe)\u{201D}.")
      }
      destination = notebook
    }
    let title = store.note(withID: id)?.title ?? ""
    try run(.move(id, to: destination?.id))
    return .say(
      "Moved \u{201C}\(title.terminalSafe)\u{201D} to "
        + (destination.map { "\u{201C}\($0.name.terminalSafe)\u{201D}." } ?? "no notebook."))
  }

  private func run(_ action: Action) throws(ScreenError) {
    do { try perform(action, in: mode) } catch { throw .refused(error.message) }
  }
}

extension NoteListScreenError {
  /// The words the list prints for this error.
  var message: String {
    switch self {
    case .refused(let reason): reason
    }
  }
}
