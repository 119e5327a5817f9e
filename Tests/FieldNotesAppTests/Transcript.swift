import Foundation

/// A transcript: runs of `fieldnotes`, each with the lines typed and the exact lines expected.
///
/// The format, one line each:
///
///     # a comment
///     $ fieldnotes --demo          starts a run with these arguments ($STORE, $TMP substituted)
///     > open 2                     a line typed (a lone `>` is an empty line typed)
///     Birds · 3 notes · …          a line expected on standard output (blank lines count)
///     ! error: …                   a line expected on standard error
///     [exit 1]                     the run's exit status (0 when not given)
struct Transcript {
  struct Run {
    var arguments: [String]
    var lines: [Line] = []
    var exitStatus: Int32 = 0

    var inputs: [String] {
      lines.compactMap { if case .input(let text) = $0 { text } else { nil } }
    }
    var outputs: [String] {
      lines.compactMap { if case .output(let text) = $0 { text } else { nil } }
    }
    var errors: [String] {
      lines.compactMap { if case .error(let text) = $0 { text } else { nil } }
    }
  }

  enum Line: Equatable {
    case input(String)
    case output(String)
    case error(String)

    /// The line as the transcript's file holds it: `> typed`, `printed`, `! error`.
    var transcribed: String {
      switch self {
      case .input(let text): text.isEmpty ? ">" : "> \(text)"
      case .output(let text): text
      case .error(let text): "! \(text)"
      }
    }
  }

  var name: String
  var runs: [Run]

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static var all: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".transcript") }.sorted()
  }

  static func load(_ name: String, substituting variables: [String: String]) throws -> Transcript {
    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    return parse(text, name: name, substituting: variables)
  }

  static func parse(_ text: String, name: String, substituting variables: [String: String])
    -> Transcript
  {
    var runs: [Run] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      let substituted = variables.reduce(line) {
        $0.replacingOccurrences(of: $1.key, with: $1.value)
      }
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("$ fieldnotes") {
        let words = substituted.dropFirst("$ fieldnotes".count).split(separator: " ").map(
          String.init)
        runs.append(Run(arguments: words))
        continue
      }
      guard !runs.isEmpty else { continue }
      if line == ">" {
        runs[runs.count - 1].lines.append(.input(""))
      } else if line.hasPrefix("> ") {
        runs[runs.count - 1].lines.append(.input(String(substituted.dropFirst(2))))
      } else if line.hasPrefix("! ") {
        runs[runs.count - 1].lines.append(.error(String(substituted.dropFirst(2))))
      } else if line.hasPrefix("[exit "), let status = Int32(line.dropFirst(6).dropLast()) {
        runs[runs.count - 1].exitStatus = status
      } else {
        runs[runs.count - 1].lines.append(.output(substituted))
      }
    }
    return Transcript(name: name, runs: runs)
  }

  /// Writes runs back in the transcript format, keeping the file's comments at the top.
  static func format(
    runs: [(arguments: String, lines: [Line], exitStatus: Int32)], header: [String]
  ) -> String {
    var text = header
    for run in runs {
      text.append("$ fieldnotes" + (run.arguments.isEmpty ? "" : " " + run.arguments))
      for line in run.lines {
        switch line {
        case .input(let input): text.append(input.isEmpty ? ">" : "> " + input)
        case .output(let output): text.append(output)
        case .error(let error): text.append("! " + error)
        }
      }
      if run.exitStatus != 0 { text.append("[exit \(run.exitStatus)]") }
    }
    return text.joined(separator: "\n") + "\n"
  }
}
