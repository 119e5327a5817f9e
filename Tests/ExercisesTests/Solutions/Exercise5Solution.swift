import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Observation
import Testing

extension Solutions {
  /// Solution to exercise 5, part one: the view model.
  ///
  /// It holds the rule (what is counted, what is refused) and publishes one closed state; it
  /// knows no terminal.
  @MainActor
  @Observable
  final class WordCountViewModel {
    /// What the screen shows: the counts of every note, or of one tag's.
    enum State: Equatable {
      /// The counts; `tag` is `nil` for every note.
      case counted(tag: String?, notes: Int, words: Int)
    }

    /// Why a tag can't be counted.
    enum Refusal: Error, Equatable, LocalizedError {
      /// No note carries the tag.
      case noNoteTagged(String)

      var errorDescription: String? {
        switch self {
        case .noNoteTagged(let tag): "No note is tagged #\(tag)."
        }
      }
    }

    private let store: NoteStore
    /// The tag counted, or `nil` for every note.
    private var tag: String?

    init(store: NoteStore) {
      self.store = store
    }

    /// Computed from the store's notes and the tag, so a change of either is observed.
    var state: State {
      let notes = tag.map { store.notes(taggedWith: $0) } ?? store.notes
      let words = notes.reduce(0) { $0 + $1.body.split(whereSeparator: \.isWhitespace).count }
      return .counted(tag: tag, notes: notes.count, words: words)
    }

    /// Counts one tag's notes, or every note for `nil`; a tag no note has changes nothing.
    func count(tag: String?) throws(Refusal) {
      if let tag, store.notes(taggedWith: tag).isEmpty { throw .noNoteTagged(tag) }
      self.tag = tag
    }
  }

  /// Solution to exercise 5, part two: the screen.
  ///
  /// It draws a function of the view model's state and turns typed words into the view model's
  /// calls; that is all.
  ///
  /// The navigator draws it again whenever something its `render(in:)` read changes, through
  /// Observation: here the view model's `tag` and the store's notes, because `state` is computed
  /// from them and the view model is `@Observable`.
  ///
  /// In the app it would be a feature folder of its own, `Features/WordCount/`, made by
  /// `swift package --allow-writing-to-package-directory new-feature WordCount`
  /// (docs/Adding-a-Feature.md).
  @MainActor
  final class WordCountScreen: TerminalScreen {
    typealias Route = Never

    private let model: WordCountViewModel

    init(model: WordCountViewModel) {
      self.model = model
    }

    static var helpHeading: String { "Word count" }
    static var directions: String { "open the word count first" }
    var promptTitle: String? { "words" }
    var viewName: String { "WordCountView" }
    var stateLine: String { "WordCountViewModel.state = \(model.state)" }

    func render(in terminal: TerminalContext) -> [String] {
      switch model.state {
      case .counted(let tag, let notes, let words):
        let heading = tag.map { "Words in #\($0)" } ?? "Words"
        return [
          "\(heading) · \(String(count: notes, noun: "note")), \(String(count: words, noun: "word"))"
        ]
      }
    }

    static var commands: [ScreenCommand<WordCountScreen>] {
      [
        ScreenCommand(["tag"], usage: "tag [TAG]", summary: "count one tag's notes; alone, all") {
          screen, arguments, _ throws(ScreenError) in
          guard arguments.count <= 1 else { throw .usage("tag [TAG]") }
          try ScreenError.carrying { () throws(WordCountViewModel.Refusal) in
            try screen.model.count(tag: arguments.first)
          }
          return .stay
        }
      ]
    }
  }

  @MainActor
  @Suite struct Exercise5 {
    @Test func theWordCountScreenCountsEveryNoteOrOneTagsNotes() async throws {
      let store = try NoteStore(
        repository: InMemoryNoteRepository(SampleData.library), syncer: NoOpNoteSyncer(),
        now: .fixed())
      let model = WordCountViewModel(store: store)
      #expect(model.state == .counted(tag: nil, notes: 4, words: 21))
      let harness = ScreenHarness(WordCountScreen(model: model))
      #expect(harness.lastDrawn == ["Words · 4 notes, 21 words"])

      try await harness.run("tag birds")
      #expect(harness.lastDrawn == ["Words in #birds · 2 notes, 13 words"])

      // The app's own words for a tag no note has (the Tags screen says the same).
      await #expect(throws: CommandLineError.refused("No note is tagged #owls.")) {
        try await harness.run("tag owls")
      }
      #expect(harness.lastDrawn == ["Words in #birds · 2 notes, 13 words"], "nothing changed")
      // One tag at most: more words are a usage error, and change nothing either.
      await #expect(throws: CommandLineError.usage("tag [TAG]")) {
        try await harness.run("tag birds lake")
      }
      #expect(harness.lastDrawn == ["Words in #birds · 2 notes, 13 words"])

      try await harness.run("tag")
      #expect(harness.lastDrawn == ["Words · 4 notes, 21 words"])
    }
  }
}
