import Synchronization

/// The repository's one read-write connection, reached only through ``perform(_:)``, which runs
/// one command at a time and ends each with nothing held: no statement stepped, no transaction
/// open (see ``SQLiteConnection/finishCommand()``).
///
/// That is the rule that lets a long session keep saving while other processes write: a
/// connection holding a read transaction between commands sees a snapshot that another
/// process's commit makes stale, and SQLite then refuses its every write at once.
final class SQLiteWriter: Sendable {
  private let connection: Mutex<SQLiteConnection>
  /// What commands left for ``perform(_:)`` to finish, in order (see ``statementsLeftStepped``).
  private let unfinished = Mutex<[String]>([])
  /// How many commands have run.
  private let commands = Mutex(0)

  /// Takes a connection over.
  init(_ connection: sending SQLiteConnection) {
    self.connection = Mutex(connection)
  }

  /// Runs one command on the connection, then finishes whatever it left open.
  ///
  /// - Parameter command: The command; it should finish every statement it steps.
  /// - Returns: What the command returns.
  /// - Throws: What the command throws.
  func perform<Result, Failure: Error>(
    _ command: (SQLiteConnection) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    commands.withLock { $0 += 1 }
    return try connection.withLock { connection throws(Failure) -> sending Result in
      defer {
        let left = connection.finishCommand()
        if !left.isEmpty { unfinished.withLock { $0 += left } }
      }
      return try command(connection)
    }
  }

  /// How many commands have run on the connection: every read and write of the store is one.
  var commandCount: Int { commands.withLock { $0 } }

  /// What the connection holds now; between commands, always ``SQLiteTransactionState/none``.
  var transactionState: SQLiteTransactionState {
    connection.withLock { $0.transactionState }
  }

  /// The SQL of every statement a command left stepped (and `"transaction"` for a transaction
  /// it left open), which ``perform(_:)`` then finished: empty while every command keeps the
  /// rule itself.
  var statementsLeftStepped: [String] { unfinished.withLock { $0 } }

  /// How many rows the connection's statements have stepped through in reading a table whole.
  var rowsReadInTableScans: Int { connection.withLock { $0.tableScans.rows } }

  /// How many steps of SQLite's virtual machine the connection's statements have taken.
  var stepsTaken: Int { connection.withLock { $0.tableScans.steps } }
}
