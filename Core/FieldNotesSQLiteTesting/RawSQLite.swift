import CSQLite

/// Why a raw SQLite call failed: SQLite's own message.
public struct RawSQLiteError: Error, CustomStringConvertible {
  /// SQLite's message.
  public var message: String

  /// The message.
  public var description: String { message }

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(message: String) {
    self.message = message
  }
}

/// A SQLite connection of a test's own, standing in for another program — the `sqlite3` shell,
/// another tool, a second process — that reads or tampers with a store file from outside
/// FieldNotes: none of FieldNotes' functions, triggers' helpers or busy wait, but the platform's
/// rule for the write-ahead log.
///
/// Every raw handle a test opens is opened here (`ConnectionRuleTests` holds the tests to it),
/// so each turns off Apple's persistent WAL as FieldNotes' own connections do: a test that
/// expects a closed store to be one file then holds on a Mac as on Linux.
public final class RawSQLite {
  private let handle: OpaquePointer

  /// Opens a store file.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - readOnly: Whether to open it for reading only.
  ///   - create: Whether to create it when it is missing.
  /// - Throws: ``RawSQLiteError`` when it can't be opened.
  public init(path: String, readOnly: Bool = false, create: Bool = false) throws {
    var handle: OpaquePointer?
    let flags =
      readOnly
      ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw RawSQLiteError(message: "cannot open \(path)")
    }
    var off: Int32 = 0
    sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &off)
    self.handle = handle
  }

  deinit { sqlite3_close(handle) }

  /// Runs statements that return no rows.
  ///
  /// - Parameter sql: The statements.
  /// - Throws: ``RawSQLiteError`` with SQLite's message.
  public func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
    }
  }

  /// The first column of every row a query returns, as text (a null as empty text).
  ///
  /// - Parameter sql: The query.
  /// - Returns: The values.
  /// - Throws: ``RawSQLiteError`` with SQLite's message.
  public func rows(_ sql: String) throws -> [String] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
    }
    defer { sqlite3_finalize(statement) }
    var values: [String] = []
    while true {
      switch sqlite3_step(statement) {
      case SQLITE_ROW:
        values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
      case SQLITE_DONE: return values
      default: throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
      }
    }
  }

  /// Runs statements on a file, on a connection of their own.
  ///
  /// - Parameters:
  ///   - sql: The statements.
  ///   - path: The file.
  ///   - create: Whether to create it when it is missing.
  /// - Throws: ``RawSQLiteError``.
  public static func execute(_ sql: String, on path: String, create: Bool = false) throws {
    try RawSQLite(path: path, create: create).execute(sql)
  }

  /// The first column of every row a query returns from a file, read on a connection of its
  /// own.
  ///
  /// - Parameters:
  ///   - sql: The query.
  ///   - path: The file.
  /// - Returns: The values.
  /// - Throws: ``RawSQLiteError``.
  public static func rows(_ sql: String, of path: String) throws -> [String] {
    try RawSQLite(path: path, readOnly: true).rows(sql)
  }
}
