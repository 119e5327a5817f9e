import CSQLite

/// The versions of a note kept as changes: each body an edit script against the next version's
/// (``VersionDelta``), the newest kept whole, so 300 small edits of a long note cost about the
/// edits rather than 300 copies of it.
///
/// The `note_versions_keep` trigger still writes every replaced text whole, so another
/// program's write is versioned as FieldNotes' own is. A trigger of this table queues the note
/// (`note_versions_to_compact`), and each FieldNotes write then compacts the notes queued last
/// (``compactQueued(in:)``), in its own transaction: a version's row is written anew with a
/// `NULL` body and a script against the next version, in a savepoint kept only once the script,
/// read back from the store, rebuilds the exact bytes; anything else leaves the version whole.
/// A version whose number is a multiple of ``wholeEvery`` is kept whole, so a chain of scripts
/// is never longer than that: any version is rebuilt from at most ``wholeEvery`` rows, and a
/// damaged row costs at most the versions chained through it. Each script keeps the length and
/// check (``VersionDelta/checksum(_:)``) of the text it rebuilds, so a damaged script, or a
/// damaged version it was made against, leaves that version unreadable, never other text.
enum SQLiteVersionDeltas {
  /// Every version whose number is a multiple of this is kept whole.
  static let wholeEvery = 32

  /// How many bytes a script must save against the whole text to be kept instead: below that,
  /// its row would cost about what it saves.
  static let leastSaving = 256

  /// How many queued notes one write compacts at most, the ones it queued itself first: a
  /// write after another program changed many notes stays about as fast as any.
  static let notesPerWrite = 16

  /// What the migration makes: the scripts, the queue of notes with versions to compact, and
  /// the triggers that fill the queue and take a deleted version's script with it.
  static let creation = """
    CREATE TABLE IF NOT EXISTS note_version_deltas (
      note_id TEXT NOT NULL,
      number INTEGER NOT NULL,
      base_number INTEGER NOT NULL,
      script BLOB NOT NULL,
      body_length INTEGER NOT NULL,
      body_check INTEGER NOT NULL,
      PRIMARY KEY (note_id, number)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS note_versions_to_compact (note_id TEXT PRIMARY KEY NOT NULL);
    DROP TRIGGER IF EXISTS note_versions_queue_compaction;
    CREATE TRIGGER note_versions_queue_compaction AFTER INSERT ON note_versions
      WHEN new.note_id IS NOT NULL
    BEGIN
      DELETE FROM note_versions_to_compact WHERE note_id = new.note_id;
      INSERT INTO note_versions_to_compact (note_id) VALUES (new.note_id);
    END;
    DROP TRIGGER IF EXISTS note_versions_take_delta;
    CREATE TRIGGER note_versions_take_delta AFTER DELETE ON note_versions BEGIN
      DELETE FROM note_version_deltas WHERE note_id = old.note_id AND number = old.number;
    END;
    """

  /// The tables and triggers of ``creation``: a store missing one is given it again on opening.
  static let objects = [
    "note_version_deltas", "note_versions_to_compact", "note_versions_queue_compaction",
    "note_versions_take_delta",
  ]

  /// Whether the store has everything ``creation`` makes.
  static func areWhole(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    let names = objects.map { "'\($0)'" }.joined(separator: ", ")
    return try connection.integer("SELECT count(*) FROM sqlite_master WHERE name IN (\(names))")
      == objects.count
  }

  /// The columns of a version's body as ``body(from:at:after:)`` reads them, after the
  /// version's own: the whole body, or its script's base, script, length and check.
  static let bodyColumns = "v.body, d.base_number, d.script, d.body_length, d.body_check"

  /// The join that gives each version row its script, where its body is one.
  static let bodyJoin = """
    note_versions AS v LEFT JOIN note_version_deltas AS d
      ON v.body IS NULL AND d.note_id = v.note_id AND d.number = v.number
    """

  /// Reads a version's body bytes from the columns of ``bodyColumns``.
  ///
  /// - Parameters:
  ///   - statement: The row.
  ///   - column: Where ``bodyColumns`` start.
  ///   - base: The next version's number and body, if it could be rebuilt.
  /// - Returns: The body: the row's own, or rebuilt from its script; `nil` when the script is
  ///   damaged or missing (a row with neither body nor script, which another program left, is
  ///   never read as an empty text), or was made against a version that can't be read.
  static func body(
    from statement: SQLiteStatement, at column: Int32, after base: (number: Int, body: [UInt8]?)?
  ) -> [UInt8]? {
    guard statement.isNull(at: column) else {
      return statement.withBytes(at: column) { Array($0) }
    }
    guard !statement.isNull(at: column + 2), let base, let baseBody = base.body,
      statement.int(at: column + 1) == base.number,
      let body = VersionDelta.apply(
        statement.withBytes(at: column + 2) { Array($0) }, to: baseBody),
      body.count == statement.int(at: column + 3),
      VersionDelta.checksum(body) == statement.int(at: column + 4)
    else { return nil }
    return body
  }

  // MARK: - Compacting

  /// Compacts the versions of the notes queued last, up to ``notesPerWrite``, each in a
  /// savepoint of the caller's transaction: a note whose compaction fails keeps its versions
  /// as they were, whole, and the write goes on.
  static func compactQueued(in connection: SQLiteConnection) throws(SQLiteError) {
    let queued = try connection.cached(
      "SELECT note_id FROM note_versions_to_compact ORDER BY rowid DESC LIMIT \(notesPerWrite)")
    var notes: [String] = []
    do {
      defer { queued.reset() }
      while try queued.step() { notes.append(queued.text(at: 0)) }
    }
    for note in notes {
      try connection.execute("SAVEPOINT version_compaction")
      do {
        try compact(note, in: connection)
      } catch {
        try connection.execute("ROLLBACK TO version_compaction")
      }
      try connection.execute("RELEASE version_compaction")
      let done = try connection.cached("DELETE FROM note_versions_to_compact WHERE note_id = ?1")
      done.bind(note, at: 1)
      try done.run()
    }
  }

  /// Turns each whole version of a note that isn't its newest, and whose number isn't a
  /// multiple of ``wholeEvery``, into a script against the next version, newest first, where
  /// the script saves at least ``leastSaving`` bytes and rebuilds the exact text.
  static func compact(_ note: String, in connection: SQLiteConnection) throws(SQLiteError) {
    let candidates = try connection.cached(
      """
      SELECT number, (SELECT min(number) FROM note_versions AS next
          WHERE next.note_id = ?1 AND next.number > v.number)
      FROM note_versions AS v
      WHERE note_id = ?1 AND typeof(body) = 'text' AND number % \(wholeEvery) != 0
        AND number < (SELECT max(number) FROM note_versions WHERE note_id = ?1)
      ORDER BY number DESC
      """)
    candidates.bind(note, at: 1)
    var pairs: [(number: Int, base: Int)] = []
    do {
      defer { candidates.reset() }
      while try candidates.step() {
        guard candidates.isNumber(at: 0), candidates.isNumber(at: 1) else { continue }
        pairs.append((candidates.int(at: 0), candidates.int(at: 1)))
      }
    }
    // The text of the version compacted just before, the base of the next one down.
    var known: (number: Int, body: [UInt8])?
    for pair in pairs {
      let base: [UInt8]?
      if let known, known.number == pair.base {
        base = known.body
      } else {
        base = try body(of: note, number: pair.base, in: connection)
      }
      guard let text = try wholeBody(of: note, number: pair.number, in: connection) else {
        known = nil
        continue
      }
      known = (pair.number, text)
      guard let base else { continue }
      try writeScript(
        rebuilding: text, number: pair.number, of: note, from: base, pair.base, connection)
    }
  }

  /// Keeps a version's body as a script against its base, when that saves enough, and only
  /// when the script read back from the store rebuilds the exact text.
  private static func writeScript(
    rebuilding text: [UInt8], number: Int, of note: String, from base: [UInt8], _ baseNumber: Int,
    _ connection: SQLiteConnection
  ) throws(SQLiteError) {
    let script = VersionDelta.script(rebuilding: text, from: base)
    guard script.count + leastSaving <= text.count else { return }
    // The row is written anew without its body rather than in place, so what is left of it
    // joins the small rows at the end of the table: in place, it kept the leaf page its whole
    // text once filled (a long text puts up to 4 KB of itself on a leaf), nearly empty.
    for sql in [
      """
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at, properties)
        SELECT note_id, number, title, NULL, tags, notebook_id, saved_at, replaced_at, properties
        FROM note_versions WHERE note_id = ?1 AND number = ?2 AND typeof(body) = 'text'
      """,
      "DELETE FROM note_versions WHERE note_id = ?1 AND number = ?2 AND typeof(body) = 'text'",
    ] {
      let statement = try connection.cached(sql)
      statement.bind(note, at: 1)
      statement.bind(number, at: 2)
      try statement.run()
      guard connection.changes == 1 else {
        throw SQLiteError(code: SQLITE_CORRUPT, message: "a version's body changed meanwhile")
      }
    }
    // Written after the old row is gone, whose trigger takes its number's script with it.
    let insert = try connection.cached(
      """
      INSERT OR REPLACE INTO note_version_deltas (note_id, number, base_number, script,
          body_length, body_check)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      """)
    insert.bind(note, at: 1)
    insert.bind(number, at: 2)
    insert.bind(baseNumber, at: 3)
    insert.bind(blob: script, at: 4)
    insert.bind(text.count, at: 5)
    insert.bind(Int(VersionDelta.checksum(text)), at: 6)
    try insert.run()
    // Read back as any reader will: the row's body and script, against the base it names.
    let check = try connection.cached(
      "SELECT \(bodyColumns) FROM \(bodyJoin) WHERE v.note_id = ?1 AND v.number = ?2")
    check.bind(note, at: 1)
    check.bind(number, at: 2)
    defer { check.reset() }
    var rows = 0
    var isExact = true
    while try check.step() {
      rows += 1
      isExact = isExact && body(from: check, at: 0, after: (baseNumber, base)) == text
    }
    guard rows == 1, isExact else {
      throw SQLiteError(code: SQLITE_CORRUPT, message: "a version's script didn't rebuild it")
    }
  }

  /// A version's body as stored whole; `nil` when it isn't (a script, or no such row).
  private static func wholeBody(of note: String, number: Int, in connection: SQLiteConnection)
    throws(SQLiteError) -> [UInt8]?
  {
    let statement = try connection.cached(
      """
      SELECT body FROM note_versions
      WHERE note_id = ?1 AND number = ?2 AND typeof(body) = 'text'
      """)
    statement.bind(note, at: 1)
    statement.bind(number, at: 2)
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return statement.withBytes(at: 0) { Array($0) }
  }

  // MARK: - Reading one version

  /// Rebuilds one version's body from the rows from it up to the first whole one: at most
  /// ``wholeEvery`` rows, whatever the number of versions.
  ///
  /// - Returns: The body; `nil` when it can't be rebuilt (a damaged row on its chain).
  static func body(of note: String, number: Int, in connection: SQLiteConnection)
    throws(SQLiteError) -> [UInt8]?
  {
    let statement = try connection.cached(
      """
      SELECT v.number, \(bodyColumns) FROM \(bodyJoin)
      WHERE v.note_id = ?1 AND v.number >= ?2 ORDER BY v.number
      """)
    statement.bind(note, at: 1)
    statement.bind(number, at: 2)
    defer { statement.reset() }
    // Each script on the way up, until a whole body, then rebuilt on the way down.
    var scripts: [(number: Int, base: Int, script: [UInt8], length: Int, check: Int)] = []
    var base: (number: Int, body: [UInt8]?)?
    while try statement.step() {
      guard scripts.isEmpty || statement.int(at: 0) == scripts[scripts.count - 1].base else {
        return nil
      }
      if statement.isNull(at: 1), !statement.isNull(at: 3) {
        scripts.append(
          (
            statement.int(at: 0), statement.int(at: 2),
            statement.withBytes(at: 3) { Array($0) }, statement.int(at: 4), statement.int(at: 5)
          ))
      } else {
        // Neither body nor script: nothing to rebuild from, never an empty text.
        guard !statement.isNull(at: 1) else { return nil }
        base = (statement.int(at: 0), statement.withBytes(at: 1) { Array($0) })
        break
      }
    }
    guard let base, var body = base.body else { return nil }
    if scripts.isEmpty { return base.number == number ? body : nil }
    guard scripts[0].number == number else { return nil }
    for script in scripts.reversed() {
      guard let rebuilt = VersionDelta.apply(script.script, to: body),
        rebuilt.count == script.length,
        Int(VersionDelta.checksum(rebuilt)) == script.check
      else { return nil }
      body = rebuilt
    }
    return body
  }
}
