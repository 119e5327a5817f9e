import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Observation
import Testing

/// Solution to exercise 5: a screen is a class that declares its commands once, draws a
/// function of what it shows, and is driven in a test by `ScreenHarness` with no terminal.
///
/// It is `@Observable` because the navigator draws it again whenever something its `render()`
/// read changes: the store's notes, or its own `tag`.
///
/// In the app, a screen like this would live in its own `Sources/WordCountScreen` target, with a
/// `Route` case and one line in the app's `ScreenFactory` (docs/Adding-a-Feature.md).
@MainActor
@Observable
final class WordCountScreen: TerminalScreen {
  typealias Route = Never

  private let store: NoteStore
  /// The tag counted, or `nil` for every note.
  private var tag: String?

  init(store: NoteStore) {
    self.store = store
  }

  static var helpHeading: String { "Word count" }
  static var directions: String { "open the word count first" }
  var promptTitle: String? { "words" }
  var viewName: String { "WordCountView" }
  var stateLine: String { tag.map { "counting #\($0)" } ?? "counting every note" }

  func render() -> [String] {
    let notes = tag.map { store.notes(taggedWith: $0) } ?? store.notes
    let words = notes.reduce(0) { $0 + $1.body.split(whereSeparator: \.isWhitespace).count }
    let heading = tag.map { "Words in #\($0)" } ?? "Words"
    return [
      "\(heading) · \(String(count: notes.count, noun: "note")), \(String(count: words, noun: "word"))"
    ]
  }

  static var commands: [ScreenCommand<WordCountScreen>] {
    [
      ScreenCommand(["tag"], usage: "tag [TAG]", summary: "count one tag's notes; alone, all") {
        screen, arguments, _ throws(ScreenError) in
        guard arguments.count <= 1 else { throw .usage("tag [TAG]") }
        if let tag = arguments.first, screen.store.notes(taggedWith: tag).isEmpty {
          throw .refused("no note is tagged \u{201C}\(tag)\u{201D}")
        }
        screen.tag = arguments.first
        return .stay
      }
    ]
  }
}

@MainActor
@Suite struct Exercise5Solution {
  @Test func theWordCountScreenCountsAndOpensATag() async throws {
    let store = try NoteStore(
      repository: InMemoryNoteRepository(SampleData.library), now: .fixed())
    let harness = ScreenHarness(WordCountScreen(store: store))
    #expect(harness.lastDrawn == ["Words · 4 notes, 21 words"])

    try await harness.run("tag birds")
    #expect(harness.lastDrawn == ["Words in #birds · 2 notes, 13 words"])

    await #expect(throws: CommandLineError.self) { try await harness.run("tag owls") }
    #expect(harness.lastDrawn == ["Words in #birds · 2 notes, 13 words"], "nothing changed")

    try await harness.run("tag")
    #expect(harness.lastDrawn == ["Words · 4 notes, 21 words"])
  }
}
