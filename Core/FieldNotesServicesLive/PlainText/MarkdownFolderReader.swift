import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Reads a folder of Markdown files as a library, the way Obsidian vaults, nb and zk notebooks,
/// FieldNotes' own exports and its sync repository lay them out.
///
/// - Every `.md`, `.markdown` and `.txt` file, in every subfolder, is a note, read by
///   ``FieldNotesModel/NoteDocument``: exactly, if it is a FieldNotes file; else leniently
///   (``FieldNotesModel/NoteDocument/foreignNote(from:fileName:)``).
/// - A subfolder is a notebook, named by its path (`Projects/Garden`), unless it holds a
///   `.notebook.md` (an export's), which names it. A sync repository (`notes/ID.md`,
///   `notebooks/ID.md`) is recognised: its two folders are not notebooks, their files are.
/// - Hidden files and folders (`.git`, nb's `.index`, `.zk/`, `.obsidian/`) are passed over.
///   Everything else it can't read — a link (never followed), a pipe or device, a file over
///   ``FieldNotesModel/NoteDocument/maximumBytes``, one that is binary or not UTF-8, one that
///   is not Markdown — is skipped and named in ``FolderImport/skipped``.
/// - A note whose file gives no `id:` gets one made from its path in the folder and its bytes,
///   and a folder's notebook one made from its path, so importing the folder again adds nothing.
public enum MarkdownFolderReader {
  /// What was read from a folder.
  public struct FolderImport: Sendable {
    /// The notebooks and notes read.
    public var library = NoteLibrary()
    /// The files left out, with why, by their paths in the folder.
    public var skipped: [SkippedFile] = []
    /// The files whose opening `---` was not a front matter and which were kept whole as the
    /// body.
    public var frontMattersKeptAsText: [String] = []
    /// Whether the folder is a FieldNotes sync repository.
    public var isSyncRepository = false
    /// The file each note was read from, by the note's identifier (of an identifier several
    /// files give, the file that keeps it: see ``places``).
    public var paths: [Note.ID: String] = [:]
    /// The file each note was read from, by the note's place in ``library``: what an import
    /// names a note by whose identifier another file gives too.
    public var places: [String] = []
    /// The tags the notes read keep under another name, or drop (`@work` as `work`), in the
    /// order met.
    public var renamedTags: [TagRename] = []
    /// The names and sizes of the files each note references, found in the folder, by the
    /// note's place in ``library`` (see `VaultAttachments`); their bytes are read only as the
    /// import writes the note.
    public var attachments: [Int: [NoteAttachment.Entry]] = [:]
    /// Each of those files' paths in the folder, by the note's place and the attachment's name.
    var attachmentPaths: [Int: [String: String]] = [:]
    /// The folder the attachments are read from.
    var attachmentFolder = ""
    /// The references to files not kept, each named `NOTE → REFERENCE`, with why.
    public var refusedAttachments: [SkippedFile] = []
  }

  /// A file an import left out, and why.
  public struct SkippedFile: Hashable, Sendable {
    /// Its path inside the folder.
    public var path: String
    /// Why, in a few words: "a symbolic link, not followed".
    public var reason: String

    /// Creates the entry.
    ///
    /// - Parameters:
    ///   - path: The file's path inside the folder.
    ///   - reason: Why it was left out.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// Why a folder could not be read at all.
  public struct Failure: Error, Equatable, Sendable {
    /// What is wrong, after the folder's path.
    public var reason: String
  }

  /// How deep folders are followed; deeper ones are skipped and named.
  public static let maximumDepth = 32
  /// The extensions of the files read as notes.
  public static let noteExtensions: Set<String> = ["md", "markdown", "mdown", "txt"]

  /// Reads a folder.
  ///
  /// - Parameters:
  ///   - folder: The folder's path.
  ///   - notebook: The notebook every note goes in, or `nil` to make the subfolders notebooks.
  ///   - existing: The notebooks the store has: a subfolder named as one of them (ignoring
  ///     case) goes in it, rather than in a new "Name (2)".
  /// - Returns: What was read, and what was skipped.
  /// - Throws: ``Failure`` when the folder itself can't be listed.
  public static func read(
    _ folder: String, into notebook: Notebook? = nil, existing: [Notebook] = []
  ) throws(Failure) -> FolderImport {
    var reading = Reading(root: folder, notebookForAll: notebook, existing: existing)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw Failure(reason: "the folder can't be listed")
    }
    reading.result.isSyncRepository = isSyncRepository(folder, names: names)
    reading.walk("", depth: 0)
    reading.finish()
    if !reading.result.isSyncRepository {
      VaultAttachments(root: folder, files: reading.otherFiles).collect(into: &reading.result)
    }
    return reading.result
  }

  /// Whether a folder is FieldNotes' sync repository: it has `notes/` or `notebooks/`, and
  /// every Markdown file in them is named by an identifier, as the sync names them (an export's
  /// notebook called "notes" holds its `.notebook.md` and titled files, so it is not one).
  private static func isSyncRepository(_ folder: String, names: [String]) -> Bool {
    var files: [String] = []
    for name in ["notes", "notebooks"] where names.contains(name) {
      guard let inside = try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(name)")
      else { continue }
      files += inside.filter { $0.hasSuffix(".md") }.map { "\(name)/\($0)" }
    }
    return !files.isEmpty && files.allSatisfy { SyncDocument.kind(ofPath: $0) != nil }
  }

  /// Reads one Markdown or text file as a note.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - notebook: The notebook it goes in, or `nil` for none.
  /// - Returns: The note, or the file in ``FolderImport/skipped`` with why it can't be one.
  /// - Throws: Never: a file that can't be read is skipped.
  public static func read(file path: String, into notebook: Notebook? = nil) throws(Failure)
    -> FolderImport
  {
    var reading = Reading(root: FilePaths.folder(of: path), notebookForAll: notebook, existing: [])
    let name = FilePaths.name(of: path)
    reading.readNote(name, folder: "", name: name)
    reading.finish()
    // The files it references are looked for beside it (`pic.png`, `img/pic.png`), never by
    // name through the folder around it, which may be a whole home folder.
    let root = FilePaths.folder(of: path)
    var beside: [String] = []
    for note in reading.result.library.notes {
      for reference in AttachmentReference.references(in: note.body) {
        guard !reference.path.hasPrefix("/"),
          let inside = VaultAttachments.normalized(reference.path), !inside.isEmpty
        else { continue }
        var status = stat()
        if lstat("\(root)/\(inside)", &status) == 0, status.st_mode & S_IFMT == S_IFREG {
          beside.append(inside)
        }
      }
    }
    VaultAttachments(root: root, files: beside).collect(into: &reading.result)
    return reading.result
  }

  /// One reading of a folder, as it walks.
  private struct Reading {
    let root: String
    let notebookForAll: Notebook?
    var result = FolderImport()
    /// The notebooks each subfolder's notes go in, by the folder's path.
    var folderNotebooks: [String: Notebook] = [:]
    /// The notebooks read from FieldNotes' own files, by identifier.
    var namedNotebooks: [Notebook.ID: Notebook] = [:]
    /// The notes read: each with its file, its folder, whether FieldNotes wrote its file, and
    /// the notebook's name the file gives in place of its identifier (an export's).
    var notes: [(Note, path: String, folder: String, exact: Bool, notebookName: String?)] = []
    /// The plain files read that are not notes: those a note references are its attachments.
    var otherFiles: [String] = []
    /// The store's notebooks by their names, lower-cased.
    let existingByName: [String: Notebook]

    init(root: String, notebookForAll: Notebook?, existing: [Notebook]) {
      self.root = root
      self.notebookForAll = notebookForAll
      existingByName = Dictionary(
        existing.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func walk(_ folder: String, depth: Int) {
      let path = folder.isEmpty ? root : "\(root)/\(folder)"
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        skip(folder, "the folder can't be listed")
        return
      }
      for name in names.sorted() {
        let relative = folder.isEmpty ? name : "\(folder)/\(name)"
        var status = stat()
        guard lstat("\(root)/\(relative)", &status) == 0 else {
          skip(relative, "it can't be read")
          continue
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
          if name.hasPrefix(".") { continue }
          if depth + 1 > MarkdownFolderReader.maximumDepth {
            skip(relative, "a folder nested too deep")
          } else {
            walk(relative, depth: depth + 1)
          }
        case S_IFLNK: skip(relative, "a symbolic link, not followed")
        case S_IFREG:
          if name == MarkdownFolderLayout.notebookFileName {
            readNotebook(relative, folder: folder)
          } else if !name.hasPrefix(".") {
            readNote(relative, folder: folder, name: name)
          }
        default: skip(relative, "not a regular file")
        }
      }
    }

    mutating func skip(_ path: String, _ reason: String) {
      result.skipped.append(SkippedFile(path: path, reason: reason))
    }

    /// The text of a file, or why it can't be a note's.
    mutating func contents(of relative: String) -> (Data, modified: Date)? {
      let descriptor = open("\(root)/\(relative)", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        skip(relative, errno == ELOOP ? "a symbolic link, not followed" : "it can't be read")
        return nil
      }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
        skip(relative, "not a regular file")
        return nil
      }
      guard Int(status.st_size) <= NoteDocument.maximumBytes else {
        skip(relative, "larger than the \(NoteDocument.maximumBytes) bytes a note may be")
        return nil
      }
      var data = Data(count: Int(status.st_size) + 1)
      var total = 0
      let limit = data.count
      let failed = data.withUnsafeMutableBytes { buffer -> Bool in
        while total < limit {
          let count = Platform.read(
            descriptor, buffer.baseAddress?.advanced(by: total), limit - total)
          if count < 0, errno == EINTR { continue }
          if count < 0 { return true }
          if count == 0 { break }
          total += count
        }
        return false
      }
      guard !failed else {
        skip(relative, "it can't be read")
        return nil
      }
      guard total <= NoteDocument.maximumBytes else {
        skip(relative, "larger than the \(NoteDocument.maximumBytes) bytes a note may be")
        return nil
      }
      data.count = total
      let modified = Date(timeIntervalSince1970: Platform.modificationSeconds(of: status))
      return (data, NoteDocument.isInRange(modified) ? modified : Date(timeIntervalSince1970: 0))
    }

    mutating func readNotebook(_ relative: String, folder: String) {
      guard let (data, _) = contents(of: relative) else { return }
      do throws(NoteDocumentError) {
        let notebook = try NoteDocument.notebook(fromFile: data)
        namedNotebooks[notebook.id] = notebook
        if !folder.isEmpty { folderNotebooks[folder] = notebook }
      } catch {
        skip(relative, "not a notebook's file: \(error.reason)")
      }
    }

    mutating func readNote(_ relative: String, folder: String, name: String) {
      let fileExtension =
        name.split(separator: ".").count > 1
        ? String(name.split(separator: ".").last ?? "").lowercased() : ""
      let syncKind = result.isSyncRepository ? SyncDocument.kind(ofPath: relative) : nil
      if case .notebook(let id)? = syncKind {
        guard let (data, _) = contents(of: relative) else { return }
        do throws(NoteDocumentError) {
          namedNotebooks[id] = try NoteDocument.notebook(from: data, id: id)
        } catch {
          skip(relative, "not a notebook's file: \(error.reason)")
        }
        return
      }
      if result.isSyncRepository && syncKind == nil {
        skip(relative, "not a note's file in a sync repository")
        return
      }
      guard MarkdownFolderReader.noteExtensions.contains(fileExtension) else {
        otherFiles.append(relative)
        skip(relative, "not a Markdown or text file")
        return
      }
      guard let (data, modified) = contents(of: relative) else { return }
      guard let text = String(validating: data, as: UTF8.self) else {
        skip(relative, data.contains(0) ? "a binary file" : "not UTF-8 text")
        return
      }
      let inFolder = syncKind == nil ? folder : ""
      // FieldNotes' own file first: its note may hold anything a note may, a NUL too.
      if let (note, notebookName) = try? NoteDocument.noteNamingItsNotebook(fromFile: data),
        syncKind.map({ $0 == .note(note.id) && notebookName == nil }) ?? true
      {
        notes.append((note, relative, inFolder, true, notebookName))
        return
      }
      if syncKind != nil {
        skip(relative, "a sync file that is not a note's")
        return
      }
      guard !data.contains(0) else {
        skip(relative, "a binary file")
        return
      }
      let (note, foreign) = NoteDocument.importedNote(
        from: text, data: data, path: relative, modified: modified)
      if foreign.frontMatterIgnored { result.frontMattersKeptAsText.append(relative) }
      guard NoteDocument.byteCount(of: note) <= NoteDocument.maximumBytes else {
        skip(relative, "larger than the \(NoteDocument.maximumBytes) bytes a note may be")
        return
      }
      result.renamedTags += foreign.renamedTags
      notes.append((note, relative, inFolder, false, nil))
    }

    /// Puts each note in its notebook, and orders the files that give one identifier.
    ///
    /// A note goes in the notebook an exact file names, if read here, else its folder's. Of
    /// the files giving one identifier, the one changed last comes first; another with the same
    /// text is the same note, left out; one with other text comes after it, under the same
    /// identifier, for the import to decide against the store (`LibraryImport.merge`): left
    /// out if the note here holds its text, else kept as a note of its own. So a hand copy of an exported file never turns the file it
    /// was copied from into a second note.
    mutating func finish() {
      if let notebookForAll {
        result.library.notebooks = [notebookForAll]
      } else {
        result.library.notebooks = Array(namedNotebooks.values).sorted { $0.name < $1.name }
      }
      var madeNotebooks: [String: Notebook] = [:]
      var holders: [Note.ID: Int] = [:]
      for (index, entry) in notes.enumerated() {
        if let holder = holders[entry.0.id], notes[holder].0.updatedAt >= entry.0.updatedAt {
          continue
        }
        holders[entry.0.id] = index
      }
      // Each identifier's file first, then the other files giving it, each in the order read.
      let ordered =
        notes.indices.filter { holders[notes[$0].0.id] == $0 }
        + notes.indices.filter { holders[notes[$0].0.id] != $0 }
      for index in ordered {
        var (note, path, folder, exact, notebookName) = notes[index]
        if let holder = holders[note.id], holder != index {
          let other = notes[holder]
          guard (note.title, note.body, note.tags) != (other.0.title, other.0.body, other.0.tags)
          else {
            skip(path, "the same note as \(other.path)")
            continue
          }
        }
        if let notebookForAll {
          note.notebookID = notebookForAll.id
        } else if exact, let id = note.notebookID, namedNotebooks[id] != nil {
          // Its own notebook, read here.
        } else if let notebook = folderNotebooks[folder], !folder.isEmpty {
          note.notebookID = notebook.id
        } else if folder.isEmpty, let notebookName {
          // An exported file taken out of its notebook's folder still names the notebook.
          note.notebookID =
            namedNotebooks.values.sorted { $0.name < $1.name }.first { $0.name == notebookName }?
            .id ?? notebook(named: notebookName, made: &madeNotebooks).id
        } else if folder.isEmpty {
          note.notebookID = nil
        } else {
          // Folders whose names differ only in case are one notebook, as they are on a Mac.
          note.notebookID =
            notebook(
              named: MarkdownFolderLayout.notebookName(forFolder: folder), made: &madeNotebooks
            ).id
        }
        if result.paths[note.id] == nil { result.paths[note.id] = path }
        result.places.append(path)
        result.library.notes.append(note)
      }
    }

    /// The notebook a folder or an exported file names that no `.notebook.md` read here is:
    /// the store's of that name (ignoring case), or one made for it, once for every spelling.
    mutating func notebook(named name: String, made: inout [String: Notebook]) -> Notebook {
      if let notebook = made[name.lowercased()] { return notebook }
      let notebook =
        existingByName[name.lowercased()]
        ?? MarkdownFolderLayout.importedNotebook(named: name)
      made[name.lowercased()] = notebook
      result.library.notebooks.append(notebook)
      return notebook
    }

  }
}
