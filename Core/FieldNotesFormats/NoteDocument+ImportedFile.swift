import FieldNotesModel
import Foundation

/// A note read from another tool's file, and that file written back as it was.
///
/// One rule reads such a file as an import makes its note, and decides whether an export may
/// give the file back byte for byte: only when reading those bytes, at the path the export
/// writes them, gives exactly the note — every field, its dates and identifier included — so
/// a note changed since (a title, a tag, a body, a pin) is always written in FieldNotes' own
/// format, and nothing it says is dropped.
extension NoteDocument {
  /// Reads another tool's file as an import makes its note (in no notebook: the folder it is
  /// in says which).
  ///
  /// The note's identifier is the front matter's `id:`, else one made from the file's path and
  /// bytes; its dates the front matter's, else the file's own (`modified`); it keeps the file's
  /// name, the title read and the text before its body (``FieldNotesModel/ImportedFile``).
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - data: The file's bytes.
  ///   - path: The file's path in the folder read, with `/` between parts.
  ///   - modified: When the file was last changed.
  /// - Returns: The note, and what the file says (``ForeignNote``).
  public static func importedNote(from text: String, data: Data, path: String, modified: Date)
    -> (note: Note, foreign: ForeignNote)
  {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let foreign = foreignNote(from: text, fileName: name)
    let created = foreign.createdAt ?? foreign.updatedAt ?? modified
    let body = foreign.body.utf8
    let header: String? =
      text.utf8.count >= body.count && text.utf8.suffix(body.count).elementsEqual(body)
      ? String(decoding: text.utf8.dropLast(body.count), as: UTF8.self) : nil
    let note = Note(
      id: foreign.id ?? UUID(derivedFrom: Array(path.utf8) + [0] + Array(data)),
      title: foreign.title, body: foreign.body, createdAt: created, tags: foreign.tags,
      isPinned: foreign.isPinned, updatedAt: max(foreign.updatedAt ?? modified, created),
      properties: foreign.properties,
      importedFile: ImportedFile(name: name, title: foreign.title, header: header))
    return (note, foreign)
  }

  /// The bytes of the file a note was imported from, when they still say exactly the note.
  ///
  /// They are the file's text before the body, as it was, then the note's body; the file is to
  /// be dated at the note's last change, which a file without dates of its own is read by.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - path: Where the export writes it, with `/` between parts: its name must be the one
  ///     the note was imported under.
  /// - Returns: The bytes, or `nil` when reading them back there would give another note (or
  ///   the note has no such file): the note is then written in FieldNotes' format.
  public static func importedFileData(of note: Note, at path: String) -> Data? {
    guard let file = note.importedFile, let header = file.header, note.conflictOf == nil,
      path.split(separator: "/").last.map(String.init) == file.name
    else { return nil }
    let text = header + note.body
    let data = Data(text.utf8)
    guard data.count <= maximumBytes else { return nil }
    var read = importedNote(from: text, data: data, path: path, modified: note.updatedAt).note
    // Neither the notebook nor where its attachments were found is in the file's text.
    read.notebookID = note.notebookID
    read.importedFile?.attachmentPaths = file.attachmentPaths
    return read == note ? data : nil
  }

  /// The name a note's file keeps in an export: the one it was imported under, while its title
  /// is the one it had then and the name is one an export could give (no character a disk
  /// refuses, a Markdown or text extension).
  ///
  /// - Parameter note: The note.
  /// - Returns: The name's stem and its extension with its dot (`("10 note 2", ".md")`), or
  ///   `nil` for a name from the title.
  public static func keptFileName(of note: Note) -> (stem: String, extension: String)? {
    guard let file = note.importedFile, file.title == note.title,
      let dot = file.name.lastIndex(of: ".")
    else { return nil }
    let stem = String(file.name[..<dot])
    let fileExtension = String(file.name[dot...])
    guard [".md", ".markdown", ".mdown", ".txt"].contains(fileExtension.lowercased()),
      MarkdownFolderLayout.name(for: stem, fallback: "") == stem
    else { return nil }
    return (stem, fileExtension)
  }
}
