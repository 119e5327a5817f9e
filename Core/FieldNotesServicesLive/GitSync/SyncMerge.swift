import FieldNotesFormats
import FieldNotesModel
import Foundation

/// The merge of a sync: what this store's files (ours) become, given the files the other side
/// changed since the two last agreed.
///
/// Pure: the git syncer reads the versions and writes the outcome, so every rule is tested on
/// values. Each file merges by ``ThreeWayMerge``; then a conflict copy two resolutions left
/// twice (kept as a note of its own on one side, its text given to the note on the other) goes,
/// notes whose notebook is gone move to no notebook, and two notebooks that ended up with one
/// name (made on both sides) are told apart as "Name (2)".
struct SyncMerge {
  /// A file the other side changed: its version in the base and in theirs (`nil` for absent).
  struct Incoming: Equatable {
    var base: Data?
    var theirs: Data?
  }

  /// The files whose merged content differs from ours, with the new content (`nil` to delete).
  private(set) var results: [SyncDocument.Kind: Data?] = [:]
  /// How many of the other side's changes came in.
  private(set) var incomingCount = 0
  /// How many files both sides had changed and merged without a copy.
  private(set) var mergedCount = 0
  /// How many conflict copies were made.
  private(set) var conflictCount = 0
  /// The other side's files that could not be read, with why.
  private(set) var skipped: [String] = []
  /// The other side's files the merge removes though this store has none, so the merged tree
  /// must not take them: conflict copies kept there as notes of their own whose text the note
  /// here took (`keep copy`).
  private(set) var removedFromTheirs: Set<SyncDocument.Kind> = []

  /// Merges.
  ///
  /// - Parameters:
  ///   - ours: This store's files.
  ///   - library: This store's library, whose files `ours` are.
  ///   - incoming: The other side's changed files.
  ///   - protected: Notes this store could not read: the other side's version goes into the
  ///     repository, and this store keeps its own.
  ///   - timeZone: The time zone of the date in conflict copies' titles.
  /// - Throws: `CancellationError` when the task is cancelled, checked at every file.
  init(
    ours: [SyncDocument.Kind: Data], library: NoteLibrary,
    incoming: [SyncDocument.Kind: Incoming], protected: Set<UUID>, timeZone: TimeZone
  ) throws(CancellationError) {
    var notebooks = Dictionary(library.notebooks.map { ($0.id, $0) }) { first, _ in first }
    var changedNotes: [UUID: Note?] = [:]
    var touchedNotebooks = Set<UUID>()
    // Conflict copies deleted on one side and kept on the other, with the notes they conflict
    // with.
    var copiesDeletedOnOneSide: [UUID: UUID] = [:]
    for (kind, entry) in incoming.sorted(by: {
      SyncDocument.path($0.key) < SyncDocument.path($1.key)
    }) {
      if Task.isCancelled { throw CancellationError() }
      let mine = ours[kind]
      guard entry.theirs != mine, entry.theirs != entry.base else { continue }
      switch kind {
      case .note(let id):
        guard let theirs = read(entry.theirs, kind) else {
          // What the other side wrote there can't be read as a note; its words are kept as a
          // conflict copy, and the note's file is written back for every other store.
          if let copy = Self.copy(
            ofUnreadable: entry.theirs, id, ours: Self.note(mine, id),
            base: Self.note(entry.base, id), timeZone: timeZone)
          {
            changedNotes[copy.id] = copy
            conflictCount += 1
            skipped[skipped.count - 1] += "; its text is kept as the conflict copy “\(copy.title)”"
          }
          continue
        }
        if protected.contains(id) {
          results[kind] = entry.theirs
          continue
        }
        let (base, ourNote) = (Self.note(entry.base, id), Self.note(mine, id))
        let outcome = ThreeWayMerge.note(
          base: base, ours: ourNote, theirs: theirs.note, timeZone: timeZone)
        if let original = base?.conflictOf, (ourNote == nil) != (theirs.note == nil) {
          copiesDeletedOnOneSide[id] = original
        }
        if outcome.changedOnBothSides {
          if outcome.copy == nil { mergedCount += 1 } else { conflictCount += 1 }
        } else {
          incomingCount += 1
        }
        changedNotes[id] = outcome.note
        if let copy = outcome.copy { changedNotes[copy.id] = copy }
      case .notebook(let id):
        guard let theirs = read(entry.theirs, kind) else { continue }
        let merged = ThreeWayMerge.notebook(
          base: Self.notebook(entry.base, id), ours: Self.notebook(mine, id),
          theirs: theirs.notebook)
        incomingCount += 1
        notebooks[id] = merged
        touchedNotebooks.insert(id)
      }
    }
    removeCopiesHeldTwice(copiesDeletedOnOneSide, in: &changedNotes, library: library, ours: ours)
    let renamed = Self.distinctNames(Array(notebooks.values), ours: library.notebooks)
    for id in touchedNotebooks.union(renamed.keys) {
      record(.notebook(id), notebooks[id].map { renamed[id] ?? $0 }, ours)
    }
    // A note whose notebook is gone stays, in no notebook.
    for note in library.notes where changedNotes[note.id] == nil {
      if let id = note.notebookID, notebooks[id] == nil { changedNotes[note.id] = note }
    }
    for (id, note) in changedNotes {
      var homed = note
      if let notebook = note?.notebookID, notebooks[notebook] == nil { homed?.notebookID = nil }
      record(.note(id), homed, ours)
    }
  }

  /// Removes the conflict copies that would hold a text the merged note holds already.
  ///
  /// A copy resolved differently on the two sides is deleted on one (`keep original`, or
  /// `keep copy`, which gave its text to the note) and kept as a note of its own on the other
  /// (`keep both`): the deletion never saw that, so the copy survives. When the note, merged,
  /// holds the copy's text (``ThreeWayMerge/holdsText(of:_:)``), the copy would be that text a
  /// second time, and goes: to this store's trash where this store kept it. When the note
  /// holds another text (`keep original`), both texts stay, as two notes.
  ///
  /// - Parameters:
  ///   - copies: The copies deleted on one side only, with the notes they conflict with.
  ///   - changedNotes: The merged notes that differ from this store's.
  ///   - library: This store's library.
  ///   - ours: This store's files.
  private mutating func removeCopiesHeldTwice(
    _ copies: [UUID: UUID], in changedNotes: inout [UUID: Note?], library: NoteLibrary,
    ours: [SyncDocument.Kind: Data]
  ) {
    for (id, originalID) in copies {
      guard let copy = changedNotes[id] ?? nil,
        let note = changedNotes[originalID] ?? library.notes.first(where: { $0.id == originalID }),
        ThreeWayMerge.holdsText(of: copy, note)
      else { continue }
      changedNotes[id] = .some(nil)
      if ours[.note(id)] == nil { removedFromTheirs.insert(.note(id)) }
    }
  }

  /// The other side's version, read; `nil` after noting why it was skipped.
  private mutating func read(_ data: Data?, _ kind: SyncDocument.Kind) -> Version? {
    guard let data else { return Version() }
    do throws(SyncDocument.Problem) {
      switch kind {
      case .note(let id): return Version(note: try SyncDocument.note(from: data, id: id))
      case .notebook(let id):
        return Version(notebook: try SyncDocument.notebook(from: data, id: id))
      }
    } catch {
      let reason =
        switch error {
        case .tooLarge: "it is larger than the size limit"
        case .malformed(let reason): reason
        }
      skipped.append("\(SyncDocument.path(kind)): \(reason)")
      return nil
    }
  }

  /// One side's version of a file: a note, a notebook, or neither (absent).
  private struct Version {
    var note: Note?
    var notebook: Notebook?
  }

  private mutating func record(
    _ kind: SyncDocument.Kind, _ note: Note?, _ ours: [SyncDocument.Kind: Data]
  ) {
    let data = note.map(SyncDocument.data(of:))
    if data != ours[kind] { results[kind] = data }
  }

  private mutating func record(
    _ kind: SyncDocument.Kind, _ notebook: Notebook?, _ ours: [SyncDocument.Kind: Data]
  ) {
    let data = notebook.map(SyncDocument.data(of:))
    if data != ours[kind] { results[kind] = data }
  }

  /// A conflict copy of a note's file the other side wrote and this side can't read as one (a
  /// front matter broken by hand, text that isn't UTF-8): the whole file as its body, as it
  /// reads (Latin-1 where it isn't UTF-8, as a file from an older editor usually is), so no
  /// word of it is lost; `nil` when there is no file, when it is larger than a note may be, or
  /// when neither side knows a note by that id (a file that was never a note here stays in the
  /// repository as the other side wrote it, and is skipped).
  ///
  /// - Parameters:
  ///   - data: The other side's file.
  ///   - id: The note whose path it has.
  ///   - ours: This side's note, whose title, notebook and dates the copy takes.
  ///   - base: The note as both sides last had it, for those when this side has none.
  ///   - timeZone: The time zone of the date in the copy's title.
  /// - Returns: The copy.
  static func copy(
    ofUnreadable data: Data?, _ id: UUID, ours: Note?, base: Note?, timeZone: TimeZone
  ) -> Note? {
    guard let data, let known = ours ?? base,
      let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
    else { return nil }
    var version = Note(
      id: id, title: known.title, body: text, createdAt: known.createdAt,
      notebookID: known.notebookID)
    version.updatedAt = known.updatedAt
    let copy = NoteConflict.copy(of: version, in: version.notebookID, timeZone: timeZone)
    return NoteDocument.byteCount(of: copy) <= NoteDocument.maximumBytes ? copy : nil
  }

  private static func note(_ data: Data?, _ id: UUID) -> Note? {
    data.flatMap { try? SyncDocument.note(from: $0, id: id) }
  }

  private static func notebook(_ data: Data?, _ id: UUID) -> Notebook? {
    data.flatMap { try? SyncDocument.notebook(from: $0, id: id) }
  }

  /// New names for notebooks that share a name (ignoring case) with another.
  ///
  /// "Name (2)" and on: this store's notebooks keep their names; among new ones, the lower
  /// identifier does.
  private static func distinctNames(_ notebooks: [Notebook], ours: [Notebook]) -> [UUID: Notebook] {
    let mine = Set(ours.map(\.id))
    let ordered = notebooks.sorted {
      (mine.contains($0.id) ? 0 : 1, $0.id.uuidString) < (
        mine.contains($1.id) ? 0 : 1, $1.id.uuidString
      )
    }
    var taken = Set<String>()
    var renamed: [UUID: Notebook] = [:]
    for var notebook in ordered {
      // A name no notebook may have here (`all`, `none`, a number, nothing, a line break) is
      // mended as an import mends it, so every notebook can be named in a command.
      var base = notebook.name.trimmingCharacters(in: .whitespaces)
      switch NotebookName.problem(with: base) {
      case .empty?: base = "Untitled notebook"
      case .containsNewline?: base = base.split(whereSeparator: \.isNewline).joined(separator: " ")
      case .tooLong?: base = String(base.prefix(NotebookName.maximumLength))
      case nil, .reserved?, .duplicate?, .containsControlCharacter?, .optionWord?, .notAFolder?:
        break
      }
      var name = base
      var number = 2
      while taken.contains(name.lowercased()) || Notebook.isReservedName(name) {
        name = "\(base) (\(number))"
        number += 1
      }
      taken.insert(name.lowercased())
      if name != notebook.name {
        notebook.name = name
        renamed[notebook.id] = notebook
      }
    }
    return renamed
  }
}
