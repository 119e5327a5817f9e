import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// Ten thousand random search strings — operators, unbalanced quotes and parentheses, control
/// characters, qualifiers with odd values, 10,000-character terms — are each either answered
/// (by the SQLite store, the same as by a store in memory) or refused with a
/// ``FieldNotesModel/NoteQueryError`` that says where; none crashes or hangs.
@MainActor
@Suite struct NoteQueryFuzzTests {
  let directory = TemporaryDirectory()

  static let fragments = [
    "heron", "pond", " ", " ", "  ", "OR", " OR ", "AND", "NOT", " NOT ", "-", "--", "#", "#birds",
    "(", ")", "((", "))", "\"", "\"\"", "\"grey heron\"", "tag:", "tag:birds", "in:", "in:none",
    "in:\"Birds\"", "in:Nowhere", "is:", "is:pinned", "is:other", "title:", "title:heron",
    "created:", "updated:", "created:2026", "created:2026-13", "created:..", "created:2025..",
    "created:<today", "created:>=3d", "updated:last-week", "created:9999-12-31", "created:0000",
    "created:99999999999d", "\u{0}", "\u{7}", "\t", "\n", "\u{1B}[2J", "é", "e\u{301}", "鳥",
    "\u{FFFF}", "\u{10FFFF}", ":", "::", "..", "<", ">=", "%", "_", "'", "\\", "*", "NEAR",
    "^", "+", "{", "}", "[", "]",
  ]

  static func randomSearch(_ random: inout SeededRandomNumberGenerator) -> String {
    if Int.random(in: 0..<200, using: &random) == 0 {
      // A term of 10,000 characters, alone or in a search.
      let long = String(
        repeating: ["a", "é", "鳥", "("].randomElement(using: &random) ?? "a",
        count: 10_000)
      return Bool.random(using: &random) ? long : "heron \(long) -pond"
    }
    return (0..<Int.random(in: 0...12, using: &random)).map { _ in
      if Int.random(in: 0..<8, using: &random) == 0 {
        // Any scalar at all, now and then.
        let scalar = Unicode.Scalar(UInt32.random(in: 0..<0x11_0000, using: &random))
        return scalar.map { String(Character($0)) } ?? "?"
      }
      return fragments.randomElement(using: &random) ?? ""
    }.joined()
  }

  @Test func everyRandomSearchIsAnsweredOrRefused() throws {
    var random = SeededRandomNumberGenerator(seed: 30)
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let birds = Notebook(id: UUID(), name: "Birds")
    let notes = (0..<40).map { number in
      Note(
        title: ["Heron", "Grey heron at the pond", "(a)", "\"quoted\"", "鳥"][number % 5],
        body: String(repeating: "a", count: number * 50) + " OR NOT -pond #birds",
        createdAt: Date(timeIntervalSinceReferenceDate: 790_000_000 + Double(number) * 86_400),
        notebookID: number.isMultiple(of: 2) ? birds.id : nil,
        tags: number.isMultiple(of: 3) ? ["birds"] : [], isPinned: number.isMultiple(of: 7))
    }
    try repository.commit([.saveNotebook(birds)] + notes.map { .saveNote($0) })
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 800_000_000) })
    let memory = NoteStore(notes: notes)
    let context = NoteQuery.Context(
      notebooks: [birds], now: Date(timeIntervalSinceReferenceDate: 800_000_000),
      timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)

    var answered = 0
    var refused = 0
    for _ in 0..<10_000 {
      let text = Self.randomSearch(&random)
      let query: NoteQuery
      do {
        query = try NoteQuery(parsing: text, in: context)
      } catch {
        refused += 1
        #expect(error.errorDescription?.isEmpty == false, "\(text.debugDescription)")
        #expect((1...max(1, text.count)).contains(error.column), "\(text.debugDescription)")
        continue
      }
      let list = NoteListQuery(scope: .allNotes, search: query, order: .oldest)
      let fromSQLite = try store.page(list)
      #expect(
        try fromSQLite.notes.map { $0.id } == memory.page(list).notes.map { $0.id },
        "\(text.debugDescription) → \(query)")
      answered += 1
    }
    // Both kinds of outcome are common, so both paths were exercised.
    #expect(answered > 2_000, "answered \(answered)")
    #expect(refused > 2_000, "refused \(refused)")
  }

  /// The deepest search of each shape the language allows is answered from the index and SQL
  /// as any other: no statement is too deep for SQLite's parsers, so no search fails or is taken
  /// for damage to the index.
  @Test func theDeepestSearchesAreAnswered() throws {
    let path = directory.file("deep.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let notes = (0..<30).map { number in
      Note(
        title: number.isMultiple(of: 2) ? "Heron \(number)" : "Egret \(number)",
        body: "pond w\(number)", tags: number.isMultiple(of: 3) ? ["birds"] : [])
    }
    try repository.commit(notes.map { .saveNote($0) })
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: DateProvider { Date() })
    let memory = NoteStore(notes: notes)
    let context = NoteQuery.Context(now: Date(), timeZone: TimeZone(identifier: "UTC") ?? .current)
    let depth = NoteQuery.deepestNesting
    func nested(_ open: (Int) -> String, _ inner: String, _ close: String) -> String {
      (0..<depth).map(open).joined() + inner + String(repeating: close, count: depth)
    }
    // Two-letter terms, every one different, as many as a search holds.
    let letters = Array("abcdefghijklmnop")
    let shortTerms = (0..<NoteQuery.mostTerms).map { String([letters[$0 / 16], letters[$0 % 16]]) }
    let searches = [
      nested({ _ in "-(" }, "heron", ")"),
      nested({ _ in "-(heron OR " }, "pond", ")"),
      nested({ "(w\($0) OR " }, "egret", ")"),
      nested({ "(w\($0) " }, "pond", ")"),
      nested({ "-(title:w\($0) OR #birds OR " }, "he", ")"),
      nested({ "(NOT w\($0) AND " }, "is:untagged", ")"),
      // As many short terms as a search holds, in one group and under an exclusion: more
      // than one call of a search function takes.
      shortTerms.joined(separator: " "),
      shortTerms.joined(separator: " OR "),
      "-(" + shortTerms.dropLast().joined(separator: " OR ") + ")",
    ]
    for text in searches {
      let query = try NoteQuery(parsing: text, in: context)
      let list = NoteListQuery(scope: .allNotes, search: query, order: .oldest)
      #expect(try store.page(list) == memory.page(list), "\(text)")
    }
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds.isEmpty, "no damage recorded")
  }
}
