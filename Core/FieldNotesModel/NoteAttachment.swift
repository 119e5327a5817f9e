import Foundation

/// A file a note references (`![[pic.png]]`, `![](img/pic.png)`, `[[report.pdf]]`), kept with
/// the note in the store, so that its links point at something after an import, a sync or an
/// export.
///
/// An attachment belongs to one note: a file two notes reference is kept once for each, so each
/// note's attachments come and go with that note alone (trashed, restored and purged with it),
/// and removing one note never takes a file another shows. It is never removed by an edit: a
/// reference taken out of the body leaves the file kept, listed as unreferenced.
public struct NoteAttachment: Hashable, Sendable {
  /// The reference as the note's text writes it (`img/pic.png`, `pic.png`): where an export puts
  /// the file back, relative to the note's file, so the link finds it.
  public var name: String
  /// The file's bytes.
  public var bytes: Data

  /// The most bytes an attachment may hold: 25 MiB, as a mail attachment may; a larger file is
  /// left where it is, and the import names it.
  public static let maximumBytes = 25 * 1024 * 1024

  /// Creates an attachment.
  ///
  /// - Parameters:
  ///   - name: The reference as written.
  ///   - bytes: The file's bytes.
  public init(name: String, bytes: Data) {
    self.name = name
    self.bytes = bytes
  }

  /// How many bytes the file holds.
  public var size: Int { bytes.count }
}
