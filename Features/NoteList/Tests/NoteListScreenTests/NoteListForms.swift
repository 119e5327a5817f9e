import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTesting
import Foundation
import NoteListFeature

@testable import NoteListScreen

/// A note list in either form over one store, made the way the app makes it: from a route,
/// through the list's registration, in the form the session's preferences name.
@MainActor
struct NoteListForms {
  static let utc = TimeZone(identifier: "UTC") ?? .current

  let store: NoteStore
  let preferences = ScreenPreferences(noteListForm: .mvvm)
  /// The session's deleted notes, shared by every list this makes.
  let history = DeletionHistory()
  let now: DateProvider

  /// Lists over a store.
  ///
  /// - Parameters:
  ///   - store: The notes.
  ///   - now: Where row dates are described from.
  init(store: NoteStore, now: DateProvider = .fixed()) {
    self.store = store
    self.now = now
  }

  var dependencies: ScreenDependencies {
    ScreenDependencies(
      store: store, now: now, ids: .incrementing(), timeZone: Self.utc,
      summarizer: CannedSummaryGenerator(), history: history,
      session: SampleData.session(1),
      preferences: preferences, editor: UnavailableTextEditor(), tables: UnavailableFeatureTables(),
      drafts: InMemoryNoteRepository())
  }

  /// The list a route shows, in a form.
  ///
  /// - Parameters:
  ///   - form: The form to draw it in, made the session's form.
  ///   - scope: The notes it shows.
  ///   - settings: Its search, filters, order and rows shown.
  /// - Returns: The screen.
  func list(
    _ form: NoteListForm, _ scope: NoteScope = .allNotes, settings: NoteListSettings = .init()
  ) -> any NoteListForming {
    guard let list = screen(form, scope, settings: settings) as? any NoteListForming else {
      preconditionFailure("the list's registration makes lists")
    }
    return list
  }

  /// The screen a route to a list makes, in a form, for a harness to drive.
  ///
  /// - Parameters:
  ///   - form: The form to draw it in, made the session's form.
  ///   - scope: The notes it shows.
  ///   - settings: Its search, filters, order and rows shown.
  /// - Returns: The screen.
  func screen(
    _ form: NoteListForm, _ scope: NoteScope = .allNotes, settings: NoteListSettings = .init()
  ) -> any TerminalScreen<Route> {
    preferences.noteListForm = form
    guard
      let screen = NoteListScreen.registration.makeScreen(
        for: .noteList(scope, settings), with: dependencies)
    else { preconditionFailure("the list's registration shows every list route") }
    return screen
  }
}

/// One form drawn: its lines, and the notes its row numbers stand for.
struct RenderedList: Equatable {
  var lines: [String]
  var rowIDs: [Note.ID]

  @MainActor init(_ screen: any NoteListForming) {
    lines = screen.render(in: .plain)
    rowIDs = screen.drawn.rows.map(\.id)
  }
}
