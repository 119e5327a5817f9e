import ComposerScreen
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import NoteDetailScreen
import NoteListScreen
import NotebooksScreen
import TagsScreen

/// The one place that turns a route into a screen: every screen module is named here and
/// nowhere else in the app.
///
/// Adding a screen adds a case to ``FieldNotesNavigation/Route``, a case to
/// ``makeScreen(for:)``, its guide to ``guides`` and, to reach it from another screen, an entry
/// to ``entries``.
@MainActor
final class ScreenFactory {
  /// Every kind of screen's commands, for `help` and for "can't be used here".
  static let guides = [
    NotebooksScreen.guide, NoteListScreen.guide, NoteDetailScreen.guide, ComposerScreen.guide,
    TagsScreen.guide,
  ]

  /// Commands that open a screen from another: `tags` on the notebooks screen.
  static let entries = [ScreenEntry(TagsScreen.entry, opens: .tags, on: NotebooksScreen.self)]

  private let dependencies: AppDependencies
  /// The notes deleted in this session, shared so `undo` works from any screen and either form.
  private let history = DeletionHistory()
  /// The form every note list is drawn in.
  private let listPresentation = NoteListPresentation()

  /// Creates the factory.
  ///
  /// - Parameter dependencies: Everything the screens need.
  init(dependencies: AppDependencies) {
    self.dependencies = dependencies
  }

  /// Makes the screen a route shows.
  ///
  /// - Parameter route: Where to go.
  /// - Returns: The screen.
  func makeScreen(for route: Route) -> any TerminalScreen<Route> {
    let (store, now, timeZone) = (dependencies.store, dependencies.now, dependencies.timeZone)
    switch route {
    case .notebooks:
      return NotebooksScreen(store: store, ids: dependencies.ids)
    case .noteList(let scope):
      return NoteListScreen(
        scope: scope, store: store, now: now, timeZone: timeZone, history: history,
        presentation: listPresentation)
    case .noteDetail(let id):
      return NoteDetailScreen(
        noteID: id, store: store, summarizer: dependencies.summarizer, history: history,
        now: now, timeZone: timeZone)
    case .newNote(let notebookID):
      return ComposerScreen(
        purpose: .newNote(in: notebookID), store: store, ids: dependencies.ids, now: now,
        session: dependencies.session)
    case .editNote(let id):
      // A note deleted meanwhile (by a sync) leaves a new note to write instead.
      let purpose: ComposerScreen.Purpose =
        store.note(withID: id).map { .editNote($0) } ?? .newNote(in: nil)
      return ComposerScreen(
        purpose: purpose, store: store, ids: dependencies.ids, now: now,
        session: dependencies.session)
    case .tags:
      return TagsScreen(store: store)
    }
  }

  /// Which form the note lists are in, in words (`mode` alone).
  var noteListForm: String {
    "The note list is in its \(listPresentation.mode.rawValue.uppercased()) form; "
      + "`mode mv` or `mode mvvm` switches it."
  }

  /// Switches every note list to its MV or MVVM form (`mode`).
  ///
  /// - Parameter word: `mv` or `mvvm`.
  /// - Returns: What to print.
  /// - Throws: A usage error for any other word.
  func switchNoteListForm(to word: String) throws(AppError) -> String {
    guard let mode = NoteListMode(rawValue: word.lowercased()) else {
      throw .usage("mode [mv|mvvm]")
    }
    let form = mode.rawValue.uppercased()
    return listPresentation.switchMode(to: mode)
      ? "The note list is now in its \(form) form."
      : "The note list is already in its \(form) form."
  }
}
