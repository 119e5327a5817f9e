import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// The MV and MVVM forms of the note list print the same bytes for the same store, search,
/// filter and sort: checked over generated stores and settings from a fixed seed.
@MainActor
@Suite struct NoteListEquivalenceTests {
  static let words = [
    "heron", "Héron", "kingfisher", "moss", "fern", "café", "CAFE", "lake", "river", "wren",
    "100%", "snake_case", "naïve", "Ünïcödé", "'quoted'", "日本", "🦉", "a", "A", "",
  ]
  static let tags = ["birds", "plants", "lake", "river", "x-y_z", "ñandú"]

  static func makeLibrary(_ random: inout SeededRandomNumberGenerator) -> NoteLibrary {
    let notebooks = (0..<Int.random(in: 0...4, using: &random)).map {
      Notebook(id: UUID(number: 0x1000 + $0), name: "Notebook \($0)")
    }
    let notes = (0..<Int.random(in: 0...40, using: &random)).map { index in
      Note(
        id: UUID(number: index + 1),
        title: (0..<Int.random(in: 1...4, using: &random)).map { _ in
          words.randomElement(using: &random) ?? ""
        }
        .joined(separator: " "),
        body: (0..<Int.random(in: 0...12, using: &random)).map { _ in
          words.randomElement(using: &random) ?? ""
        }
        .joined(separator: Bool.random(using: &random) ? " " : "\n"),
        // Coarse dates make ties likely, so the tie-breaks are exercised too.
        createdAt: SampleData.date(minutes: -Int.random(in: 0...5, using: &random) * 600),
        notebookID: Bool.random(using: &random) ? notebooks.randomElement(using: &random)?.id : nil,
        tags: Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))),
        isPinned: Int.random(in: 0..<4, using: &random) == 0)
    }
    return NoteLibrary(notebooks: notebooks, notes: notes)
  }

  static func makeSettings(_ random: inout SeededRandomNumberGenerator) -> NoteListSettings {
    NoteListSettings(
      search: NoteSearch(
        literally: Bool.random(using: &random)
          ? "" : String((words.randomElement(using: &random) ?? "").prefix(3))),
      tag: Bool.random(using: &random) ? nil : tags.randomElement(using: &random),
      showsPinnedOnly: Int.random(in: 0..<3, using: &random) == 0,
      showsUntaggedOnly: Int.random(in: 0..<4, using: &random) == 0,
      sortOrder: NoteSortOrder.allCases.randomElement(using: &random) ?? .newest)
  }

  @Test func bothFormsRenderTheSameRowsFor500GeneratedCases() {
    var random = SeededRandomNumberGenerator(seed: 20_261_129)
    var casesWithRows = 0
    var taggedCasesWithRows = 0
    for _ in 0..<500 {
      let library = Self.makeLibrary(&random)
      let forms = NoteListForms(
        store: NoteStore(notes: library.notes, notebooks: library.notebooks, now: .fixed()))
      // Lists opened from a notebook, from the notebooks screen's own rows, and from a tag.
      let usedTags = Set(library.notes.flatMap(\.tags)).sorted()
      let scopes =
        [NoteScope.allNotes, .unfiled] + library.notebooks.map { .notebook($0.id) }
        + usedTags.map { .tagged($0) }
      let scope = scopes.randomElement(using: &random) ?? .allNotes
      let settings = Self.makeSettings(&random)

      let mvvm = RenderedList(forms.list(.mvvm, scope, settings: settings))
      let mv = RenderedList(forms.list(.mv, scope, settings: settings))

      #expect(mvvm == mv, "scope \(scope), settings \(settings)")
      if !mvvm.rowIDs.isEmpty { casesWithRows += 1 }
      if case .tagged = scope, !mvvm.rowIDs.isEmpty { taggedCasesWithRows += 1 }
    }
    // The generator must produce real lists, not only empty ones, for the check to mean much.
    #expect(casesWithRows > 200)
    #expect(taggedCasesWithRows > 20, "lists opened from a tag are compared too")
  }

  @Test func bothFormsCutALongListAlike() {
    var random = SeededRandomNumberGenerator(seed: 250)
    let notes = (0..<450).map { index in
      Note(
        id: UUID(number: index + 1), title: "Note \(Int.random(in: 0...99, using: &random))",
        createdAt: SampleData.date(minutes: Int.random(in: 0...20, using: &random)),
        isPinned: Int.random(in: 0..<10, using: &random) == 0)
    }
    let forms = NoteListForms(store: NoteStore(notes: notes))
    for order in NoteSortOrder.allCases {
      let settings = NoteListSettings(search: NoteSearch(literally: "NOTE"), sortOrder: order)
      let mvvm = RenderedList(forms.list(.mvvm, settings: settings))
      #expect(mvvm == RenderedList(forms.list(.mv, settings: settings)))
      #expect(mvvm.rowIDs.count == NoteListScreen.rowLimit)
      #expect(mvvm.lines.last?.hasPrefix("  … and ") == true)
    }
  }

  /// Searches as typed: words, phrases, operators, qualifiers and some that aren't searches.
  static func randomSearch(_ random: inout SeededRandomNumberGenerator, notebooks: [Notebook])
    -> String
  {
    let parts =
      words.filter { !$0.isEmpty }.map { $0.contains("'") ? "\"\($0)\"" : $0 }
      + tags.map { "#\($0)" } + ["OR", "-heron", "NOT moss", "is:pinned", "is:untagged"]
      + ["in:none", "in:Nowhere", "title:heron", "created:>=1d", "created:2026-13", "(lake"]
      + ["(heron OR fern)", "\"grey heron\""] + notebooks.map { "in:\"\($0.name)\"" }
    return (0..<Int.random(in: 1...4, using: &random)).map { _ in
      parts.randomElement(using: &random) ?? ""
    }.joined(separator: " ")
  }

  @Test func bothFormsAnswerATypedSearchAlikeIn300GeneratedCases() async throws {
    var random = SeededRandomNumberGenerator(seed: 30)
    var refusals = 0
    var casesWithRows = 0
    for _ in 0..<300 {
      let library = Self.makeLibrary(&random)
      let forms = NoteListForms(
        store: NoteStore(notes: library.notes, notebooks: library.notebooks, now: .fixed()))
      let search = "search " + Self.randomSearch(&random, notebooks: library.notebooks)
      var outcomes: [String] = []
      for form in NoteListForm.allCases {
        let harness = ScreenHarness<Route>(forms.screen(form))
        do {
          try await harness.run(search)
          outcomes.append((harness.lastDrawn ?? []).joined(separator: "\n"))
        } catch {
          outcomes.append("refused: \(error)")
        }
      }
      #expect(outcomes[0] == outcomes[1], "\(search)")
      if outcomes[0].hasPrefix("refused") {
        refusals += 1
      } else if outcomes[0].contains("  1 ") {
        casesWithRows += 1
      }
    }
    #expect(refusals > 20, "searches that aren't ones are refused alike")
    #expect(casesWithRows > 60, "searches that find notes draw the same rows")
  }
}
