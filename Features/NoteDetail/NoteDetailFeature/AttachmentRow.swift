import FieldNotesModel

/// A file kept with a note, as its page lists it: numbered for `attachment save N PATH`.
public struct AttachmentRow: Hashable, Sendable {
  /// The reference the note's text made to it, as written (`img/pic.png`).
  public var name: String
  /// How many bytes it holds.
  public var size: Int
  /// Whether the note's text still references it: one an edit took out of the text is kept all
  /// the same, and listed as no longer referenced.
  public var isReferenced: Bool

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - name: The reference as written.
  ///   - size: Its size in bytes.
  ///   - isReferenced: Whether the text references it.
  public init(name: String, size: Int, isReferenced: Bool) {
    self.name = name
    self.size = size
    self.isReferenced = isReferenced
  }
}
