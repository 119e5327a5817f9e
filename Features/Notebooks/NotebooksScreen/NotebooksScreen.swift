import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import NotebooksFeature

/// The notebooks screen on a terminal: ``NotebooksFeature``'s view model, the view drawn from
/// its state, and the commands typed at it.
///
/// This is the only module of the app that imports `NotebooksFeature`; the REPL knows the screen
/// through this class alone.
@MainActor
public final class NotebooksScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// One thing typed at the notebooks screen, or about notebooks from anywhere.
  public enum Command: Equatable, Sendable {
    /// `notebook new NAME`.
    case create(named: String)
    /// `notebook rename NAME NEWNAME`.
    case rename(named: String, to: String)
    /// `notebook delete NAME`: an empty notebook goes at once, one holding notes asks first.
    case requestDeletion(named: String)
    /// `notebook delete NAME --force` or `--keep-notes`: without asking.
    case delete(named: String, notes: NotebookDeletion)
    /// `yes` or `keep` to the deletion question.
    case confirmDeletion(NotebookDeletion)
    /// `no` to the deletion question.
    case withdrawDeletion
  }

  /// The name of the row that opens every note.
  public static let allNotesName = NotebooksViewModel.allNotesName
  /// The name of the row that opens the notes in no notebook.
  public static let unfiledName = NotebooksViewModel.unfiledName

  let notebooks: NotebooksViewModel
  let store: NoteStore
  /// The rows as last drawn, for `open N`.
  private var rows: [NotebookRow] = []

  /// Opens the screen and reads the store.
  ///
  /// - Parameters:
  ///   - store: The store holding the notebooks.
  ///   - ids: Where a new notebook gets its identifier.
  public init(store: NoteStore, ids: IDGenerator) {
    notebooks = NotebooksViewModel(store: store, ids: ids)
    self.store = store
    notebooks.load()
  }

  /// Carries out a command.
  ///
  /// - Parameter command: What was typed.
  /// - Returns: The notebook, when the command created one.
  /// - Throws: ``NotebooksScreenError/refused(_:)`` saying why; nothing changed then.
  @discardableResult
  public func perform(_ command: Command) throws(NotebooksScreenError) -> Notebook? {
    do throws(NotebooksError) {
      switch command {
      case .create(let name): return try notebooks.createNotebook(named: name)
      case .rename(let name, let newName): try notebooks.renameNotebook(named: name, to: newName)
      case .requestDeletion(let name): try notebooks.requestDeletion(ofNotebookNamed: name)
      case .delete(let name, let disposition):
        try notebooks.deleteNotebook(named: name, notes: disposition)
      case .confirmDeletion(let disposition): try notebooks.confirmDeletion(disposition)
      case .withdrawDeletion:
        guard isConfirmingDeletion else { throw .noDeletionPending }
        notebooks.cancelDeletion()
      }
      return nil
    } catch {
      throw .refused(error.errorDescription ?? "The notebooks can't do that now.")
    }
  }

  /// The deletion being asked about, if any.
  var pendingDeletion: NotebookDeletionRequest? {
    if case .confirming(let request) = notebooks.state { request } else { nil }
  }

  /// Whether the screen is asking whether to delete a notebook.
  public var isConfirmingDeletion: Bool {
    if case .confirming = notebooks.state { true } else { false }
  }

  /// Withdraws a pending deletion question, if there is one; nothing is deleted.
  public func cancelDeletion() {
    notebooks.cancelDeletion()
  }

  /// Finds a notebook by name, ignoring case.
  ///
  /// - Parameter name: The name to look for.
  /// - Returns: The notebook.
  /// - Throws: ``NotebooksScreenError/refused(_:)`` when no notebook has that name.
  public func notebook(named name: String) throws(NotebooksScreenError) -> Notebook {
    do { return try notebooks.notebook(named: name) } catch {
      throw .refused(error.errorDescription ?? "There is no such notebook.")
    }
  }

  /// How many rows were drawn last.
  public var rowCount: Int { rows.count }

  /// The notes a row opens, by its number as last drawn.
  ///
  /// - Parameter number: The row number, from 1.
  /// - Returns: The scope of the note list to show, or `nil` when there is no such row.
  public func scope(ofRow number: Int) -> NoteScope? {
    rows.indices.contains(number - 1) ? notebooks.select(rows[number - 1]) : nil
  }

  /// The screen, drawn from the view model's state; the rows are remembered for
  /// ``scope(ofRow:)``.
  ///
  /// - Returns: The lines to print.
  public func render() -> [String] {
    let state = notebooks.state
    if case .loaded(let rows) = state { self.rows = rows }
    return NotebooksView.render(state)
  }

  /// The view model's state in brief, such as `loaded(3 rows)`, for `state`.
  public var stateDescription: String { Self.describe(notebooks.state) }

  static func describe(_ state: NotebooksViewModel.State) -> String {
    switch state {
    case .loaded(let rows): "loaded(\(String(count: rows.count, noun: "row")))"
    case .empty(let noteCount): "empty(\(String(count: noteCount, noun: "note")) in no notebook)"
    case .confirming(let request):
      "confirming(\"\(request.name.terminalSafe)\", "
        + "\(String(count: request.noteCount, noun: "note")))"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }
}

/// Why a command about notebooks did nothing.
public enum NotebooksScreenError: Error, Equatable {
  /// The screen refused the command, for the reason given; nothing changed.
  case refused(String)
}
