import Dispatch
import FieldNotesPlatform
import Foundation
import Synchronization

/// The place a no-loss run happens in: a home of its own with one state folder (so every store's
/// editor files meet, as on a real machine), three store files syncing through one bare
/// repository, a folder each store exports to, and the editor script every session is given.
struct OracleWorld {
  /// The `fieldnotes` executable.
  let binary: String
  /// The folder everything is in, removed when the run ends.
  let root: String

  /// Makes the world's folders and the editor script.
  ///
  /// - Parameters:
  ///   - binary: The `fieldnotes` executable.
  ///   - root: An empty folder of the run's own.
  /// - Throws: What making the folders and the script throws.
  init(binary: String, root: String) throws {
    self.binary = binary
    self.root = root
    for folder in [home, state, root + "/exports", root + "/inbox"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try Self.editorScript.write(toFile: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor)
  }

  /// How many stores sync with one another.
  static let storeCount = 3

  var home: String { root + "/home" }
  var state: String { root + "/state" }
  /// The folder of every store's editor files.
  var editing: String { state + "/fieldnotes/editing" }
  var remote: String { root + "/remote.git" }
  var editor: String { root + "/editor.sh" }
  /// Where the editor says it has written, for a kill that waits for it.
  var editorMarks: String { root + "/marks" }
  /// Once this file exists, an editor waiting to be killed gives up waiting.
  var editorRelease: String { root + "/release" }

  /// A store's file.
  func store(_ number: Int) -> String { root + "/store\(number).sqlite" }

  /// The folder a store exports its notes to.
  func exportFolder(_ number: Int) -> String { root + "/exports/store\(number)" }

  /// A file of the user's outside every store.
  func inboxFile(_ name: String) -> String { root + "/inbox/" + name }

  /// The editor every session runs: it writes `ORACLE_TEXT` into the file it is given, then
  /// exits cleanly (`save`), exits with status 1 as `:cq` does (`quit`), dies by a signal after
  /// writing (`crash`), or says it has written and waits to be killed with its FieldNotes
  /// (`hang`; the wait is bounded, so a run that went wrong ends instead of hanging).
  static let editorScript = """
    #!/bin/sh
    printf '%s' "$ORACLE_TEXT" > "$1"
    case "$ORACLE_MODE" in
      quit) exit 1 ;;
      crash) kill -SEGV $$ ;;
      hang)
        mkdir -p "$ORACLE_MARKS" && touch "$ORACLE_MARKS/$$"
        n=0
        while [ ! -e "$ORACLE_RELEASE" ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done
        exit 1 ;;
    esac
    exit 0

    """

  /// The environment of every `fieldnotes` the run starts, with what the editor is to do.
  func environment(editorText: String = "", editorMode: String = "save") -> [String: String] {
    [
      "HOME": home, "XDG_STATE_HOME": state, "XDG_DATA_HOME": root + "/data",
      "XDG_CONFIG_HOME": root + "/config", "TZ": "UTC", "PATH": "/usr/bin:/bin",
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "EDITOR": editor,
      "ORACLE_TEXT": editorText, "ORACLE_MODE": editorMode, "ORACLE_MARKS": editorMarks,
      "ORACLE_RELEASE": editorRelease,
    ]
  }

  /// What one run of `fieldnotes` printed, and how it ended.
  struct Run {
    var output: String
    var errors: String
    var status: Int32
  }

  /// Runs `fieldnotes` on a store (or with other arguments) with lines on its input, to its end.
  func run(
    _ lines: [String], arguments: [String], editorText: String = "", editorMode: String = "save"
  ) throws -> Run {
    let child = try ChildProcess(
      binary, arguments: arguments,
      environment: environment(editorText: editorText, editorMode: editorMode),
      standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
    let collected = child.collectOutput(
      writing: Array((lines.map { $0 + "\n" }.joined()).utf8))
    return Run(
      output: String(decoding: collected.output, as: UTF8.self),
      errors: String(decoding: collected.errors, as: UTF8.self),
      status: collected.termination.status)
  }

  /// Runs `fieldnotes add` once for each note given, all at once, on one store, each with its
  /// body on standard input.
  ///
  /// - Returns: What each printed, in the notes' order.
  func addAtOnce(_ notes: [(title: String, body: String)], store number: Int) throws -> [Run] {
    let children = try notes.map { note in
      try ChildProcess(
        binary, arguments: ["add", note.title, "--store", store(number)],
        environment: environment(), standardInput: .pipe, standardOutput: .pipe,
        standardError: .pipe)
    }
    let results = Mutex<[Int: Run]>([:])
    DispatchQueue.concurrentPerform(iterations: children.count) { index in
      let collected = children[index].collectOutput(writing: Array(notes[index].body.utf8))
      let run = Run(
        output: String(decoding: collected.output, as: UTF8.self),
        errors: String(decoding: collected.errors, as: UTF8.self),
        status: collected.termination.status)
      results.withLock { $0[index] = run }
    }
    return results.withLock { results in
      notes.indices.map { results[$0] ?? Run(output: "", errors: "no answer", status: -1) }
    }
  }

  /// Starts one `fieldnotes` per store given, each running `new --editor` with its own text,
  /// waits until every editor has written its file, then kills each FieldNotes with SIGKILL: a
  /// crash, a kill or a power cut while notes are open in the editor.
  ///
  /// - Returns: Whether every editor wrote before the kill.
  func killWhileEditing(_ sessions: [(store: Int, text: String)]) throws -> Bool {
    try? FileManager.default.removeItem(atPath: editorMarks)
    try? FileManager.default.removeItem(atPath: editorRelease)
    let input = root + "/editing-input"
    try "open all\nnew --editor\n".write(toFile: input, atomically: true, encoding: .utf8)
    let children = try sessions.map { session in
      try ChildProcess(
        binary, arguments: ["--store", store(session.store)],
        environment: environment(editorText: session.text, editorMode: "hang"),
        standardInput: .file(input), standardOutput: .nullDevice, standardError: .nullDevice)
    }
    // Waiting for files to appear, not for time to pass; bounded so a session that failed
    // before its editor ran ends the step.
    var written = false
    for _ in 0..<1200 {
      let marks = (try? FileManager.default.contentsOfDirectory(atPath: editorMarks)) ?? []
      if marks.count >= sessions.count {
        written = true
        break
      }
      usleep(50_000)
    }
    for child in children {
      child.send(signal: SIGKILL)
      _ = child.waitUntilExit()
    }
    _ = FileManager.default.createFile(atPath: editorRelease, contents: Data())
    return written
  }
}
