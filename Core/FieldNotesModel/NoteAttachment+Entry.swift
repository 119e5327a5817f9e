extension NoteAttachment {
  /// What a list of attachments shows of one: its name and size, without its bytes, so that a
  /// note's page (or an import deciding what to add) never reads files it only names.
  public struct Entry: Hashable, Sendable {
    /// The reference as the note's text writes it (``NoteAttachment/name``).
    public var name: String
    /// How many bytes the file holds.
    public var size: Int

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - name: The reference as written.
    ///   - size: The file's size in bytes.
    public init(name: String, size: Int) {
      self.name = name
      self.size = size
    }
  }

  /// This attachment as a list shows it.
  public var entry: Entry { Entry(name: name, size: size) }
}
