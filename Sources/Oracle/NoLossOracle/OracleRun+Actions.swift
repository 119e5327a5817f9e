import Foundation

extension OracleRun {
  // MARK: - Choosing

  /// Draws the next action, weighted so the stores' edits, deletions and syncs of the same few
  /// notes meet often, among those the stores' state allows.
  mutating func choose() -> OracleAction {
    let store = Int.random(in: stores, using: &random)
    let texts = self.texts[store] ?? StoreTexts()
    let notes = texts.noteCount
    // A note by a word of its title: most often one of the notes every store has had from the
    // start, so edits, deletions and syncs of one note meet.
    // In the words' order, not the notes': notes added at once (`addAtOnce`) are saved in any
    // order, and the same seed must choose the same note.
    let titleWords = texts.titles.compactMap { title in
      title.split(separator: " ").first { $0.hasPrefix("zq") }.map(String.init)
    }.sorted()
    let shared = titleWords.filter { startingNotes.contains($0) }
    let note =
      (Int.random(in: 0..<10, using: &random) < 7 ? shared.randomElement(using: &random) : nil)
      ?? titleWords.randomElement(using: &random) ?? ""
    var choices: [(weight: Int, make: (inout OracleRun) -> OracleAction)] = [
      (6, { .write(store: store, word: $0.word()) }),
      (4, { .leaveUnsaved(store: store, word: $0.word()) }),
      (2, { run in .addAtOnce(store: store, words: (0..<3).map { _ in run.word() }) }),
      (16, { _ in .sync(store: store) }),
      (4, { .editorSaves(store: store, word: $0.word()) }),
      (2, { .editorQuits(store: store, word: $0.word()) }),
      (2, { .sessionInMemory(demo: Bool.random(using: &$0.random)) }),
      // A user exports and imports from one store, as a vault kept beside it.
      (4, { run in .exportFolder(store: run.exportingStore) }),
      (3, { run in .importExportFolder(store: run.exportingStore) }),
      (2, { .importJournal(store: store, words: [$0.word(), $0.word()]) }),
      (1, { .exportOverUsersFile(store: store, word: $0.word()) }),
      (
        3,
        { run in
          let others = run.stores.filter { $0 != store }
          let second = Bool.random(using: &run.random) ? [others[0]] : []
          return .killWhileEditing(
            stores: [store] + second, words: ([store] + second).map { _ in run.word() })
        }
      ),
    ]
    if !note.isEmpty {
      choices += [
        (14, { .edit(store: store, note: note, word: $0.word()) }),
        (10, { _ in .delete(store: store, note: note) }),
        (3, { _ in .restoreVersion(store: store, note: note) }),
        (3, { .editorCrashes(store: store, note: note, word: $0.word()) }),
      ]
    }
    if notes > 0 {
      choices += [
        (
          2,
          {
            .importEditedBackup(
              store: store, pick: Int.random(in: 0..<notes, using: &$0.random), word: $0.word())
          }
        )
      ]
    }
    if texts.trashCount > 0 {
      let trashRow = Int.random(in: 1...texts.trashCount, using: &random)
      choices += [
        (5, { _ in .restoreFromTrash(store: store, row: trashRow) }),
        (2, { _ in .emptyTrash(store: store) }),
      ]
    }
    if texts.conflictCount > 0 {
      let choice = ["original", "copy", "both"].randomElement(using: &random) ?? "both"
      choices.append((6, { _ in .resolveConflict(store: store, choice: choice) }))
    }
    if texts.newNoteDraftCount > 0 {
      choices.append((3, { _ in .saveKeptDraft(store: store) }))
    }
    if !exportedNotes(of: exportingStore).isEmpty {
      let pick = Int.random(in: 0..<1000, using: &random)
      let exporting = exportingStore
      choices += [
        (4, { .editExportedFile(store: exporting, pick: pick, word: $0.word()) }),
        (2, { .copyExportedFile(store: exporting, pick: pick, word: $0.word()) }),
      ]
    }
    var draw = Int.random(in: 0..<choices.map(\.weight).reduce(0, +), using: &random)
    for choice in choices {
      if draw < choice.weight { return choice.make(&self) }
      draw -= choice.weight
    }
    return .sync(store: store)
  }

  /// The note files of a store's export folder, in order.
  func exportedNotes(of store: Int) -> [String] {
    let folder = world.exportFolder(store)
    guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let path = walk.nextObject() as? String {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      if path.hasSuffix(".md"), !name.hasPrefix(".") { files.append(folder + "/" + path) }
    }
    return files.sorted()
  }

  // MARK: - Doing

  /// Does an action, acknowledging each word the user was told is kept.
  mutating func perform(_ action: OracleAction, step: Int) throws {
    switch action {
    case .write(let store, let word):
      let run = try session(
        store, ["open all", "new", "title Note \(word)", "body Written \(word)", "save"])
      if run.output.contains("Saved “Note \(word)”") { acknowledge(word, in: store, at: step) }
    case .edit(let store, let note, let word):
      let run = try session(
        store, ["open all", "search \(note)", "edit 1", "body Edited \(word)", "save"])
      if run.output.contains("Saved “") { acknowledge(word, in: store, at: step) }
    case .addAtOnce(let store, let words):
      let runs = try world.addAtOnce(
        words.map { (title: "Added \($0)", body: "Piped in \($0).") }, store: store)
      for (word, run) in zip(words, runs) {
        if run.status == 0, run.output.contains("Saved “Added \(word)”") {
          acknowledge(word, in: store, at: step)
        } else {
          report.findings.append(
            NoLossOracle.Finding(
              step: step, action: "addAtOnce",
              problem: "`add` of \(word) was refused while "
                + "others wrote, when it had only to wait: \(run.errors)"))
        }
      }
    case .leaveUnsaved(let store, let word):
      let run = try session(
        store, ["open all", "new", "title Draft \(word)", "body Typed \(word)"])
      if (run.output + run.errors).contains("as a draft") { acknowledge(word, in: store, at: step) }
    case .saveKeptDraft(let store):
      _ = try session(store, ["open all", "new", "draft 1", "save"])
    case .delete(let store, let note):
      _ = try session(store, ["open all", "search \(note)", "delete 1"])
    case .restoreFromTrash(let store, let row):
      _ = try session(store, ["trash", "restore \(row)"])
    case .emptyTrash(let store):
      _ = try session(store, ["trash", "empty", "yes"])
    case .restoreVersion(let store, let note):
      _ = try session(store, ["open all", "search \(note)", "show 1", "restore 1"])
    case .sync(let store):
      _ = try session(store, ["sync"])
    case .resolveConflict(let store, let choice):
      _ = try session(store, ["conflicts", "keep \(choice) 1"])
    case .editorSaves(let store, let word):
      let run = try session(
        store, ["open all", "new --editor"], editorText: Self.editorFile(word), mode: "save")
      if run.output.contains("Saved “") { acknowledge(word, in: store, at: step) }
    case .editorCrashes(let store, let note, let word):
      _ = try session(
        store, ["open all", "search \(note)", "edit 1 --editor"],
        editorText: Self.editorFile(word), mode: "crash")
      // The editor saved the file before it died: the user's text, from then on.
      inEditorFiles[store, default: []].insert(word)
      acknowledge(word, in: store, at: step)
    case .editorQuits(let store, let word):
      _ = try session(
        store, ["open all", "new --editor"], editorText: Self.editorFile(word), mode: "quit")
    case .killWhileEditing(let stores, let words):
      let sessions = zip(stores, words).map { (store: $0, text: Self.editorFile($1)) }
      guard try world.killWhileEditing(sessions) else { break }
      for (store, word) in zip(stores, words) {
        inEditorFiles[store, default: []].insert(word)
        acknowledge(word, in: store, at: step)
      }
    case .sessionInMemory(let demo):
      _ = try world.run(["notebooks"], arguments: [demo ? "--demo" : "--in-memory"])
    case .exportFolder(let store):
      _ = try session(store, ["export \(world.exportFolder(store))/"])
    case .editExportedFile(let store, let pick, let word):
      let files = exportedNotes(of: store)
      let path = files[pick % files.count]
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      try userWrites(text + "\nAdded by hand \(word).\n", to: path)
      inExportFolder[store, default: []].insert(word)
    case .copyExportedFile(let store, let pick, let word):
      let files = exportedNotes(of: store)
      let path = files[pick % files.count]
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      try userWrites(
        text + "\nAnnotated \(word).\n", to: String(path.dropLast(3)) + " - annotated \(word).md")
      inExportFolder[store, default: []].insert(word)
    case .importExportFolder(let store):
      guard FileManager.default.fileExists(atPath: world.exportFolder(store)) else { break }
      let run = try session(store, ["import \(world.exportFolder(store))"])
      if run.status == 0, run.output.contains("Imported") {
        for word in inExportFolder[store] ?? [] { acknowledge(word, in: store, at: step) }
        inExportFolder[store] = []
      }
    case .exportOverUsersFile(let store, let word):
      let path = world.inboxFile("notes-\(word).md")
      try userWrites("# My own notes\n\nWritten outside FieldNotes \(word).\n", to: path)
      _ = try session(store, ["export \(path)"])
    case .importEditedBackup(let store, let pick, let word):
      try importEditedBackup(store, pick: pick, word: word, step: step)
    case .importJournal(let store, let words):
      let path = world.inboxFile("journal-\(words[0]).json")
      let entries = words.enumerated().map { index, word in
        """
        {"title": "Standup.", "body": "Same words.", "date": "2026-06-04", "time": "09:07",
         "tags": ["@\(word)"], "starred": \(index == 0)}
        """
      }
      try userWrites(
        "{\"tags\": {}, \"entries\": [" + entries.joined(separator: ",") + "]}", to: path)
      let run = try session(store, ["import \(path)"])
      if run.status == 0 { for word in words { acknowledge(word, in: store, at: step) } }
    }
  }

  /// `export FILE.json`, one note's body changed in the file by hand, `import FILE.json`.
  mutating func importEditedBackup(_ store: Int, pick: Int, word: String, step: Int) throws {
    let path = world.inboxFile("backup-\(word).json")
    _ = try session(store, ["export \(path)"])
    guard let data = FileManager.default.contents(atPath: path),
      var export = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      var notes = export["notes"] as? [[String: Any]], !notes.isEmpty
    else { return }
    let index = pick % notes.count
    notes[index]["body"] = ((notes[index]["body"] as? String) ?? "") + " Changed by hand \(word)."
    export["notes"] = notes
    let edited = try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys])
    try userWrites(String(decoding: edited, as: UTF8.self), to: path)
    let run = try session(store, ["import \(path)"])
    if run.status == 0 { acknowledge(word, in: store, at: step) }
  }

  /// Runs a session of one of the run's stores.
  func session(
    _ store: Int, _ lines: [String], editorText: String = "", mode: String = "save"
  ) throws -> OracleWorld.Run {
    try world.run(
      lines, arguments: ["--store", world.store(store)], editorText: editorText,
      editorMode: mode)
  }

  /// Writes a file as the user does, remembering it as the user's.
  mutating func userWrites(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    userFiles[path] = text
  }

  /// The file an editor leaves: a note holding the word.
  static func editorFile(_ word: String) -> String {
    "---\nnotebook: none\ntags: []\n---\n# Editor \(word)\n\nWritten in the editor \(word).\n"
  }
}
