import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import Foundation

/// The files a folder's notes reference (``FieldNotesFormats/AttachmentReference``), found as
/// Obsidian finds them and read to be kept with each note; and those refused, with why.
///
/// A reference is looked for relative to the note's file, then to the folder's top, then, for
/// a bare name (`pic.png`), as the one file of that name anywhere in the folder. Only the
/// folder's own plain files are found: a reference reaching outside it (`../x.png`, `/x.png`),
/// naming no file, or a name that several files have, is refused and named, never guessed at;
/// so is a file larger than ``FieldNotesModel/NoteAttachment/maximumBytes``, or one that can't
/// be read.
struct VaultAttachments {
  /// The folder's top.
  let root: String
  /// The folder's files that are not notes, by their paths in it.
  let files: Set<String>
  /// Those files by their names, each with every path that has it.
  let pathsByName: [String: [String]]

  /// Makes the finder.
  ///
  /// - Parameters:
  ///   - root: The folder.
  ///   - files: The paths in it of its plain files that are not notes.
  init(root: String, files: [String]) {
    self.root = root
    self.files = Set(files)
    pathsByName = Dictionary(grouping: files) { String($0.split(separator: "/").last ?? "") }
  }

  /// Where a reference leads, or why it leads nowhere.
  enum Found: Equatable {
    /// The file, by its path in the folder.
    case file(String)
    /// Why it is refused, in a few words.
    case refused(String)
  }

  /// Finds a reference made by the note in a file.
  ///
  /// - Parameters:
  ///   - reference: The reference.
  ///   - notePath: The note's file, by its path in the folder.
  /// - Returns: The file, or why none.
  func find(_ reference: AttachmentReference, fromNoteAt notePath: String) -> Found {
    let path = reference.path
    guard !path.hasPrefix("/") else { return .refused("outside the folder imported") }
    let besideNote = Self.besideNote(reference, at: notePath)
    if let besideNote, files.contains(besideNote) { return .file(besideNote) }
    let fromTop = Self.normalized(path)
    if let fromTop, files.contains(fromTop) { return .file(fromTop) }
    if !path.contains("/") {
      let named = (pathsByName[path] ?? []).sorted()
      if named.count == 1, let only = named.first { return .file(only) }
      if named.count > 1 {
        return .refused("several files have that name (\(named.joined(separator: ", ")))")
      }
    }
    if besideNote == nil && fromTop == nil { return .refused("outside the folder imported") }
    for candidate in [besideNote, fromTop].compactMap(\.self) where isHiddenFile(candidate) {
      return .refused("a hidden file, which an import doesn't read (as Obsidian doesn't show one)")
    }
    return .refused("no such file in the folder")
  }

  /// Whether a path in the folder is a file there under a hidden name or folder (`.git/x`,
  /// `d/.x.png`): one the folder's reading passed over.
  private func isHiddenFile(_ path: String) -> Bool {
    guard path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return false }
    var status = stat()
    return lstat("\(root)/\(path)", &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// Checks a file found, without reading it: within the size an attachment may be, and one
  /// ``read(_:)`` can read.
  ///
  /// - Parameter path: The file's path in the folder.
  /// - Returns: Its size in bytes, or why it can't be kept.
  func check(_ path: String) -> Result<Int, Refusal> {
    var status = stat()
    guard lstat("\(root)/\(path)", &status) == 0 else {
      return .failure(Refusal("it can't be read"))
    }
    guard Int(status.st_size) <= NoteAttachment.maximumBytes else {
      return .failure(
        Refusal(
          "\(Int(status.st_size)) bytes, over the \(NoteAttachment.maximumBytes) an attachment "
            + "may be"))
    }
    do {
      return .success(
        try AtomicFile.readableSize(of: "\(root)/\(path)", limit: NoteAttachment.maximumBytes))
    } catch {
      return .failure(Refusal("it can't be read: \(error.reason)"))
    }
  }

  /// Reads a file found, within the size an attachment may be: when its note is written, so an
  /// import holds one file's bytes at a time.
  ///
  /// - Parameter path: The file's path in the folder.
  /// - Returns: Its bytes.
  /// - Throws: `AtomicFile.Failure` when it can't be read, or has grown past the limit since.
  func read(_ path: String) throws(AtomicFile.Failure) -> Data {
    try AtomicFile.read("\(root)/\(path)", limit: NoteAttachment.maximumBytes)
  }

  /// Why a file found can't be kept.
  struct Refusal: Error {
    /// Why, in a few words.
    let reason: String

    init(_ reason: String) { self.reason = reason }
  }

  /// Where a reference leads from a note's file, by its path in the folder: `nil` when that
  /// climbs out of the folder (or is absolute).
  ///
  /// - Parameters:
  ///   - reference: The reference.
  ///   - notePath: The note's file, by its path in the folder.
  /// - Returns: The path.
  static func besideNote(_ reference: AttachmentReference, at notePath: String) -> String? {
    let path = reference.path
    guard !path.hasPrefix("/") else { return nil }
    let noteFolder = notePath.split(separator: "/").dropLast().joined(separator: "/")
    return normalized(noteFolder.isEmpty ? path : noteFolder + "/" + path)
  }

  /// A path with its `.` and `..` parts taken out, or `nil` when it climbs out of the folder.
  static func normalized(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        guard parts.popLast() != nil else { return nil }
      default: parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// Finds and checks the references of every note read from a folder, keeping their names,
  /// sizes and paths by the note's place (their bytes are read only when the note is written),
  /// naming each refused, and taking the files kept out of the files skipped.
  ///
  /// - Parameter folder: What was read from the folder.
  func collect(into folder: inout MarkdownFolderReader.FolderImport) {
    folder.attachmentFolder = root
    var kept: Set<String> = []
    var sizeByPath: [String: Result<Int, Refusal>] = [:]
    for (place, note) in folder.library.notes.enumerated()
    where folder.places.indices.contains(place) {
      let notePath = folder.places[place]
      for reference in AttachmentReference.references(in: note.body) {
        guard AttachmentReference.isKeepableName(reference.name) else {
          folder.refusedAttachments.append(
            .init(
              path: "\(notePath) → \(reference.name)",
              reason: "a name with an empty folder (`//`) or a NUL, which no file can have"))
          continue
        }
        switch find(reference, fromNoteAt: notePath) {
        case .refused(let reason):
          folder.refusedAttachments.append(
            .init(path: "\(notePath) → \(reference.name)", reason: reason))
        case .file(let path):
          let checked = sizeByPath[path] ?? check(path)
          sizeByPath[path] = checked
          switch checked {
          case .success(let size):
            kept.insert(path)
            folder.attachments[place, default: []].append(
              NoteAttachment.Entry(name: reference.name, size: size))
            folder.attachmentPaths[place, default: [:]][reference.name] = path
            // A file found away from where its reference leads (by its bare name elsewhere, or
            // from the folder's top) is recorded with the note, so an export puts it back there.
            if path != Self.besideNote(reference, at: notePath),
              var file = folder.library.notes[place].importedFile
            {
              var found = file.attachmentPaths ?? [:]
              found[reference.name] = path
              file.attachmentPaths = found
              folder.library.notes[place].importedFile = file
            }
          case .failure(let refusal):
            folder.refusedAttachments.append(
              .init(path: "\(notePath) → \(reference.name)", reason: refusal.reason))
          }
        }
      }
    }
    folder.skipped.removeAll { kept.contains($0.path) }
  }
}

extension MarkdownFolderReader.FolderImport: LibraryImportSource {
  /// The notebooks read.
  public var notebooks: [Notebook] { library.notebooks }
  /// The notes' identifiers, in the order read.
  public var noteIDs: [Note.ID] { library.noteIDs }

  /// Hands each note read over, in order.
  ///
  /// - Parameter body: Told each note.
  /// - Throws: What the body throws.
  public func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError) {
    try library.forEachNote(body)
  }

  /// The names and sizes of the files the note at a place references, found in the folder.
  ///
  /// - Parameter place: The note's place, from 0.
  /// - Returns: Its attachments, in the order first referenced.
  public func attachments(atPlace place: Int) -> [NoteAttachment.Entry] {
    attachments[place] ?? []
  }

  /// Reads one file the note at a place references, from the folder, now.
  ///
  /// - Parameters:
  ///   - name: The attachment's name, as ``attachments(atPlace:)`` lists it.
  ///   - place: The note's place, from 0.
  /// - Returns: The attachment.
  /// - Throws: ``FieldNotesServices/RepositoryError/readFailed(reason:)`` naming the file when
  ///   it isn't one the note references, or can't be read any more.
  public func attachment(named name: String, atPlace place: Int) throws(RepositoryError)
    -> NoteAttachment
  {
    guard let path = attachmentPaths[place]?[name] else {
      throw .readFailed(reason: "\(name) is not a file the folder's notes reference")
    }
    let files = VaultAttachments(root: attachmentFolder, files: [])
    do { return NoteAttachment(name: name, bytes: try files.read(path)) } catch {
      throw .readFailed(
        reason: "the attachment \(path) changed while it was imported (\(error.reason))")
    }
  }
}
