import FieldNotesModel
import FieldNotesServices
import Foundation

/// Makes deterministic libraries of realistic notes: 100 notebooks, titles and bodies of field
/// words, bodies of 50–2,000 characters, 0–5 tags, 5% pinned.
enum LibraryGenerator {
  static let notebookCount = 100

  private static let words = [
    "heron", "kingfisher", "wren", "robin", "moss", "fern", "lichen", "oak", "willow", "river",
    "lake", "estuary", "tide", "marsh", "reed", "hedge", "meadow", "path", "bridge", "stone",
    "morning", "evening", "rain", "mist", "frost", "wind", "quiet", "bright", "grey", "green",
    "saw", "heard", "counted", "followed", "waited", "flew", "sang", "fed", "nested", "flowered",
    "two", "three", "several", "many", "small", "large", "young", "old", "near", "far",
    "café", "naïve", "Ünïcödé", "the", "a", "by", "under", "over", "along", "after",
  ]
  private static let tags = [
    "birds", "plants", "insects", "weather", "river", "lake", "garden", "trip", "moss", "trees",
    "spring", "summer", "autumn", "winter", "dawn", "dusk", "rare", "common", "nest", "song",
  ]

  static func library(notes count: Int, seed: UInt64) -> NoteLibrary {
    var random = SeededRandomNumberGenerator(seed: seed)
    func word() -> String { words.randomElement(using: &random) ?? "note" }
    let notebooks = (0..<notebookCount).map { index in
      Notebook(id: uuid(0xB000_0000 + index), name: "Notebook \(index + 1) \(word())")
    }
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let notes = (0..<count).map { index -> Note in
      let titleWords = (0..<Int.random(in: 2...6, using: &random)).map { _ in word() }
      let bodyLength = Int.random(in: 50...2_000, using: &random)
      var body = ""
      while body.count < bodyLength {
        let sentence = (0..<Int.random(in: 5...14, using: &random)).map { _ in word() }.joined(
          separator: " ")
        body +=
          sentence.prefix(1).uppercased() + sentence.dropFirst()
          + (Int.random(in: 0..<6, using: &random) == 0 ? ".\n" : ". ")
      }
      let date = start.addingTimeInterval(
        Double(index) * 600 + Double(Int.random(in: 0..<600, using: &random)))
      return Note(
        id: uuid(index + 1), title: titleWords.joined(separator: " ").capitalized,
        body: String(body.prefix(bodyLength)), createdAt: date,
        notebookID: notebooks[index % notebookCount].id,
        tags: Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))),
        isPinned: Int.random(in: 0..<20, using: &random) == 0)
    }
    return NoteLibrary(notebooks: notebooks, notes: notes)
  }

  /// The export file `fieldnotes import` reads (its documented format, version 1).
  static func exportJSON(_ library: NoteLibrary) throws -> Data {
    struct Envelope: Encodable {
      var format = "fieldnotes-export"
      var version = 1
      var notebooks: [Notebook]
      var notes: [Note]
    }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
    }
    return try encoder.encode(Envelope(notebooks: library.notebooks, notes: library.notes))
  }

  private static func uuid(_ number: Int) -> UUID {
    let hex = String(number, radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return UUID(uuidString: "00000000-0000-4000-8000-\(digits.suffix(12))") ?? UUID()
  }
}
