import FieldNotesModel
import FieldNotesServices
import Synchronization

/// A read transaction held open on a connection of its own, so the bodies of a loaded library
/// can be read later exactly as they were when it was loaded.
///
/// In WAL mode a reader keeps its snapshot while other connections, in this process or another,
/// commit; so a body read an hour after the load is the body the load saw, even if the note has
/// been edited or deleted since. The transaction ends when the last note read from it is gone or
/// when every body has been read (see ``FieldNotesModel/DeferredTextSource``). While it is open,
/// SQLite can't reset the WAL file, which therefore grows by what is written meanwhile; a search
/// reads every body and so ends it.
final class SQLiteSnapshot: Sendable {
  private struct Reader {
    var connection: SQLiteConnection
    var body: SQLiteStatement?
  }

  private let reader: Mutex<Reader>

  /// Opens a connection to the store and begins its read transaction.
  ///
  /// The snapshot itself is taken by the first read, which is the load in ``library()``.
  init(path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
    let connection = try SQLiteConnection(path: path, readOnly: false)
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    try connection.execute("BEGIN")
    reader = Mutex(Reader(connection: connection))
  }

  deinit {
    reader.withLock { reader in
      reader.body = nil
      try? reader.connection.execute("ROLLBACK")
    }
  }

  /// Reads every notebook and note, each note's body left to be read when first needed.
  ///
  /// Once a quarter of the bodies (at most 1,024) have been read one at a time, the rest are read
  /// in one pass: a list reads a screenful, a search reads them all.
  func library() throws -> NoteLibrary {
    try reader.withLock { reader in
      let rows = try reader.connection.integer("SELECT coalesce(max(rowid), 0) FROM notes")
      let source = DeferredTextSource(
        bulkThreshold: min(1_024, rows / 4 + 1),
        readOne: { [self] row in body(ofRow: row) },
        readAll: { [self] in allBodies() })
      return try SQLiteRows.library(from: reader.connection, bodies: .deferred(source))
    }
  }

  private func body(ofRow row: Int64) -> String? {
    reader.withLock { reader in
      do throws(SQLiteError) {
        let statement: SQLiteStatement
        if let prepared = reader.body {
          statement = prepared
        } else {
          statement = try reader.connection.prepare("SELECT body FROM notes WHERE rowid = ?1")
          reader.body = statement
        }
        defer { statement.reset() }
        statement.bind(Int(row), at: 1)
        guard try statement.step() else { return nil }
        return statement.text(at: 0)
      } catch {
        return nil
      }
    }
  }

  private func allBodies() -> [Int64: String]? {
    reader.withLock { reader in
      do throws(SQLiteError) {
        let statement = try reader.connection.prepare("SELECT rowid, body FROM notes")
        var bodies: [Int64: String] = [:]
        while try statement.step() {
          bodies[Int64(statement.int(at: 0))] = statement.text(at: 1)
        }
        return bodies
      } catch {
        return nil
      }
    }
  }
}
