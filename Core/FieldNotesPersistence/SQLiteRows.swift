import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

/// How notes and notebooks map to rows of the schema in ``SQLiteSchema``.
enum SQLiteRows {
  /// How a load reads note bodies.
  enum Bodies {
    /// Every body read now.
    case eager
    /// Bodies left in the store, read through the source when first needed; the load then reads
    /// each note's row number in their place.
    case deferred(DeferredTextSource)
  }

  static func library(from connection: SQLiteConnection, bodies: Bodies = .eager) throws
    -> NoteLibrary
  {
    var library = NoteLibrary()
    let notebooks = try connection.prepare(
      "SELECT id, name, symbol_name FROM notebooks ORDER BY rowid")
    while try notebooks.step() {
      library.notebooks.append(
        Notebook(
          id: try uuid(notebooks.text(at: 0), path: connection.path),
          name: notebooks.text(at: 1),
          symbolName: notebooks.text(at: 2)))
    }
    // The largest row number is read from the table's b-tree at once and is a close upper bound
    // on the count, so the array is allocated once.
    library.notes.reserveCapacity(
      min(try connection.integer("SELECT coalesce(max(rowid), 0) FROM notes"), 10_000_000))
    let bodyColumn =
      switch bodies {
      case .eager: "body"
      case .deferred: "rowid"
      }
    let notes = try connection.prepare(
      """
      SELECT id, title, \(bodyColumn), created_at, updated_at, notebook_id, tags, is_pinned
      FROM notes
      """)
    let path = connection.path
    while try notes.step() {
      guard let id = notes.uuid(at: 0) else {
        throw RepositoryError.corrupt(path: path, detail: "a note's identifier is not a UUID")
      }
      guard let tags = notes.withBytes(at: 6, TagsText.decode) else {
        throw RepositoryError.corrupt(path: path, detail: "a note's tags are not a list")
      }
      var notebookID: UUID?
      if !notes.isNull(at: 5) {
        guard let parsed = notes.uuid(at: 5) else {
          throw RepositoryError.corrupt(path: path, detail: "a note's notebook is not a UUID")
        }
        notebookID = parsed
      }
      var note = Note(
        id: id,
        title: notes.text(at: 1),
        createdAt: Date(timeIntervalSinceReferenceDate: notes.double(at: 3)),
        notebookID: notebookID,
        tags: tags,
        isPinned: notes.int(at: 7) != 0,
        updatedAt: Date(timeIntervalSinceReferenceDate: notes.double(at: 4)))
      switch bodies {
      case .eager: note.bodyText = NoteText(notes.text(at: 2))
      case .deferred(let source):
        note.bodyText = NoteText(deferredFrom: source, key: Int64(notes.int(at: 2)))
      }
      library.notes.append(note)
    }
    // Rows come in storage order, which is nearly always creation order; sorting here is cheaper
    // than asking SQLite to sort whole rows, bodies included.
    let loaded = library.notes
    let isOldestFirst = loaded.indices.dropFirst().allSatisfy { index in
      loaded[index - 1].createdAt < loaded[index].createdAt
    }
    if !isOldestFirst { library.notes.sort { isLater($1, $0) } }
    return library
  }

  /// Whether a note comes after another, oldest first, ties broken by identifier.
  private static func isLater(_ lhs: Note, _ rhs: Note) -> Bool {
    lhs.createdAt != rhs.createdAt
      ? lhs.createdAt > rhs.createdAt : lhs.id.uuidString > rhs.id.uuidString
  }

  static func write(_ change: RepositoryChange, to connection: SQLiteConnection) throws(SQLiteError)
  {
    switch change {
    case .saveNote(let note):
      let statement = try connection.prepare(
        """
        INSERT INTO notes (id, title, body, created_at, updated_at, notebook_id, tags, is_pinned)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (id) DO UPDATE SET
          title = excluded.title, body = excluded.body, created_at = excluded.created_at,
          updated_at = excluded.updated_at, notebook_id = excluded.notebook_id,
          tags = excluded.tags, is_pinned = excluded.is_pinned
        """)
      statement.bind(note.id.uuidString, at: 1)
      statement.bind(note.title, at: 2)
      // A body deferred to a snapshot that can no longer be read is never saved as empty text.
      guard let body = note.bodyText.textIfReadable else {
        throw SQLiteError(
          code: SQLITE_IOERR,
          message: "the body of \"\(note.title)\" could not be read back from the store")
      }
      statement.bind(body, at: 3)
      statement.bind(note.createdAt.timeIntervalSinceReferenceDate, at: 4)
      statement.bind(note.updatedAt.timeIntervalSinceReferenceDate, at: 5)
      if let notebookID = note.notebookID {
        statement.bind(notebookID.uuidString, at: 6)
      } else {
        statement.bindNull(at: 6)
      }
      statement.bind(TagsText.encode(note.tags), at: 7)
      statement.bind(note.isPinned ? 1 : 0, at: 8)
      try statement.run()
    case .deleteNote(let id):
      let statement = try connection.prepare("DELETE FROM notes WHERE id = ?1")
      statement.bind(id.uuidString, at: 1)
      try statement.run()
    case .saveNotebook(let notebook):
      let statement = try connection.prepare(
        """
        INSERT INTO notebooks (id, name, symbol_name) VALUES (?1, ?2, ?3)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, symbol_name = excluded.symbol_name
        """)
      statement.bind(notebook.id.uuidString, at: 1)
      statement.bind(notebook.name, at: 2)
      statement.bind(notebook.symbolName, at: 3)
      try statement.run()
    case .deleteNotebook(let id):
      let statement = try connection.prepare("DELETE FROM notebooks WHERE id = ?1")
      statement.bind(id.uuidString, at: 1)
      try statement.run()
    }
  }

  private static func uuid(_ text: String, path: String) throws(RepositoryError) -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw .corrupt(path: path, detail: "a row's identifier \"\(text.prefix(40))\" is not a UUID")
    }
    return id
  }
}
