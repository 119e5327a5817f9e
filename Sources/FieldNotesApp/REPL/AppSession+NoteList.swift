import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation
import NoteListScreen

extension AppSession {
  /// The commands of a note list, and those of a note's page.
  func noteListCommand(_ spec: CommandSpec, _ arguments: [String]) async throws(AppError) {
    switch spec.name {
    case "search": updateSettings { $0.searchText = arguments.joined(separator: " ") }
    case "filter":
      switch arguments.map({ $0.lowercased() }) {
      case ["pinned"]: updateSettings { $0.showsPinnedOnly = true }
      case ["all"]: updateSettings { $0.showsPinnedOnly = false }
      default: throw .usage(spec.usage)
      }
    case "tag":
      guard arguments.count <= 1 else { throw .usage(spec.usage) }
      let tag = arguments.first.map { String($0.drop(while: { $0 == "#" })).lowercased() }
      updateSettings { $0.tag = tag?.isEmpty == true ? nil : tag }
    case "sort":
      guard arguments.count == 1, let order = NoteSortOrder(rawValue: arguments[0].lowercased())
      else {
        throw .usage(spec.usage)
      }
      updateSettings { $0.sortOrder = order }
    case "show":
      navigate(to: .noteDetail(try noteID(arguments, spec)))
    case "pin", "unpin":
      let id = try noteID(arguments, spec)
      guard let note = dependencies.store.note(withID: id) else { throw .store(.noteNotFound(id)) }
      guard note.isPinned != (spec.name == "pin") else {
        output.print(
          "\u{201C}\(note.title.terminalSafe)\u{201D} is already \(note.isPinned ? "pinned" : "unpinned")."
        )
        return
      }
      try perform(.togglePin(id))
    case "move": try move(arguments, spec)
    case "delete":
      let id = try noteID(arguments, spec)
      let title = dependencies.store.note(withID: id)?.title ?? ""
      try perform(.delete(id))
      output.print("Deleted \u{201C}\(title.terminalSafe)\u{201D}; `undo` restores it.")
      if case .noteDetail = currentScreen { goBack() }
    case "undo":
      try requireNoArguments(arguments, spec)
      try perform(.undoDelete)
    case "summarize": try await summarize(arguments, spec)
    case "new":
      try requireNoArguments(arguments, spec)
      guard case .noteList(let list) = currentScreen else {
        throw .notHere(command: "new", hint: "open a note list first")
      }
      let notebookID: Notebook.ID? = if case .notebook(let id) = list.scope { id } else { nil }
      navigate(to: .composer(.newNote(in: notebookID)))
    case "edit":
      let id = try noteID(arguments, spec)
      guard let note = dependencies.store.note(withID: id) else { throw .store(.noteNotFound(id)) }
      navigate(to: .composer(.editNote(note)))
    default:
      throw .unknownCommand(spec.name, suggestion: nil)
    }
  }

  /// The note a command is about: row N of the list, or the note on its page.
  func noteID(_ arguments: [String], _ spec: CommandSpec) throws(AppError) -> Note.ID {
    switch currentScreen {
    case .noteDetail(let detail):
      guard arguments.isEmpty else { throw .usage(spec.name + " (on a note's page, without N)") }
      return detail.noteID
    case .noteList(let list):
      guard arguments.count == 1 else { throw .usage(spec.usage) }
      return try row(arguments[0], in: list.rowIDs)
    default:
      throw .notHere(command: spec.name, hint: "open a note list first")
    }
  }

  private func row(_ word: String, in rowIDs: [Note.ID]) throws(AppError) -> Note.ID {
    let digits = word.hasPrefix("-") ? word.dropFirst() : word[...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      throw .notARowNumber(word)
    }
    // Digits too long for an Int are still a row number, just far out of range.
    guard let number = Int(word), number >= 1, number <= rowIDs.count else {
      throw .rowOutOfRange(word, count: rowIDs.count)
    }
    return rowIDs[number - 1]
  }

  private func move(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    let toIndex = arguments.firstIndex { $0.lowercased() == "to" }
    let onPage = if case .noteDetail = currentScreen { true } else { false }
    guard let toIndex, toIndex == (onPage ? 0 : 1), toIndex + 1 < arguments.count else {
      throw .usage(onPage ? "move to NOTEBOOK|none" : spec.usage)
    }
    let id = try noteID(Array(arguments[..<toIndex]), spec)
    let destination = arguments[(toIndex + 1)...].joined(separator: " ")
    let notebookID: Notebook.ID?
    if destination.lowercased() == "none" {
      notebookID = nil
    } else {
      notebookID = try notebook(named: destination).id
    }
    try perform(.move(id, to: notebookID))
  }

  /// Runs an action on the list on screen (or below a note's page), in the list's current form.
  private func perform(_ action: NoteListScreen.Action) throws(AppError) {
    guard let list = visibleList else {
      throw .notHere(command: "that", hint: "open a note list first")
    }
    do { try list.perform(action, in: listMode) } catch {
      switch error {
      case .refused(let reason): throw .noteList(reason)
      }
    }
  }

  /// The list on screen, or the list below a note's page.
  private var visibleList: NoteListScreen? {
    for screen in screens.reversed() {
      if case .noteList(let list) = screen { return list }
    }
    return nil
  }

  private func updateSettings(_ change: (inout NoteListScreen.Settings) -> Void) {
    guard case .noteList(let list) = currentScreen else { return }
    var settings = list.settings(in: listMode)
    change(&settings)
    list.apply(settings, in: listMode)
  }

  private func summarize(_ arguments: [String], _ spec: CommandSpec) async throws(AppError) {
    let id = try noteID(arguments, spec)
    if case .noteDetail = currentScreen {} else { navigate(to: .noteDetail(id)) }
    guard case .noteDetail(let detail) = currentScreen,
      let note = dependencies.store.note(withID: id)
    else { return }
    let task = detail.summarize(note, with: dependencies.summarizer)
    settle()
    guard !isInteractive else { return }
    await task.value
    if case .failed(let message) = detail.summary { throw .summaryFailed(message) }
  }

  /// Runs `sync`.
  ///
  /// On a list the list's own refresh runs, so its state shows the sync; elsewhere the store
  /// syncs and a line reports it. Scripts wait for it; a person gets the prompt back at once.
  func syncCommand(_ arguments: [String], _ spec: CommandSpec) async throws(AppError) {
    if arguments.first?.lowercased() == "folder" {
      guard arguments.count >= 2 else { throw .usage("sync folder PATH") }
      guard let connection = dependencies.sync else {
        throw .notHere(command: "sync folder", hint: "this store can't sync")
      }
      let path = arguments.dropFirst().joined(separator: " ")
      await connection.useFolder(path)
      output.print("Syncing with \(path.terminalSafe) from now on; `sync` to sync.")
      return
    }
    guard arguments.isEmpty else { throw .usage(spec.usage) }
    if await dependencies.sync?.folderPath == nil {
      output.print(
        "No sync folder is set, so there is nothing to sync with: `sync folder PATH` sets one.")
    }
    try await sync()
  }

  func sync() async throws(AppError) {
    guard syncTask == nil else {
      output.print("A sync is already running.")
      return
    }
    let list: NoteListScreen? = if case .noteList(let list) = currentScreen { list } else { nil }
    let task = Task { @MainActor [unowned self] () -> String? in
      defer { syncTask = nil }
      let failure =
        if let list { await list.refresh(in: listMode) } else { await syncStore() }
      if failure == nil, let report = await dependencies.sync?.lastReport { announce(report) }
      return failure
    }
    syncTask = task
    settle()
    guard !isInteractive else { return }
    if let failure = await task.value { throw .syncFailed(failure) }
  }

  /// Syncs from a screen that shows no sync status, reporting the outcome in a line.
  private func syncStore() async -> String? {
    do {
      try await dependencies.store.refresh()
      if await dependencies.sync?.folderPath == nil { output.print("Synced.") }
      return nil
    } catch is CancellationError {
      output.print("Sync cancelled.")
      return nil
    } catch {
      let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
      if isInteractive { output.printError("error: sync failed: \(message)") }
      return message
    }
  }

  /// Prints what a sync did, and each entry it skipped.
  private func announce(_ report: SyncReport) {
    output.print(report.summary)
    for warning in report.warnings.prefix(10) { output.print("  skipped \(warning.terminalSafe)") }
    if report.warnings.count > 10 { output.print("  … and \(report.warnings.count - 10) more") }
  }
}
