import Foundation
import Testing

/// `docs/Tour.md` is a transcript: its `fieldnotes` blocks are replayed here, so the tour
/// never shows output the app doesn't print.
@MainActor
@Suite struct TourTests {
  static func tour(_ scratch: TranscriptTests.Scratch) throws -> Transcript {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/Tour.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    var blocks: [String] = []
    var inBlock = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```fieldnotes" {
        inBlock = true
      } else if line == "```" {
        inBlock = false
      } else if inBlock {
        blocks.append(String(line))
      }
    }
    var transcript = Transcript.parse(
      blocks.joined(separator: "\n"), name: "Tour.md", substituting: scratch.variables)
    for index in transcript.runs.indices where !transcript.runs[index].errors.isEmpty {
      transcript.runs[index].exitStatus = 1
    }
    return transcript
  }

  @Test func theTourIsWhatTheAppPrints() async throws {
    let scratch = TranscriptTests.Scratch()
    let transcript = try Self.tour(scratch)
    #expect(transcript.runs.count == 1)
    #expect(transcript.runs.first?.inputs.count ?? 0 > 20)
    _ = await TranscriptTests.replayInProcess(transcript, scratch: scratch)
  }

  /// The closing sentence counts the lines that failed, and says so in words: keep it true.
  @Test func theTourCountsItsFailedLinesRight() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/Tour.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let failed = text.split(separator: "\n").filter { $0.hasPrefix("! error:") }.count
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    #expect(failed < words.count)
    #expect(text.contains("because \(words[min(failed, words.count - 1)]) lines failed"))
  }

  @Test func theTourIsWhatTheBinaryPrints() throws {
    let scratch = TranscriptTests.Scratch()
    try TranscriptTests.replayThroughTheBinary(try Self.tour(scratch), scratch: scratch)
  }
}
