import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - Committing what the journal names

  /// The most notes and notebooks a sync commits from the store's journal; a sync after more
  /// changes than that reads the whole library, as the first sync does.
  static let maximumJournaledChanges = 2_000

  /// Reads the store's journal, before anything else of the store is read: what it names is
  /// then all that changed since the mark, and anything written after is left in it.
  ///
  /// - Returns: The journal, or `nil` for a store that keeps none.
  /// - Throws: ``SyncError/store(_:)`` when it can't be read.
  func readJournal() throws(SyncError) -> SyncChanges? {
    guard let journaling = repository as? any SyncJournaling else { return nil }
    do { return try journaling.syncChanges() } catch { throw .store(error) }
  }

  /// Commits, on the folder's last commit, only the notes and notebooks the journal names,
  /// reading only those from the store.
  ///
  /// The last commit's tree changes only at their paths: FieldNotes' folders are listed as git
  /// keeps them and edited there, every other entry written back as it was; a path whose note
  /// is gone from the store loses its file only when that file reads as the note (a note the
  /// store can't read, or an entry that isn't a note's file, stays), as
  /// ``commitLocalChanges(_:_:)`` decides.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - journal: The journal, read before.
  /// - Returns: The commit that holds the store's notes (its tree not listed), or `nil` when
  ///   the journal can't say what changed since the folder's last commit — it doesn't start at
  ///   that commit, names a row by an identifier FieldNotes doesn't write, or names more than
  ///   ``maximumJournaledChanges`` — or a FieldNotes folder's name holds something else: the
  ///   whole library is read then.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func commitJournaledChanges(_ git: GitProcess, _ journal: SyncChanges) async throws
    -> LocalCommit?
  {
    guard let journaling = repository as? any SyncJournaling, let start = journal.start,
      !journal.hasForeignIdentifiers,
      journal.noteIDs.count + journal.notebookIDs.count <= Self.maximumJournaledChanges,
      let head = try await revision(git, "refs/heads/main"), head == start
    else { return nil }
    if journal.noteIDs.isEmpty && journal.notebookIDs.isEmpty {
      return LocalCommit(commit: head, tree: nil)
    }
    let items: JournaledItems
    do {
      items = try journaling.journaledItems(
        noteIDs: journal.noteIDs, notebookIDs: journal.notebookIDs)
    } catch {
      throw SyncError.store(error)
    }
    var saved: [(SyncDocument.Kind, Data)] = []
    for note in items.notes { saved.append((.note(note.id), SyncDocument.data(of: note))) }
    for notebook in items.notebooks {
      saved.append((.notebook(notebook.id), SyncDocument.data(of: notebook)))
    }
    let savedKinds = Set(saved.map(\.0))
    var gone = Set<SyncDocument.Kind>()
    for id in journal.noteIDs where !items.unreadableNoteIDs.contains(id) {
      if !savedKinds.contains(.note(id)) { gone.insert(.note(id)) }
    }
    for id in journal.notebookIDs where !savedKinds.contains(.notebook(id)) {
      gone.insert(.notebook(id))
    }
    var top = try await GitTreeEntry.list(git, head)
    for kind in savedKinds.union(gone) {
      let folder = Data(SyncTree.folder(of: kind).utf8)
      // What a project keeps under a FieldNotes folder's name: the whole way decides.
      if let entry = top.first(where: { $0.rawName == folder }), !entry.isFolder { return nil }
    }
    let written = try await GitObjectWriter.writeBlobs(git, saved.map(\.1))
    if let treeName = try await indexedTree(
      git, head: head, files: zip(saved.map(\.0), written).map { ($0, $1) }, gone: gone)
    {
      return try await commit(git, treeName, on: head)
    }
    var folders: [String: FolderEdit] = [:]
    for kind in savedKinds.union(gone) {
      let folder = SyncTree.folder(of: kind)
      if folders[folder] == nil {
        let entry = top.first { $0.rawName == Data(folder.utf8) }
        var listing = Data()
        if let entry { listing = try await git.check(["ls-tree", "-z", entry.object]).output }
        folders[folder] = FolderEdit(listing: listing)
      }
      folders[folder]?.names.insert(SyncTree.file("", for: kind).rawName)
    }
    for folder in folders.keys { folders[folder]?.split() }
    let removed = try await removedFiles(git, gone, folders)
    for ((kind, _), blob) in zip(saved, written) {
      folders[SyncTree.folder(of: kind)]?.add(SyncTree.file(blob, for: kind))
    }
    for kind in gone where !removed.contains(kind) {
      let name = SyncTree.file("", for: kind).rawName
      if let entry = folders[SyncTree.folder(of: kind)]?.previous[name] {
        folders[SyncTree.folder(of: kind)]?.add(entry)
      }
    }
    for (folder, edit) in folders.sorted(by: { $0.key < $1.key }) {
      top.removeAll { $0.rawName == Data(folder.utf8) }
      guard !edit.listing.isEmpty else { continue }
      let tree = try await git.check(["mktree", "-z"], input: edit.listing).text
        .trimmingCharacters(in: .newlines)
      top.append(.folder(tree, named: folder))
    }
    let treeName =
      try await GitObjectWriter.writeTrees(git, [top]).first ?? GitObjectWriter.emptyTree
    return try await commit(git, treeName, on: head)
  }

  /// The journal's last entry, when all the journal names is notes a merge saved in the store
  /// just now, each as the merged commit holds it.
  ///
  /// A mark recorded through it spares the next sync committing those notes again: reading
  /// them, writing their blobs and a tree, to find the tree is the commit's. The journal is
  /// read before the notes, so an edit made meanwhile either shows in them, and nothing is
  /// spared, or comes after the position, and stays in the journal.
  ///
  /// - Parameter results: The merge's files.
  /// - Returns: The position, or `nil` when the journal names anything else (a notebook, an
  ///   attachment, a note the merge deleted or the store holds otherwise) or can't be read.
  func journalPosition(holdingOnly results: [SyncDocument.Kind: Data?]) -> Int? {
    guard let journaling = repository as? any SyncJournaling,
      let journal = try? journaling.syncChanges(), !journal.hasForeignIdentifiers,
      journal.notebookIDs.isEmpty, journal.attachmentNoteIDs.isEmpty,
      let items = try? journaling.journaledItems(noteIDs: journal.noteIDs, notebookIDs: []),
      items.unreadableNoteIDs.isEmpty, items.notes.count == journal.noteIDs.count
    else { return nil }
    for note in items.notes {
      guard case .some(.some(let data)) = results[.note(note.id)],
        data == SyncDocument.data(of: note)
      else { return nil }
    }
    return journal.position
  }

  /// Commits a tree on the folder's last commit, unless it is that commit's tree.
  private func commit(_ git: GitProcess, _ treeName: String, on head: String) async throws
    -> LocalCommit
  {
    if try await revision(git, "\(head)^{tree}") == treeName {
      return LocalCommit(commit: head, tree: nil)
    }
    let commit = try await git.check(
      ["commit-tree", treeName, "-m", "FieldNotes: changes made here", "-p", head]
    ).text.trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit, head])
    return LocalCommit(commit: commit, tree: nil)
  }

  /// The last commit's tree with the changed files replaced, built in a temporary index
  /// (`read-tree`, `update-index --index-info`, `write-tree`): git holds the folders' entries,
  /// FieldNotes only the changed ones, whatever the library's size.
  ///
  /// An index can't hold everything a tree can (an empty folder, an old file mode, a name git
  /// refuses to check out), so the tree written is compared with the last commit's
  /// (`diff-tree -r -t`): one that differs anywhere but at the changed paths and their folders
  /// is not used.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - head: The folder's last commit.
  ///   - files: The files of the notes and notebooks saved, with their blobs.
  ///   - gone: The notes and notebooks gone from the store.
  /// - Returns: The tree, or `nil` when the index can't make it: the folders' listings are
  ///   edited instead.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails to list or read what the
  ///   last commit holds, `CancellationError`.
  private func indexedTree(
    _ git: GitProcess, head: String, files: [(SyncDocument.Kind, String)],
    gone: Set<SyncDocument.Kind>
  ) async throws -> String? {
    var previous: [(SyncDocument.Kind, GitTreeEntry)] = []
    if !gone.isEmpty {
      let listed = try await git.check(
        ["ls-tree", "-z", "--full-tree", head, "--"] + gone.map(SyncDocument.path))
      for entry in GitTreeEntry.parse(listed.output) {
        if let kind = SyncDocument.kind(ofPath: entry.name), gone.contains(kind) {
          previous.append((kind, entry))
        }
      }
    }
    let candidates = previous.filter { $0.1.isRegularFile }
    let blobs = try await GitBlobs.read(
      git, candidates.map(\.1.object), limit: SyncDocument.maximumFileBytes)
    var lines: [UInt8] = []
    var paths = Set(SyncTree.folderNames)
    for (kind, blob) in files {
      lines += Array("\(GitTreeEntry.fileMode) blob \(blob)\t\(SyncDocument.path(kind))".utf8) + [0]
      paths.insert(SyncDocument.path(kind))
    }
    for (kind, entry) in candidates where Self.isReadable(blobs[entry.object], as: kind) {
      let none = String(repeating: "0", count: entry.object.count)
      lines += Array("0 \(none)\t\(SyncDocument.path(kind))".utf8) + [0]
      paths.insert(SyncDocument.path(kind))
    }
    let index = "\(gitDirectory)/fieldnotes/index-\(UUID().uuidString)"
    defer { for path in [index, index + ".lock"] { unlink(path) } }
    guard try await git.run(["read-tree", head], indexFile: index).status == 0,
      try await git.run(
        ["update-index", "-z", "--index-info"], input: Data(lines), indexFile: index
      ).status == 0
    else { return nil }
    let written = try await git.run(["write-tree"], indexFile: index)
    guard written.status == 0 else { return nil }
    let tree = written.text.trimmingCharacters(in: .newlines)
    let changes = try await GitTreeChange.list(git, from: head, to: tree, folders: true)
    return changes.allSatisfy { paths.contains($0.path) } ? tree : nil
  }

  /// Which of the files of notes and notebooks gone from the store go from the tree: those
  /// that read as the note or notebook their names say.
  private func removedFiles(
    _ git: GitProcess, _ gone: Set<SyncDocument.Kind>, _ folders: [String: FolderEdit]
  ) async throws -> Set<SyncDocument.Kind> {
    var candidates: [(SyncDocument.Kind, String)] = []
    for kind in gone {
      let name = SyncTree.file("", for: kind).rawName
      guard let entry = folders[SyncTree.folder(of: kind)]?.previous[name], entry.isRegularFile
      else { continue }
      candidates.append((kind, entry.object))
    }
    let blobs = try await GitBlobs.read(
      git, candidates.map(\.1), limit: SyncDocument.maximumFileBytes)
    var removed = Set<SyncDocument.Kind>()
    for (kind, object) in candidates where Self.isReadable(blobs[object], as: kind) {
      removed.insert(kind)
    }
    return removed
  }
}

/// One of FieldNotes' folders as a journaled commit edits it: its listing as git gave it, less
/// the entries at the paths that changed, plus their new entries.
struct FolderEdit {
  /// The entries, as `git ls-tree -z` lists them and `git mktree -z` reads them.
  var listing: Data
  /// The names of the files that changed.
  var names = Set<Data>()
  /// The entries the listing had under those names.
  var previous: [Data: GitTreeEntry] = [:]

  /// Takes the entries under ``names`` out of ``listing`` into ``previous``; every other
  /// entry's bytes stay as they are.
  mutating func split() {
    var kept = Data()
    kept.reserveCapacity(listing.count)
    var start = listing.startIndex
    while start < listing.endIndex {
      let end = listing[start...].firstIndex(of: 0) ?? listing.endIndex
      let record = listing[start..<end]
      start = min(end + 1, listing.endIndex)
      if let tab = record.firstIndex(of: UInt8(ascii: "\t")),
        names.contains(Data(record[(tab + 1)...]))
      {
        if let entry = GitTreeEntry.parse(Data(record)).first {
          previous[entry.rawName] = entry
        }
        continue
      }
      kept += record
      kept.append(0)
    }
    listing = kept
  }

  /// Adds an entry.
  mutating func add(_ entry: GitTreeEntry) { listing += entry.line }
}
