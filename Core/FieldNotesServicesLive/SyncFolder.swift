import FieldNotesModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sync folder on disk: `notes/UUID.json`, `notebooks/UUID.json`, `tombstones/UUID.json`.
///
/// Anything else found there is skipped and counted, never trusted: names that are not a UUID,
/// symbolic links, folders, files over ``maximumEntryBytes``, malformed JSON, or JSON whose
/// identifier doesn't match its name. (Leftover `.fieldnotes-*` temporary files of an interrupted
/// write are ignored.) Subfolders that are symbolic links are refused outright,
/// since writing through them could write outside the folder.
struct SyncFolder {
  /// The largest entry read: room for a note at the composer's limits.
  static let maximumEntryBytes = 2 * 1_024 * 1_024

  let root: String
  let write: @Sendable (Data, String) throws(AtomicFile.Failure) -> Void

  /// What the folder holds.
  struct Snapshot {
    var notes: [UUID: Note] = [:]
    var notebooks: [UUID: Notebook] = [:]
    var tombstones: [UUID: Tombstone] = [:]
    var warnings: [String] = []
  }

  enum Area: String, CaseIterable {
    case notes, notebooks, tombstones
  }

  func path(_ area: Area, _ id: UUID) -> String { "\(root)/\(area.rawValue)/\(id.uuidString).json" }

  /// Creates the folder's layout where missing and checks it is safe to write into.
  func prepare() throws(SyncError) {
    try makeDirectory(root)
    for area in Area.allCases { try makeDirectory("\(root)/\(area.rawValue)") }
  }

  private func makeDirectory(_ path: String) throws(SyncError) {
    var status = stat()
    if lstat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFLNK, path != root {
        throw .unsafeFolder(path: root, reason: "\(path) is a symbolic link")
      }
      if (status.st_mode & S_IFMT) == S_IFDIR || path == root { return }
      throw .folderUnavailable(path: root, reason: "\(path) is not a folder")
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      throw .folderUnavailable(path: root, reason: String(cString: strerror(errno)))
    }
  }

  /// Reads every entry, skipping and counting what can't be trusted.
  func read() throws(SyncError) -> Snapshot {
    var snapshot = Snapshot()
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .deferredToDate
    for area in Area.allCases {
      let folder = "\(root)/\(area.rawValue)"
      let names: [String]
      do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
        throw .folderUnavailable(path: folder, reason: "it can't be listed")
      }
      // Temporary files of an interrupted atomic write are no one's entries.
      for name in names.sorted() where !name.hasPrefix(".fieldnotes-") {
        guard name.hasSuffix(".json"), let id = UUID(uuidString: String(name.dropLast(5))) else {
          snapshot.warnings.append("\(area.rawValue)/\(name): not named after a UUID")
          continue
        }
        let data: Data
        do { data = try AtomicFile.read("\(folder)/\(name)", limit: Self.maximumEntryBytes) } catch
        {
          snapshot.warnings.append("\(area.rawValue)/\(name): \(error.reason)")
          continue
        }
        do {
          switch area {
          case .notes:
            let note = try decoder.decode(Note.self, from: data)
            guard note.id == id else { throw Mismatch() }
            snapshot.notes[id] = note
          case .notebooks:
            let notebook = try decoder.decode(Notebook.self, from: data)
            guard notebook.id == id else { throw Mismatch() }
            snapshot.notebooks[id] = notebook
          case .tombstones:
            let tombstone = try decoder.decode(Tombstone.self, from: data)
            guard tombstone.id == id else { throw Mismatch() }
            snapshot.tombstones[id] = tombstone
          }
        } catch is Mismatch {
          snapshot.warnings.append(
            "\(area.rawValue)/\(name): its identifier doesn't match its name")
        } catch {
          snapshot.warnings.append("\(area.rawValue)/\(name): not valid FieldNotes JSON")
        }
      }
    }
    return snapshot
  }

  private struct Mismatch: Error {}

  /// Carries out one change in the folder, atomically.
  func apply(_ change: SyncPlan.FolderChange) throws(SyncError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .deferredToDate
    do {
      switch change {
      case .saveNote(let note):
        try write(try encode(note, encoder), path(.notes, note.id))
        remove(path(.tombstones, note.id))
      case .saveNotebook(let notebook):
        try write(try encode(notebook, encoder), path(.notebooks, notebook.id))
        remove(path(.tombstones, notebook.id))
      case .delete(let tombstone):
        try write(try encode(tombstone, encoder), path(.tombstones, tombstone.id))
        remove(path(tombstone.kind == .note ? .notes : .notebooks, tombstone.id))
      }
    } catch {
      throw .writeFailed(path: error.path, reason: error.reason)
    }
  }

  private func encode(_ value: some Encodable, _ encoder: JSONEncoder) throws(AtomicFile.Failure)
    -> Data
  {
    do { return try encoder.encode(value) } catch {
      throw AtomicFile.Failure(path: root, reason: "could not encode an entry")
    }
  }

  private func remove(_ path: String) {
    unlink(path)
  }
}
