import FieldNotesModel
import FieldNotesServices
import Foundation

/// What a sync does.
///
/// The plan is worked out from the three versions of every item: the local one, the folder's,
/// and the base both agreed on last time. Planning is pure, so every rule is tested without
/// files.
///
/// The rules, per item:
/// - the same on both sides: nothing to do;
/// - changed on one side only: the change goes to the other side;
/// - a note changed on both sides: the newer edit wins and the other is kept as a copy titled
///   "Title (conflict 2026-11-29 12:00)", so no text is ever dropped; a notebook keeps the
///   local name;
/// - deleted on one side, unchanged on the other: deleted on both, a tombstone recording it;
/// - deleted on one side, edited on the other after the deletion: the edit wins (resurrected).
struct SyncPlan {
  /// A change in the folder.
  enum FolderChange: Hashable {
    case saveNote(Note)
    case saveNotebook(Notebook)
    case delete(Tombstone)
  }

  var localChanges: [RepositoryChange] = []
  var folderChanges: [FolderChange] = []
  var base = SyncBase()
  var report = SyncReport()

  init(
    local: NoteLibrary, folder: SyncFolder.Snapshot, base previous: SyncBase, now: Date,
    ids: IDGenerator, timeZone: TimeZone
  ) {
    report.warnings = folder.warnings
    let keptNotebooks = planNotebooks(local: local, folder: folder, previous: previous, now: now)
    planNotes(
      local: local, folder: folder, previous: previous, now: now, ids: ids, timeZone: timeZone,
      notebooks: keptNotebooks)
  }

  // MARK: - Notebooks

  /// Plans the notebooks; returns the identifiers of the notebooks that exist afterwards.
  private mutating func planNotebooks(
    local: NoteLibrary, folder: SyncFolder.Snapshot, previous: SyncBase, now: Date
  ) -> Set<UUID> {
    let mine = Dictionary(local.notebooks.map { ($0.id, $0) }) { first, _ in first }
    var kept = Set<UUID>()
    let ids = Set(mine.keys).union(folder.notebooks.keys).union(previous.notebooks.keys)
      .union(folder.tombstones.values.filter { $0.kind == .notebook }.map(\.id))
    for id in ids.sorted(by: { $0.uuidString < $1.uuidString }) {
      let base = previous.notebooks[id]
      switch (mine[id], folder.notebooks[id]) {
      case (let here?, let there?):
        let hereFingerprint = Fingerprint.of(here)
        if hereFingerprint != Fingerprint.of(there), hereFingerprint == base {
          localChanges.append(.saveNotebook(there))
          report.pulled += 1
          self.base.notebooks[id] = Fingerprint.of(there)
        } else {
          if hereFingerprint != Fingerprint.of(there) {
            folderChanges.append(.saveNotebook(here))
            report.pushed += 1
          }
          self.base.notebooks[id] = hereFingerprint
        }
        kept.insert(id)
      case (let here?, nil):
        if folder.tombstones[id] != nil, base == Fingerprint.of(here) {
          localChanges.append(.deleteNotebook(id))
          report.deletedHere += 1
        } else {
          folderChanges.append(.saveNotebook(here))
          report.pushed += 1
          self.base.notebooks[id] = Fingerprint.of(here)
          kept.insert(id)
        }
      case (nil, let there?):
        if let base, base == Fingerprint.of(there) {
          folderChanges.append(.delete(Tombstone(id: id, kind: .notebook, deletedAt: now)))
          report.deletedThere += 1
        } else {
          localChanges.append(.saveNotebook(there))
          report.pulled += 1
          self.base.notebooks[id] = Fingerprint.of(there)
          kept.insert(id)
        }
      case (nil, nil):
        break
      }
    }
    return kept
  }

  // MARK: - Notes

  private mutating func planNotes(
    local: NoteLibrary, folder: SyncFolder.Snapshot, previous: SyncBase, now: Date,
    ids: IDGenerator, timeZone: TimeZone, notebooks: Set<UUID>
  ) {
    let mine = Dictionary(local.notes.map { ($0.id, $0) }) { first, _ in first }
    var theirs = folder.notes
    var tombstones = folder.tombstones.filter { $0.value.kind == .note }
    // A note and its tombstone both in the folder: the later of the two stands.
    for (id, tombstone) in tombstones {
      guard let note = theirs[id] else { continue }
      if note.updatedAt > tombstone.deletedAt { tombstones[id] = nil } else { theirs[id] = nil }
    }
    let all = Set(mine.keys).union(theirs.keys).union(previous.notes.keys).union(tombstones.keys)
    // A note this store could not read is neither sent nor deleted, here or there: the sync
    // leaves it as it is and keeps what both sides agreed on last.
    let unreadable = Set(local.unreadableNotes.compactMap(\.id))
    for id in unreadable { base.notes[id] = previous.notes[id] }
    for id in all.subtracting(unreadable).sorted(by: { $0.uuidString < $1.uuidString }) {
      let base = previous.notes[id]
      switch (mine[id], theirs[id]) {
      case (let here?, let there?):
        let hereFingerprint = Fingerprint.of(here)
        let thereFingerprint = Fingerprint.of(there)
        if hereFingerprint == thereFingerprint {
          if here.notebookID.map(notebooks.contains) == false { release(here) }
          self.base.notes[id] = hereFingerprint
        } else if hereFingerprint == base {
          pull(there, notebooks: notebooks)
        } else if thereFingerprint == base {
          push(here, notebooks: notebooks)
        } else {
          resolveConflict(here, there, now: now, ids: ids, timeZone: timeZone, notebooks: notebooks)
        }
      case (let here?, nil):
        if let tombstone = tombstones[id],
          Fingerprint.of(here) == base || here.updatedAt <= tombstone.deletedAt
        {
          localChanges.append(.deleteNote(id))
          report.deletedHere += 1
        } else {
          push(here, notebooks: notebooks)
        }
      case (nil, let there?):
        if let base, base == Fingerprint.of(there) {
          folderChanges.append(.delete(Tombstone(id: id, kind: .note, deletedAt: now)))
          report.deletedThere += 1
        } else {
          pull(there, notebooks: notebooks)
        }
      case (nil, nil):
        break
      }
    }
  }

  /// A note whose notebook no longer exists is kept, in no notebook.
  private func homed(_ note: Note, _ notebooks: Set<UUID>) -> Note {
    guard let id = note.notebookID, !notebooks.contains(id) else { return note }
    var moved = note
    moved.notebookID = nil
    return moved
  }

  private mutating func release(_ note: Note) {
    var moved = note
    moved.notebookID = nil
    localChanges.append(.saveNote(moved))
    folderChanges.append(.saveNote(moved))
  }

  private mutating func pull(_ note: Note, notebooks: Set<UUID>) {
    let homed = homed(note, notebooks)
    localChanges.append(.saveNote(homed))
    if homed != note { folderChanges.append(.saveNote(homed)) }
    report.pulled += 1
    base.notes[note.id] = Fingerprint.of(homed)
  }

  private mutating func push(_ note: Note, notebooks: Set<UUID>) {
    let homed = homed(note, notebooks)
    if homed != note { localChanges.append(.saveNote(homed)) }
    folderChanges.append(.saveNote(homed))
    report.pushed += 1
    base.notes[note.id] = Fingerprint.of(homed)
  }

  private mutating func resolveConflict(
    _ here: Note, _ there: Note, now: Date, ids: IDGenerator, timeZone: TimeZone,
    notebooks: Set<UUID>
  ) {
    let (winner, loser) = there.updatedAt > here.updatedAt ? (there, here) : (here, there)
    let kept = homed(winner, notebooks)
    var copy = homed(loser, notebooks)
    copy.id = ids()
    copy.title = "\(loser.title) (conflict \(Self.conflictStamp(now, timeZone)))"
    copy.isPinned = false
    copy.updatedAt = now
    localChanges += [.saveNote(kept), .saveNote(copy)]
    folderChanges += [.saveNote(kept), .saveNote(copy)]
    base.notes[kept.id] = Fingerprint.of(kept)
    base.notes[copy.id] = Fingerprint.of(copy)
    report.conflicts += 1
  }

  /// "2026-11-29 12:00" in the user's time zone.
  static func conflictStamp(_ date: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return
      "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
  }
}
