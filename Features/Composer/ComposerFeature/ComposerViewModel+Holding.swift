import FieldNotesModel
import FieldNotesServices
import Foundation

extension ComposerViewModel {
  // MARK: - Holding unsaved text

  /// Holds the body being typed line by line (the terminal's `body` entry) with the rest of the
  /// unsaved text, as the body it will become, until the entry ends.
  ///
  /// - Parameter body: The lines typed so far, joined by newlines; `nil` once the entry ended
  ///   (the body taken, or the entry cancelled).
  public func holdBodyBeingTyped(_ body: String?) {
    bodyBeingTyped = body
    holdUnsavedText()
  }

  /// Keeps the file of unsaved text in step with the draft, after every change to it.
  ///
  /// A session may be killed outright (`kill -9`, the out-of-memory killer, a crash) with no
  /// chance to keep anything as it ends, so what the user typed can't wait for the end to be
  /// kept: while the draft holds text found nowhere else — not the note as opened, not the kept
  /// draft taken up — it is held in a file through the editor service
  /// (``FieldNotesServices/TextEditing/hold(_:fileName:replacing:)``), the file a killed
  /// editor would leave, which the next session keeps as a draft
  /// (``keepLeftoverEdits(client:editor:now:)``). The file goes once the text is elsewhere:
  /// saved, kept as a draft, thrown away by the user, or edited back.
  ///
  /// Notes in memory keep nothing past the session, so beside them nothing is held. A file that
  /// can't be written leaves the one before (or none), and the end of the session keeps the
  /// draft as before: holding is a second net under that one, never the only one.
  func holdUnsavedText() {
    guard keptDraftsOutliveTheSession else { return }
    var content = draft.content
    if let bodyBeingTyped { content.body = bodyBeingTyped }
    let keptElsewhere = takenUpDraft.map(content(of:)) ?? original
    guard !isFinished, content != keptElsewhere else { return letGoOfUnsavedText() }
    let text = document(of: content)
    held = (try? editor.hold(text, fileName: fileName, replacing: held)) ?? held
  }

  /// Removes the file of unsaved text, once the text is kept elsewhere.
  func letGoOfUnsavedText() {
    if let held { editor.letGo(held) }
    held = nil
  }
}
