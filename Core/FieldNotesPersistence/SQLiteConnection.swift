import CSQLite
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// One open SQLite database handle, with the few operations the repository needs.
///
/// Not thread-safe on its own: ``SQLiteNoteRepository`` guards it with a mutex.
final class SQLiteConnection {
  let path: String
  fileprivate let handle: OpaquePointer
  /// Statements prepared once and used again, by their SQL (see ``cached(_:)``).
  private var statements: [String: SQLiteStatement] = [:]
  /// The rows this connection's statements stepped through in reading a table whole.
  let tableScans = SQLiteTableScans()
  /// How long every statement of every connection waits for another connection's lock before
  /// it fails: FieldNotes opens no connection that fails at once on a busy store, so a process
  /// started while another writes waits its turn.
  static let busyTimeoutMilliseconds: Int32 = 10_000

  /// Opens a database file that must already exist, waiting up to ``busyTimeoutMilliseconds``
  /// on a busy store from its first statement.
  ///
  /// This is the one place FieldNotes opens a SQLite handle (`ConnectionRuleTests` holds the
  /// code to it), so no connection, a probe included, is made without the wait.
  ///
  /// An immutable connection (`immutable`, for reading only) reads the file as it is, with no
  /// lock and no `-wal` or `-shm` file made beside it: for a store no session has open, which a
  /// read-only connection would otherwise leave those files beside.
  init(path: String, readOnly: Bool, immutable: Bool = false) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags =
      (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_EXRESCODE | (immutable ? SQLITE_OPEN_URI : 0)
    // A URI's path has `%`, `?` and `#` escaped, so a file named with them is the one opened.
    var uriPath = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": uriPath += "%25"
      case "?": uriPath += "%3f"
      case "#": uriPath += "%23"
      default: uriPath.unicodeScalars.append(character)
      }
    }
    let code = sqlite3_open_v2(
      immutable ? "file:" + uriPath + "?immutable=1" : path, &handle, flags, nil)
    guard let handle else { throw SQLiteError(code: code, message: "out of memory") }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message)
    }
    self.path = path
    self.handle = handle
    sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
    // A commit is on the disk when it returns, on a Mac as on Linux (F_FULLFSYNC there).
    for pragma in HostPlatform.current.sqliteDurabilityPragmas {
      sqlite3_exec(handle, pragma, nil, nil, nil)
    }
    // Apple's SQLite keeps a store's `-wal` and `-shm` files after the last connection closes
    // (a persistent WAL); every connection turns that off, so a closed store is one file.
    var off: Int32 = 0
    sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &off)
    SQLiteSearchFunctions.register(on: handle)
  }

  /// Whether SQLite keeps the WAL files after this connection closes: always `false` for a
  /// file here, `nil` for a database in memory, which has no files.
  var persistsWAL: Bool? {
    var value: Int32 = -1
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &value) == SQLITE_OK
    else { return nil }
    return value != 0
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Whether the file could only be opened for reading.
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    var errorMessage: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
    guard code == SQLITE_OK else {
      let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
      sqlite3_free(errorMessage)
      throw SQLiteError(code: code, message: message)
    }
  }

  /// Prepares a statement; parameters are bound by position, never spliced into the SQL.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(code: code, message: lastErrorMessage)
    }
    return SQLiteStatement(statement, counting: tableScans)
  }

  /// Prepares the one statement a text holds, refusing a text that holds more: SQLite would
  /// prepare only the first, and the rest would never run, without a word.
  ///
  /// - Parameter sql: One statement, with or without a `;` and comments after it.
  /// - Returns: The statement.
  /// - Throws: ``SQLiteError`` with ``SQLiteError/severalStatementsCode`` for a second statement.
  func prepareOne(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var prepared: OpaquePointer?
    var hasMore = false
    let code = sql.withCString { text -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, text, -1, &prepared, &tail)
      guard code == SQLITE_OK, let tail else { return code }
      // Whatever follows must be whitespace or comments: SQLite prepares no statement of it.
      var next: OpaquePointer?
      if sqlite3_prepare_v2(handle, tail, -1, &next, nil) != SQLITE_OK || next != nil {
        hasMore = true
      }
      sqlite3_finalize(next)
      return code
    }
    guard code == SQLITE_OK, let prepared else {
      throw SQLiteError(code: code, message: lastErrorMessage)
    }
    let statement = SQLiteStatement(prepared, counting: tableScans)
    guard !hasMore else {
      throw SQLiteError(code: SQLiteError.severalStatementsCode, message: sql)
    }
    return statement
  }

  /// Returns a statement prepared the first time its SQL is asked for and kept, reset and with
  /// no values bound: for the statements every write runs, which an import of 100,000 notes
  /// would otherwise prepare 100,000 times each.
  ///
  /// A cached statement must be stepped to its end or reset before its SQL is asked for again.
  func cached(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    let statement = try prepare(sql)
    statements[sql] = statement
    return statement
  }

  /// How SQLite reads each statement the connection keeps prepared (``cached(_:)``), keyed by
  /// the statement's SQL: the `detail` of every row of its `EXPLAIN QUERY PLAN`, which names the
  /// index it reads, and whether it sorts the rows it reads.
  func plansOfCachedStatements() throws(SQLiteError) -> [String: [String]] {
    var plans: [String: [String]] = [:]
    for sql in statements.keys {
      let explain = try prepare("EXPLAIN QUERY PLAN " + sql)
      var details: [String] = []
      while try explain.step() { details.append(explain.text(at: 3)) }
      plans[sql] = details
    }
    return plans
  }

  /// The row number of the last row a statement of this connection inserted, not counting the
  /// rows its triggers inserted (SQLite's `sqlite3_last_insert_rowid`).
  var lastInsertedRow: Int { Int(sqlite3_last_insert_rowid(handle)) }

  /// How many rows the last statement of this connection that changed rows inserted, updated
  /// or deleted, not counting its triggers' (SQLite's `sqlite3_changes64`).
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Reads a single integer, as from `PRAGMA user_version`.
  func integer(_ sql: String) throws(SQLiteError) -> Int {
    let statement = try prepare(sql)
    guard try statement.step() else { return 0 }
    return statement.int(at: 0)
  }

  /// Reads a single text, as from `PRAGMA journal_mode`.
  func text(_ sql: String) throws(SQLiteError) -> String {
    let statement = try prepare(sql)
    guard try statement.step() else { return "" }
    return statement.text(at: 0)
  }

  /// Runs `body` while SQLite refuses to prepare any statement that would change something
  /// other than tables, indexes and triggers whose names start with `prefix`.
  ///
  /// A feature's statements run this way (see `SQLiteFeatureTables`): SQLite's authorizer
  /// checks each as it is prepared, so a statement reaching a note, a version or another
  /// feature's table fails with `SQLITE_AUTH` before it runs. Reads are let through; so is
  /// SQLite's own schema table, which making a table writes. Transactions, pragmas and
  /// attached databases are refused: the kernel runs the transaction.
  ///
  /// - Parameters:
  ///   - prefix: What the names a statement may change start with, such as `bookmarks_`.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func confining<Result>(
    toTablesNamed prefix: String, _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    let scope = Unmanaged.passRetained(AuthorizedPrefix(prefix))
    sqlite3_set_authorizer(handle, authorizeWithinPrefix, scope.toOpaque())
    defer {
      sqlite3_set_authorizer(handle, nil, nil)
      scope.release()
    }
    return try body()
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
  ///
  /// `IMMEDIATE` takes the write lock up front, so two processes wait for each other through the
  /// busy timeout instead of failing on a lock upgrade.
  func inTransaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
    try execute("BEGIN IMMEDIATE")
    do {
      try body()
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Takes the write lock (`BEGIN IMMEDIATE`) if no other connection holds it, without waiting
  /// the busy timeout for it.
  ///
  /// - Returns: Whether the lock was taken; the caller then ends the transaction.
  func beginImmediateIfFree() -> Bool {
    withoutWaiting { (try? execute("BEGIN IMMEDIATE")) != nil }
  }

  /// Runs `body` with no busy timeout: a lock another connection holds fails at once.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withoutWaiting<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    sqlite3_busy_timeout(handle, 0)
    defer { sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds) }
    return try body()
  }

  /// Runs `body` so that its statements stop, failing with `SQLITE_INTERRUPT`, once the task
  /// running it is cancelled: a long write (an import, its search index) that Ctrl-C stops.
  ///
  /// SQLite asks every thousand steps of its virtual machine; the statements the caller runs
  /// after `body` (a `ROLLBACK` among them) are not asked.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func stoppingWhenCancelled<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    sqlite3_progress_handler(handle, 1_000, { _ in Task.isCancelled ? 1 : 0 }, nil)
    defer { sqlite3_progress_handler(handle, 0, nil, nil) }
    return try body()
  }

  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  // MARK: - Between commands

  /// What the connection holds at the moment (`sqlite3_txn_state`).
  var transactionState: SQLiteTransactionState {
    switch sqlite3_txn_state(handle, nil) {
    case SQLITE_TXN_NONE: .none
    case SQLITE_TXN_READ: .read
    default: .write
    }
  }

  /// Ends a command of the repository: resets every statement still stepped and ends any
  /// transaction still open, so the connection holds nothing until the next command.
  ///
  /// A statement stepped to a row and never reset keeps a read transaction open after `COMMIT`;
  /// once another connection commits, that snapshot is stale and every `BEGIN IMMEDIATE` fails
  /// at once, without waiting out the busy timeout: the session could never save again. Each
  /// command should finish its own statements; this is the rule's backstop, and what it had to
  /// finish is returned so tests can hold every command to the rule.
  ///
  /// - Returns: The SQL of each statement that was still stepped, and `"transaction"` when a
  ///   transaction was still open after they were reset (it is rolled back).
  func finishCommand() -> [String] {
    var unfinished: [String] = []
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      if sqlite3_stmt_busy(current) != 0 {
        unfinished.append(sqlite3_sql(current).map { String(cString: $0) } ?? "")
        sqlite3_reset(current)
      }
      statement = sqlite3_next_stmt(handle, current)
    }
    if transactionState != .none {
      unfinished.append("transaction")
      try? execute("ROLLBACK")
    }
    return unfinished
  }
}

/// What a connection holds between statements.
enum SQLiteTransactionState: Equatable {
  /// Nothing: another connection's commit is seen by the next statement.
  case none
  /// A read transaction: a snapshot, kept until it ends.
  case read
  /// A write transaction: the file's write lock.
  case write
}

/// The names a feature's statement may change, for ``authorizeWithinPrefix``.
private final class AuthorizedPrefix {
  let prefix: String
  init(_ prefix: String) { self.prefix = prefix }

  func owns(_ name: UnsafePointer<CChar>?) -> Bool {
    guard let name else { return true }
    return String(cString: name).lowercased().hasPrefix(prefix)
  }
}

/// SQLite's authorizer for ``SQLiteConnection/confining(toTablesNamed:_:)``: an action on a
/// name the feature owns, or a read, is allowed; everything else is denied.
private let authorizeWithinPrefix:
  @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
    UnsafePointer<CChar>?, UnsafePointer<CChar>?
  ) -> Int32 = { context, action, first, second, _, _ in
    guard let context else { return SQLITE_DENY }
    let scope = Unmanaged<AuthorizedPrefix>.fromOpaque(context).takeUnretainedValue()
    let isSchemaTable =
      first.map { ["sqlite_master", "sqlite_temp_master"].contains(String(cString: $0)) }
      ?? false
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_FUNCTION, SQLITE_RECURSIVE:
      return SQLITE_OK
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
      // SQLite keeps the counters of `AUTOINCREMENT` tables in `sqlite_sequence`; the store's
      // own tables have none.
      let isSequence = first.map { String(cString: $0) == "sqlite_sequence" } ?? false
      return isSchemaTable || isSequence || scope.owns(first) ? SQLITE_OK : SQLITE_DENY
    case SQLITE_CREATE_TABLE, SQLITE_DROP_TABLE, SQLITE_CREATE_VIEW, SQLITE_DROP_VIEW,
      SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE:
      let isSequence = first.map { String(cString: $0) == "sqlite_sequence" } ?? false
      return scope.owns(first) || (isSequence && action == SQLITE_CREATE_TABLE)
        ? SQLITE_OK : SQLITE_DENY
    case SQLITE_CREATE_INDEX, SQLITE_DROP_INDEX, SQLITE_CREATE_TRIGGER, SQLITE_DROP_TRIGGER:
      // SQLite names the index of a `UNIQUE` or `PRIMARY KEY` column itself.
      let isAutomatic = first.map { String(cString: $0).hasPrefix("sqlite_autoindex_") } ?? false
      return (scope.owns(first) || isAutomatic) && scope.owns(second) ? SQLITE_OK : SQLITE_DENY
    case SQLITE_ALTER_TABLE:
      return scope.owns(second) ? SQLITE_OK : SQLITE_DENY
    default:
      return SQLITE_DENY
    }
  }

/// A failed SQLite call: the extended result code and SQLite's message.
struct SQLiteError: Error {
  var code: Int32
  var message: String

  /// The primary result code, without the extended bits.
  var primaryCode: Int32 { code & 0xFF }

  /// The code of a write refused because a note changed since it was read (not one of
  /// SQLite's; the message is the note's identifier).
  static let conflictCode: Int32 = -1

  /// The code of a text given as one statement that holds more (not one of SQLite's).
  static let severalStatementsCode: Int32 = -4

  /// The repository error a user sees for this failure while writing the store at `path`.
  func repositoryError(path: String, writing: Bool) -> RepositoryError {
    if code == Self.conflictCode, let id = UUID(uuidString: message) { return .conflict(id) }
    return switch primaryCode {
    case SQLITE_FULL: .diskFull
    case SQLITE_READONLY: .readOnly(path: path)
    // Only a write had a change to lose; a read (opening the store among them) tried none.
    case SQLITE_BUSY, SQLITE_LOCKED:
      writing
        ? .busy
        : .readFailed(
          reason: "another FieldNotes held the store for more than "
            + "\(SQLiteConnection.busyTimeoutMilliseconds / 1000) seconds; try again")
    case SQLITE_NOTADB: .notAFieldNotesStore(path: path)
    case SQLITE_INTERRUPT: .stopped
    case SQLITE_CORRUPT: .corrupt(path: path, detail: message)
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .cannotOpen(path: path, reason: message)
    default: writing ? .writeFailed(reason: message) : .readFailed(reason: message)
    }
  }
}
