import Foundation

/// The figures the reliability tests run with, in one place: the tests use them, and
/// `docs/Reliability.md` is generated from them, so the page states what the suite proves.
enum ReliabilityFigures {
  /// Lines the REPL fuzz feeds in a default run; `FIELDNOTES_FUZZ_LINES` raises it (50,000
  /// take about 29 s on two cores, past what one test may take in `swift test`).
  static var fuzzLines: Int {
    ProcessInfo.processInfo.environment["FIELDNOTES_FUZZ_LINES"].flatMap(Int.init)
      ?? defaultFuzzLines
  }
  static let defaultFuzzLines = 25_000
  /// Lines of a megabyte among them.
  static let megabyteLines = 8
  /// SIGKILL rounds of the crash test.
  static let crashRounds = 20
  /// SIGKILL rounds of each recovery test: restoring from the trash, and emptying it.
  static let recoveryKillRounds = 6
  /// Notes each of the two concurrent processes writes.
  static let notesPerProcess = 500
  /// The seeds the no-loss oracle runs in `swift test` (`FIELDNOTES_ORACLE_SEEDS=N` runs seeds
  /// 1 to N; `FIELDNOTES_ORACLE_SEED=K` seed K alone, to see again what a soak found), and the
  /// steps of each (`FIELDNOTES_ORACLE_STEPS`).
  static var oracleSeeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    if let only = environment["FIELDNOTES_ORACLE_SEED"].flatMap(UInt64.init) { return [only] }
    let count = environment["FIELDNOTES_ORACLE_SEEDS"].flatMap(UInt64.init)
    return Array(1...(count ?? defaultOracleSeeds))
  }
  static let defaultOracleSeeds: UInt64 = 4
  static var oracleSteps: Int {
    ProcessInfo.processInfo.environment["FIELDNOTES_ORACLE_STEPS"].flatMap(Int.init)
      ?? defaultOracleSteps
  }
  static let defaultOracleSteps = 80
  /// Shell loops starting a `fieldnotes add` each after the other, all at once, and the
  /// processes each loop starts.
  static let shortProcessLoops = 3
  static let shortProcessesPerLoop = 40

  struct Row {
    var test: String
    var attack: String
    var figures: String
  }

  static let rows = [
    Row(
      test: "`NoLossOracleTests`",
      attack:
        "random sequences of what users do to three stores syncing through one remote: edits, deletes, restores, emptying the trash, the editor saving, quitting, crashing after writing or left open when FieldNotes is killed, exports edited and copied by hand and imported again, edited backups, jrnl journals, conflict resolutions, sessions in memory, adds at once",
      figures:
        "\(defaultOracleSeeds) seeds × \(defaultOracleSteps) steps; acknowledged texts missing after any step 0; files of the user's changed 0; each of the 8 losses it was written against fails a seed when its fix is taken out"
    ),
    Row(
      test: "`REPLFuzzTests`",
      attack:
        "random bytes, invalid UTF-8, control and escape characters, 1 MB lines, unbalanced quotes, huge and negative row numbers, every command with a wrong arity — interleaved with notes being written",
      figures:
        "\(defaultFuzzLines) lines (\(megabyteLines) of 1 MB); crashes 0; bad lines answered by exactly one error line: all; notes lost 0; integrity check ok"
    ),
    Row(
      test: "`CrashDurabilityTests`",
      attack: "`fieldnotes` killed with SIGKILL while writing notes, at a seeded moment each round",
      figures:
        "\(crashRounds) kills survived; acknowledged notes lost 0; integrity check ok after every kill"
    ),
    Row(
      test: "`RecoveryKillTests`",
      attack:
        "`fieldnotes` killed with SIGKILL while it restores notes from the trash, and while it empties a trash of 2,000 notes",
      figures:
        "\(recoveryKillRounds) + \(recoveryKillRounds) kills; notes in both places or neither 0; acknowledged restores lost 0; trashes left half-emptied 0"
    ),
    Row(
      test: "`ConcurrentProcessTests`",
      attack:
        "two processes writing to one store file at once; shell loops each starting one `fieldnotes add` after another, while the others write",
      figures:
        "2 × \(notesPerProcess) notes written, \(2 * notesPerProcess) found; \(shortProcessLoops) × \(shortProcessesPerLoop) processes, every note found, `busy` said 0 times; `database is locked` shown 0 times"
    ),
    Row(
      test: "`ForeignFileTests`",
      attack:
        "a zero-byte file, a text file, a truncated store, another app's SQLite database, a store from a newer FieldNotes",
      figures: "5 files refused with exit status 1 and a message naming the file; bytes changed 0"),
    Row(
      test: "`EnvironmentFaultTests`",
      attack: "an unwritable store folder, a read-only store file, a full disk (failure injection)",
      figures: "3 faults reported in one line each; changes rolled back; saved notes lost 0"),
    Row(
      test: "`InjectionTests`",
      attack:
        "SQL, quotes, `%` and `_`, NUL and terminal escape sequences in titles, bodies, tags, notebook names and searches",
      figures: "stored verbatim; escapes shown, never obeyed; searches literal; schema unchanged"),
    Row(
      test: "`PermissionTests`",
      attack: "who can read what FieldNotes writes",
      figures:
        "store 0600, its folders 0700, exports 0600, sync repository 0700 (a git folder, no checkout)"
    ),
    Row(
      test: "`HostileRemoteTests`",
      attack:
        "a remote holding symbolic links to a file and to a folder outside, a name differing only in case, a duplicate id, garbage, an oversize note, a name that isn't an id; a local remote's hooks, alternates command and checked-out branch with a filter; FIFOs and links in an earlier FieldNotes' checkout",
      figures:
        "7 entries skipped and counted, left in the remote; files read or written outside the repository 0; programs of the remote's folder run 0; hangs 0"
    ),
    Row(
      test: "`SyncKillTests`",
      attack: "`fieldnotes` killed with SIGKILL in each step of a sync while another store syncs",
      figures:
        "8 kills; after one more sync each, both stores equal; notes twice 0; conflict copies 0"),
    Row(
      test: "`ConcurrentSyncTests`",
      attack:
        "two stores editing the same two notes and syncing at the same moment; three stores writing and syncing as fast as they can",
      figures:
        "8 rounds; edits lost 0 (every tag kept, each round's other text in one copy); 3 × 8 syncs at once, every one finished (one whose pushes all lost is run again, as a user would), notes missing 0"
    ),
  ]

  static var table: String {
    (["| test | what it attacks | figures |", "|---|---|---|"]
      + rows.map { "| \($0.test) | \($0.attack) | \($0.figures) |" }).joined(separator: "\n")
  }
}
