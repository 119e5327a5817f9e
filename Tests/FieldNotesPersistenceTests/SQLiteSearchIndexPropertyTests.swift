import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesText
import Foundation
import Testing

/// The search index answers every query exactly as the in-memory scan does, on random texts
/// made of everything the folding and FTS5 treat specially: NUL and other control characters,
/// accents written precomposed and decomposed, compatibility forms, CJK, Hangul written in
/// jamo, emoji sequences, mixed case, FTS5's own syntax; with queries of one and two
/// characters (which the notes answer) and longer ones (which the index answers).
///
/// The index's own answer is compared, as the repository gives it: nothing checks it against
/// the notes' text on the way.
@Suite struct SQLiteSearchIndexPropertyTests {
  let directory = TemporaryDirectory()

  static let fragments = [
    "heron", "Heron", "HERON", "weir", "étude", "e\u{301}tude", "E\u{301}TUDE", "Ärger",
    "A\u{308}rger", "Tiê\u{301}ng", "q\u{301}", "\u{301}", "´", "¨", "\u{0}", "\u{0}\u{0}",
    "\u{1}", "\u{1B}[2J", "\t", "\n", "\u{7F}", "\u{85}", "\u{FFFE}", "\u{FFFD}", "\u{FFFF}",
    "か\u{3099}", "が", "日本語", "東京", "\u{1100}\u{1161}\u{11A8}", "각", "कु", "👩‍👩‍👧",
    "🐝", "❤️", "1️⃣", "🇫🇷", "ﬁsh", "ＦＩＥＬＤ", "x²", "straße", "STRASSE", "İstanbul",
    "ǅemal", "a", "ab", "\"", "\"\"", "*", "NEAR", "AND", "(", ":", "%", "_", " ",
  ]

  /// A text of a few random fragments.
  static func text(_ random: inout SeededRandomNumberGenerator) -> String {
    (0..<Int.random(in: 0...10, using: &random)).map { _ in
      fragments.randomElement(using: &random) ?? ""
    }.joined(separator: ["", " ", "\n", ""].randomElement(using: &random) ?? "")
  }

  /// A run of one to eight characters of a text, or `nil` for an empty text.
  static func run(of text: String, _ random: inout SeededRandomNumberGenerator) -> String? {
    let characters = Array(text)
    guard !characters.isEmpty else { return nil }
    let start = Int.random(in: 0..<characters.count, using: &random)
    let length = Int.random(in: 1...min(8, characters.count - start), using: &random)
    return String(characters[start..<(start + length)])
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func theIndexAnswersWhatTheScanAnswers(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    let notes = (0..<160).map { index in
      Note(
        title: Self.text(&random), body: Self.text(&random) + Self.text(&random),
        createdAt: Date(timeIntervalSinceReferenceDate: Double(index)),
        tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in Self.text(&random) })
    }
    let repository = try SQLiteNoteRepository(path: directory.file("notes-\(seed).sqlite"))
    try repository.commit(notes.map { .saveNote($0) })
    // What `Note.matches(_:)` compares, folded once.
    let searchKeys = notes.map(\.searchKey)
    var shortQueries = 0
    var longQueries = 0
    for round in 0..<300 {
      // Runs of a note's own text, which must find it; and random words, found or not.
      let source = notes[Int.random(in: 0..<notes.count, using: &random)]
      let query: String
      if round % 3 == 2 {
        query = Self.text(&random)
      } else if let run = Self.run(of: round % 3 == 0 ? source.title : source.body, &random) {
        query = run
      } else {
        continue
      }
      let folded = SearchFolding.fold(query)
      guard !folded.isEmpty else { continue }
      if String(decoding: folded, as: UTF8.self).unicodeScalars.count < 3 {
        shortQueries += 1
      } else {
        longQueries += 1
      }
      let found = try repository.noteIDs(matching: query)
      let scanned = Set(
        notes.indices.filter { SearchFolding.contains(searchKeys[$0], folded) }.map { notes[$0].id }
      )
      #expect(found == scanned, "\(query.debugDescription)")
      if round % 3 != 2 {
        #expect(scanned.contains(source.id), "\(query.debugDescription) is in its note")
      }
    }
    #expect(shortQueries > 20 && longQueries > 100, "both kinds of query were asked")
  }
}
