import CSQLite
import FieldNotesServices
import Foundation

/// Features' own tables in the store's SQLite file: a connection of their own, opened on first
/// use, which runs each feature's migrations once, in order, and its statements confined to its
/// own tables.
///
/// The kernel keeps one table here, `feature_versions`: how many of each feature's migrations
/// this store has run. Everything else a feature makes is named for it
/// (``FeatureSchema/tablePrefix``), and SQLite's authorizer refuses, as each statement is
/// prepared, anything a feature's SQL would change elsewhere.
@MainActor
public final class SQLiteFeatureTables: FeatureTables {
  /// The store file, or `:memory:`.
  private let path: String
  private var connection: SQLiteConnection?
  /// The features whose migrations have been checked in this session.
  private var prepared: Set<FeatureSchema> = []

  /// Tables in a store's file, which must exist (the store makes it); opened on first use, so
  /// a session that opens no feature owning data never opens it twice.
  ///
  /// - Parameter path: The store file.
  public init(path: String) {
    self.path = path
  }

  /// Tables in memory, for a store in memory: they last as long as this value.
  ///
  /// - Returns: The tables.
  public static func inMemory() -> SQLiteFeatureTables {
    SQLiteFeatureTables(path: ":memory:")
  }

  /// Reads rows, after bringing the feature's tables to their latest version.
  ///
  /// - Parameters:
  ///   - statement: One `SELECT`.
  ///   - schema: The feature reading.
  /// - Returns: The rows.
  /// - Throws: ``FeatureTablesError``.
  public func rows(_ statement: TableStatement, for schema: FeatureSchema)
    throws(FeatureTablesError) -> [[TableValue]]
  {
    let connection = try prepare(schema)
    return try attempt(schema) { () throws(SQLiteError) in
      try connection.confining(toTablesNamed: schema.tablePrefix) { () throws(SQLiteError) in
        let prepared = try connection.prepareOne(statement.sql)
        bind(statement.values, to: prepared)
        var rows: [[TableValue]] = []
        while try prepared.step() {
          rows.append((0..<prepared.columnCount).map(prepared.tableValue(at:)))
        }
        return rows
      }
    }
  }

  /// Runs statements in one transaction, after bringing the feature's tables to their latest
  /// version.
  ///
  /// - Parameters:
  ///   - statements: The statements.
  ///   - schema: The feature writing.
  /// - Throws: ``FeatureTablesError``; nothing took effect then.
  public func write(_ statements: [TableStatement], for schema: FeatureSchema)
    throws(FeatureTablesError)
  {
    let connection = try prepare(schema)
    try attempt(schema) { () throws(SQLiteError) in
      try connection.inTransaction { () throws(SQLiteError) in
        let before = try Self.schemaNames(on: connection)
        try connection.confining(toTablesNamed: schema.tablePrefix) { () throws(SQLiteError) in
          for statement in statements {
            let prepared = try connection.prepareOne(statement.sql)
            bind(statement.values, to: prepared)
            try prepared.run()
          }
        }
        try Self.checkNewNames(on: connection, since: before, prefix: schema.tablePrefix)
      }
    }
  }

  // MARK: - Migrations

  /// The connection, with the feature's migrations run: those this store hasn't run, in one
  /// transaction, each confined to the feature's tables.
  private func prepare(_ schema: FeatureSchema) throws(FeatureTablesError) -> SQLiteConnection {
    let connection = try open()
    guard !prepared.contains(schema) else { return connection }
    try attempt(schema) { () throws(SQLiteError) in
      try connection.inTransaction { () throws(SQLiteError) in
        try connection.execute(
          """
          CREATE TABLE IF NOT EXISTS feature_versions (
            feature TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL)
          """)
        let read = try connection.prepare("SELECT version FROM feature_versions WHERE feature = ?")
        read.bind(schema.feature, at: 1)
        let version = try read.step() ? read.int(at: 0) : 0
        read.reset()
        guard version <= schema.migrations.count else {
          throw SQLiteError(code: Self.newerCode, message: String(version))
        }
        guard version < schema.migrations.count else { return }
        let before = try Self.schemaNames(on: connection)
        // A feature starting its tables finds none of its names taken: a feature called `Note`
        // would own the kernel's `note_versions` otherwise.
        if version == 0 {
          let taken = try connection.prepare(
            "SELECT count(*) FROM sqlite_master WHERE substr(lower(name), 1, ?) = ?")
          taken.bind(schema.tablePrefix.count, at: 1)
          taken.bind(schema.tablePrefix, at: 2)
          let count = try taken.step() ? taken.int(at: 0) : 0
          taken.reset()
          guard count == 0 else { throw SQLiteError(code: Self.takenCode, message: "") }
        }
        try connection.confining(toTablesNamed: schema.tablePrefix) { () throws(SQLiteError) in
          for migration in schema.migrations[version...] { try connection.execute(migration) }
        }
        try Self.checkNewNames(on: connection, since: before, prefix: schema.tablePrefix)
        let write = try connection.prepare(
          "INSERT OR REPLACE INTO feature_versions (feature, version) VALUES (?, ?)")
        write.bind(schema.feature, at: 1)
        write.bind(schema.migrations.count, at: 2)
        try write.run()
      }
    }
    prepared.insert(schema)
    return connection
  }

  /// The names of every table, index, trigger and view in the store.
  private static func schemaNames(on connection: SQLiteConnection) throws(SQLiteError)
    -> Set<String>
  {
    let statement = try connection.prepare("SELECT name FROM sqlite_master")
    var names: Set<String> = []
    while try statement.step() { names.insert(statement.text(at: 0)) }
    return names
  }

  /// Refuses what a feature's statements named outside its prefix, which the authorizer can't
  /// see: `ALTER TABLE bookmarks_x RENAME TO notes_x` is allowed on `bookmarks_x`, and names
  /// its table anew.
  private static func checkNewNames(
    on connection: SQLiteConnection, since before: Set<String>, prefix: String
  ) throws(SQLiteError) {
    let made = try schemaNames(on: connection).subtracting(before)
    let outside = made.filter {
      !$0.lowercased().hasPrefix(prefix) && !$0.hasPrefix("sqlite_autoindex_")
        && $0 != "sqlite_sequence"
    }
    guard outside.isEmpty else { throw SQLiteError(code: SQLITE_AUTH, message: "not authorized") }
  }

  /// Not one of SQLite's codes: the store's tables for the feature are newer than its schema.
  private static let newerCode: Int32 = -2
  /// Not one of SQLite's codes: a new feature's names are taken in the store.
  private static let takenCode: Int32 = -3

  private func open() throws(FeatureTablesError) -> SQLiteConnection {
    if let connection { return connection }
    do {
      let opened = try SQLiteConnection(path: path, readOnly: false)
      connection = opened
      return opened
    } catch {
      throw .store(error.repositoryError(path: path, writing: false))
    }
  }

  private func bind(_ values: [TableValue], to statement: SQLiteStatement) {
    for (index, value) in values.enumerated() { statement.bind(value, at: Int32(index + 1)) }
  }

  /// Runs SQLite work, saying a refusal or a failure in the feature's terms.
  private func attempt<Result>(
    _ schema: FeatureSchema, _ work: () throws(SQLiteError) -> Result
  ) throws(FeatureTablesError) -> Result {
    do {
      return try work()
    } catch {
      if error.code == Self.newerCode {
        throw .newerTables(
          feature: schema.feature, version: Int(error.message) ?? 0,
          known: schema.migrations.count)
      }
      if error.code == Self.takenCode { throw .namesTaken(feature: schema.feature) }
      if error.code == SQLiteError.severalStatementsCode {
        throw .severalStatements(feature: schema.feature)
      }
      if error.primaryCode == SQLITE_AUTH { throw .outsideItsTables(feature: schema.feature) }
      throw .store(error.repositoryError(path: path, writing: true))
    }
  }
}
