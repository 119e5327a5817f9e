import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal

/// The composer on a terminal: ``ComposerFeature``'s view model, the view drawn from its
/// state, and the commands typed at it.
///
/// This is the only module of the app that imports `ComposerFeature`; the REPL knows the
/// composer through its registration alone, so a change to the feature's interface rebuilds the
/// feature and this module, and the REPL is only relinked.
@MainActor
public final class ComposerScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes the composer, for a new note or for one to edit.
  ///
  /// - Parameter client: Makes the composer's data from what the app composed: the app passes
  ///   `StoreComposerClient` (`ComposerLive`).
  /// - Returns: The registration.
  public static func registration(
    client: @escaping @MainActor (ScreenDependencies) -> any ComposerClient
  ) -> ScreenRegistration<Route, ScreenDependencies> {
    ScreenRegistration(
      ComposerScreen.self,
      shows: { route -> ComposerViewModel.Purpose? in
        switch route {
        case .newNote(let notebookID): .newNote(in: notebookID)
        case .editNote(let id): .editNote(id)
        default: nil
        }
      },
      make: { purpose, dependencies in
        ComposerScreen(
          model: ComposerViewModel(
            client: client(dependencies), purpose: purpose, ids: dependencies.ids,
            now: dependencies.now, session: dependencies.session, editor: dependencies.editor))
      })
  }

  let composer: ComposerViewModel
  /// Lines of a body being typed after a bare `body`, until a line with a single `.`: each is
  /// held with the unsaved text as it comes (``ComposerViewModel/holdLineOfBodyBeingTyped(_:)``),
  /// so a session killed mid-body loses none of them.
  var bodyLines: [String]?
  /// Whether `quit` was typed once with unsaved changes, so the next `quit` leaves.
  var hasWarnedBeforeQuitting = false

  /// Shows a composer's view model.
  ///
  /// - Parameter model: The view model.
  public init(model: ComposerViewModel) {
    composer = model
  }

  /// The draft and what the composer says about it.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    ComposerView.render(
      composer.state, purpose: composer.purpose, draft: composer.draft.content,
      notebookName: composer.notebookName, keptDrafts: composer.keptDrafts,
      holdingFailure: composer.holdingFailure)
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

extension ComposerScreen {
  /// What its view is drawn from, each in full, for `why`: the composer's state, purpose,
  /// draft, notebook, kept drafts, and why its text can't be held, if it can't.
  func drawnFrom() -> [DrawnValue] {
    [
      DrawnValue("ComposerViewModel.state", composer.state),
      DrawnValue("ComposerViewModel.purpose", composer.purpose),
      DrawnValue("ComposerViewModel.draft", composer.draft.content),
      DrawnValue("ComposerViewModel.notebookName", composer.notebookName),
      DrawnValue("ComposerViewModel.keptDrafts", composer.keptDrafts),
      DrawnValue("ComposerViewModel.holdingFailure", composer.holdingFailure),
    ]
  }
}
