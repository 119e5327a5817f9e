import FieldNotesModel
import FieldNotesServices
import Foundation

/// What the user's editor gave back to the composer.
public enum EditorOutcome: Hashable, Sendable {
  /// The draft now holds what the editor left: saved only by ``ComposerViewModel/save()``.
  case changed
  /// The file came back as it went: the draft is as it was.
  case unchanged
}

extension ComposerViewModel {
  // MARK: - Writing in an editor

  /// Hands the draft to the user's editor as a Markdown file (see
  /// ``FieldNotesModel/NoteDocument/data(ofEditable:)``) and takes back what they wrote.
  ///
  /// The editor is one more way to fill the draft: nothing is saved here, and the draft's
  /// rules apply to what comes back as to what is typed (a result with no title is a draft
  /// with a problem shown). A file whose front matter the editor broke fills the body whole,
  /// so nothing written is lost, and says why. The line break an editor ends a file with is
  /// left out when the body had none.
  ///
  /// - Returns: Whether the draft changed.
  /// - Throws: ``ComposerError/notEditable``; ``ComposerError/editorFailed(_:)`` when the
  ///   editor couldn't run or failed (the draft is as it was);
  ///   ``ComposerError/editedFileUnreadable(_:)`` or ``ComposerError/unknownNotebook(_:)``
  ///   after the rest of what the editor wrote was taken.
  @discardableResult
  public func writeInEditor() async throws(ComposerError) -> EditorOutcome {
    guard isEditable else { throw .notEditable }
    let sent = NoteDocument.data(
      ofEditable: EditableNote(
        title: draft.title, body: draft.body, tags: draft.tags,
        notebookName: draft.notebookID.flatMap { id in
          store.notebooks.first { $0.id == id }?.name
        }))
    let returned: Data
    do { returned = try await editor.edit(sent, fileName: "note.md") } catch {
      throw .editorFailed(error)
    }
    guard returned != sent else { return .unchanged }
    // The composer may have been closed while the editor ran (a signal's drafts kept).
    guard isEditable else { throw .notEditable }
    let edited: EditableNote
    do { edited = try NoteDocument.editableNote(from: returned) } catch {
      draft.body = String(decoding: returned, as: UTF8.self)
      throw .editedFileUnreadable(error.reason)
    }
    draft.title = edited.title
    // Editors end a file with a line break (vi always does): one the body didn't have before
    // is the editor's, not the user's.
    let addedLineBreak = edited.body.hasSuffix("\n") && !draft.body.hasSuffix("\n")
    draft.body = addedLineBreak ? String(edited.body.dropLast()) : edited.body
    draft.tags = DraftRules.tags(from: edited.tags.joined(separator: " "))
    guard let name = edited.notebookName else {
      draft.notebookID = nil
      return .changed
    }
    guard let notebook = store.notebook(named: name) else { throw .unknownNotebook(name) }
    draft.notebookID = notebook.id
    return .changed
  }
}
