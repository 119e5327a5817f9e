import FieldNotesApp
import FieldNotesPlatform
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

/// Replays every transcript under `Transcripts/`, in process and through the built binary.
///
/// To re-record after an intended change in output, run `scripts/regenerate`
/// and read the diff before committing it: a transcript is a specification.
@MainActor
@Suite struct TranscriptTests {
  static let environment = [
    "TZ": "UTC", "COLUMNS": "80", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T12:00:00Z",
    "FIELDNOTES_IDS": "sequential", "LANG": "C.UTF-8",
  ]

  /// A fresh folder per transcript, for `$STORE` and `$TMP`; `$DEFAULT_STORE` is the default
  /// store as `--help` shows it on this platform.
  final class Scratch {
    let path = NSTemporaryDirectory() + "fieldnotes-transcript-" + UUID().uuidString
    init() {
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    var variables: [String: String] {
      [
        "$STORE": path + "/notes.sqlite", "$TMP": path,
        "$DEFAULT_STORE": StoreLocation.defaultPathShown(),
      ]
    }
  }

  @Test(arguments: Transcript.all)
  func inProcess(_ name: String) async throws {
    let scratch = Scratch()
    let transcript = try Transcript.load(name, substituting: scratch.variables)
    #expect(!transcript.runs.isEmpty, "\(name) has no runs")
    let (recorded, statuses) = await Self.replayInProcess(transcript, scratch: scratch)
    if ProcessInfo.processInfo.environment["FIELDNOTES_REGENERATE"] == "1" {
      try record(name, recorded, statuses, scratch)
    }
  }

  @Test(arguments: Transcript.all)
  func throughTheBinary(_ name: String) throws {
    let scratch = Scratch()
    try Self.replayThroughTheBinary(
      try Transcript.load(name, substituting: scratch.variables), scratch: scratch)
  }

  /// Runs each run of a transcript in this process and expects its exact lines and status.
  static func replayInProcess(_ transcript: Transcript, scratch: Scratch) async -> (
    [[Transcript.Line]], [Int32]
  ) {
    var recorded: [[Transcript.Line]] = []
    var statuses: [Int32] = []
    for run in transcript.runs {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: ["--echo"] + run.arguments,
        environment: environment.merging(["HOME": scratch.path]) { $1 }, console: console,
        input: run.inputs.map { Array($0.utf8) })
      let actual = console.lines.map { line -> Transcript.Line in
        switch line.kind {
        case .echo: .input(line.text)
        case .output: .output(line.text)
        case .error: .error(line.text)
        }
      }
      recorded.append(actual)
      statuses.append(status)
      expectSameLines(
        actual.map(\.transcribed), run.lines.map(\.transcribed), "\(transcript.name)")
      #expect(status == run.exitStatus, "\(transcript.name): exit status")
    }
    return (recorded, statuses)
  }

  /// Runs each run of a transcript through the built binary, input piped in.
  static func replayThroughTheBinary(_ transcript: Transcript, scratch: Scratch) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    for run in transcript.runs {
      let result = try BuiltProduct.run(
        binary, arguments: run.arguments, input: run.inputs.joined(separator: "\n") + "\n",
        environment: environment.merging(["HOME": scratch.path]) { $1 })
      expectSameLines(result.output, run.outputs, "\(transcript.name): standard output")
      expectSameLines(result.errors, run.errors, "\(transcript.name): standard error")
      #expect(result.status == run.exitStatus, "\(transcript.name): exit status")
    }
  }

  /// Rewrites a transcript with what was printed, keeping its comments and inputs.
  private func record(
    _ name: String, _ runs: [[Transcript.Line]], _ statuses: [Int32], _ scratch: Scratch
  ) throws {
    let url = Transcript.directory.appendingPathComponent(name)
    let original = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    var header: [String] = []
    var arguments: [String] = []
    for line in original where line.hasPrefix("#") || line.hasPrefix("$ fieldnotes") {
      if line.hasPrefix("$ fieldnotes") {
        arguments.append(
          String(line.dropFirst("$ fieldnotes".count)).trimmingCharacters(in: .whitespaces))
      } else if arguments.isEmpty {
        header.append(String(line))
      }
    }
    let unsubstitute = { (text: String) in
      scratch.variables.sorted { $0.value.count > $1.value.count }
        .reduce(text) { $0.replacingOccurrences(of: $1.value, with: $1.key) }
    }
    let formatted = zip(arguments, zip(runs, statuses)).map { argument, run in
      (
        arguments: argument,
        lines: run.0.map { line -> Transcript.Line in
          switch line {
          case .input(let text): .input(unsubstitute(text))
          case .output(let text): .output(unsubstitute(text))
          case .error(let text): .error(unsubstitute(text))
          }
        },
        exitStatus: run.1
      )
    }
    try Transcript.format(runs: formatted, header: header).write(
      to: url, atomically: true, encoding: .utf8)
  }
}
