import FieldNotesModel
import FieldNotesNavigation
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// The MV and MVVM forms of the note list print the same bytes for the same store, search,
/// filter and sort: checked over generated stores and settings, from a fixed seed and from ten
/// seeds drawn afresh on every run, over the store in memory and over SQLite, with reads that
/// fail.
///
/// A check over generated cases is evidence, not a proof: it finds a difference the cases
/// reach. Much of the sameness holds by construction (both forms build the same query, ask the
/// same `NoteStore.page(_:)` and lay rows out with the same `NoteRowView`); what these cases
/// test is the rest, each form's own reading of its settings, its rows and its failures.
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

  /// A list to open: all notes, none's, a notebook's (as the notebooks screen opens them), or
  /// a tag's.
  static func makeScope(of library: NoteLibrary, _ random: inout SeededRandomNumberGenerator)
    -> NoteScope
  {
    let usedTags = Set(library.notes.flatMap(\.tags)).sorted()
    let scopes =
      [NoteScope.allNotes, .unfiled] + library.notebooks.map { .notebook($0.id) }
      + usedTags.map { .tagged($0) }
    return scopes.randomElement(using: &random) ?? .allNotes
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
      let scope = Self.makeScope(of: library, &random)
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

  /// The seeds of this run: ten drawn at random, or the one `FIELDNOTES_EQUIVALENCE_SEED`
  /// names, to run a failure again.
  nonisolated static let seeds: [UInt64] = {
    if let seed = ProcessInfo.processInfo.environment["FIELDNOTES_EQUIVALENCE_SEED"]
      .flatMap(UInt64.init)
    {
      return [seed]
    }
    return (0..<10).map { _ in UInt64.random(in: 1...UInt64.max) }
  }()

  /// Each case drawn four times, both forms over both stores, all alike; one case in four then
  /// makes the store in memory fail its reads, which both forms must draw alike, and then
  /// recover from alike.
  @Test(arguments: seeds)
  func bothFormsDrawAlikeOverEitherStoreAndThroughAFailedRead(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    for index in 0..<30 {
      let library = Self.makeLibrary(&random)
      let scope = Self.makeScope(of: library, &random)
      let settings = Self.makeSettings(&random)
      // Every fourth case, not a random one: each seed then checks failed reads, by design.
      let failsReads = index % 4 == 3
      let again = "seed \(seed) (FIELDNOTES_EQUIVALENCE_SEED=\(seed) runs it again), case \(index)"

      let memory = InMemoryNoteRepository(library)
      let sqlite = try SQLiteNoteRepository.inMemory()
      try sqlite.commit(
        library.notebooks.map { .saveNotebook($0) } + library.notes.map { .saveNote($0) },
        progress: { _ in })
      var drawn: [String: RenderedList] = [:]
      var memoryLists: [any NoteListForming] = []
      let stores = [
        ("memory", try NoteStore(repository: memory, syncer: NoOpNoteSyncer(), now: .fixed())),
        ("SQLite", try NoteStore(repository: sqlite, syncer: NoOpNoteSyncer(), now: .fixed())),
      ]
      for (storeName, store) in stores {
        let forms = NoteListForms(store: store)
        for form in NoteListForm.allCases {
          let list = forms.list(form, scope, settings: settings)
          drawn["\(form) over \(storeName)"] = RenderedList(list)
          if storeName == "memory" { memoryLists.append(list) }
        }
      }
      let first = try #require(drawn["mvvm over memory"])
      for (name, list) in drawn.sorted(by: { $0.key < $1.key }) {
        #expect(list == first, "\(name) differs from mvvm over memory: \(again)")
      }
      guard failsReads else { continue }
      memory.failLoads(with: .readFailed(reason: "disk I/O error"))
      // A new question, so neither form can answer from what it read before.
      for list in memoryLists { list.settings.showsPinnedOnly.toggle() }
      let failed = memoryLists.map { RenderedList($0) }
      #expect(failed[0] == failed[1], "a failed read is drawn alike: \(again)")
      #expect(failed[0].lines.contains { $0.contains("could not be read") }, "\(again)")
      memory.failLoads(with: nil)
      let recovered = memoryLists.map { RenderedList($0) }
      #expect(recovered[0] == recovered[1], "both recover alike: \(again)")
      #expect(!recovered[0].lines.contains { $0.contains("could not be read") }, "\(again)")
    }
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
