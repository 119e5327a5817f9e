import FieldNotesFormats
import FieldNotesModel

extension Note {
  /// Refuses the note when it is too large for its file, wherever its title, body or tags are
  /// written.
  ///
  /// It must fit the one limit every way in applies (``FieldNotesModel/NoteDocument/maximumBytes``),
  /// so the note can be synced and exported as it is saved. A pin or a move changes nothing that
  /// counts.
  ///
  /// - Throws: ``NoteStoreError/noteTooLarge(title:bytes:)``.
  public func validateSize() throws(NoteStoreError) {
    guard NoteDocument.isWithinLimit(self) else {
      throw .noteTooLarge(title: title, bytes: NoteDocument.byteCount(of: self))
    }
  }
}
