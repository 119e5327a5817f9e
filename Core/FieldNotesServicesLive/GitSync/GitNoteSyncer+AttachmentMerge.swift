import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - Attachments: merging

  /// Merges the attachments both sides changed since the commit they last agreed on into a
  /// merged commit, whose tree holds the remote's, and saves in the store those it lacks.
  ///
  /// Only what changed is read: `git diff-tree` of the attachments' folder from the base to
  /// each side, then the bytes of the files the store takes, a batch at a time. The rules:
  ///
  /// - a file either side added is kept on both (a union);
  /// - one name given different bytes on the two sides keeps the remote's under the name, and
  ///   both under names that say so (``SyncAttachmentPath/conflictName(_:blob:)``), each store
  ///   keeping its own under the name; said in the report;
  /// - a name given new bytes on the remote alone, that the store keeps, keeps the remote's
  ///   under the name and under a name that says so, which the store takes, never replacing
  ///   its own; said in the report;
  /// - a file this side adds where the merged tree holds a folder of its name, or the other way
  ///   round, yields to a name that says so (``SyncAttachmentTree``); said in the report;
  /// - a file one side removed (its note purged there) stays removed only if the merged notes
  ///   have no such note: a note kept or edited on the other side keeps its files, and a store
  ///   that purged it gets them back with the note;
  /// - a file of the remote's the store takes must be a plain file, at a path
  ///   ``SyncAttachmentPath`` reads, of a note the merged notes or the store hold (in its trash
  ///   too), within ``FieldNotesModel/NoteAttachment/maximumBytes`` (its size read before its
  ///   bytes); any other is named in the report and left in the remote as it is.
  ///
  /// A file is saved in the store only where it keeps none of that name, so nothing of the
  /// store's is ever replaced; saved again after an interrupted sync, it changes nothing.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - local: This store's commit, if any.
  ///   - remote: The remote's commit.
  ///   - step: The notes' merge, whose commit holds the remote's attachments.
  ///   - report: Told what came in, and what was refused or kept twice.
  /// - Returns: The step, with a commit that holds the merged attachments.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read or written,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func mergeAttachments(
    _ git: GitProcess, local: String?, remote: String, step: MergeStep,
    report: inout SyncReport
  ) async throws -> MergeStep {
    guard let merged = step.commit else { return step }
    var from = GitObjectWriter.emptyTree
    if let local, let base = try await mergeBase(git, local, remote) { from = base }
    let folder = SyncAttachmentPath.folder
    let theirs = try await GitTreeChange.list(git, from: from, to: remote, under: folder)
    let ours: [GitTreeChange] =
      if let local { try await GitTreeChange.list(git, from: from, to: local, under: folder) } else
      { [] }
    guard !theirs.isEmpty || !ours.isEmpty else { return step }
    var merge = AttachmentMerge()
    let ids = Set(
      (theirs + ours).compactMap { change -> Note.ID? in
        guard case .attachment(let id, _) = SyncAttachmentPath(path: change.path) else {
          return nil
        }
        return id
      })
    merge.notesMerged = try await notesHeld(git, merged, among: ids)
    merge.keptHere = try keptNames(changedThere: theirs, notChangedIn: ours)
    merge.read(theirs: theirs, ours: ours)
    if merge.edits.values.contains(where: { $0 != nil }) {
      let folders = Set(
        merge.edits.keys.compactMap { path -> String? in
          guard case .attachment(let id, _) = SyncAttachmentPath(path: path) else { return nil }
          return SyncAttachmentPath.folder(of: id)
        })
      let files = try await attachmentFiles(git, merged, in: folders.sorted())
      merge.place(among: SyncAttachmentTree(files.keys))
    }
    report.skipped += merge.refused
    report.notices += merge.notices
    var commit = merged
    if !merge.edits.isEmpty {
      let top = try await GitTreeEntry.list(git, merged)
      if top.contains(where: { $0.name == folder && !$0.isFolder }) {
        report.notices.append(
          "attachments stay in this store: the remote's \(folder) is not a folder")
      } else {
        let tree = try await editedTree(git, merged, merge.edits)
        commit = try await mergeCommit(git, tree: tree, local: local, remote: remote)
      }
    }
    try await saveIncoming(git, merge.incoming, notesMerged: merge.notesMerged, report: &report)
    return MergeStep(commit: commit, tree: nil, merge: step.merge, skipped: step.skipped)
  }

  /// Which of some notes a commit holds a file of (`git ls-tree` of their paths; of the
  /// notes' whole folder, in one run, for more than a thousand).
  func notesHeld(_ git: GitProcess, _ commit: String, among ids: Set<Note.ID>)
    async throws -> Set<Note.ID>
  {
    var held = Set<Note.ID>()
    guard !ids.isEmpty else { return held }
    let paths =
      ids.count > 1_000
      ? [SyncDocument.notesFolder + "/"]
      : ids.map { SyncDocument.path(.note($0)) }.sorted()
    for start in stride(from: 0, to: paths.count, by: 1_000) {
      let chunk = Array(paths[start..<min(start + 1_000, paths.count)])
      let output = try await git.check(["ls-tree", "-z", "--full-tree", commit, "--"] + chunk)
      for entry in GitTreeEntry.parse(output.output) {
        if case .note(let id) = SyncDocument.kind(ofPath: entry.name), ids.contains(id) {
          held.insert(id)
        }
      }
    }
    return held
  }

  /// The paths of the files the remote changed, not this store, that the store keeps a file
  /// of the same name of: read by name, never by bytes.
  private func keptNames(changedThere theirs: [GitTreeChange], notChangedIn ours: [GitTreeChange])
    throws(SyncError) -> Set<String>
  {
    guard let kept = repository as? any NoteJournal else { return [] }
    let oursPaths = Set(ours.map(\.path))
    var names: [Note.ID: Set<String>] = [:]
    var paths = Set<String>()
    for change in theirs where change.old != nil && change.new != nil {
      guard !oursPaths.contains(change.path),
        case .attachment(let id, let name) = SyncAttachmentPath(path: change.path)
      else { continue }
      do {
        if names[id] == nil { names[id] = Set(try kept.attachments(ofNote: id).map(\.name)) }
      } catch {
        throw .store(error)
      }
      if names[id]?.contains(name) == true { paths.insert(change.path) }
    }
    return paths
  }

  /// Saves the remote's files the store takes: each checked for its size, then read a batch at
  /// a time and saved where the store keeps none of that name.
  private func saveIncoming(
    _ git: GitProcess, _ incoming: [AttachmentMerge.Incoming], notesMerged: Set<Note.ID>,
    report: inout SyncReport
  ) async throws {
    guard !incoming.isEmpty, let kept = repository as? any NoteJournal else { return }
    let sizes = try await GitBlobs.sizes(git, incoming.map(\.blob))
    var accepted: [AttachmentMerge.Incoming] = []
    var elsewhere: [Note.ID: Bool] = [:]
    for file in incoming {
      let path = SyncAttachmentPath.path(of: file.name, ofNote: file.id) ?? file.name
      guard let size = sizes[file.blob], size <= NoteAttachment.maximumBytes else {
        report.skipped.append(
          "\(path): larger than the \(NoteAttachment.maximumBytes) bytes an attachment may hold")
        continue
      }
      if !notesMerged.contains(file.id) {
        let known: Bool
        if let cached = elsewhere[file.id] {
          known = cached
        } else {
          known = try noteIsKept(file.id, in: kept)
          elsewhere[file.id] = known
        }
        guard known else {
          report.skipped.append("\(path): an attachment of a note that is nowhere")
          continue
        }
      }
      accepted.append(file)
    }
    var start = 0
    while start < accepted.count {
      try Task.checkCancellation()
      var end = start
      var bytes = 0
      while end < accepted.count, end == start || bytes < Self.attachmentBatchBytes {
        bytes += sizes[accepted[end].blob] ?? 0
        end += 1
      }
      let batch = accepted[start..<end]
      let blobs = try await GitBlobs.read(
        git, batch.map(\.blob), limit: NoteAttachment.maximumBytes)
      var changes: [RepositoryChange] = []
      for file in batch {
        guard let bytes = blobs[file.blob] else { continue }
        changes.append(
          .saveAttachment(NoteAttachment(name: file.name, bytes: bytes), forNote: file.id))
      }
      do {
        // Counted by name, no file's bytes read: a name the store keeps is never replaced.
        var new = 0
        for file in batch
        where try !kept.attachments(ofNote: file.id).contains(where: { $0.name == file.name }) {
          new += 1
        }
        try repository.commit(changes)
        report.attachmentsIn += new
      } catch {
        throw SyncError.store(error)
      }
      start = end
    }
  }

  /// Whether the store holds a note, saved, in its trash, or by files kept with it.
  private func noteIsKept(_ id: Note.ID, in kept: any NoteJournal) throws(SyncError) -> Bool {
    do {
      if try !kept.attachments(ofNote: id).isEmpty { return true }
      if let journaling = repository as? any SyncJournaling {
        let items = try journaling.journaledItems(noteIDs: [id], notebookIDs: [])
        if !items.notes.isEmpty || !items.unreadableNoteIDs.isEmpty { return true }
      } else if try repository.load().notes.contains(where: { $0.id == id }) {
        return true
      }
      return try kept.trashedNotes().contains { $0.id == id }
    } catch {
      throw .store(error)
    }
  }
}

/// The rules of a sync's merge of attachments, on the two sides' changes to their folder.
///
/// What the merged tree changes from the remote's, and which of the remote's files the store
/// takes (see ``GitNoteSyncer/mergeAttachments(_:local:remote:step:report:)``). Pure.
struct AttachmentMerge {
  /// A file of the remote's the store takes.
  struct Incoming: Equatable {
    /// Its note.
    var id: Note.ID
    /// Its name.
    var name: String
    /// Its blob.
    var blob: String
  }

  /// The notes the merged commit holds, among those the changes name.
  var notesMerged = Set<Note.ID>()
  /// The paths of the files the remote changed the bytes of, not this store, that the store
  /// keeps a file of the same name of.
  var keptHere = Set<String>()
  /// Each path the merged tree changes from the remote's: its entry, or `nil` to remove it.
  private(set) var edits: [String: GitTreeChange.Entry?] = [:]
  /// The files the store takes.
  private(set) var incoming: [Incoming] = []
  /// The remote's entries refused, each with why.
  private(set) var refused: [String] = []
  /// Names kept twice, each said.
  private(set) var notices: [String] = []

  /// Reads both sides' changes since the base.
  ///
  /// - Parameters:
  ///   - theirs: What the remote changed.
  ///   - ours: What this store changed.
  mutating func read(theirs: [GitTreeChange], ours: [GitTreeChange]) {
    let oursByPath = Dictionary(ours.map { ($0.path, $0) }) { first, _ in first }
    var theirPaths = Set<String>()
    for change in theirs.sorted(by: { $0.path < $1.path }) {
      theirPaths.insert(change.path)
      guard let reading = SyncAttachmentPath(path: change.path) else { continue }
      // What an entry is comes before its name: a link named `img` is a link.
      if let new = change.new, !new.isRegularFile {
        refused.append(
          "\(change.path): \(new.isSymbolicLink ? "a symbolic link" : "not a regular file")")
        continue
      }
      guard case .attachment(let id, let name) = reading else {
        if case .refused(let why) = reading, change.new != nil {
          refused.append("\(change.path): \(why)")
        }
        continue
      }
      let mine = oursByPath[change.path]
      switch (change.new, mine) {
      case (let their?, nil):
        if let old = change.old, old != their, keptHere.contains(change.path) {
          keepTheirsBeside(id: id, name: name, path: change.path, theirs: their)
        } else {
          incoming.append(Incoming(id: id, name: name, blob: their.object))
        }
      case (nil, nil):
        // Purged there: kept, as the base had it, while the note is kept.
        if notesMerged.contains(id), let old = change.old, old.isRegularFile {
          edits[change.path] = old
        }
      case (let their?, let mine?):
        guard let ours = mine.new, ours != their else {
          // Purged here, changed there: the remote's stays; the store takes it while the note
          // is kept. The same file on both sides: nothing to do.
          if mine.new == nil, notesMerged.contains(id) {
            incoming.append(Incoming(id: id, name: name, blob: their.object))
          }
          continue
        }
        keepBoth(id: id, name: name, path: change.path, ours: ours, theirs: their)
      case (nil, let mine?):
        // Purged there, added or kept here: this store's stays.
        if let ours = mine.new { edits[change.path] = ours }
      }
    }
    for change in ours where !theirPaths.contains(change.path) {
      guard case .attachment(let id, let name) = SyncAttachmentPath(path: change.path) else {
        continue
      }
      if let new = change.new {
        edits[change.path] = new
      } else if notesMerged.contains(id), let old = change.old, old.isRegularFile {
        // Purged here, while the merged notes keep the note: its files come back.
        incoming.append(Incoming(id: id, name: name, blob: old.object))
      } else {
        edits[change.path] = .some(nil)
      }
    }
  }

  /// A file the remote gave other bytes, of a name this store keeps: the remote's keeps the
  /// name in the tree and is kept under a name that says so too, which the store takes; the
  /// store's own stays under the name.
  private mutating func keepTheirsBeside(
    id: Note.ID, name: String, path: String, theirs: GitTreeChange.Entry
  ) {
    let theirName = SyncAttachmentPath.conflictName(name, blob: theirs.object)
    if let theirPath = SyncAttachmentPath.path(of: theirName, ofNote: id) {
      edits[theirPath] = theirs
    }
    incoming.append(Incoming(id: id, name: theirName, blob: theirs.object))
    notices.append(
      "\(path): changed on the remote; this store keeps its own, and the remote's as "
        + theirName)
  }

  /// Moves the files this side adds that collide with a file or folder of one name in the
  /// merged tree (a store holds `a.png` and `a.png/b.png`, a tree can't) to the names they
  /// yield to (``SyncAttachmentTree``), each said; one no name can hold is left out of the
  /// tree, kept in the store, and said.
  ///
  /// - Parameter tree: The merged commit's files in the folders of the notes edited.
  mutating func place(among tree: SyncAttachmentTree) {
    var tree = tree
    let removed = Set(edits.filter { $0.value == nil }.keys)
    tree = SyncAttachmentTree(tree.files.subtracting(removed))
    for (path, entry) in edits.sorted(by: { $0.key < $1.key }) {
      guard let entry, !tree.files.contains(path),
        case .attachment(let id, let name) = SyncAttachmentPath(path: path)
      else { continue }
      guard let place = tree.place(name, ofNote: id) else {
        edits[path] = nil
        notices.append(
          "\(path) stays in this store: the remote holds a file and a folder of names it could "
            + "take")
        continue
      }
      tree.insert(place.path)
      guard place.path != path else { continue }
      edits[path] = nil
      edits[place.path] = entry
      notices.append(
        "\(path): a file and a folder of one name; the remote keeps this one as \(place.name)")
    }
  }

  /// One name given different bytes on the two sides: the remote's keeps the name in the tree,
  /// and both are kept under names that say so; the store takes the remote's under its own.
  private mutating func keepBoth(
    id: Note.ID, name: String, path: String, ours: GitTreeChange.Entry,
    theirs: GitTreeChange.Entry
  ) {
    let ourName = SyncAttachmentPath.conflictName(name, blob: ours.object)
    let theirName = SyncAttachmentPath.conflictName(name, blob: theirs.object)
    for (kept, entry) in [(ourName, ours), (theirName, theirs)] {
      if let keptPath = SyncAttachmentPath.path(of: kept, ofNote: id) { edits[keptPath] = entry }
    }
    incoming.append(Incoming(id: id, name: theirName, blob: theirs.object))
    notices.append(
      "\(path): changed on both sides; this store's is kept as \(ourName), the other's as "
        + theirName)
  }
}
