import Foundation

/// The tables a feature keeps of its own in the store's database, beside the notes: how a
/// feature that owns data stores it without a line of its SQL in Core.
///
/// The app makes one value of this for a session (over the store's file, or in memory for a
/// store in memory) and hands it to every screen in `ScreenDependencies`; a feature's live
/// client, in the feature's own `*Live` target, names its ``FeatureSchema`` and runs its
/// statements through it. The kernel keeps the rule that makes that safe: a feature's
/// statements may change only tables named for the feature, so no feature can write over a
/// note, a version or another feature's rows (see ``FeatureSchema/tablePrefix``).
@MainActor
public protocol FeatureTables: AnyObject {
  /// Reads rows from a feature's tables, first bringing them to the schema's latest version.
  ///
  /// - Parameters:
  ///   - statement: One `SELECT`, its values bound by position.
  ///   - schema: The feature reading.
  /// - Returns: The rows, each the statement's columns in order.
  /// - Throws: ``FeatureTablesError``; nothing changed then.
  func rows(_ statement: TableStatement, for schema: FeatureSchema) throws(FeatureTablesError)
    -> [[TableValue]]

  /// Runs statements that change a feature's tables, all in one transaction, first bringing
  /// them to the schema's latest version.
  ///
  /// - Parameters:
  ///   - statements: The statements, in order.
  ///   - schema: The feature writing.
  /// - Throws: ``FeatureTablesError``; none of the statements took effect then.
  func write(_ statements: [TableStatement], for schema: FeatureSchema)
    throws(FeatureTablesError)
}

/// A feature's tables: its name, which every table and index it makes starts with, and the
/// migrations that make them, one per version, in order.
///
/// Like the store's own schema, a shipped migration never changes; a new version appends one.
/// The store remembers how many of each feature's migrations have run (in the kernel's
/// `feature_versions` table), so each runs once per store, in order, in one transaction.
public struct FeatureSchema: Hashable, Sendable {
  /// The feature, such as `Bookmarks`.
  public let feature: String
  /// The migrations: `migrations[0]` makes version 1, `migrations[1]` takes it to 2, ….
  public let migrations: [String]

  /// Names a feature's tables.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, such as `Bookmarks`.
  ///   - migrations: Its migrations, first to last.
  public init(feature: String, migrations: [String]) {
    self.feature = feature
    self.migrations = migrations
  }

  /// What the name of every table, index and trigger of the feature starts with: its name in
  /// lower case and `_`, such as `bookmarks_`.
  public var tablePrefix: String { feature.lowercased() + "_" }
}

/// One SQL statement and the values bound to its `?` parameters, in order.
public struct TableStatement: Hashable, Sendable {
  /// The SQL, with `?` where each value goes: values are bound, never spliced into it.
  public let sql: String
  /// The values, in the order of the `?`s.
  public let values: [TableValue]

  /// Makes a statement.
  ///
  /// - Parameters:
  ///   - sql: The SQL.
  ///   - values: The values of its parameters.
  public init(_ sql: String, _ values: [TableValue] = []) {
    self.sql = sql
    self.values = values
  }
}

/// A value in a feature's table: one of SQLite's storage classes but blobs.
public enum TableValue: Hashable, Sendable {
  /// `NULL`.
  case null
  /// An integer.
  case integer(Int)
  /// A floating-point number, such as a date's seconds since 2001.
  case real(Double)
  /// Text.
  case text(String)

  /// The text, or `nil` for any other value.
  public var text: String? {
    if case .text(let text) = self { text } else { nil }
  }

  /// The number as a `Double`, or `nil` for text and `NULL`.
  public var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    case .null, .text: nil
    }
  }
}

/// Why a feature's tables couldn't be read or written; each says so in a user's words.
public enum FeatureTablesError: Error, Hashable, LocalizedError {
  /// This session has no tables for features (a test that didn't provide them).
  case unavailable
  /// A newer FieldNotes made the feature's tables; this one leaves them alone.
  case newerTables(feature: String, version: Int, known: Int)
  /// A statement reached beyond the feature's own tables; SQLite refused it before it ran.
  case outsideItsTables(feature: String)
  /// A statement's text held a second statement, which would never have run; nothing ran.
  case severalStatements(feature: String)
  /// The store has tables named as the feature's would be, which the feature didn't make (a
  /// feature called `Note` would own `note_versions`).
  case namesTaken(feature: String)
  /// The store refused or failed: another FieldNotes held it, the disk was full, ….
  case store(RepositoryError)

  /// The message a user sees.
  public var errorDescription: String? {
    switch self {
    case .unavailable:
      "this session keeps no tables for features"
    case .newerTables(let feature, let version, let known):
      "a newer FieldNotes keeps the data of \(feature) in this store (version \(version); this "
        + "one knows \(known)); update FieldNotes to use it"
    case .outsideItsTables(let feature):
      "\(feature) may change only its own tables; nothing was changed"
    case .severalStatements(let feature):
      "\(feature) gave several SQL statements as one; each must be a statement of its own, "
        + "and none was run"
    case .namesTaken(let feature):
      "this store has tables named as those of \(feature) would be, which it didn't make; "
        + "\(feature) can't keep its data here until they are renamed"
    case .store(let error):
      error.errorDescription
    }
  }
}

/// Tables that are never there: for a test, or a tool, that composes screens without a
/// feature owning data.
///
/// Every read and write throws ``FeatureTablesError/unavailable``.
@MainActor
public final class UnavailableFeatureTables: FeatureTables {
  /// Makes the value.
  public init() {}

  /// Throws.
  ///
  /// - Parameters:
  ///   - statement: Ignored.
  ///   - schema: Ignored.
  /// - Returns: Never.
  /// - Throws: ``FeatureTablesError/unavailable``.
  public func rows(_ statement: TableStatement, for schema: FeatureSchema)
    throws(FeatureTablesError) -> [[TableValue]]
  {
    throw .unavailable
  }

  /// Throws.
  ///
  /// - Parameters:
  ///   - statements: Ignored.
  ///   - schema: Ignored.
  /// - Throws: ``FeatureTablesError/unavailable``.
  public func write(_ statements: [TableStatement], for schema: FeatureSchema)
    throws(FeatureTablesError)
  {
    throw .unavailable
  }
}
