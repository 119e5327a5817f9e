import Foundation

/// Sync through git: a library to an empty bare repository, then one changed note, then one
/// note another machine changed, each against plain `git` doing the same on the same files, and
/// FieldNotes' peak memory in each.
extension Workloads {
  func sync(_ size: Int) throws -> [Result] {
    guard let source = stores[size] else { throw BenchError.failed("no \(size)-note store") }
    let scratch = NSTemporaryDirectory() + "fieldnotes-bench-sync-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var round = 0
    /// A copy of the store with a fresh bare remote, as a first sync finds them.
    func freshStore() throws -> (store: String, remote: String) {
      round += 1
      let store = "\(scratch)/store-\(round).sqlite"
      try FileManager.default.copyItem(atPath: source, toPath: store)
      return (store, "\(scratch)/remote-\(round).git")
    }
    // Every session is measured for its peak too: the largest of a row's sessions is its peak.
    var peak: Double = 0
    func syncing(_ store: String, _ remote: String, _ commands: [String]) throws -> Double {
      let run = try Measurement.runMeasuringMemory(
        [fieldnotes, "--store", store, "--no-summaries", "--sync-folder", remote],
        input: commands.joined(separator: "\n") + "\n")
      guard run.status == 0 else { throw BenchError.failed("sync failed: \(commands)") }
      peak = max(peak, Double(run.maximumResidentBytes))
      return run.seconds
    }
    func peakOf(_ body: () throws -> Void) rethrows -> Double {
      peak = 0
      try body()
      return peak
    }
    let firstRepetitions = max(3, repetitions / 2)
    var first = Summary([])
    let firstPeak = try peakOf {
      first = try samples(firstRepetitions) {
        let (store, remote) = try freshStore()
        return try syncing(store, remote, ["sync"])
      }
    }
    // One note changed and synced, less the same session without the change and the sync.
    let (store, remote) = try freshStore()
    _ = try syncing(store, remote, ["sync"])
    // The oldest note is retitled: a change every time, to the same note.
    let edit = ["open all", "sort oldest", "edit 1"]
    var changed: [Double] = []
    let onePeak = try peakOf {
      changed = try (0..<repetitions).map { number in
        try syncing(store, remote, edit + ["title Retitled \(number)", "save", "sync"])
      }
    }
    let opened = try samples { try syncing(store, remote, edit + ["cancel"]) }
    let one = Summary(changed.map { $0 - opened.median })

    // The peer: git alone, committing and pushing the same files, as a checkout of the remote
    // FieldNotes pushed to has them (FieldNotes itself checks out none).
    let files = "\(scratch)/checkout"
    let git = "git -c user.name=bench -c user.email=bench@localhost -c core.hooksPath=/dev/null"
    func shell(_ script: String) throws -> Double {
      let run = try Measurement.run(["sh", "-c", script])
      guard run.status == 0 else { throw BenchError.failed("git peer failed: \(script)") }
      return run.seconds
    }
    _ = try shell("git clone -q \(remote) \(files)")
    let peerFirst = try samples(firstRepetitions) {
      round += 1
      let copy = "\(scratch)/peer-\(round)"
      let bare = "\(scratch)/peer-\(round).git"
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      for folder in ["notes", "notebooks"]
      where FileManager.default.fileExists(atPath: "\(files)/\(folder)") {
        try FileManager.default.copyItem(atPath: "\(files)/\(folder)", toPath: "\(copy)/\(folder)")
      }
      return try shell(
        "git init -q --bare \(bare) && cd \(copy) && git init -q -b main && \(git) add -A "
          + "&& \(git) commit -qm first && \(git) push -q \(bare) main")
    }
    let peerCopy = "\(scratch)/peer-\(round)"
    let peerBare = "\(scratch)/peer-\(round).git"
    let note = try FileManager.default.contentsOfDirectory(atPath: "\(peerCopy)/notes").sorted()[0]
    var peerEdits = 0
    let peerOne = try samples {
      peerEdits += 1
      return try shell(
        "cd \(peerCopy) && echo edit-\(peerEdits) >> notes/\(note) && \(git) commit -qam edit "
          + "&& \(git) push -q \(peerBare) main")
    }

    // Another machine's edit pulled: a clone of the remote adds a line to one note's file and
    // pushes it; FieldNotes syncs (less the same session without `sync`), and a checkout of
    // the remote runs `git pull` of the same commit, in turn.
    let other = "\(scratch)/other"
    let pulling = "\(scratch)/pulling"
    _ = try shell("git clone -q \(remote) \(other) && git clone -q \(remote) \(pulling)")
    let otherNote = try FileManager.default.contentsOfDirectory(atPath: "\(other)/notes")
      .sorted()[1]
    var pulls: [Double] = []
    var gitPulls: [Double] = []
    let pullPeak = try peakOf {
      for number in 0..<repetitions {
        _ = try shell(
          "cd \(other) && \(git) pull -q --rebase && echo other-\(number) >> notes/\(otherNote) "
            + "&& \(git) commit -qam other && \(git) push -q origin main")
        pulls.append(try syncing(store, remote, ["sync"]))
        gitPulls.append(try shell("cd \(pulling) && \(git) pull -q --no-rebase"))
      }
    }
    let session = try samples { try syncing(store, remote, []) }
    let pulled = Summary(pulls.map { $0 - session.median })
    let gitPulled = Summary(gitPulls)

    let limit = 100.0 * 1_048_576
    return [
      Result(
        name: "first sync of \(size.formatted()) notes to an empty bare repository",
        fieldNotes: ms(first),
        peer: ms(peerFirst) + " (`git add -A`, `commit`, `push` of the same files)",
        ratio: first.median / peerFirst.median, target: "≤ 2×",
        isMet: first.median <= 2 * peerFirst.median),
      Result(
        name: "peak memory of the first sync of \(size.formatted()) notes",
        fieldNotes: mebibytes(firstPeak)
          + " max RSS (of FieldNotes or of the largest git it ran, which the system counts too)",
        peer: "—", ratio: nil, target: "≤ 100 MiB", isMet: firstPeak <= limit),
      Result(
        name: "sync of one changed note among \(size.formatted())",
        fieldNotes: ms(one) + " (session with the change and sync, less the session alone)",
        peer: ms(peerOne) + " (`git commit -a`, `push` of one changed file)",
        ratio: one.median / peerOne.median, target: "≤ 2×",
        isMet: one.median <= 2 * peerOne.median),
      Result(
        name: "peak memory of a sync of one changed note among \(size.formatted())",
        fieldNotes: mebibytes(onePeak) + " max RSS", peer: "—", ratio: nil,
        target: "≤ 100 MiB", isMet: onePeak <= limit),
      Result(
        name: "sync pulling one note another machine changed, among \(size.formatted())",
        fieldNotes: ms(pulled) + " (session with the sync, less the session alone); peak "
          + mebibytes(pullPeak),
        peer: ms(gitPulled) + " (`git pull` of the same commit into a checkout)",
        ratio: pulled.median / gitPulled.median, target: "≤ 2×",
        isMet: pulled.median <= 2 * gitPulled.median),
    ]
  }
}
