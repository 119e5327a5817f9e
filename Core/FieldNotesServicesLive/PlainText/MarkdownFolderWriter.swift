import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Writes a library as a folder of Markdown files (``FieldNotesModel/MarkdownFolderLayout``).
///
/// It never writes over or removes a file that isn't its own, and a file is its own only
/// while it holds exactly the bytes FieldNotes wrote there for a note or notebook of the
/// library written now: each export keeps a record of what it wrote for which, in FieldNotes'
/// state folder (see `ExportRecord`). Any other file in the folder — the user's own, one edited
/// since the last export, a copy, the file of a note deleted since or of another library
/// exported there, a link — is left as it is, and the note or notebook whose name it has is
/// written beside it under the next free name, " (2)" and on (``FolderExport/leftAsTheyAre``
/// names them). A note whose title (or notebook) changed since an earlier export gets its new
/// file and loses its old one, if that is still as FieldNotes wrote it, so the folder never
/// holds two texts of one note that FieldNotes made.
public enum MarkdownFolderWriter {
  /// What an export into a folder did.
  public struct FolderExport: Equatable, Sendable {
    /// How many files it wrote.
    public var written: Int
    /// The files of the folder that were where a note's or notebook's file would go, and that
    /// aren't FieldNotes' own: left as they are, the note's file written beside each.
    public var leftAsTheyAre: [String]
    /// The file each note and notebook was written to, by its identifier: where its
    /// attachments go (``writeAttachments(of:in:besideFilesOf:sparing:)``).
    public var paths: [UUID: String] = [:]
  }

  /// Writes the folder, creating it if it is missing.
  ///
  /// The record of what it wrote is kept in a folder of FieldNotes' own (the state folder's),
  /// one file for each exported folder, never in the exported folder: so the export holds the
  /// notes and their files and nothing else (an imported vault comes back as it was, hidden
  /// files and all), and nothing in the folder — which anyone may have made — can pass for
  /// proof that a file is FieldNotes'. Without a folder of records, none is kept: a file is
  /// FieldNotes' only while it holds exactly what this export writes for one of its notes.
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - folder: The folder's path.
  ///   - sparedPaths: Files never to write over (the open store's).
  ///   - recordsFolder: Where the records of folder exports are kept, or `nil` to keep none.
  /// - Returns: How many files were written, and the files left as they are.
  /// - Throws: ``AtomicFile/Failure`` naming the file that could not be written, or the folder
  ///   that is a file.
  @discardableResult
  public static func write(
    _ library: NoteLibrary, to folder: String, sparing sparedPaths: [String] = [],
    records recordsFolder: String? = nil
  ) throws(AtomicFile.Failure) -> FolderExport {
    let root = exportRoot(folder)
    var status = stat()
    if stat(root, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
      throw AtomicFile.Failure(path: folder, reason: "is a file, not a folder")
    }
    let recordPath = recordsFolder.map { ExportRecord.path(forFolder: root, in: $0) }
    let record = recordPath.map { ExportRecord.read(file: $0).exportPaths } ?? ExportRecord()
    let ids = Set(library.notes.map(\.id) + library.notebooks.map(\.id))
    // What this export writes, wherever each file goes: a file already holding one of these
    // holds a text the store holds too, so writing over it loses nothing.
    let writtenNow = Dictionary(
      MarkdownFolderLayout.files(of: library).map { (ExportRecord.digest(of: $0.data), $0.id) }
    ) { first, _ in first }
    let (occupied, directories, earlierFolders) = occupiedPaths(
      in: root, record: record, ids: ids, writtenNow: writtenNow)
    let plan = MarkdownFolderLayout.plan(
      of: library, avoiding: occupied, entering: directories, keeping: earlierFolders)
    let files = plan.files
    let planned = Set(files.map(\.path))
    var folders = Set<String>()
    for file in files { folders.formUnion(ancestors(of: file.path)) }
    for name in folders.sorted() { try requireFolderOrNothing("\(root)/\(name)") }
    for file in files {
      try requireOwnFileOrNothing(file, in: root, record: record, writtenNow: writtenNow)
    }
    // FieldNotes' files of these notes and notebooks from an earlier export, under the names
    // they had then, still as it wrote them, in a folder of the export's (never through a link).
    let stale = Set(
      record.files.filter { entry in
        ids.contains(entry.id) && !planned.contains(entry.path) && isPlainFile(entry.path, in: root)
          && (try? AtomicFile.read("\(root)/\(entry.path)", limit: NoteDocument.maximumBytes))
            .map { record.wrote($0, at: entry.path) } == true
      }.map(\.path))
    // Recorded before anything is written, beside what was there, so an export cut short
    // leaves every file it wrote provably its own; a record that can't be kept stops the
    // export before the folder is made.
    let written = files.map {
      ExportRecord.Entry(path: $0.path, id: $0.id, digest: ExportRecord.digest(of: $0.data))
    }
    var during = record
    during.files += written
    if let recordPath { try during.writeBeforeExporting(to: recordPath, flushing: false) }
    try makeFolder(root)
    for name in folders.sorted() { try makeFolder("\(root)/\(name)") }
    for file in files {
      // A path nothing was at is written only while nothing is: a file another program makes
      // there while the export runs is the user's, and stops the export (what it wrote so far
      // is recorded as FieldNotes').
      var status = stat()
      let isNew = lstat("\(root)/\(file.path)", &status) != 0
      do {
        try AtomicFile.write(
          file.data, to: "\(root)/\(file.path)", sparing: sparedPaths, flushing: false,
          replacing: !isNew)
      } catch {
        guard isNew else { throw error }
        throw AtomicFile.Failure(
          path: error.path,
          reason: "\(error.reason): it appeared while the export ran, so the export stopped "
            + "there")
      }
      if let modified = file.modified { date("\(root)/\(file.path)", at: modified) }
    }
    // On a disk that ignores case, a note retitled Heron → heron was just written over its old
    // file: that file is the new one, and stays.
    let plannedByKey = Dictionary(planned.map { (MarkdownFolderLayout.collisionKey($0), $0) }) {
      first, _ in first
    }
    for path in stale.sorted() {
      if let twin = plannedByKey[MarkdownFolderLayout.collisionKey(path)],
        isSameFile("\(root)/\(twin)", "\(root)/\(path)")
      {
        continue
      }
      unlink("\(root)/\(path)")
      // Each folder it was in, innermost first, only if nothing else is in it.
      for folder in ancestors(of: path).reversed() { rmdir("\(root)/\(folder)") }
    }
    var after = record
    after.files.removeAll { planned.contains($0.path) || stale.contains($0.path) }
    after.files += written
    if let recordPath { try after.write(file: recordPath, flushing: false) }
    // One flush for every file, rather than one each: the export is a copy, written in full
    // before it says so.
    sync()
    return FolderExport(
      written: files.count, leftAsTheyAre: plan.wentAround,
      paths: Dictionary(files.map { ($0.id, $0.path) }) { first, _ in first })
  }

  /// The folder an export writes in, as a path: the one given, without its trailing `/`; one
  /// written through `.` or `..` is taken where it leads (`FilePaths.resolved`), so no folder
  /// on the way that isn't there is made (`out/nope/../real` makes `out/real` alone).
  static func exportRoot(_ folder: String) -> String {
    let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let parts = root.split(separator: "/")
    return parts.contains { $0 == "." || $0 == ".." } ? FilePaths.resolved(root) : root
  }

  /// Dates a file just written at a note's last change.
  ///
  /// A note's file given back as it was imported, without dates of its own, is read again by
  /// its date. A date that can't be set leaves the file as it is: it reads back as the same
  /// text, dated now.
  private static func date(_ path: String, at modified: Date) {
    try? FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
  }

  /// Makes a folder the export writes in, owner-only, if it is missing.
  private static func makeFolder(_ path: String) throws(AtomicFile.Failure) {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw AtomicFile.Failure(path: path, reason: "the folder can't be made")
    }
  }

  /// Whether two paths name one file (as two spellings of a name do on a disk that ignores
  /// case).
  private static func isSameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var other = stat()
    return lstat(first, &one) == 0 && lstat(second, &other) == 0 && one.st_dev == other.st_dev
      && one.st_ino == other.st_ino
  }

  /// Whether a path in the folder is a regular file reached through folders alone: no part of
  /// it a link, so that removing it never removes a file outside the folder.
  private static func isPlainFile(_ path: String, in root: String) -> Bool {
    var status = stat()
    for folder in ancestors(of: path) {
      guard lstat("\(root)/\(folder)", &status) == 0, status.st_mode & S_IFMT == S_IFDIR
      else { return false }
    }
    return lstat("\(root)/\(path)", &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// The folders a path is in, outermost first: `a`, `a/b` for `a/b/c.md`.
  private static func ancestors(of path: String) -> [String] {
    let parts = path.split(separator: "/").dropLast()
    return parts.indices.map { parts[...$0].joined(separator: "/") }
  }

  /// How deep into the folder's folders an export looks for what is in its way: deeper than
  /// any notebook's name can nest (a name of 60 characters has at most 30 parts).
  static let maximumDepth = 32

  /// The paths in the folder, at any depth, that an export may not write, and the folders
  /// there.
  ///
  /// That is every entry but the files FieldNotes may write over — its own of a note or
  /// notebook written now (as its record proves), or one holding exactly what this export
  /// writes for some note or notebook. A folder is a notebook's for the export only while its
  /// `.notebook.md` is such a file of FieldNotes'; any other folder (the user's) is occupied
  /// for a note's file, though a notebook of its exact name, or nested under it
  /// (`Areas/Health` under the user's `Areas`), goes into it, beside the user's files — the
  /// vault the notes came from, exported into again, is written into, not into
  /// `Areas/Health (2)`; a link to a folder is occupied and never looked into, nor is a hidden
  /// folder (`.git`), whose name no export writes. A folder whose `.notebook.md` is such a
  /// file is given with its notebook, which keeps it.
  private static func occupiedPaths(
    in root: String, record: ExportRecord, ids: Set<UUID>, writtenNow: [String: UUID]
  ) -> (occupied: Set<String>, directories: Set<String>, notebookFolders: [UUID: String]) {
    // The note or notebook a file of FieldNotes' holds, and whether the record says FieldNotes
    // wrote it there (rather than its bytes being what this export writes, as a copy's are);
    // `nil` for a file that isn't one.
    let recordedAt = Dictionary(grouping: record.files, by: \.path)
    func owner(_ path: String) -> (id: UUID, isRecorded: Bool)? {
      guard let data = try? AtomicFile.read("\(root)/\(path)", limit: NoteDocument.maximumBytes)
      else { return nil }
      let digest = ExportRecord.digest(of: data)
      let recorded = recordedAt[path]?.first { $0.digest == digest && ids.contains($0.id) }
      if let recorded { return (recorded.id, true) }
      return writtenNow[digest].map { ($0, false) }
    }
    func isOwn(_ path: String) -> Bool { owner(path) != nil }
    var notebookFolders: [UUID: (path: String, isRecorded: Bool)] = [:]
    func kind(of path: String) -> mode_t? {
      var status = stat()
      return lstat("\(root)/\(path)", &status) == 0 ? status.st_mode & S_IFMT : nil
    }
    var occupied = Set<String>()
    var directories = Set<String>()
    func look(in folder: String, depth: Int) {
      let path = folder.isEmpty ? root : "\(root)/\(folder)"
      // In order, so that of two folders a notebook could call its own the same one is found
      // every time, whatever order the disk lists them in.
      for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
        let relative = folder.isEmpty ? name : "\(folder)/\(name)"
        switch kind(of: relative) {
        case S_IFDIR:
          let notebookFile = "\(relative)/\(MarkdownFolderLayout.notebookFileName)"
          if kind(of: notebookFile) == S_IFREG, let notebook = owner(notebookFile) {
            // The folder the record says FieldNotes wrote the notebook's file in is its own; a
            // copy holding the same bytes (the user's `cp -r`) is not, while that one is there.
            if notebookFolders[notebook.id].map({ !$0.isRecorded && notebook.isRecorded }) ?? true {
              notebookFolders[notebook.id] = (relative, notebook.isRecorded)
            }
          } else {
            occupied.insert(relative)
          }
          guard !name.hasPrefix("."), depth < maximumDepth else { continue }
          directories.insert(relative)
          look(in: relative, depth: depth + 1)
        case S_IFREG where isOwn(relative): continue
        default: occupied.insert(relative)
        }
      }
    }
    look(in: "", depth: 0)
    return (occupied, directories, notebookFolders.mapValues(\.path))
  }

  /// Refuses a path where a notebook's folder goes that holds something else.
  private static func requireFolderOrNothing(_ path: String) throws(AtomicFile.Failure) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw AtomicFile.Failure(
        path: path, reason: "is in the way of a notebook's folder; nothing was exported")
    }
  }

  /// Refuses a path where a file goes that holds anything but what FieldNotes wrote there (as
  /// its record proves) or exactly what it writes now for some note or notebook.
  private static func requireOwnFileOrNothing(
    _ file: MarkdownFolderLayout.File, in root: String, record: ExportRecord,
    writtenNow: [String: UUID]
  ) throws(AtomicFile.Failure) {
    let path = "\(root)/\(file.path)"
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw AtomicFile.Failure(
        path: path, reason: "is in the way of a file of the export; nothing was exported")
    }
    let data: Data
    do { data = try AtomicFile.read(path, limit: NoteDocument.maximumBytes) } catch {
      throw AtomicFile.Failure(path: path, reason: "\(error.reason); nothing was exported")
    }
    // A disk that ignores case finds the file FieldNotes wrote as `Heron.md` at `heron.md`.
    let key = MarkdownFolderLayout.collisionKey(file.path)
    let digest = ExportRecord.digest(of: data)
    guard writtenNow[digest] == nil,
      !record.files.contains(where: {
        $0.digest == digest && MarkdownFolderLayout.collisionKey($0.path) == key
      })
    else { return }
    // The layout went around every file that wasn't the export's own: one here now was put
    // there while the export ran.
    throw AtomicFile.Failure(
      path: path,
      reason: "appeared while the export ran and is not FieldNotes'; nothing was exported")
  }
}
