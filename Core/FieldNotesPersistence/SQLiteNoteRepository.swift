import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation
import Synchronization

/// The live ``FieldNotesServices/NoteRepository``: a SQLite database file.
///
/// The file is in WAL mode with full synchronous commits, so a note that was saved survives a
/// crash (an import into a store with no notes may use a rollback journal instead:
/// `SQLiteImportJournal`); every ``commit(_:)`` is one `BEGIN IMMEDIATE` transaction; a busy
/// timeout lets two processes share the file. A new store is created with owner-only permissions (its directory
/// too), built under a temporary name and linked into place so that no half-made store is ever
/// seen. A file that is not a FieldNotes store is refused without being written to.
public final class SQLiteNoteRepository: NoteRepository, NoteJournal, DraftRepository, NoteIDOrder,
  SearchIndexUpkeep
{
  /// The path of the database file.
  public let path: String
  /// The store's connection, one command at a time.
  let writer: SQLiteWriter
  /// Whether the store lives in memory, gone when the process ends.
  private let isInMemory: Bool
  /// How many times ``update(_:)`` or ``update(noteIDs:notebookIDs:_:)`` has written, which
  /// ``changeStamp`` counts in.
  let updates = Mutex(0)
  /// The search index rebuilt when the store was opened, if it couldn't be trusted.
  public let searchIndexRebuilds: [SearchIndexRebuild]

  /// Opens the store at a path, creating it (and its directory) if nothing is there yet.
  ///
  /// - Parameter path: The database file.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the file is not a FieldNotes store, is
  ///   damaged, comes from a newer FieldNotes, or cannot be opened or created. The file is then
  ///   left byte-for-byte as it was.
  public init(path: String) throws(RepositoryError) {
    self.path = path
    isInMemory = false
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw .cannotOpen(
        path: path, reason: "it is a folder; give a store file's path, such as \(path)/notes.sqlite"
      )
    }
    if !FileManager.default.fileExists(atPath: path) {
      try Self.createStore(at: path)
    }
    try Self.checkIdentity(ofStoreAt: path)
    do {
      let connection = try SQLiteConnection(path: path, readOnly: false)
      try connection.execute("PRAGMA synchronous = FULL")
      // A 16 MiB page cache keeps a large store's index pages in memory between commits, so an
      // edit costs about the same with 100,000 notes as with 1,000.
      try connection.execute("PRAGMA cache_size = -16384")
      // Once a checkpoint has copied the log into the file, the log is cut back to 64 MiB at
      // most: a long session beside other processes never leaves a log larger than that.
      try connection.execute("PRAGMA journal_size_limit = 67108864")
      // A row replaced (`INSERT OR REPLACE`) fires the delete triggers too, so the lists'
      // tables stay in step. (Another tool's connection decides this for itself: `reindex`
      // fills them anew.)
      try connection.execute("PRAGMA recursive_triggers = ON")
      // An import into a store with no notes may have left the log for the rollback journal
      // (`SQLiteImportJournal`) and not come back, if FieldNotes stopped meanwhile: SQLite
      // undoes the import from the journal as it reads, and the store goes back to the log.
      if try connection.text("PRAGMA journal_mode") != "wal" {
        try? connection.withoutWaiting { () throws(SQLiteError) in
          try connection.execute("PRAGMA journal_mode = WAL")
        }
      }
      var rebuilds: [SearchIndexRebuild] = []
      if !connection.isReadOnly {
        if let rebuild = try Self.migrate(connection) { rebuilds.append(rebuild) }
        try SQLiteSearchIndex.prepareQueue(connection)
      }
      searchIndexRebuilds = rebuilds
      writer = SQLiteWriter(connection)
    } catch {
      throw error.repositoryError(path: path, writing: false)
    }
  }

  /// The files a store at a path is made of: the database and SQLite's journal files beside it.
  ///
  /// - Parameter path: The store's path.
  /// - Returns: The paths, the store's first.
  public static func files(ofStoreAt path: String) -> [String] {
    [path, path + "-wal", path + "-shm", path + "-journal"]
  }

  /// Creates a store that lives in memory only, for `--in-memory` sessions: the same schema and
  /// transactions as a file, gone when the process ends.
  ///
  /// - Returns: An empty in-memory store.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when SQLite can't allocate it.
  public static func inMemory() throws(RepositoryError) -> SQLiteNoteRepository {
    do {
      let connection = try SQLiteConnection(path: ":memory:", readOnly: false)
      try connection.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
      _ = try migrate(connection)
      try markNew(connection)
      try SQLiteSearchIndex.prepareQueue(connection)
      return SQLiteNoteRepository(path: ":memory:", connection: connection)
    } catch {
      throw error.repositoryError(path: ":memory:", writing: true)
    }
  }

  private init(path: String, connection: sending SQLiteConnection) {
    self.path = path
    writer = SQLiteWriter(connection)
    isInMemory = true
    searchIndexRebuilds = []
  }

  /// Reads every notebook and note, in one read transaction, bodies and all.
  ///
  /// What a sync or an export needs, costing the whole library; screens read pages instead
  /// (``page(_:)``).
  ///
  /// - Returns: The library, notebooks in creation order and notes oldest first.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the file cannot be read or holds a
  ///   damaged row.
  /// - Complexity: O(*n*) in the size of the notes.
  public func load() throws(RepositoryError) -> NoteLibrary {
    try read { connection in
      try connection.execute("BEGIN")
      defer { try? connection.execute("COMMIT") }
      return try SQLiteRows.library(from: connection)
    }
  }

  /// Runs a read on the connection, turning what it throws into a repository error.
  func read<Result>(_ body: (SQLiteConnection) throws -> sending Result)
    throws(RepositoryError) -> sending Result
  {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> sending Result in
      do {
        return try body(connection)
      } catch let error as SQLiteError {
        throw error.repositoryError(path: path, writing: false)
      } catch let error as RepositoryError {
        throw error
      } catch {
        throw .readFailed(reason: "\(error)")
      }
    }
  }

  /// Saves changes in one transaction, all of them or none, saying every 10,000 changes how
  /// many are written.
  ///
  /// - Parameters:
  ///   - changes: The changes of one mutation.
  ///   - progress: Told how many changes are written so far.
  /// - Throws: ``FieldNotesServices/RepositoryError``; nothing was saved then.
  public func commit(_ changes: [RepositoryChange], progress: (Int) -> Void)
    throws(RepositoryError)
  {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try connection.inTransaction { () throws(SQLiteError) in
          try SQLiteRows.write(changes, to: connection, progress: progress)
        }
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  /// Saves changes in one transaction as a producer makes them, so that an import larger than
  /// memory is written without holding it: all of them, or none.
  ///
  /// Past its first hundred new notes, an import's new notes are written without the triggers
  /// of the lists' tables, which are filled from them at once before the transaction ends
  /// (`SQLiteBulkInsert`): the tables end as the triggers would have left them.
  ///
  /// The stamp is checked once the transaction holds the write lock, on the connection that
  /// writes: `data_version` there has moved if another connection committed since it was read.
  ///
  /// - Parameters:
  ///   - changes: Hands each change over; it runs again if the changes must be written again.
  ///   - stamp: The ``changeStamp`` the changes were planned at, or `nil`.
  ///   - progress: Told every 10,000 changes how many are written.
  /// - Throws: ``FieldNotesServices/RepositoryError/changedMeanwhile`` when another connection
  ///   committed since the stamp, or the producer's or the store's
  ///   ``FieldNotesServices/RepositoryError``; nothing was saved then.
  public func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError) {
    let path = self.path
    // The producer's own error is carried past SQLite's typed throws and thrown as it was.
    var producerError: RepositoryError?
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try SQLiteImportJournal.inTransaction(on: connection) { () throws(SQLiteError) in
          if let stamp, try stamp != self.changeStamp(on: connection) {
            producerError = .changedMeanwhile
            throw SQLiteError(code: 4, message: "the store changed meanwhile")  // SQLITE_ABORT
          }
          // Ctrl-C stops it: its statements fail once the task running it is cancelled.
          try connection.stoppingWhenCancelled { () throws(SQLiteError) in
            try SQLiteRows.write(
              streaming: { write throws(SQLiteError) in
                var storeError: SQLiteError?
                do throws(RepositoryError) {
                  try withoutActuallyEscaping(write) { write throws(RepositoryError) in
                    try changes { change throws(RepositoryError) in
                      do throws(SQLiteError) {
                        // Rows are written in batches: a stop is not left to the next batch.
                        guard !Task.isCancelled else {
                          throw SQLiteError(code: 9, message: "stopped")  // SQLITE_INTERRUPT
                        }
                        try write(change)
                      } catch {
                        storeError = error
                        throw .writeFailed(reason: error.message)
                      }
                    }
                  }
                } catch {
                  if let storeError { throw storeError }
                  producerError = error
                  throw SQLiteError(code: 4, message: "the import stopped")  // SQLITE_ABORT
                }
              }, to: connection, isBulk: true, progress: progress)
          }
        }
      } catch {
        if let producerError { throw producerError }
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  /// Reads the library and saves changes computed from it in one `BEGIN IMMEDIATE`
  /// transaction, so no other connection writes in between.
  ///
  /// - Parameter transform: Returns the changes to save, given what is saved now.
  /// - Throws: ``FieldNotesServices/RepositoryError``; nothing was saved then.
  public func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    try update(reading: { connection in try SQLiteRows.library(from: connection) }, transform)
  }

  /// Reads what changes are computed from and saves them in one `BEGIN IMMEDIATE` transaction:
  /// the one way ``update(_:)`` and a sync's narrower update write.
  ///
  /// - Parameters:
  ///   - read: Reads, inside the transaction, what the changes are computed from.
  ///   - transform: Returns the changes to save, given what was read.
  /// - Throws: ``FieldNotesServices/RepositoryError``; nothing was saved then.
  func update<Read>(
    reading read: (SQLiteConnection) throws -> Read, _ transform: (Read) -> [RepositoryChange]
  ) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do {
        try connection.execute("BEGIN IMMEDIATE")
        do {
          let changes = transform(try read(connection))
          try SQLiteRows.write(changes, to: connection)
          try connection.execute("COMMIT")
          if !changes.isEmpty { updates.withLock { $0 += 1 } }
        } catch {
          try? connection.execute("ROLLBACK")
          throw error
        }
      } catch let error as SQLiteError {
        throw error.repositoryError(path: path, writing: true)
      } catch let error as RepositoryError {
        throw error
      } catch {
        throw .writeFailed(reason: "\(error)")
      }
    }
  }

  /// Runs SQLite's own consistency check of the whole file.
  ///
  /// - Returns: The problems found; empty when the file is sound.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the check can't run.
  public func integrityProblems() throws(RepositoryError) -> [String] {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        let statement = try connection.prepare("PRAGMA integrity_check")
        var problems: [String] = []
        while try statement.step() { problems.append(statement.text(at: 0)) }
        return problems == ["ok"] ? [] : problems
      } catch {
        throw error.repositoryError(path: path, writing: false)
      }
    }
  }

  /// What the store's connection holds between commands: always nothing.
  package var connectionState: ConnectionState {
    switch writer.transactionState {
    case .none: .idle
    case .read: .reading
    case .write: .writing
    }
  }

  /// What a connection holds between commands.
  package enum ConnectionState: Equatable {
    /// No transaction: the next command sees every other connection's commits.
    case idle
    /// A read transaction.
    case reading
    /// A write transaction.
    case writing
  }

  /// The SQL of every statement a command of this repository left stepped, which the
  /// repository then had to reset itself: empty while each command finishes its own.
  package var statementsLeftStepped: [String] { writer.statementsLeftStepped }

  /// How many commands the repository has run on its connection: every read and every write
  /// is one, so a test can tell that something read nothing.
  package var commandCount: Int { writer.commandCount }

  /// How SQLite reads each statement the repository has run and keeps prepared, keyed by its
  /// SQL (see `EXPLAIN QUERY PLAN`): for a test to tell which index a list is read through.
  ///
  /// - Throws: `RepositoryError` when a plan can't be read.
  package func plansOfStatementsRun() throws(RepositoryError) -> [String: [String]] {
    try read { connection throws(SQLiteError) in try connection.plansOfCachedStatements() }
  }

  /// How many rows the repository's statements have stepped through in reading a table whole,
  /// since it opened: for a test to tell that a read went through an index.
  package var rowsReadInTableScans: Int { writer.rowsReadInTableScans }

  /// How many steps of SQLite's virtual machine the repository's statements have taken since
  /// it opened (each statement's counted when it is reset): for a test to tell how many rows a
  /// read went through, with no clock.
  package var stepsTaken: Int { writer.stepsTaken }

  /// Whether the store is a file: one in memory is gone when FieldNotes ends.
  public var isPersistent: Bool { !isInMemory }

  /// SQLite's `data_version` of the connection (which changes when another connection
  /// commits) with how many times ``update(_:)`` has written; `nil` when it can't be read.
  public var changeStamp: Int? {
    writer.perform { connection in try? changeStamp(on: connection) }
  }

  /// The ``changeStamp`` read on the connection that writes, already held.
  private func changeStamp(on connection: SQLiteConnection) throws(SQLiteError) -> Int {
    let count = updates.withLock { $0 }
    return try connection.integer("PRAGMA data_version") &+ count << 32
  }

  // MARK: - Opening

  /// Refuses a file that is not a FieldNotes store, reading it through a read-only handle.
  static func checkIdentity(ofStoreAt path: String) throws(RepositoryError) {
    // Read from the header where it is the whole truth, so a store that is refused is left
    // exactly as it was: even a read-only connection creates `-shm` and `-wal` files.
    if try checkHeader(ofStoreAt: path) { return }
    let applicationID: Int
    let version: Int
    do {
      let probe = try SQLiteConnection(path: path, readOnly: true)
      applicationID = try probe.integer("PRAGMA application_id")
      version = try probe.integer("PRAGMA user_version")
    } catch {
      throw error.repositoryError(path: path, writing: false)
    }
    guard applicationID == SQLiteSchema.applicationID else {
      throw .notAFieldNotesStore(path: path)
    }
    guard version <= SQLiteSchema.currentVersion else {
      throw .newerSchema(path: path, version: version, supported: SQLiteSchema.currentVersion)
    }
  }

  /// Checks a store from its file header without opening it: refuses a file shorter than its
  /// header says (a truncated copy), another application's database, and a newer schema.
  ///
  /// The header records the page size (bytes 16–17), the page count (bytes 28–31, valid when
  /// bytes 92–95 match the change counter in bytes 24–27), the schema version (`user_version`,
  /// bytes 60–63) and the application (`application_id`, bytes 68–71). Pages still in a
  /// write-ahead log are the log's business, so a store with a non-empty `-wal` file is left to
  /// SQLite; so is the size of one with a rollback journal, which SQLite plays back on opening.
  ///
  /// - Returns: Whether the header settled it: `false` when SQLite must look (a `-wal` file, or
  ///   no SQLite header at all).
  private static func checkHeader(ofStoreAt path: String) throws(RepositoryError) -> Bool {
    func size(_ file: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
    }
    // SQLite keeps its log and journal beside the file a link names, not beside the link.
    let sidecar = FilePaths.resolved(path)
    if size(sidecar + "-wal") > 0 { return false }
    // A rollback journal left by an import that stopped holds the pages that make the file
    // whole again (`SQLiteImportJournal`): until SQLite has put them back, the file may be
    // shorter than its header says.
    let isBeingUndone = size(sidecar + "-journal") > 0
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 100), header.count == 100,
      header.starts(with: Array("SQLite format 3\0".utf8)),
      let fileSize = try? handle.seekToEnd()
    else { return false }
    func number(_ offset: Int, _ count: Int) -> Int {
      header[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
    let rawPageSize = number(16, 2)
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    let pageCount = number(28, 4)
    guard pageCount > 0, number(92, 4) == number(24, 4) else { return false }
    if !isBeingUndone, UInt64(pageSize * pageCount) > fileSize {
      throw .corrupt(
        path: path,
        detail:
          "it is \(fileSize) bytes long but its header says \(pageSize * pageCount): truncated")
    }
    guard Int32(truncatingIfNeeded: number(68, 4)) == SQLiteSchema.applicationID else {
      throw .notAFieldNotesStore(path: path)
    }
    let version = Int(Int32(truncatingIfNeeded: number(60, 4)))
    guard version <= SQLiteSchema.currentVersion else {
      throw .newerSchema(path: path, version: version, supported: SQLiteSchema.currentVersion)
    }
    return true
  }

  /// Builds a new, empty store under a temporary name beside `path`, then links it into place.
  ///
  /// If another process created the store meanwhile, its store wins and ours is discarded.
  private static func createStore(at path: String) throws(RepositoryError) {
    let directory = FilePaths.folder(of: path)
    try makeDirectory(directory)
    var template = Array("\(directory)/.fieldnotes-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    close(descriptor)
    let temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(temporaryPath) }
    do {
      let connection = try SQLiteConnection(path: temporaryPath, readOnly: false)
      try connection.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
      try connection.execute("PRAGMA journal_mode = WAL")
      _ = try migrate(connection)
      try markNew(connection)
    } catch {
      throw error.repositoryError(path: path, writing: true)
    }
    if link(temporaryPath, path) != 0, errno != EEXIST {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    syncDirectory(directory)
  }

  /// Creates a directory and any missing parents with owner-only permissions.
  private static func makeDirectory(_ directory: String) throws(RepositoryError) {
    guard !directory.isEmpty else { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .cannotOpen(path: directory, reason: "a file is in the way of the store's folder")
      }
      return
    }
    let parent = FilePaths.folder(of: directory)
    if parent != directory { try makeDirectory(parent) }
    if mkdir(directory, 0o700) != 0, errno != EEXIST {
      throw .cannotOpen(path: directory, reason: String(cString: strerror(errno)))
    }
  }

  /// Flushes a directory entry to disk, so a newly linked store survives a power cut.
  private static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = Platform.flush(descriptor)
    close(descriptor)
  }
}
