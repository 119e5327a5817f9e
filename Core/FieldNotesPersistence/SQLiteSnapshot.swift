import FieldNotesModel
import FieldNotesServices
import Foundation
import Synchronization

/// A read transaction held open on a connection of its own, so the bodies of a loaded library
/// can be read later exactly as they were when it was loaded.
///
/// In WAL mode a reader keeps its snapshot while other connections, in this process or another,
/// commit; so a body read an hour after the load is the body the load saw, even if the note has
/// been edited or deleted since. The transaction ends when the last note read from it is gone,
/// or, for a library of up to ``largestLibraryReadWhole`` notes, when every body has been read
/// (see ``FieldNotesModel/DeferredTextSource``). While it is open, SQLite can't reset the WAL
/// file, which therefore grows by what is written meanwhile, until the next reload.
final class SQLiteSnapshot: Sendable {
  private struct Reader {
    var connection: SQLiteConnection
    var body: SQLiteStatement?
  }

  private let reader: Mutex<Reader>

  /// The most notes whose bodies are ever all read into memory (about 20 MB of text).
  static let largestLibraryReadWhole = 20_000

  private let path: String
  private let busyTimeoutMilliseconds: Int32

  /// Opens a connection to the store and begins its read transaction.
  ///
  /// The snapshot itself is taken by the first read, in ``library(writer:parallelFrom:)``.
  init(path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
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
  /// A large store is read by two connections at once, each taking half the rows. They must see
  /// the same snapshot, so both start reading while `writer` holds the write lock, which no
  /// commit can happen without; the lock is let go before the rows are read. Where the lock
  /// can't be had at once (another process is writing, or the file is read-only), one
  /// connection reads everything rather than wait.
  ///
  /// In a library of up to ``largestLibraryReadWhole`` notes, once a quarter of the bodies (at
  /// most 1,024) have been read one at a time, the rest are read in one pass. A larger library's
  /// bodies are read one at a time, as they are shown, and only the latest 4,096 are kept.
  ///
  /// - Parameters:
  ///   - writer: The repository's own connection, not in a transaction.
  ///   - parallelThreshold: The fewest notes read by two connections.
  /// - Returns: The library, notes oldest first.
  /// - Throws: `SQLiteError` when the file can't be read, or
  ///   ``FieldNotesServices/RepositoryError/corrupt(path:detail:)`` for a damaged row.
  func library(writer: SQLiteConnection, parallelFrom parallelThreshold: Int) throws
    -> NoteLibrary
  {
    var helper: SQLiteSnapshot?
    let rows: Int
    if ProcessInfo.processInfo.activeProcessorCount > 1,
      try SQLiteRows.lastNoteRow(in: writer) >= parallelThreshold,
      writer.beginImmediateIfFree()
    {
      defer { try? writer.execute("COMMIT") }
      rows = try lastNoteRow()
      let second = try SQLiteSnapshot(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
      _ = try second.lastNoteRow()
      helper = second
    } else {
      rows = try lastNoteRow()
    }
    // A small library's bodies may all be read, which lets the snapshot go; a large one's are
    // read as they are shown and only the latest kept.
    let readAll: DeferredTextSource.ReadAll? =
      rows > Self.largestLibraryReadWhole ? nil : { @Sendable [self] in allBodies() }
    let source = DeferredTextSource(
      bulkThreshold: min(1_024, rows / 4 + 1),
      readOne: { [self] row in body(ofRow: row) }, readAll: readAll)
    let read: ReadNotes
    if let helper {
      // Each half's notes refer to a source of their own: two threads taking references to one
      // object contend for its reference count, a tenth of a million-note load.
      let secondSource = DeferredTextSource(
        bulkThreshold: min(1_024, rows / 4 + 1),
        readOne: { [self] row in body(ofRow: row) }, readAll: readAll)
      read = try readInHalves(
        rows: rows, helper: helper, sources: (source, secondSource))
    } else {
      read = try self.notes(rows: nil, expectedCount: rows, source: source)
    }
    let notebooks = try reader.withLock { reader in
      try SQLiteRows.notebooks(from: reader.connection)
    }
    var library = NoteLibrary(notebooks: notebooks, notes: SQLiteRows.oldestFirst(read.notes))
    library.unreadableNotes = read.unreadable
    return library
  }

  /// Reads rows up to the middle on this snapshot's connection and the rest on `helper`'s, at
  /// the same time.
  private func readInHalves(
    rows: Int, helper: SQLiteSnapshot, sources: (DeferredTextSource, DeferredTextSource)
  ) throws -> ReadNotes {
    let middle = rows / 2 + 1
    let halves = Mutex([Int: Result<ReadNotes, any Error>]())
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      let result = Result { () throws -> ReadNotes in
        half == 0
          ? try notes(rows: Int.min..<middle, expectedCount: middle, source: sources.0)
          : try helper.notes(rows: middle..<Int.max, expectedCount: middle, source: sources.1)
      }
      halves.withLock { $0[half] = result }
    }
    return try halves.withLock { halves in
      // Taken out of the dictionary, the first half's array is this function's alone and grows
      // in place, rather than both halves being copied into a third.
      guard var first = try halves.removeValue(forKey: 0)?.get(),
        let second = try halves.removeValue(forKey: 1)?.get()
      else {
        return ReadNotes(notes: [], unreadable: [])
      }
      first.notes.append(contentsOf: second.notes)
      first.unreadable += second.unreadable
      return first
    }
  }

  /// The notes read from some rows, and the rows that could not be read.
  private struct ReadNotes: Sendable {
    var notes: [Note]
    var unreadable: [UnreadableNote]
  }

  private func lastNoteRow() throws(SQLiteError) -> Int {
    try reader.withLock { reader throws(SQLiteError) in
      try SQLiteRows.lastNoteRow(in: reader.connection)
    }
  }

  private func notes(rows: Range<Int>?, expectedCount: Int, source: DeferredTextSource) throws
    -> ReadNotes
  {
    try reader.withLock { reader in
      var unreadable: [UnreadableNote] = []
      let notes = try SQLiteRows.notes(
        from: reader.connection, rows: rows, expectedCount: expectedCount,
        bodies: .deferred(source), unreadable: &unreadable)
      return ReadNotes(notes: notes, unreadable: unreadable)
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
