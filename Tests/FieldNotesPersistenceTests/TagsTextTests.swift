import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesPersistence

/// The `tags` column's text: what FieldNotes writes without `JSONEncoder` is what it would
/// write, and every text it writes reads back as the tags written.
@Suite struct TagsTextTests {
  @Test func tagsAreWrittenAsJSONEncoderWritesThemAndReadBack() throws {
    let characters: [Character] = [
      "a", "Z", "0", " ", "-", "_", "#", "~", "/", "\"", "\\", "é", "中", "🦆", "\n", "\u{7F}",
    ]
    var random = LinearCongruentialGenerator(state: 7)
    for _ in 0..<2_000 {
      let tags = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        String(
          (0..<Int.random(in: 1...6, using: &random)).map { _ in
            // Mostly plain letters, as most tags are, so both ways of writing are taken.
            Bool.random(using: &random) ? "k" : characters.randomElement(using: &random) ?? "a"
          })
      }
      let written = TagsText.encode(tags)
      let encoded =
        tags.isEmpty ? "[]" : String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
      #expect(written == encoded)
      let read = Array(written.utf8).withUnsafeBufferPointer { TagsText.decode($0) }
      #expect(read == tags)
    }
  }
}
