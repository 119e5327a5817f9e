import FieldNotesModel
import FieldNotesPersistence
import FieldNotesPlatform
import Foundation
import Testing

/// A sync killed while it writes attachments loses none and copies none.
///
/// `fieldnotes` is killed with SIGKILL at each of a sync's `git` commands in turn: in a store's
/// first sync, a sync from the store's journal, and a sync pulling another store's attachments.
/// Synced again, both stores and the remote hold every attachment once, with its bytes, and no
/// copy under a conflict name.
///
/// The kill comes from a `git` placed first on the program's `PATH`, which counts the commands
/// it is asked to run and kills the program that asked at the chosen one, either before
/// running it or after (so what git wrote is there and FieldNotes never heard it was): no test
/// waits for a moment, and every point between two commands is reached.
@Suite struct SyncAttachmentKillTests {
  /// The files imported before the killed sync, and those imported in its session.
  static let vault: [(path: String, bytes: Data)] = [
    ("vault/Heron.md", Data("# Heron\n\n![[pic one.png]] and [[map.pdf]].\n".utf8)),
    ("vault/pic one.png", Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 0xFF])),
    ("vault/map.pdf", Data("%PDF a map of the lake".utf8)),
  ]
  static let later: [(path: String, bytes: Data)] = [
    ("later/Trip.md", Data("# Trip\n\nThe ![[route.png]].\n".utf8)),
    ("later/route.png", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
  ]

  /// Where a case's stores, remote and files are, and how its program is run.
  struct Case {
    let binary: URL
    let folder: String

    /// The program's arguments for a store of this case.
    func arguments(_ store: String) -> [String] {
      ["--store", "\(folder)/\(store).sqlite", "--sync-folder", "\(folder)/remote.git"]
    }

    /// Runs a session of a store, killed at a `git` command when one is given.
    ///
    /// - Returns: The command line of the `git` command the kill came at, or `nil` when the
    ///   session ran to its end (then it must have succeeded).
    @discardableResult
    func run(_ store: String, _ lines: [String], killAt kill: (command: Int, after: Bool)? = nil)
      throws -> String?
    {
      var environment = BuiltProduct.gitIsolation
      environment["TZ"] = "UTC"
      environment["HOME"] = folder
      environment["PATH"] = "\(folder)/bin:/usr/bin:/bin"
      if let kill {
        environment["KILL_AT_GIT"] = String(kill.command)
        environment["KILL_AFTER"] = kill.after ? "1" : "0"
        // Killed after a command, only one that writes leaves anything the next can't.
        environment["KILL_COMMANDS"] =
          kill.after
          ? "fast-import update-ref push fetch"
          : "fast-import commit-tree update-ref push fetch cat-file"
        environment["KILL_COUNT"] = "\(folder)/git-count"
      }
      unlink("\(folder)/git-count")
      unlink("\(folder)/git-count.killed")
      BuiltProduct.brokenPipesAreIgnored
      let child = try ChildProcess(
        binary.path, arguments: arguments(store), environment: environment,
        standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
      let collected = child.collectOutput(
        writing: Array((lines.joined(separator: "\n") + "\n").utf8))
      if let killed = FileManager.default.contents(atPath: "\(folder)/git-count.killed") {
        return String(decoding: killed, as: UTF8.self)
      }
      let errors = String(decoding: Data(collected.errors), as: UTF8.self)
      #expect(collected.termination.status == 0, "\(store) \(lines): \(errors)")
      return nil
    }

    /// Writes the `git` that kills the program running it at the chosen command.
    static func make(_ folder: String, binary: URL) throws -> Case {
      let git = try #require(
        ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first {
          FileManager.default.isExecutableFile(atPath: $0)
        })
      try FileManager.default.createDirectory(
        atPath: folder + "/bin", withIntermediateDirectories: true)
      // Only the commands that write (and `cat-file`, before the store saves what it read)
      // are counted, and only those FieldNotes runs itself, not the remote's side of a fetch.
      let script = """
        #!/bin/sh
        if [ -n "$KILL_AT_GIT" ] && [ "$(cat /proc/$PPID/comm)" = fieldnotes ]; then
          command=""
          skip=0
          for argument in "$@"; do
            if [ $skip = 1 ]; then skip=0; continue; fi
            case "$argument" in
              -C|-c) skip=1 ;;
              -*) ;;
              *) command=$argument; break ;;
            esac
          done
          case " $KILL_COMMANDS " in
            *" $command "*)
              count=$(($(cat "$KILL_COUNT" 2>/dev/null || echo 0) + 1))
              echo "$count" > "$KILL_COUNT"
              if [ "$count" -eq "$KILL_AT_GIT" ]; then
                if [ "$KILL_AFTER" = 1 ]; then \(git) "$@"; fi
                echo "$command" > "$KILL_COUNT.killed"
                kill -9 "$PPID"
                exit 137
              fi ;;
          esac
        fi
        exec \(git) "$@"

        """
      try script.write(toFile: folder + "/bin/git", atomically: true, encoding: .utf8)
      chmod(folder + "/bin/git", 0o755)
      for (path, bytes) in SyncAttachmentKillTests.vault + SyncAttachmentKillTests.later {
        try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(path)"), options: [])
      }
      return Case(binary: binary, folder: folder)
    }

    /// Every attachment of a store, as "title/name", with its bytes; notes by title, which
    /// must each be there once.
    func attachments(of store: String) throws -> [String: Data] {
      let repository = try SQLiteNoteRepository(path: "\(folder)/\(store).sqlite")
      let notes = try repository.load().notes
      #expect(Set(notes.map(\.title)).count == notes.count, "\(store): a note twice")
      #expect(!notes.contains { $0.title.contains("conflict") }, "\(store): a conflict copy")
      var files: [String: Data] = [:]
      for note in notes {
        for entry in try repository.attachments(ofNote: note.id) {
          let file = try #require(try repository.attachment(named: entry.name, ofNote: note.id))
          files["\(note.title)/\(entry.name)"] = file.bytes
        }
      }
      return files
    }

    /// Every attachment of the remote's tip, as "title/name" (titles from a store), with its
    /// bytes.
    func remoteAttachments(titles store: String) throws -> [String: Data] {
      let notes = try SQLiteNoteRepository(path: "\(folder)/\(store).sqlite").load().notes
      let titles = Dictionary(notes.map { ($0.id.uuidString, $0.title) }) { first, _ in first }
      let listing = try git(["ls-tree", "-r", "-z", "HEAD", "--", "attachments/"])
      var files: [String: Data] = [:]
      for line in listing.split(separator: 0) {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: "\t", maxSplits: 1)
        let object = String(parts[0].split(separator: " ")[2])
        let path = parts[1].split(separator: "/", maxSplits: 2)
        let title = titles[String(path[1]).uppercased()] ?? String(path[1])
        files["\(title)/\(path[2])"] = try git(["cat-file", "blob", object])
      }
      return files
    }

    /// Runs git in the remote, for its output.
    private func git(_ arguments: [String]) throws -> Data {
      let child = try ChildProcess(
        "/usr/bin/env", arguments: ["git", "--git-dir=\(folder)/remote.git"] + arguments,
        environment: BuiltProduct.gitIsolation.merging(["PATH": "/usr/bin:/bin"]) { $1 },
        standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
      let collected = child.collectOutput(writing: [])
      #expect(collected.termination.status == 0, "git \(arguments)")
      return Data(collected.output)
    }
  }

  /// What every store and the remote hold in the end.
  static var expected: [String: Data] {
    [
      "Heron/pic one.png": vault[1].bytes, "Heron/map.pdf": vault[2].bytes,
      "Trip/route.png": later[1].bytes,
    ]
  }

  /// Runs a scenario killed at each `git` command of its killed session in turn, before and
  /// after running it, until that session runs to its end.
  ///
  /// - Parameters:
  ///   - name: The scenario, for the folders.
  ///   - setUp: What runs before the killed session.
  ///   - killed: The store and lines of the killed session.
  ///   - after: The sessions that run after it, which converge.
  /// - Throws: What running the program or reading a store throws.
  func everyKill(
    _ name: String, setUp: (Case) throws -> Void,
    killed: (store: String, lines: (Case) -> [String]), after: [String]
  ) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let root = NSTemporaryDirectory() + "fieldnotes-sync-attachment-kill-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    for folder in ["vault", "later"] {
      try FileManager.default.createDirectory(
        atPath: "\(root)/base/\(folder)", withIntermediateDirectories: true)
    }
    let base = try Case.make("\(root)/base", binary: binary)
    try setUp(base)
    var kills = 0
    for killAfter in [false, true] {
      var command = 1
      while command < 200 {
        let folder = "\(root)/\(name)-\(command)-\(killAfter)"
        try FileManager.default.copyItem(atPath: base.folder, toPath: folder)
        let current = Case(binary: binary, folder: folder)
        let killedAt = try current.run(
          killed.store, killed.lines(current), killAt: (command: command, after: killAfter))
        guard let killedAt else { break }
        kills += 1
        for store in after { try current.run(store, ["sync"]) }
        let what = "\(name), killed \(killAfter ? "after" : "before") git \(killedAt)"
        #expect(try current.attachments(of: "first") == Self.expected, "\(what): first")
        #expect(try current.attachments(of: "second") == Self.expected, "\(what): second")
        #expect(
          try current.remoteAttachments(titles: "first") == Self.expected, "\(what): remote")
        try FileManager.default.removeItem(atPath: folder)
        command += 1
      }
    }
    #expect(kills > 6, "\(name): the killed session ran \(kills) of the commands counted")
  }

  @Test func aFirstSyncKilledWhileWritingAttachmentsLosesNone() throws {
    try everyKill(
      "first",
      setUp: { try $0.run("first", ["import \($0.folder)/vault", "import \($0.folder)/later"]) },
      killed: (store: "first", lines: { _ in ["sync"] }), after: ["first", "second", "first"])
  }

  @Test func aSyncFromTheJournalKilledWhileWritingAttachmentsLosesNone() throws {
    try everyKill(
      "journal",
      setUp: { world in
        try world.run("first", ["import \(world.folder)/vault", "sync"])
        try world.run("first", ["import \(world.folder)/later"])
      },
      killed: (store: "first", lines: { _ in ["sync"] }),
      after: ["first", "second", "first"])
  }

  @Test func aSyncPullingAttachmentsKilledLosesNone() throws {
    try everyKill(
      "pull",
      setUp: { world in
        try world.run("first", ["import \(world.folder)/vault", "sync"])
        try world.run("second", ["sync"])
        try world.run("first", ["import \(world.folder)/later", "sync"])
      },
      killed: (store: "second", lines: { _ in ["sync"] }), after: ["second", "first", "second"])
  }
}
