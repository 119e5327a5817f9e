import FieldNotesModel
import FieldNotesServices
import Foundation

extension SQLiteNoteRepository: SyncJournaling {
  /// What version 13 makes: the journal of the notes and notebooks written since the sync mark
  /// (see ``FieldNotesServices/SyncJournaling``), kept by triggers on every write, FieldNotes'
  /// own or another program's, and the commit it starts at.
  ///
  /// A row per write, holding the identifier as the row has it (kind 0 a note, 1 a notebook);
  /// a change of identifier journals both. A note's update journals only a change to what its
  /// file holds (not to its title key). Nothing is journaled until a sync first reads the
  /// journal, which gives `sync_journal_start` its row: a store that never syncs pays a check
  /// per write and keeps no journal. The row's commit is `NULL` until a sync records its mark
  /// with the journal: a store just upgraded, or never synced, syncs its whole library once.
  static let syncJournalCreation = """
    CREATE TABLE IF NOT EXISTS sync_journal (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      kind INTEGER NOT NULL,
      id TEXT
    );
    CREATE TABLE IF NOT EXISTS sync_journal_start (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      value TEXT
    );
    CREATE TRIGGER IF NOT EXISTS sync_journal_note_insert AFTER INSERT ON notes
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (0, new.id);
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_note_update
    AFTER UPDATE OF id, title, body, created_at, updated_at, notebook_id, tags, is_pinned,
      conflict_of ON notes
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (0, new.id);
      INSERT INTO sync_journal (kind, id) SELECT 0, old.id WHERE old.id IS NOT new.id;
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_note_delete AFTER DELETE ON notes
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (0, old.id);
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_notebook_insert AFTER INSERT ON notebooks
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (1, new.id);
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_notebook_update AFTER UPDATE ON notebooks
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (1, new.id);
      INSERT INTO sync_journal (kind, id) SELECT 1, old.id WHERE old.id IS NOT new.id;
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_notebook_delete AFTER DELETE ON notebooks
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (1, old.id);
    END;
    """

  /// What version 17 makes: the journal's trigger on a note's update, made again to name a
  /// change of the note's properties alone too, which its file holds as well; version 13's
  /// left it out, so another program's edit of a property alone went unsynced.
  static let syncJournalPropertiesCreation = """
    DROP TRIGGER IF EXISTS sync_journal_note_update;
    CREATE TRIGGER sync_journal_note_update
    AFTER UPDATE OF id, title, body, created_at, updated_at, notebook_id, tags, is_pinned,
      conflict_of, properties ON notes
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (0, new.id);
      INSERT INTO sync_journal (kind, id) SELECT 0, old.id WHERE old.id IS NOT new.id;
    END;
    """

  /// What version 18 makes: the journal names a note whose attachments were kept or purged
  /// (kind 2, the note's identifier), so a sync carries its files (see `SQLiteAttachments`).
  ///
  /// An attachment is never replaced, only added and purged with its note; a change of its
  /// row's note or name, which FieldNotes never makes, journals both notes.
  static let syncJournalAttachmentsCreation = """
    CREATE TRIGGER IF NOT EXISTS sync_journal_attachment_insert AFTER INSERT ON note_attachments
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (2, new.note_id);
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_attachment_update AFTER UPDATE ON note_attachments
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (2, new.note_id);
      INSERT INTO sync_journal (kind, id) SELECT 2, old.note_id
        WHERE old.note_id IS NOT new.note_id;
    END;
    CREATE TRIGGER IF NOT EXISTS sync_journal_attachment_delete AFTER DELETE ON note_attachments
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (2, old.note_id);
    END;
    """

  /// Whether the journal names the notes whose attachments change (version 18).
  static func journalsAttachments(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
        + "AND name = 'sync_journal_attachment_insert'") > 0
  }

  /// Whether the journal's trigger on a note's update names its properties (version 17).
  static func journalsProperties(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
        + "AND name = 'sync_journal_note_update' AND sql LIKE '%properties%'") > 0
  }

  /// The table version 13 makes, which a store one version older doesn't have.
  static let syncJournalTable = "sync_journal"

  /// Reads the journal, first turning it on where it is off (a store's first sync), in one
  /// transaction: every write after is journaled.
  ///
  /// - Returns: The notes and notebooks it names, the commit it starts at, and its last entry.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be read or turned on.
  public func syncChanges() throws(RepositoryError) -> SyncChanges {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> SyncChanges in
      var changes = SyncChanges(start: nil, position: 0)
      do throws(SQLiteError) {
        try connection.inTransaction { () throws(SQLiteError) in
          try connection.execute(
            "INSERT OR IGNORE INTO sync_journal_start (id, value) VALUES (1, NULL)")
          changes = try Self.journal(in: connection)
        }
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
      return changes
    }
  }

  /// What the journal holds.
  private static func journal(in connection: SQLiteConnection) throws(SQLiteError)
    -> SyncChanges
  {
    let position = try connection.integer("SELECT coalesce(max(position), 0) FROM sync_journal")
    let start = try connection.cached("SELECT value FROM sync_journal_start WHERE id = 1")
    defer { start.reset() }
    let commit = try start.step() && !start.isNull(at: 0) ? start.text(at: 0) : nil
    var changes = SyncChanges(start: commit, position: position)
    let rows = try connection.cached(
      "SELECT DISTINCT kind, id FROM sync_journal WHERE position <= ?1")
    defer { rows.reset() }
    rows.bind(position, at: 1)
    while try rows.step() {
      let text = rows.isNull(at: 1) ? "" : rows.text(at: 1)
      // Only an identifier as FieldNotes writes it is looked up as one.
      guard let id = UUID(uuidString: text), id.uuidString == text else {
        changes.hasForeignIdentifiers = true
        continue
      }
      switch rows.int(at: 0) {
      case 0: changes.noteIDs.insert(id)
      case 2: changes.attachmentNoteIDs.insert(id)
      default: changes.notebookIDs.insert(id)
      }
    }
    return changes
  }

  /// Reads the notes and notebooks a journal names, in one read.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes.
  ///   - notebookIDs: The notebooks.
  /// - Returns: Those saved, and the notes whose rows can't be read.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func journaledItems(noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>)
    throws(RepositoryError) -> JournaledItems
  {
    try read { connection in
      try Self.items(noteIDs: noteIDs, notebookIDs: notebookIDs, in: connection)
    }
  }

  /// Reads some notes and notebooks and saves changes computed from them in one transaction,
  /// taken before the read (`BEGIN IMMEDIATE`), so no other writer comes in between.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes read.
  ///   - notebookIDs: The notebooks read.
  ///   - transform: Returns the changes to save, given those notes and notebooks.
  /// - Throws: ``FieldNotesServices/RepositoryError``; nothing was saved then.
  public func update(
    noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>,
    _ transform: (JournaledItems) -> [RepositoryChange]
  ) throws(RepositoryError) {
    try update(
      reading: { connection in
        try Self.items(noteIDs: noteIDs, notebookIDs: notebookIDs, in: connection)
      }, transform)
  }

  /// Reads the saved notes a page at a time, in the order of their rows.
  ///
  /// - Parameters:
  ///   - position: The row the last page ended at, or `nil` for the first page.
  ///   - limit: The most rows a page reads.
  /// - Returns: The page's readable notes and unreadable rows' identifiers, and the row it
  ///   ended at: `nil` after the last page.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func notes(after position: Int?, limit: Int) throws(RepositoryError) -> (
    items: JournaledItems, next: Int?
  ) {
    try read { connection in
      var items = JournaledItems(notes: [], unreadableNoteIDs: [], notebooks: [])
      let rows = try connection.cached(
        "SELECT \(SQLiteRows.noteColumns), notes.rowid FROM notes WHERE notes.rowid > ?1 "
          + "ORDER BY notes.rowid LIMIT ?2")
      defer { rows.reset() }
      rows.bind(position ?? Int.min, at: 1)
      rows.bind(limit, at: 2)
      var count = 0
      var last = position
      while try rows.step() {
        count += 1
        last = rows.int(at: rows.columnCount - 1)
        var unreadable: [UnreadableNote] = []
        if let note = SQLiteRows.note(from: rows, unreadable: &unreadable) {
          items.notes.append(note)
        } else {
          items.unreadableNoteIDs.formUnion(unreadable.compactMap(\.id))
        }
      }
      return (items, count < limit ? nil : last)
    }
  }

  /// The names of the attachments of every note the store holds, without their bytes.
  ///
  /// - Returns: Each note's attachments' names, for the notes that have any; a row whose note
  ///   identifier FieldNotes doesn't write is left out.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func attachmentNames() throws(RepositoryError) -> [Note.ID: [String]] {
    try read { connection in
      let rows = try connection.cached(
        "SELECT note_id, name FROM note_attachments AS a "
          + "WHERE EXISTS (SELECT 1 FROM notes WHERE notes.id = a.note_id) ORDER BY note_id, name")
      defer { rows.reset() }
      var names: [Note.ID: [String]] = [:]
      while try rows.step() {
        guard let id = rows.uuid(at: 0) else { continue }
        names[id, default: []].append(rows.text(at: 1))
      }
      return names
    }
  }

  /// Reads the notes and notebooks of some identifiers on a connection.
  private static func items(
    noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>, in connection: SQLiteConnection
  ) throws -> JournaledItems {
    var items = JournaledItems(notes: [], unreadableNoteIDs: [], notebooks: [])
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE id = ?1")
    for id in noteIDs {
      defer { statement.reset() }
      statement.bind(id, at: 1)
      guard try statement.step() else { continue }
      var unreadable: [UnreadableNote] = []
      if let note = SQLiteRows.note(from: statement, unreadable: &unreadable) {
        items.notes.append(note)
      } else {
        items.unreadableNoteIDs.insert(id)
      }
    }
    if !notebookIDs.isEmpty {
      items.notebooks = try SQLiteRows.notebooks(from: connection).filter {
        notebookIDs.contains($0.id)
      }
    }
    return items
  }

  /// Records the store's sync mark, and empties the journal up to a position, in one
  /// transaction.
  ///
  /// - Parameters:
  ///   - commit: The commit the store's notes now descend from.
  ///   - position: The journal's last entry the commit holds.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be written.
  public func recordSyncMark(_ commit: String, journalThrough position: Int)
    throws(RepositoryError)
  {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try connection.inTransaction { () throws(SQLiteError) in
          let mark = try connection.cached(
            "INSERT OR REPLACE INTO sync_mark (id, value) VALUES (1, ?1)")
          mark.bind(commit, at: 1)
          try mark.run()
          let emptied = try connection.cached("DELETE FROM sync_journal WHERE position <= ?1")
          emptied.bind(position, at: 1)
          try emptied.run()
          let start = try connection.cached(
            "INSERT OR REPLACE INTO sync_journal_start (id, value) VALUES (1, ?1)")
          start.bind(commit, at: 1)
          try start.run()
        }
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }
}
