import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

/// A prepared statement: bind values by position, step through rows, read columns.
final class SQLiteStatement {
  private let handle: OpaquePointer
  /// Where the rows the statement steps through in reading a table whole are counted.
  private let scans: SQLiteTableScans

  /// Wraps a prepared statement.
  ///
  /// It doesn't keep its connection object alive (the connection keeps its cached statements):
  /// SQLite closes a database whose statements are still unfinalized only once they are
  /// (`sqlite3_close_v2`).
  ///
  /// - Parameters:
  ///   - handle: The statement.
  ///   - scans: Its connection's count of the rows read in reading a table whole, which the
  ///     statement adds its own to each time it is reset or finalized.
  init(_ handle: OpaquePointer, counting scans: SQLiteTableScans) {
    self.handle = handle
    self.scans = scans
  }

  deinit {
    countScannedRows()
    sqlite3_finalize(handle)
  }

  /// Adds the rows stepped through in full table scans, and the steps of SQLite's virtual
  /// machine, since the last count to the connection's, and sets the statement's own counts
  /// back to zero.
  private func countScannedRows() {
    scans.rows += Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1))
    scans.steps += Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
  }

  /// Tells SQLite to copy bound bytes, since Swift may free them after the call.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Binds text by byte length, so strings holding NUL survive intact.
  func bind(_ text: String, at index: Int32) {
    var text = text
    text.withUTF8 { bindText($0, at: index) }
  }

  /// Binds an identifier as its canonical text in capitals, as FieldNotes stores it
  /// (`UUIDText`), without making a `String` of it.
  func bind(_ id: UUID, at index: Int32) {
    UUIDText.withText(of: id) { bindText($0, at: index) }
  }

  /// Binds UTF-8 bytes as text.
  func bind(bytes: [UInt8], at index: Int32) {
    bytes.withUnsafeBufferPointer { bindText($0, at: index) }
  }

  /// Binds a file's bytes as a blob without copying them into an array first (SQLite takes its
  /// own copy); none is an empty blob, not `NULL`.
  func bind(blob data: Data, at index: Int32) {
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        sqlite3_bind_zeroblob(handle, index, 0)
        return
      }
      sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), Self.transient)
    }
  }

  /// Binds bytes as a blob; none is an empty blob, not `NULL`.
  func bind(blob bytes: [UInt8], at index: Int32) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        sqlite3_bind_zeroblob(handle, index, 0)
        return
      }
      sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), Self.transient)
    }
  }

  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      sqlite3_bind_text(handle, index, "", 0, Self.transient)
      return
    }
    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
      _ = sqlite3_bind_text64(
        handle, index, characters, UInt64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
    }
  }

  func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }

  func bind(_ value: Int, at index: Int32) { sqlite3_bind_int64(handle, index, Int64(value)) }

  func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

  /// Advances to the next row; returns `false` when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
    }
  }

  /// Runs a statement that returns no rows, then resets it for reuse.
  func run() throws(SQLiteError) {
    defer { reset() }
    _ = try step()
  }

  func reset() {
    countScannedRows()
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  func int(at column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }

  func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  /// Whether a column of the current row holds a number (an integer or a real).
  func isNumber(at column: Int32) -> Bool {
    let type = sqlite3_column_type(handle, column)
    return type == SQLITE_INTEGER || type == SQLITE_FLOAT
  }

  /// Reads a column's raw bytes, valid until the statement steps again.
  func withBytes<Result>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
  {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes = sqlite3_column_text(handle, column) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return body(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// Reads a column's bytes as a blob: text reads as its UTF-8 bytes, `NULL` as none.
  func blob(at column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes = sqlite3_column_blob(handle, column), count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// Reads a UUID stored as its 36-character text, without going through `String`.
  func uuid(at column: Int32) -> UUID? {
    withBytes(at: column) { UUIDText.parse($0) }
  }

  /// How many columns each row has.
  var columnCount: Int32 { sqlite3_column_count(handle) }

  /// A column of the current row as one of a feature table's values (a blob reads as text).
  func tableValue(at column: Int32) -> TableValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_NULL: .null
    case SQLITE_INTEGER: .integer(int(at: column))
    case SQLITE_FLOAT: .real(double(at: column))
    default: .text(text(at: column))
    }
  }

  /// Binds a feature table's value.
  func bind(_ value: TableValue, at index: Int32) {
    switch value {
    case .null: bindNull(at: index)
    case .integer(let value): bind(value, at: index)
    case .real(let value): bind(value, at: index)
    case .text(let value): bind(value, at: index)
    }
  }

  /// Reads text by byte length, so strings holding NUL survive intact.
  func text(at column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}

/// How many rows a connection's statements have stepped through in reading a table whole
/// (SQLite's `SQLITE_STMTSTATUS_FULLSCAN_STEP`, summed), for a test to tell that a read used an
/// index: a read through one steps through none; and how much work they did in all.
final class SQLiteTableScans {
  /// The rows, since the connection opened.
  var rows = 0
  /// The steps of SQLite's virtual machine (`SQLITE_STMTSTATUS_VM_STEP`, summed) since the
  /// connection opened: about one or a few for each index entry or row a statement reads, so a
  /// test can tell what a read costs by the rows it goes through, with no clock.
  var steps = 0
}
