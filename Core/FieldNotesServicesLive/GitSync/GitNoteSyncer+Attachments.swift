import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - Attachments: committing

  /// How many bytes of attachments a sync holds at a time, writing them into git or reading
  /// them from it.
  static let attachmentBatchBytes = 32 << 20

  /// Commits, on top of this store's commit, the attachments the store keeps that the commit
  /// doesn't hold, and removes those of notes the store purged (see ``SyncAttachmentPath``).
  ///
  /// Only the attachments of notes the commit holds as saved notes (`notes/ID.md`) are added:
  /// a note in this store's trash never puts its files back in the tree (trashing leaves what
  /// the tree holds), so a note purged elsewhere stays purged. A file whose name collides with
  /// a file or folder the tree holds is added under the name it yields to
  /// (``SyncAttachmentTree``), said in the report.
  ///
  /// After a commit from the journal, only the notes the journal names are looked at: those
  /// whose attachments were kept or purged, and those written (a note restored from the trash
  /// brings its files back). Otherwise every note the store holds is (its attachments' names,
  /// never their bytes, but for those the commit lacks), and nothing is removed: a file the
  /// commit holds and the store lacks may be one it never received. The files' bytes are read
  /// one at a time and written into git a batch at a time.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - local: This store's commit.
  ///   - journal: The journal the commit was made from, or `nil` when it was made from the
  ///     whole store.
  ///   - report: Told how many files went out, and what was left here.
  /// - Returns: The commit holding them too (its tree not listed), or `local` when nothing
  ///   changed.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func commitAttachments(
    _ git: GitProcess, _ local: LocalCommit, journal: SyncChanges?, report: inout SyncReport
  ) async throws -> LocalCommit {
    guard let journaling = repository as? any SyncJournaling,
      let kept = repository as? any NoteJournal, let head = local.commit
    else { return local }
    var names: [Note.ID: [String]] = [:]
    let purged: Set<Note.ID>
    do {
      if let journal {
        let ids = journal.attachmentNoteIDs.union(journal.noteIDs)
        guard !ids.isEmpty else { return local }
        for id in ids {
          let entries = try kept.attachments(ofNote: id)
          if !entries.isEmpty { names[id] = entries.map(\.name) }
        }
        purged = journal.attachmentNoteIDs.filter { names[$0] == nil }
        if names.isEmpty && purged.isEmpty { return local }
      } else {
        names = try journaling.attachmentNames()
        purged = []
        if names.isEmpty { return local }
      }
    } catch {
      throw SyncError.store(error)
    }
    guard try await attachmentsFolderIsUsable(git, head, report: &report) else { return local }
    let saved = try await notesHeld(git, head, among: Set(names.keys))
    names = names.filter { saved.contains($0.key) }
    if names.isEmpty && purged.isEmpty { return local }
    let folders =
      journal == nil ? [] : Set(names.keys).union(purged).map(SyncAttachmentPath.folder)
    let held = try await attachmentFiles(git, head, in: folders)
    var placing = SyncAttachmentTree(held.keys)
    var edits: [String: GitTreeChange.Entry?] = [:]
    for (path, entry) in held {
      guard case .attachment(let id, _) = SyncAttachmentPath(path: path), purged.contains(id),
        entry.isRegularFile
      else { continue }
      edits[path] = .some(nil)
    }
    var missing: [(id: Note.ID, name: String, path: String)] = []
    let listed = names.flatMap { id, list in list.map { (id: id, name: $0) } }
    let wanted = listed.compactMap { file -> (id: Note.ID, name: String, path: String)? in
      guard let path = SyncAttachmentPath.path(of: file.name, ofNote: file.id) else {
        report.notices.append(
          "attachment \(file.name) of note \(file.id.uuidString.lowercased()) stays here: "
            + "no path can hold its name")
        return nil
      }
      return (file.id, file.name, path)
    }
    for file in wanted.sorted(by: { $0.path < $1.path }) where held[file.path] == nil {
      guard let place = placing.place(file.name, ofNote: file.id) else {
        report.notices.append(
          "\(file.path) stays here: the remote holds a file and a folder of names it could take")
        continue
      }
      guard !placing.files.contains(place.path) else { continue }
      if place.path != file.path {
        report.notices.append(
          "\(file.path): a file and a folder of one name; the remote keeps this one as "
            + place.name)
      }
      placing.insert(place.path)
      missing.append((file.id, file.name, place.path))
    }
    var batch: [(path: String, bytes: Data)] = []
    var batchBytes = 0
    let ordered = missing.sorted { $0.path < $1.path }
    for (position, file) in ordered.enumerated() {
      try Task.checkCancellation()
      let attachment: NoteAttachment?
      do { attachment = try kept.attachment(named: file.name, ofNote: file.id) } catch {
        throw SyncError.store(error)
      }
      if let attachment {
        batch.append((file.path, attachment.bytes))
        batchBytes += attachment.bytes.count
      }
      guard !batch.isEmpty, batchBytes >= Self.attachmentBatchBytes || position == ordered.count - 1
      else { continue }
      let blobs = try await GitObjectWriter.writeBlobs(git, batch.map(\.bytes))
      for ((path, _), blob) in zip(batch, blobs) {
        edits[path] = GitTreeChange.Entry(mode: GitTreeEntry.fileMode, object: blob)
      }
      report.attachmentsOut += batch.count
      batch = []
      batchBytes = 0
    }
    guard !edits.isEmpty else { return local }
    let tree = try await editedTree(git, head, edits)
    let commit = try await git.check(
      ["commit-tree", tree, "-m", "FieldNotes: attachments kept here", "-p", head]
    ).text.trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit, head])
    return LocalCommit(commit: commit, tree: nil)
  }

  /// Whether the attachments' folder can be written in a commit's tree: it is missing, or a
  /// folder; something else of that name at the top (a project's own file) is never replaced,
  /// and the attachments stay in the store, said in the report.
  private func attachmentsFolderIsUsable(
    _ git: GitProcess, _ commit: String, report: inout SyncReport
  ) async throws -> Bool {
    let top = try await GitTreeEntry.list(git, commit)
    guard let entry = top.first(where: { $0.name == SyncAttachmentPath.folder }), !entry.isFolder
    else { return true }
    report.notices.append(
      "attachments stay in this store: the remote's \(SyncAttachmentPath.folder) is not a folder")
    return false
  }

  /// The files under the attachments' folder of a commit, or under some of its notes' folders,
  /// by path (`git ls-tree -r`: folders are walked, links and submodules listed as they are).
  func attachmentFiles(_ git: GitProcess, _ commit: String, in folders: [String])
    async throws -> [String: GitTreeChange.Entry]
  {
    let paths = folders.isEmpty ? [SyncAttachmentPath.folder + "/"] : folders.map { $0 + "/" }
    var files: [String: GitTreeChange.Entry] = [:]
    // Many notes' folders are listed a thousand at a time, within any system's argument limit.
    for start in stride(from: 0, to: paths.count, by: 1_000) {
      let chunk = Array(paths[start..<min(start + 1_000, paths.count)])
      let output = try await git.check(
        ["ls-tree", "-r", "-z", "--full-tree", commit, "--"] + chunk)
      for entry in GitTreeEntry.parse(output.output) {
        files[entry.name] = GitTreeChange.Entry(mode: entry.mode, object: entry.object)
      }
    }
    return files
  }

  /// A tree: a commit's, with some paths' entries replaced or removed, built in a temporary
  /// index (``indexedTree(_:_:_:)``), or folder by folder where an index can't hold the
  /// commit's tree.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - commit: The commit (or tree) whose tree is edited.
  ///   - edits: Each path's new entry, or `nil` to remove it.
  /// - Returns: The tree's object name.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func editedTree(_ git: GitProcess, _ commit: String, _ edits: [String: GitTreeChange.Entry?])
    async throws -> String
  {
    // An index can't hold every tree a remote may push (a folder named `..`, which git's own
    // commands refuse): such a tree is edited folder by folder instead.
    if let tree = try await indexedTree(git, commit, edits) { return tree }
    return try await editedFolder(git, "\(commit)^{tree}", [], edits)
  }

  /// A commit's tree with some paths' entries replaced or removed, written through a temporary
  /// index (`read-tree`, `update-index --index-info`, `write-tree`): the one way a sync edits
  /// a tree in place, for the notes' merge and the attachments' alike.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - commit: The commit whose tree is edited.
  ///   - edits: Each path's new entry, or `nil` to remove it.
  /// - Returns: The tree's object name; `nil` when git refused the tree or an edit.
  /// - Throws: `CancellationError`, or an error starting git.
  func indexedTree(_ git: GitProcess, _ commit: String, _ edits: [String: GitTreeChange.Entry?])
    async throws -> String?
  {
    var lines: [UInt8] = []
    let none = String(repeating: "0", count: commit.count)
    for (path, entry) in edits.sorted(by: { $0.key < $1.key }) {
      try Task.checkCancellation()
      if let entry {
        let type = entry.mode == "160000" ? "commit" : "blob"
        lines += Array("\(entry.mode) \(type) \(entry.object)\t\(path)".utf8) + [0]
      } else {
        lines += Array("0 \(none)\t\(path)".utf8) + [0]
      }
    }
    let index = "\(gitDirectory)/fieldnotes/index-\(UUID().uuidString)"
    defer { for path in [index, index + ".lock"] { unlink(path) } }
    guard try await git.run(["read-tree", commit], indexFile: index).status == 0,
      try await git.run(
        ["update-index", "-z", "--index-info"], input: Data(lines), indexFile: index
      )
      .status == 0
    else { return nil }
    let output = try await git.run(["write-tree"], indexFile: index)
    guard output.status == 0 else { return nil }
    return output.text.trimmingCharacters(in: .newlines)
  }

  /// A folder's tree with the edits under it made, written folder by folder with `git mktree`:
  /// every entry not edited is written back as it is, whatever its name.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - tree: The folder's tree, or `nil` for a folder not there yet.
  ///   - folder: The folder's path from the top, as its parts.
  ///   - edits: Each path's new entry, or `nil` to remove it.
  /// - Returns: The tree's object name; the empty tree's for a folder left empty.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  private func editedFolder(
    _ git: GitProcess, _ tree: String?, _ folder: [String],
    _ edits: [String: GitTreeChange.Entry?]
  ) async throws -> String {
    var entries: [Data: GitTreeEntry] = [:]
    if let tree {
      for entry in try await GitTreeEntry.list(git, tree) { entries[entry.rawName] = entry }
    }
    var below: [String: [String: GitTreeChange.Entry?]] = [:]
    for (path, entry) in edits {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count > folder.count, Array(parts.prefix(folder.count)) == folder else {
        continue
      }
      let name = parts[folder.count]
      if parts.count == folder.count + 1 {
        entries[Data(name.utf8)] =
          entry.map {
            GitTreeEntry(
              mode: $0.mode, type: $0.mode == "160000" ? "commit" : "blob", object: $0.object,
              rawName: Data(name.utf8))
          }
      } else {
        below[name, default: [:]][path] = entry
      }
    }
    for (name, edits) in below {
      let existing = entries[Data(name.utf8)].flatMap { $0.isFolder ? $0.object : nil }
      let written = try await editedFolder(git, existing, folder + [name], edits)
      entries[Data(name.utf8)] =
        written == GitObjectWriter.emptyTree ? nil : .folder(written, named: name)
    }
    return try await GitObjectWriter.writeTrees(git, [Array(entries.values)]).first
      ?? GitObjectWriter.emptyTree
  }
}
