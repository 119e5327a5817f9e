import Foundation

/// The file a note was imported from, kept so that an export writes the note back under the
/// same name and, while the note still says what the file said, as the same bytes.
///
/// A vault's links name files (`[[10 note 2]]` for `10 note 2.md`, whose `title:` says
/// something else), and a person's files have the front matter they wrote, not FieldNotes'. So
/// an import keeps, per note read from another tool's file, the file's name, the title the
/// note had then, and the file's text before the body (its front matter and title heading, as
/// written). An export uses the name while the note's title is still ``title``, and the text
/// only when reading it back with the note's body gives exactly the note: what changed since
/// is always written (``MarkdownFolderLayout``).
public struct ImportedFile: Hashable, Sendable, Codable {
  /// The file's name in its folder, extension included (`10 note 2.md`).
  public var name: String
  /// The note's title when it was read from the file.
  public var title: String
  /// The file's text before the note's body, exactly (a byte-order mark, the front matter, the
  /// title's heading and the blank line after it); `nil` when the body is not all of the
  /// file's text after it (a front-matter line kept at the top of the body).
  public var header: String?
  /// Where the import found the files the note references away from where each reference leads.
  ///
  /// By the attachment's name, each is a path from the imported folder's top
  /// (`[[minutes.pdf]]` in `Areas/Heron.md`, found as the vault's one `minutes.pdf`, is
  /// `minutes.pdf`), so an export writes the file back where it was. `nil` when every file was
  /// where its reference leads, as the records written before it say.
  public var attachmentPaths: [String: String]?

  /// Creates the record of a note's file.
  ///
  /// - Parameters:
  ///   - name: The file's name, extension included.
  ///   - title: The note's title as read.
  ///   - header: The file's text before the body, or `nil`.
  ///   - attachmentPaths: Where files its references name were found away from where they
  ///     lead, or `nil`.
  public init(
    name: String, title: String, header: String? = nil, attachmentPaths: [String: String]? = nil
  ) {
    self.name = name
    self.title = title
    self.header = header
    self.attachmentPaths = attachmentPaths
  }

  /// The file's name without its extension: what a link may name the note by (`10 note 2`).
  public var stem: String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}

extension Note {
  /// The name, without its extension, of the file the note was imported from, while it keeps
  /// that name.
  ///
  /// It keeps it while its title is the one it had then (a note retitled since is exported,
  /// and so linked to, by its new title). A link naming it names the note when no note has that
  /// title (``NoteLink/resolved(_:among:)``).
  public var keptFileStem: String? {
    guard let file = importedFile, file.title == title else { return nil }
    return file.stem
  }
}
