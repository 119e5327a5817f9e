import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation

/// A temporary sync folder and some stores that sync through it.
final class SyncWorld {
  let root = NSTemporaryDirectory() + "fieldnotes-sync-" + UUID().uuidString
  var folder: String { root + "/folder" }

  init() {
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// A device: a repository and the syncer it uses with this world's folder.
  struct Device {
    let repository: InMemoryNoteRepository
    let syncer: FolderNoteSyncer

    var library: NoteLibrary { repository.savedLibrary }
    var notes: [Note] {
      repository.savedLibrary.notes.sorted { $0.id.uuidString < $1.id.uuidString }
    }
  }

  func device(
    _ library: NoteLibrary = NoteLibrary(), now: DateProvider = .fixed(), firstID: Int = 0x9000,
    writer: (@Sendable (Data, String) throws(AtomicFile.Failure) -> Void)? = nil
  ) -> Device {
    let repository = InMemoryNoteRepository(library)
    let syncer =
      if let writer {
        FolderNoteSyncer(
          folder: folder, repository: repository, baseLocation: .memory, now: now,
          ids: .incrementing(from: firstID), timeZone: TimeZone(identifier: "UTC") ?? .current,
          writer: writer)
      } else {
        FolderNoteSyncer(
          folder: folder, repository: repository, baseLocation: .memory, now: now,
          ids: .incrementing(from: firstID), timeZone: TimeZone(identifier: "UTC") ?? .current)
      }
    return Device(repository: repository, syncer: syncer)
  }

  func entries(_ area: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(area)")) ?? []).sorted()
  }
}
