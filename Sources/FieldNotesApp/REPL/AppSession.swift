import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import NoteListScreen
import NotebooksScreen

/// One REPL session: the router, the screens on its stack, the view drawn for the top one, and
/// the command handlers that turn a typed line into actions on screen models.
///
/// Everything it needs comes in through ``AppDependencies``; it prints through a
/// ``ConsoleOutput``, so tests drive it line by line without a terminal.
@MainActor
public final class AppSession {
  /// What became of one line.
  public enum Outcome: Equatable, Sendable {
    /// The line was handled (or was blank or a comment).
    case done
    /// The user asked to leave.
    case quit
  }

  let dependencies: AppDependencies
  let router = Router()
  let notebooks: NotebooksScreen
  let output: any ConsoleOutput
  /// Whether a person is typing: then `sync` and `summarize` run in the background.
  let isInteractive: Bool

  var screens: [Screen] = []
  var listMode = NoteListMode.mvvm
  /// Lines of a body being typed after a bare `body`, until a line with a single `.`.
  var bodyLines: [String]?
  var quitRequested = false
  var syncTask: Task<String?, Never>?
  private var renderer: ViewRenderer?
  private var tracers: [StateTracer] = []
  private var finishedRenderCounts: [String: Int] = [:]

  /// Creates a session showing the notebooks screen.
  ///
  /// - Parameters:
  ///   - dependencies: Everything the screens need.
  ///   - output: Where to print.
  ///   - isInteractive: Whether a person is typing; `false` for scripts and pipes.
  public init(dependencies: AppDependencies, output: any ConsoleOutput, isInteractive: Bool = false)
  {
    self.dependencies = dependencies
    self.output = output
    self.isInteractive = isInteractive
    self.notebooks = NotebooksScreen(store: dependencies.store, ids: dependencies.ids)
  }

  /// Draws the first screen.
  public func start() {
    showCurrentScreen()
    settle()
  }

  // MARK: - Running lines

  /// Runs one line typed by the user.
  ///
  /// - Parameter line: The line, without its newline.
  /// - Returns: Whether the session goes on.
  /// - Throws: ``AppError`` describing why the line did nothing; the session goes on.
  @discardableResult
  public func run(_ line: String) async throws(AppError) -> Outcome {
    defer { settle() }
    if bodyLines != nil { return try collectBodyLine(line) }
    let words: [String]
    do { words = try CommandTokenizer.words(in: line) } catch { throw .invalidInput(error.reason) }
    guard let name = words.first else { return .done }
    return try await dispatch(name, Array(words.dropFirst()))
  }

  /// Runs one line given as raw bytes, refusing bytes that are not a line of text.
  ///
  /// - Parameter bytes: The line's bytes, without its newline.
  /// - Returns: Whether the session goes on.
  /// - Throws: ``AppError``; the session goes on.
  @discardableResult
  public func run(bytes: some Collection<UInt8>) async throws(AppError) -> Outcome {
    let line: String
    do { line = try InputLine.text(from: bytes) } catch { throw .invalidInput(error.reason) }
    return try await run(line)
  }

  /// Waits for background work a command started (a sync, a summary), as a script does
  /// before its next line.
  public func waitForBackgroundWork() async {
    _ = await syncTask?.value
    for screen in screens {
      if case .noteDetail(let detail) = screen { await detail.summaryTask?.value }
    }
    settle()
  }

  /// Cancels whatever runs in the background (Ctrl-C): a sync in flight returns to its
  /// previous state.
  ///
  /// - Returns: Whether anything was running.
  @discardableResult
  public func cancelBackgroundWork() -> Bool {
    var cancelled = false
    if let syncTask, !syncTask.isCancelled {
      syncTask.cancel()
      cancelled = true
    }
    for screen in screens {
      if case .noteDetail(let detail) = screen, let task = detail.summaryTask, !task.isCancelled {
        task.cancel()
        cancelled = true
      }
    }
    return cancelled
  }

  /// Reports pending state transitions and draws the screen if what it shows changed.
  func settle() {
    for tracer in tracers { tracer.catchUp() }
    renderer?.flush()
  }

  // MARK: - What is on screen

  /// The prompt naming where the user is: `fieldnotes> `, `Birds> `, `Birds/compose> `.
  public var prompt: String {
    if bodyLines != nil { return "...> " }
    var parts: [String] = []
    for (route, screen) in zip(router.path, screens) {
      switch (route, screen) {
      case (.noteList, .noteList(let list)): parts.append(title(of: list.scope))
      case (.noteDetail, _): parts.append("note")
      case (.composer(.newNote), _): parts.append("compose")
      case (.composer(.editNote), _): parts.append("edit")
      default: break
      }
    }
    guard !parts.isEmpty else { return "fieldnotes> " }
    return parts.map { String($0.terminalSafe.prefix(24)) }.joined(separator: "/") + "> "
  }

  /// How many times each view has been drawn, by view name.
  public var renderCounts: [String: Int] {
    var counts = finishedRenderCounts
    if let renderer { counts[renderer.name, default: 0] += renderer.renderCount }
    return counts
  }

  /// The screen on top.
  var currentScreen: Screen { screens.last ?? .notebooks }

  /// The name of a list's scope: "All Notes", "No Notebook" or the notebook's name.
  func title(of scope: NoteScope) -> String {
    switch scope {
    case .allNotes: NotebooksScreen.allNotesName
    case .unfiled: NotebooksScreen.unfiledName
    case .notebook(let id): dependencies.store.notebook(withID: id)?.name ?? "(deleted notebook)"
    }
  }

  // MARK: - Navigation

  func navigate(to route: Route) {
    let screen: Screen
    switch route {
    case .notebooks:
      goHome()
      return
    case .noteList(let scope):
      screen = .noteList(
        NoteListScreen(
          scope: scope, store: dependencies.store, now: dependencies.now,
          timeZone: dependencies.timeZone))
    case .noteDetail(let id): screen = .noteDetail(NoteDetailScreen(noteID: id))
    case .composer(let purpose):
      screen = .composer(
        ComposerScreen(
          purpose: purpose, store: dependencies.store, ids: dependencies.ids, now: dependencies.now)
      )
    }
    router.push(route)
    screens.append(screen)
    showCurrentScreen()
  }

  func goBack() {
    guard router.pop() else { return }
    if case .noteDetail(let detail) = screens.popLast() { detail.summaryTask?.cancel() }
    showCurrentScreen()
  }

  func goHome() {
    guard !screens.isEmpty else { return }
    for case .noteDetail(let detail) in screens { detail.summaryTask?.cancel() }
    router.popToRoot()
    screens.removeAll()
    notebooks.cancelDeletion()
    showCurrentScreen()
  }

  /// Replaces the view on screen with one for the current screen, drawn when the command
  /// finishes (so a command that passes through several screens draws only the last).
  func showCurrentScreen() {
    if let renderer {
      renderer.deactivate()
      finishedRenderCounts[renderer.name, default: 0] += renderer.renderCount
    }
    let screen = currentScreen
    let renderer = ViewRenderer(
      name: viewName(of: screen), body: { [unowned self] in lines(for: screen) },
      draw: { [unowned self] lines in output.print(lines: lines) })
    self.renderer = renderer
    if isTracing { startTracing() }
  }

  /// Draws the current screen again (`list`).
  func redraw() {
    renderer?.redraw()
  }

  func viewName(of screen: Screen) -> String {
    switch screen {
    case .notebooks: "NotebooksView"
    case .noteList: listMode == .mvvm ? "NoteListView" : "NoteListMVView"
    case .noteDetail: "NoteDetailView"
    case .composer: "ComposerView"
    }
  }

  private func lines(for screen: Screen) -> [String] {
    switch screen {
    case .notebooks:
      return notebooks.render()
    case .noteList(let list):
      return list.render(title: title(of: list.scope), in: listMode)
    case .noteDetail(let detail):
      let note = dependencies.store.note(withID: detail.noteID)
      return NoteDetailView.render(
        note: note,
        notebookName: note?.notebookID.flatMap { dependencies.store.notebook(withID: $0)?.name },
        summary: detail.summary, now: dependencies.now(), timeZone: dependencies.timeZone)
    case .composer(let composer):
      let name = composer.notebookID.flatMap { dependencies.store.notebook(withID: $0)?.name }
      return composer.render(notebookName: name)
    }
  }

  // MARK: - Tracing

  var isTracing = false

  func startTracing() {
    stopTracing()
    isTracing = true
    let emit: (String) -> Void = { [unowned self] in output.print($0) }
    switch currentScreen {
    case .notebooks:
      tracers = [notebooks.traceState(emit: emit)]
    case .noteList(let list) where listMode == .mvvm:
      tracers = [list.traceState(emit: emit)]
    case .composer(let composer):
      tracers = [composer.traceState(emit: emit)]
    case .noteList, .noteDetail:
      tracers = []
    }
  }

  func stopTracing() {
    for tracer in tracers { tracer.stop() }
    tracers = []
    isTracing = false
  }
}
