import Foundation
import Testing

/// docs/Class.md's session is `class.transcript`, line for line.
///
/// The page shows one session, in blocks; the transcript is that session, which
/// ``TranscriptTests`` runs against the app. Here the page is held to the transcript: the lines
/// the page types are the transcript's, in order, none left out, and each line of output it
/// shows is one the transcript's command printed, whole (a page may leave lines out, never cut one).
@Suite struct ClassTranscriptTests {
  /// A command typed in the page, with the output lines shown under it.
  struct Shown: Equatable {
    var input: String
    var output: [String] = []
  }

  /// The commands of the page's plain blocks: lines after a prompt (`fieldnotes> `, `Birds> `),
  /// each with the lines under it in its block.
  static func shownInClass() throws -> [Shown] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/Class.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    var shown: [Shown] = []
    var inFence = false
    var inPlainBlock = false
    /// The command typed last in this block, whose output the next lines are.
    var current: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inPlainBlock = !inFence && line == "```"
        inFence.toggle()
        current = nil
        continue
      }
      guard inPlainBlock else { continue }
      if let prompt = line.range(of: "> "), line[..<prompt.lowerBound].allSatisfy(\.isLetter) {
        shown.append(Shown(input: String(line[prompt.upperBound...])))
        current = shown.count - 1
      } else if let current {
        // A block without a prompt (a test's output) shows no session's lines.
        shown[current].output.append(line)
      }
    }
    return shown
  }

  /// The transcript's commands, each with every line it printed.
  static func transcribed() throws -> [Shown] {
    let transcript = try Transcript.load("class.transcript", substituting: [:])
    var commands: [Shown] = []
    for line in transcript.runs.flatMap(\.lines) {
      switch line {
      case .input(let text): commands.append(Shown(input: text))
      case .output(let text), .error(let text):
        if !commands.isEmpty { commands[commands.count - 1].output.append(text) }
      }
    }
    return commands
  }

  @Test func theClassTypesTheTranscriptsCommandsInOrder() throws {
    #expect(try Self.shownInClass().map(\.input) == Self.transcribed().map(\.input))
  }

  @Test func everyLineTheClassShowsIsOneTheCommandPrinted() throws {
    for (shown, printed) in zip(try Self.shownInClass(), try Self.transcribed()) {
      for line in shown.output {
        // Whole lines only: a line the page cut short could hide the very value it explains.
        #expect(
          printed.output.contains(line),
          "after `\(shown.input)`, the page shows \"\(line)\", which it didn't print whole")
      }
    }
  }
}
