import Foundation

/// The import workload, and the size of the store it makes.
extension Workloads {
  /// `import` of an export into a new store, against the `sqlite3` shell doing the same work in
  /// one transaction (the same rows, and the store's indexes built over them: see
  /// ``LibraryGenerator/writeInserts(_:to:)``); and the store file the import made, against the
  /// same rows in a plain table.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - count: How many imports of each kind.
  /// Every import of ours is also measured for its peak memory, against the export file's size:
  /// the file is read a note at a time, so the peak should stay well under it.
  ///
  /// - Returns: The import row, the import's peak memory and the store-on-disk row.
  /// - Throws: ``BenchError`` when there is no export or a run fails.
  func importing(_ size: Int, repetitions count: Int) throws -> [Result] {
    guard let files = exports[size] else { throw BenchError.failed("no export of \(size) notes") }
    let scratch = NSTemporaryDirectory() + "fieldnotes-bench-import-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var round = 0
    var onDisk: Result?
    var peaks: [Double] = []
    let importOnce = {
      round += 1
      let store = "\(scratch)/ours-\(round).sqlite"
      let run = try Measurement.runMeasuringMemory(
        [fieldnotes, "--store", store, "--no-summaries"]
          + files.json.flatMap { ["-c", "import \($0)"] })
      peaks.append(Double(run.maximumResidentBytes))
      guard run.status == 0 else { throw BenchError.failed("import of \(size) notes failed") }
      if onDisk == nil { onDisk = try storeOnDisk(store, size: size, scratch: scratch) }
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
      }
      return run.seconds
    }
    let (ours, peerRuns) = try samplesInTurn(count, ours: importOnce, sql: files.sql, in: scratch)
    let exportBytes = Double(files.json.reduce(0) { $0 + Self.fileBytes($1) })
    let peak = Summary(peaks)
    let memory = Result(
      name: "peak memory, `import` of the one-file export of \(size.formatted()) notes",
      fieldNotes: mebibytes(peak.median) + " max RSS",
      peer: mebibytes(exportBytes) + " export file ("
        + String(format: "%.2f×", peak.median / exportBytes) + " of it)",
      ratio: peak.median / exportBytes, target: "≤ 0.5× the file",
      isMet: peak.median <= 0.5 * exportBytes)
    let name = "import \(size.formatted()) notes (`import FILE.json`, one file, into a new store)"
    let target = "≤ 1.5×"
    guard let peer = peerRuns, let onDisk else {
      return [
        Result(
          name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
          target: target, isMet: nil),
        memory,
      ]
    }
    let ratio = ours.median / peer.median
    return [
      Result(
        name: name, fieldNotes: ms(ours),
        peer: ms(peer)
          + " (`sqlite3 NEW.db < IMPORT.sql`, in one transaction: the same rows, one `INSERT` "
          + "each, and each note's folded title, body and tags into a temporary table; then "
          + "the store's list indexes (`notes_by_pin`, `notes_in_notebook`, `notes_untagged`), "
          + "its `note_tags` table filled from `json_each(tags)` with its index, its "
          + "`note_counts` by notebook, `CREATE VIRTUAL TABLE note_search USING fts5(text, tokenize = "
          + "'trigram case_sensitive 1', content = '', detail = full)` with a 64 MiB `hashsize`, "
          + "and one `INSERT INTO note_search (rowid, text) SELECT rowid, text FROM "
          + "temp.note_text`)",
        ratio: ratio, target: target, isMet: ratio <= 1.5),
      memory,
      onDisk,
    ]
  }

  /// `import FOLDER` of the library as a folder of Markdown files (one per note, a folder per
  /// notebook, as `export FOLDER/` writes it) into a new store, against the `sqlite3` shell
  /// inserting the same rows from one SQL file, as ``importing(_:repetitions:)``'s peer does.
  ///
  /// FieldNotes does more than the peer here: it opens, reads and parses every file; the peer
  /// reads one file of `INSERT`s. The target allows for that.
  ///
  /// - Parameters:
  ///   - size: The tier.
  ///   - count: How many imports of each.
  /// - Returns: The row.
  /// - Throws: ``BenchError`` when there is no folder or a run fails.
  func importingMarkdownFolder(_ size: Int, repetitions count: Int) throws -> Result {
    guard let folder = markdownFolders[size], let files = exports[size] else {
      throw BenchError.failed("no Markdown folder of \(size) notes")
    }
    let scratch = NSTemporaryDirectory() + "fieldnotes-bench-folder-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var round = 0
    let importOnce = {
      round += 1
      let store = "\(scratch)/ours-\(round).sqlite"
      let run = try Measurement.run(
        [fieldnotes, "--store", store, "--no-summaries", "-c", "import \(folder)"],
        keepOutput: true)
      // Every note imported, and no file left out.
      guard run.status == 0, run.output.contains("Imported \(size) notes"),
        !run.output.contains("Left out")
      else {
        throw BenchError.failed("the import of \(size) Markdown files failed: \(run.output)")
      }
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
      }
      return run.seconds
    }
    let (ours, peerRuns) = try samplesInTurn(count, ours: importOnce, sql: files.sql, in: scratch)
    let name =
      "import \(size.formatted()) notes from a folder of Markdown files (`import FOLDER`, one "
      + "file per note in a folder per notebook, into a new store)"
    let target = "≤ 2×"
    guard let peer = peerRuns else {
      return Result(
        name: name, fieldNotes: ms(ours), peer: "sqlite3 not installed", ratio: nil,
        target: target, isMet: nil)
    }
    let ratio = ours.median / peer.median
    return Result(
      name: name, fieldNotes: ms(ours),
      peer: ms(peer) + " (the same `sqlite3 NEW.db < IMPORT.sql` as the import above: the same "
        + "rows, indexes and search index, from one file)",
      ratio: ratio, target: target, isMet: ratio <= 2)
  }

  /// The size of a store just imported, against the same rows in a plain table: a new database
  /// with the notes table as FieldNotes declares it (its primary key, no other index), filled
  /// from the store by `sqlite3`.
  ///
  /// - Parameters:
  ///   - store: The store, closed.
  ///   - size: How many notes it holds.
  ///   - scratch: A folder for the plain table's database.
  /// - Returns: The store-on-disk row.
  /// - Throws: ``BenchError`` when `sqlite3` fails.
  private func storeOnDisk(_ store: String, size: Int, scratch: String) throws -> Result? {
    guard hasSQLite else { return nil }
    let plain = "\(scratch)/plain.db"
    defer { try? FileManager.default.removeItem(atPath: plain) }
    let quoted = store.replacingOccurrences(of: "'", with: "''")
    _ = try sqlite(
      plain,
      "ATTACH '\(quoted)' AS store; \(LibraryGenerator.notesTable) INSERT INTO main.notes "
        + "SELECT id, title, body, created_at, updated_at, notebook_id, tags, is_pinned FROM "
        + "store.notes;")
    let storeBytes = Double(Self.fileBytes(store))
    let plainBytes = Double(Self.fileBytes(plain))
    let ratio = storeBytes / plainBytes
    return Result(
      name: "store on disk, \(size.formatted()) notes, just imported",
      fieldNotes: mebibytes(storeBytes) + " (the store file and its WAL)",
      peer: mebibytes(plainBytes)
        + " (the same rows in a plain table: a new database with FieldNotes' `CREATE TABLE "
        + "notes`, primary key and no other index, filled by `sqlite3` with `INSERT INTO notes "
        + "SELECT id, title, body, created_at, updated_at, notebook_id, tags, is_pinned FROM "
        + "store.notes`)",
      ratio: ratio, target: "≤ 2.5×", isMet: ratio <= 2.5)
  }

  /// An import of ours and its peer, run in turn when there is a peer to run.
  ///
  /// - Parameters:
  ///   - count: How many runs of each.
  ///   - ours: One import of ours, in seconds.
  ///   - sql: The peer's SQL file of the same rows, indexes and search index.
  ///   - scratch: A folder for the peer's databases.
  /// - Returns: The times of ours and the peer's; the peer's `nil` without `sqlite3`.
  /// - Throws: ``BenchError`` when a run fails.
  private func samplesInTurn(
    _ count: Int, ours: () throws -> Double, sql: String, in scratch: String
  ) throws -> (Summary, Summary?) {
    guard hasSQLite else { return (try samples(count, ours), nil) }
    let runs = try alternatingSamples(
      count, ours: ours, peer: { try sqlitePeerRun(sql, in: scratch) })
    return (runs.ours, runs.peer)
  }

  /// One run of the import's peer: `sqlite3 NEW.db < IMPORT.sql`, into a new database, removed
  /// after the run.
  ///
  /// - Parameters:
  ///   - sql: The SQL file of the same rows, indexes and search index.
  ///   - scratch: A folder for the database.
  /// - Returns: The run's time.
  /// - Throws: ``BenchError`` when the run fails.
  private func sqlitePeerRun(_ sql: String, in scratch: String) throws -> Double {
    let database = "\(scratch)/peer-\(UUID().uuidString).db"
    defer { try? FileManager.default.removeItem(atPath: database) }
    let run = try Measurement.run(["sqlite3", database], inputFile: sql)
    guard run.status == 0 else { throw BenchError.failed("the import peer failed") }
    return run.seconds
  }
}
