import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// What `import PATH` reads, whatever PATH is: it looks at PATH and says which kind it read.
///
/// - a folder: Markdown files (``MarkdownFolderReader``), or FieldNotes' sync repository;
/// - a jrnl journal's own file (a `.txt` file, or one with no extension, whose first line
///   opens an entry, `[2026-06-04 09:07:00 AM] …`): one note per entry (``JrnlJournalText``);
/// - a `.md`, `.markdown` or `.txt` file: one note;
/// - a JSON file: a FieldNotes export (`"format": "fieldnotes-export"`) or a jrnl journal
///   (`"entries": […]`), told apart by their members and read a note at a time, in two passes
///   (identifiers first, then the notes as they are written), so a file of any size imports
///   holding one note.
public enum ImportReader {
  /// What a path held.
  public enum Kind: Equatable, Sendable {
    /// A FieldNotes JSON export.
    case fieldNotesExport
    /// A jrnl journal's JSON export.
    case jrnlJournal
    /// A jrnl journal's own file.
    case jrnlText
    /// A folder of Markdown files.
    case markdownFolder
    /// FieldNotes' sync repository.
    case syncRepository
    /// One Markdown or text file.
    case markdownFile

    /// The kind in words, for "Read … from PATH".
    public var description: String {
      switch self {
      case .fieldNotesExport: "a FieldNotes JSON export"
      case .jrnlJournal: "a jrnl journal (JSON)"
      case .jrnlText: "a jrnl journal"
      case .markdownFolder: "a folder of Markdown files"
      case .syncRepository: "a FieldNotes sync repository"
      case .markdownFile: "a Markdown file"
      }
    }
  }

  /// A path, read.
  public struct Reading {
    /// What it held.
    public var kind: Kind
    /// The library to import.
    public var source: any LibraryImportSource
    /// The files left out, for a folder.
    public var skipped: [MarkdownFolderReader.SkippedFile] = []
    /// The references to files a folder's notes make that were not kept, with why.
    public var refusedAttachments: [MarkdownFolderReader.SkippedFile] = []
    /// The files whose front matter was kept as text.
    public var frontMattersKeptAsText: [String] = []
    /// The entries of a jrnl journal that repeat an entry before them (`entries[5]`), each
    /// with the identifier made for it from how many came before: jrnl gives no identifiers,
    /// so each entry is given its own.
    public var repeatedEntries: [(place: String, id: Note.ID)] = []
    /// For a folder or a Markdown file: the notes read, and the file each came from, so that
    /// an import can say which files differ from the notes they name.
    public var files: (library: NoteLibrary, paths: [Note.ID: String])?
    /// For a folder or a Markdown file: the file of each note, by its place in the source.
    public var places: [String]?
    /// The tags read that are kept under another name, or dropped, to fit FieldNotes' rule
    /// (`@work` as `work`, `Projects/Garden` as `projects-garden`), each once, in the order met.
    public var renamedTags: [TagRename] = []

    /// How an import names the note at a place in the source: its file, or its place in a
    /// JSON file, as jq writes its path, counted from 0 (`notes[4]` for the fifth).
    ///
    /// - Parameter place: The note's place, from 0.
    /// - Returns: The name.
    public func name(ofNoteAt place: Int) -> String {
      if let places, places.indices.contains(place) { return places[place] }
      return "\(kind == .jrnlJournal ? "entries" : "notes")[\(place)]"
    }
  }

  /// Why a path could not be read; nothing was imported.
  public struct Failure: Error, Equatable, Sendable {
    /// What is wrong, to follow the path.
    public var reason: String
  }

  /// Reads a path.
  ///
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - notebook: The notebook every note goes in, or `nil` to keep each note's own (a
  ///     folder's subfolders, an export's notebooks).
  ///   - existing: The store's notebooks: a folder named as one of them goes in it.
  ///   - timeZone: The time zone a jrnl journal's dates were written in.
  /// - Returns: What it held.
  /// - Throws: ``Failure`` when it is none of the kinds, or can't be read.
  public static func read(
    _ path: String, into notebook: Notebook? = nil, existing: [Notebook] = [],
    timeZone: TimeZone = .current
  ) throws(Failure) -> Reading {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw Failure(reason: errno == ENOENT ? "does not exist" : "cannot be read")
    }
    // A link named on the command line is the user's choice: it is followed, once, to what it
    // names. (Links met inside a folder are never followed.)
    var path = path
    if (status.st_mode & S_IFMT) == S_IFLNK {
      guard let real = realpath(path, nil) else { throw Failure(reason: "is a link to nothing") }
      path = String(cString: real)
      free(real)
      guard lstat(path, &status) == 0 else { throw Failure(reason: "is a link to nothing") }
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      let folder: MarkdownFolderReader.FolderImport
      do { folder = try MarkdownFolderReader.read(path, into: notebook, existing: existing) } catch
      {
        throw Failure(reason: error.reason)
      }
      return Reading(
        kind: folder.isSyncRepository ? .syncRepository : .markdownFolder,
        source: folder, skipped: folder.skipped,
        refusedAttachments: folder.refusedAttachments,
        frontMattersKeptAsText: folder.frontMattersKeptAsText,
        files: (folder.library, folder.paths), places: folder.places,
        renamedTags: once(folder.renamedTags))
    case S_IFREG: break
    default: throw Failure(reason: "is not a regular file or a folder")
    }
    let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    // jrnl's own file is `journal.txt`, or a name with no extension; a Markdown file is one
    // note, whatever its first line.
    let name = path.split(separator: "/").last ?? ""
    if !name.contains(".") || fileExtension == "txt",
      let journal = try JrnlTextJournal(path: path, into: notebook, timeZone: timeZone)
    {
      return Reading(
        kind: .jrnlText, source: journal,
        repeatedEntries: journal.repeated.map { (place: "line \($0.line)", id: $0.id) },
        places: journal.lines.map { "line \($0)" },
        renamedTags: TagRules.renames(of: journal.writtenTags))
    }
    if path.contains("."), MarkdownFolderReader.noteExtensions.contains(fileExtension) {
      let file: MarkdownFolderReader.FolderImport
      do { file = try MarkdownFolderReader.read(file: path, into: notebook) } catch {
        throw Failure(reason: error.reason)
      }
      if let skipped = file.skipped.first { throw Failure(reason: skipped.reason) }
      return Reading(
        kind: .markdownFile, source: file, refusedAttachments: file.refusedAttachments,
        frontMattersKeptAsText: file.frontMattersKeptAsText, files: (file.library, file.paths),
        places: file.places, renamedTags: once(file.renamedTags))
    }
    let json = try JSONFileLibrary(path: path, into: notebook, timeZone: timeZone)
    return Reading(
      kind: json.isJrnl ? .jrnlJournal : .fieldNotesExport, source: json,
      repeatedEntries: json.renumbered.sorted { $0.key < $1.key }.map {
        (place: "entries[\($0.key)]", id: $0.value)
      }, renamedTags: json.renamedTags)
  }
}

extension ImportReader {
  /// Renames without repeats, the first of each kept.
  private static func once(_ renames: [TagRename]) -> [TagRename] {
    var seen = Set<TagRename>()
    return renames.filter { seen.insert($0).inserted }
  }
}

/// A JSON file — a FieldNotes export or a jrnl journal — read as a library a note at a time.
struct JSONFileLibrary: LibraryImportSource {
  let path: String
  let isJrnl: Bool
  let notebookForAll: Notebook?
  let timeZone: TimeZone
  let notebooks: [Notebook]
  let noteIDs: [Note.ID]
  /// The jrnl entries that repeat an entry before them, by position, with the id each gets.
  let renumbered: [Int: Note.ID]
  /// The jrnl tags kept under another name (`@work` as `work`), each once, in the order met.
  let renamedTags: [TagRename]

  /// Reads the file once for its kind, its notebooks and its notes' identifiers; each note is
  /// read whole, and checked, in the second reading, as it is written.
  init(path: String, into notebook: Notebook?, timeZone: TimeZone) throws(ImportReader.Failure) {
    self.path = path
    self.notebookForAll = notebook
    self.timeZone = timeZone
    var format: Data?
    var version: Data?
    var keys = Set<String>()
    var notebooks: [Notebook] = []
    var ids: [Note.ID] = []
    var entryIDs: [Note.ID] = []
    var problem: String?
    var jrnl = false
    var identities = JrnlEntryIdentities()
    var renumbered: [Int: Note.ID] = [:]
    var renames: [TagRename] = []
    var seenRenames = Set<TagRename>()
    // jrnl gives no ids: a repeated entry is given one of its own. (An export's notes give
    // their own ids; one given twice is the import's to decide, by its text.)
    func identify(entry id: Note.ID, at index: Int) {
      let (own, isRepeat) = identities.identifier(for: id)
      if isRepeat { renumbered[index] = own }
      entryIDs.append(own)
    }
    do throws(JSONMemberStream.Failure) {
      try JSONMemberStream.read(path) { value in
        keys.insert(value.key)
        switch (value.key, value.index) {
        case ("format", nil): format = value.bytes
        case ("version", nil): version = value.bytes
        case ("notebooks", let index?):
          do throws(LibraryArchiveError) {
            notebooks.append(try LibraryArchive.notebook(fromJSON: value.bytes, at: index))
          } catch {
            problem = error.errorDescription
          }
        case ("notes", let index?):
          // The identifier alone: the note is read whole, and checked, as it is written.
          guard let id = LibraryArchive.noteID(fromJSON: value.bytes) else {
            problem =
              "not a FieldNotes JSON export (notes[\(index)] is not a JSON object with an id)"
            break
          }
          ids.append(id)
        case ("entries", let index?) where format == nil:
          jrnl = true
          guard let read = Self.jrnlNote(value.bytes, at: index, in: timeZone, problem: &problem)
          else { break }
          // Two entries of one minute and one text (a star or tags apart) are two entries.
          identify(entry: read.note.id, at: index)
          renames += TagRules.renames(of: read.tags).filter { seenRenames.insert($0).inserted }
        default: break
        }
        return problem == nil
      }
    } catch {
      throw ImportReader.Failure(
        reason: "not a FieldNotes JSON export or a jrnl journal (\(error.reason))")
    }
    if let problem { throw ImportReader.Failure(reason: problem) }
    isJrnl = jrnl && !keys.contains("notes")
    if !isJrnl {
      do throws(LibraryArchiveError) {
        guard keys.contains("notes") || format != nil else {
          throw .notAnExport(detail: "it holds neither notes nor jrnl entries")
        }
        try LibraryArchive.checkHeader(format: format, version: version)
      } catch {
        throw ImportReader.Failure(reason: error.errorDescription ?? "not an export")
      }
    }
    self.notebooks = notebook.map { [$0] } ?? (isJrnl ? [] : notebooks)
    noteIDs = isJrnl ? entryIDs : ids
    self.renumbered = isJrnl ? renumbered : [:]
    self.renamedTags = isJrnl ? renames : []
  }

  func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError) {
    var failure: RepositoryError?
    var problem: String?
    do throws(JSONMemberStream.Failure) {
      try JSONMemberStream.read(path) { value in
        guard let index = value.index, value.key == (isJrnl ? "entries" : "notes") else {
          return true
        }
        var note: Note
        if isJrnl {
          guard let read = Self.jrnlNote(value.bytes, at: index, in: timeZone, problem: &problem)
          else { return false }
          note = read.note
        } else {
          do throws(LibraryArchiveError) {
            note = try LibraryArchive.note(fromJSON: value.bytes, at: index)
          } catch {
            problem = error.errorDescription
            return false
          }
        }
        if isJrnl, let own = renumbered[index] { note.id = own }
        if let notebookForAll { note.notebookID = notebookForAll.id }
        do throws(RepositoryError) { try body(note) } catch {
          failure = error
          return false
        }
        return true
      }
    } catch {
      throw .readFailed(reason: "\(path): \(error.reason)")
    }
    if let failure { throw failure }
    if let problem { throw .readFailed(reason: "\(path): \(problem)") }
  }

  /// One jrnl entry as a note, with its tags as jrnl wrote them, or `nil` with the problem
  /// said.
  private static func jrnlNote(
    _ bytes: Data, at index: Int, in timeZone: TimeZone, problem: inout String?
  ) -> (note: Note, tags: [String])? {
    guard let entry = try? JSONDecoder().decode(JrnlEntry.self, from: bytes) else {
      problem = "entries[\(index)] is not a jrnl entry (title, body, date, time)"
      return nil
    }
    guard let note = entry.note(in: timeZone) else {
      problem = "entries[\(index)] has a date or time that can't be read"
      return nil
    }
    return (note, entry.tags ?? [])
  }
}

/// A jrnl journal's own file, read whole (a journal is text a person wrote), one note per
/// entry in the order of the file.
struct JrnlTextJournal: LibraryImportSource {
  let notebooks: [Notebook]
  let notes: [Note]
  /// The line each note's entry starts on.
  let lines: [Int]
  /// The entries that repeat an entry before them, by the line they start on, with the
  /// identifier each was given.
  let repeated: [(line: Int, id: Note.ID)]
  /// Every entry's tags as jrnl wrote them (`@work`), in the order of the file.
  let writtenTags: [String]

  var noteIDs: [Note.ID] { notes.map(\.id) }

  /// Reads the file when it is a jrnl journal; `nil` when its first line says it is not.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - notebook: The notebook every note goes in, or `nil` for none.
  ///   - timeZone: The time zone the journal's dates were written in.
  /// - Throws: ``ImportReader/Failure`` when it looks like a journal but can't be read: not
  ///   UTF-8, or a line with a date that is none, named.
  init?(path: String, into notebook: Notebook?, timeZone: TimeZone) throws(ImportReader.Failure) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw ImportReader.Failure(reason: "cannot be read")
    }
    defer { try? handle.close() }
    var start = (try? handle.read(upToCount: 4096)) ?? Data()
    // A byte-order mark some editors write first is no part of the text.
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start.removeFirst(3) }
    // The first 4 KiB may end inside a character: the start is read leniently.
    guard JrnlJournalText.looksLikeJournal(Substring(decoding: start, as: UTF8.self)) else {
      return nil
    }
    let rest = (try? handle.readToEnd()) ?? Data()
    guard let text = String(data: start + rest, encoding: .utf8) else {
      throw ImportReader.Failure(reason: "looks like a jrnl journal but is not UTF-8 text")
    }
    let entries: [JrnlJournalText.Entry]
    do { entries = try JrnlJournalText.entries(in: text) } catch {
      throw ImportReader.Failure(
        reason: "looks like a jrnl journal, but line \(error.line) can't be read: \(error.reason)")
    }
    var identities = JrnlEntryIdentities()
    var notes: [Note] = []
    var repeated: [(line: Int, id: Note.ID)] = []
    for read in entries {
      guard var note = read.entry.note(in: timeZone) else {
        throw ImportReader.Failure(
          reason: "looks like a jrnl journal, but line \(read.line) has a date that can't be read")
      }
      let (id, isRepeat) = identities.identifier(for: note.id)
      note.id = id
      if isRepeat { repeated.append((read.line, id)) }
      note.notebookID = notebook?.id
      notes.append(note)
    }
    self.notebooks = notebook.map { [$0] } ?? []
    self.notes = notes
    self.lines = entries.map(\.line)
    self.repeated = repeated
    self.writtenTags = entries.flatMap { $0.entry.tags ?? [] }
  }

  func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError) {
    for note in notes { try body(note) }
  }
}
