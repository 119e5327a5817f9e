import FieldNotesServices
import Foundation

/// One seed's run of ``NoLossOracle``: the world, what was acknowledged where, and what each
/// step did.
struct OracleRun {
  let world: OracleWorld
  var random: SeededRandomNumberGenerator
  var report: NoLossOracle.Report
  /// Each store's acknowledged words, with the step that acknowledged each.
  var acknowledged: [Int: [String: Int]] = [:]
  /// Each store's words written into an editor's file that FieldNotes hasn't taken yet: found
  /// in the store, or still on disk.
  var inEditorFiles: [Int: Set<String>] = [:]
  /// Files the user wrote outside every store, with what each holds.
  var userFiles: [String: String] = [:]
  /// Each store's words the user wrote into its export folder, acknowledged once imported.
  var inExportFolder: [Int: Set<String>] = [:]
  /// The title words of the notes every store has from the start.
  var startingNotes: Set<String> = []
  /// What each store holds, as read after the last step.
  var texts: [Int: StoreTexts] = [:]
  private var nextWord = 0

  init(world: OracleWorld, seed: UInt64) {
    self.world = world
    random = SeededRandomNumberGenerator(seed: seed)
    report = NoLossOracle.Report(seed: seed)
  }

  var stores: Range<Int> { 0..<OracleWorld.storeCount }

  /// The store whose notes the user exports to a folder, edits there and imports again.
  var exportingStore: Int { Int(report.seed % UInt64(OracleWorld.storeCount)) }

  /// A word no step has used: what the oracle looks for.
  mutating func word() -> String {
    nextWord += 1
    return "zq\(nextWord)x"
  }

  /// Makes every store, syncing through the remote, with two notes written on the first and
  /// synced to the others, so that the stores' edits meet from the start.
  mutating func start() throws {
    for store in stores {
      _ = try world.run(
        ["notebooks"], arguments: ["--store", world.store(store), "--sync-folder", world.remote])
    }
    for _ in 0..<2 {
      let word = word()
      startingNotes.insert(word)
      try perform(.write(store: 0, word: word), step: 0)
    }
    for store in stores + [0] { try perform(.sync(store: store), step: 0) }
    try readStores()
  }

  /// Chooses, does and checks one action.
  mutating func step(_ step: Int) throws {
    let action = choose()
    report.actions.append("\(action)")
    let trashedBefore = action.isEmptyingTheTrash ? texts[action.store ?? 0]?.trashed ?? [] : []
    try perform(action, step: step)
    try readStores()
    if let store = action.store, action.isEmptyingTheTrash {
      // Answered `yes`: what was in the trash may be gone for good.
      let texts = texts[store]
      for (word, _) in acknowledged[store] ?? [:]
      where trashedBefore.contains(where: { $0.contains(word) }) && texts?.holds(word) != true {
        acknowledged[store]?[word] = nil
      }
    }
    check(after: step, "\(action)")
  }

  /// Records the totals of the stores at the end.
  mutating func finish() {
    report.acknowledged = acknowledged.values.map(\.count).reduce(0, +)
    report.conflictCopies = texts.values.map(\.conflictCount).reduce(0, +)
    report.trashedNotes = texts.values.map(\.trashCount).reduce(0, +)
    report.versions = texts.values.map(\.versionCount).reduce(0, +)
  }

  mutating func acknowledge(_ word: String, in store: Int, at step: Int) {
    acknowledged[store, default: [:]][word] = step
  }

  mutating func readStores() throws {
    for store in stores { texts[store] = try StoreTexts(store: world.store(store)) }
  }

  /// Every acknowledged word is in its store (or, written in an editor, still on disk), and
  /// every file of the user's is as the user left it.
  mutating func check(after step: Int, _ action: String) {
    let onDisk = editorFileTexts()
    for store in stores {
      guard let texts = texts[store] else { continue }
      for (word, acknowledgedAt) in (acknowledged[store] ?? [:]).sorted(by: { $0.key < $1.key }) {
        if texts.holds(word) {
          inEditorFiles[store]?.remove(word)
          continue
        }
        if inEditorFiles[store]?.contains(word) == true,
          onDisk.contains(where: { $0.contains(word) })
        {
          continue
        }
        let elsewhere = stores.filter { $0 != store && self.texts[$0]?.holds(word) == true }
        report.findings.append(
          NoLossOracle.Finding(
            step: step, action: action,
            problem: "\(word), acknowledged in store \(store) at step \(acknowledgedAt), is "
              + "nowhere in it"
              + (elsewhere.isEmpty ? "" : " (it is in store \(elsewhere.map(String.init)))")))
      }
    }
    for (path, text) in userFiles.sorted(by: { $0.key < $1.key }) {
      let now = try? String(contentsOfFile: path, encoding: .utf8)
      guard now != text else { continue }
      report.findings.append(
        NoLossOracle.Finding(
          step: step, action: action,
          problem: now == nil
            ? "the user's file \(path) is gone" : "the user's file \(path) was written over"))
    }
  }

  /// The text of every file in the editing folder, at any depth.
  func editorFileTexts() -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: world.editing) else { return [] }
    var texts: [String] = []
    while let path = walk.nextObject() as? String {
      if path.hasSuffix(".md"),
        let text = try? String(contentsOfFile: world.editing + "/" + path, encoding: .utf8)
      {
        texts.append(text)
      }
    }
    return texts
  }
}

extension OracleAction {
  /// Whether the action empties a trash, after which its texts may be gone.
  var isEmptyingTheTrash: Bool {
    if case .emptyTrash = self { return true }
    return false
  }
}
