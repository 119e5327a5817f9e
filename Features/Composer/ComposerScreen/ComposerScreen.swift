import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal

/// The composer on a terminal: ``ComposerFeature``'s view model, the view drawn from its
/// state, and the commands typed at it.
///
/// This is the only module of the app that imports `ComposerFeature`. The REPL knows the
/// composer through this class alone, so a change to the feature's interface rebuilds the
/// feature and this module; the REPL, which every screen meets in, is only relinked.
@MainActor
public final class ComposerScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// What the composer was opened for.
  public enum Purpose: Hashable, Sendable {
    /// A new note, in a notebook or in none.
    case newNote(in: Notebook.ID?)
    /// An existing note, whose content fills the draft.
    case editNote(Note)
  }

  /// One thing typed at the composer.
  public enum Command: Equatable, Sendable {
    /// `title TEXT`.
    case setTitle(String)
    /// `body TEXT`, or the lines typed after a bare `body`.
    case replaceBody(String)
    /// `tags A B …`.
    case setTags(String)
    /// `notebook NAME`, or `notebook none` (`nil`).
    case chooseNotebook(named: String?)
    /// `save`.
    case save
    /// `cancel`, or `back`: asks first when something changed.
    case cancel
    /// `yes` to the question asked: discard the changes, or forget the kept draft.
    case confirmDiscard
    /// `no` to that question.
    case keepEditing
    /// `draft N`: go on from the kept draft numbered N (from 1).
    case takeUpKeptDraft(number: Int)
    /// `discard draft N`: ask whether to forget the kept draft numbered N.
    case discardKeptDraft(number: Int)
  }

  /// What the composer was opened for.
  public let purpose: Purpose
  let composer: ComposerViewModel
  let store: NoteStore
  /// Lines of a body being typed after a bare `body`, until a line with a single `.`.
  var bodyLines: [String]?
  /// Whether `quit` was typed once with unsaved changes, so the next `quit` leaves.
  var hasWarnedBeforeQuitting = false

  /// Opens the composer.
  ///
  /// - Parameters:
  ///   - purpose: A new note, or the note to edit.
  ///   - store: Where the note is saved.
  ///   - ids: Where a new note gets its identifier.
  ///   - now: Where a new note gets its creation date.
  ///   - session: The session the composer runs in, whose draft it keeps.
  public init(
    purpose: Purpose, store: NoteStore, ids: IDGenerator, now: DateProvider,
    session: DraftSession
  ) {
    self.purpose = purpose
    let modelPurpose: ComposerViewModel.Purpose =
      switch purpose {
      case .newNote(let notebookID): .newNote(in: notebookID)
      case .editNote(let note): .editNote(note)
      }
    composer = ComposerViewModel(
      store: store, purpose: modelPurpose, ids: ids, now: now, session: session)
    self.store = store
  }

  /// Whether the draft differs from what it started as.
  public var hasChanges: Bool { composer.hasChanges }

  /// Whether the note was saved or the draft discarded: the screen is done.
  public var isFinished: Bool { composer.isFinished }

  /// The notebook the draft is in, or `nil` for none.
  public var notebookID: Notebook.ID? { composer.draft.notebookID }

  /// Carries out a command.
  ///
  /// - Parameter command: What was typed.
  /// - Returns: The note, when the command saved it.
  /// - Throws: ``ComposerScreenError/refused(_:)`` when the composer refused (the draft is as it
  ///   was), or ``ComposerScreenError/saveFailed(_:)`` when saving failed (the draft is kept).
  @discardableResult
  public func perform(_ command: Command) throws(ComposerScreenError) -> Note? {
    var saved: Note?
    do {
      switch command {
      case .setTitle(let title): try composer.setTitle(title)
      case .replaceBody(let body): try composer.replaceBody(with: body)
      case .setTags(let input): try composer.setTags(from: input)
      case .chooseNotebook(let name): try composer.chooseNotebook(named: name)
      case .save: saved = try composer.save()
      case .cancel: try composer.cancel()
      case .confirmDiscard: try composer.confirmDiscard()
      case .keepEditing: try composer.keepEditing()
      case .takeUpKeptDraft(let number): try composer.takeUpKeptDraft(at: number - 1)
      case .discardKeptDraft(let number): try composer.askToDiscardKeptDraft(at: number - 1)
      }
    } catch {
      if case .saveFailed = error { throw .saveFailed(error.errorDescription ?? "") }
      throw .refused(error.errorDescription ?? "The composer can't do that now.")
    }
    return saved
  }

  /// The screen, drawn from the composer's state and draft.
  ///
  /// - Parameter notebookName: The name of the draft's notebook, or `nil` for none.
  /// - Returns: The lines to print.
  public func render(notebookName: String?) -> [String] {
    ComposerView.render(composer, notebookName: notebookName)
  }

  /// The composer's state in brief, such as `editing(valid)`, for `state`.
  public var stateDescription: String { Self.describe(composer.state) }

  static func describe(_ state: ComposerViewModel.State) -> String {
    switch state {
    case .editing(let problems):
      problems.isEmpty
        ? "editing(valid)" : "editing(\(String(count: problems.count, noun: "problem")))"
    case .confirming(.discardChanges): "confirming(discardChanges)"
    case .confirming(.discardKeptDraft): "confirming(discardKeptDraft)"
    case .saved: "saved"
    case .discarded: "discarded"
    }
  }
}

/// Why a command typed at the composer did nothing.
public enum ComposerScreenError: Error, Equatable {
  /// The composer refused the command, for the reason given; the draft is as it was.
  case refused(String)
  /// Saving failed, for the reason given; the draft is kept for another try.
  case saveFailed(String)
}
