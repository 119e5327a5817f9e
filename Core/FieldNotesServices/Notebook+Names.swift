import FieldNotesModel
import Foundation

extension Sequence<Notebook> {
  /// Returns the notebook with a name: the one named exactly so, else one named so ignoring case
  /// and surrounding spaces.
  ///
  /// The exact name comes first, so a name given back as it was read (the editor's file) finds
  /// its notebook even beside another differing only in case, or when it has spaces at its ends
  /// (as an import or a sync may bring it).
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil`.
  public func notebook(named name: String) -> Notebook? {
    if let exact = first(where: { $0.name == name }) { return exact }
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    return first { $0.name.lowercased() == folded }
  }

  /// The notebook a name typed as a note's destination stands for: a notebook's name, ignoring
  /// case, or `none` for no notebook.
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteStoreError/noNotebookNamed(_:)`` when no notebook has that name.
  public func destination(named name: String) throws(NoteStoreError) -> Notebook? {
    if name.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    guard let notebook = notebook(named: name) else { throw .noNotebookNamed(name) }
    return notebook
  }
}
