import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

extension MarkdownFolderWriter {
  /// What writing the notes' attachments into an export did.
  public struct AttachmentExport: Equatable, Sendable {
    /// How many files it wrote (one already there with the same bytes is not counted).
    public var written = 0
    /// The attachments whose reference climbs out of the folder (`../x.png`, `/x.png`), kept
    /// under ``attachmentsFolder`` instead, by the path they were written to.
    public var keptApart: [String] = []
    /// The attachments not written, with why: a different file of that name is there (it is
    /// the user's, and stays), or a folder on the way is a file or a link.
    public var notWritten: [SkippedFile] = []

    /// A file not written, and why.
    public typealias SkippedFile = MarkdownFolderReader.SkippedFile
  }

  /// The folder, at an export's top, that holds the attachments whose references would lead
  /// out of the export.
  public static let attachmentsFolder = "attachments"

  /// Writes each note's attachments beside its file, at the path its reference names relative
  /// to the file (`img/pic.png` beside `Birds/Heron.md` is `Birds/img/pic.png`), so the link
  /// finds it there, in Obsidian as in FieldNotes' own import; or, for a file the import found
  /// elsewhere in its folder (``FieldNotesModel/ImportedFile/attachmentPaths``), where it was.
  ///
  /// Nothing is written outside the folder: a reference that climbs out of it is written under
  /// ``attachmentsFolder``, its text left as written (an export never changes a note), and
  /// named. A file already at the path with the same bytes is left, as written already; one
  /// with other bytes is the user's, and is left as it is, the attachment named as not written
  /// (it stays in the store). No file is ever removed. One attachment's bytes are read at a
  /// time, as it is written; one the store can't read is named as not written.
  ///
  /// - Parameters:
  ///   - journal: The store's journal, which keeps the files kept with each note.
  ///   - library: The notes exported.
  ///   - folder: The export's folder.
  ///   - paths: Each note's file in it, as ``write(_:to:sparing:)`` wrote them.
  ///   - sparedPaths: Files never to write over (the open store's).
  /// - Returns: What was written, and what was not.
  public static func writeAttachments(
    from journal: some NoteJournal, in library: NoteLibrary, in folder: String,
    besideFilesOf paths: [UUID: String], sparing sparedPaths: [String] = []
  ) -> AttachmentExport {
    let root = exportRoot(folder)
    var export = AttachmentExport()
    // The note whose attachment this export wrote at each path: another note's file of the
    // same path with other bytes is named as such, not as a file of the user's.
    var writtenFor: [String: String] = [:]
    for note in library.notes {
      guard let notePath = paths[note.id] else { continue }
      let noteFolder = notePath.split(separator: "/").dropLast().joined(separator: "/")
      let entries: [NoteAttachment.Entry]
      do { entries = try journal.attachments(ofNote: note.id) } catch {
        export.notWritten.append(
          .init(path: notePath, reason: "its attachments can't be read: \(error.cause)"))
        continue
      }
      // Where each reference leads: a Markdown link's escapes decoded, a wiki embed's name as
      // written, as the import found the file; a name the text no longer writes, as it is.
      let paths = Dictionary(
        AttachmentReference.references(in: note.body).map { ($0.name, $0.path) },
        uniquingKeysWith: { first, _ in first })
      for entry in entries {
        let written = paths[entry.name] ?? entry.name
        var path =
          written.hasPrefix("/")
          ? nil
          : VaultAttachments.normalized(noteFolder.isEmpty ? written : "\(noteFolder)/\(written)")
        // A file the import found elsewhere in the folder goes back there.
        if let found = note.importedFile?.attachmentPaths?[entry.name], isFoundPath(found) {
          path = found
        }
        if path == nil || path?.isEmpty == true {
          let parts = written.split(separator: "/").filter { $0 != ".." && $0 != "." }
          path = ([attachmentsFolder] + parts.map(String.init)).joined(separator: "/")
          export.keptApart.append(path ?? "")
        }
        guard let path else { continue }
        let attachment: NoteAttachment?
        do { attachment = try journal.attachment(named: entry.name, ofNote: note.id) } catch {
          export.notWritten.append(
            .init(path: path, reason: "it can't be read from the store: \(error.cause)"))
          continue
        }
        guard let attachment else { continue }
        switch write(attachment.bytes, at: path, in: root, sparing: sparedPaths) {
        case .written:
          export.written += 1
          writtenFor[path] = note.title
        case .alreadyThere: break
        case .refused(let reason):
          let why =
            writtenFor[path].map {
              "\u{201C}\($0)\u{201D}'s file of this name, with other bytes, was written there by "
                + "this export; \u{201C}\(note.title)\u{201D}'s stays in the store, and its link "
                + "finds the other"
            } ?? reason
          export.notWritten.append(.init(path: path, reason: why))
        }
      }
    }
    return export
  }

  /// Whether a path an imported note's record gives for a file (which a synced store may have
  /// been sent by anyone) is one an import could have found: inside the folder, with no `.` or
  /// `..` part and no hidden file or folder on its way, and a name an attachment may have.
  static func isFoundPath(_ path: String) -> Bool {
    !path.hasPrefix("/") && VaultAttachments.normalized(path) == path
      && AttachmentReference.isKeepableName(path)
      && !path.split(separator: "/").contains { $0.hasPrefix(".") }
  }

  /// What writing one attachment did.
  private enum Outcome {
    case written, alreadyThere
    case refused(String)
  }

  /// Writes a file unless one is there, making the folders on its way inside the export.
  private static func write(
    _ bytes: Data, at path: String, in root: String, sparing sparedPaths: [String]
  ) -> Outcome {
    var status = stat()
    if lstat("\(root)/\(path)", &status) == 0 {
      let there =
        status.st_mode & S_IFMT == S_IFREG
        ? try? AtomicFile.read("\(root)/\(path)", limit: bytes.count) : nil
      return there == bytes
        ? .alreadyThere : .refused("a different file is there, and is left as it is")
    }
    var folder = root
    for part in path.split(separator: "/").dropLast() {
      folder += "/\(part)"
      if lstat(folder, &status) != 0 {
        guard mkdir(folder, 0o700) == 0 else { return .refused("its folder can't be made") }
      } else if status.st_mode & S_IFMT != S_IFDIR {
        return .refused("\(part) is in the way of its folder, and is left as it is")
      }
    }
    do {
      // Never over a file another program made there since it was looked for.
      try AtomicFile.write(
        bytes, to: "\(root)/\(path)", sparing: sparedPaths, flushing: false, replacing: false)
    } catch {
      return .refused(error.reason)
    }
    return .written
  }
}
