import FieldNotesModel
import Testing

/// A note is found by a search however its words and the search's were written: both are
/// folded alike (`SearchFolding`).
@Suite struct NoteSearchFoldingTests {
  @Test func aNoteFoundByOneSpellingIsFoundByTheOthers() {
    let note = Note(title: "E\u{301}tude", body: "before\u{0}after the heron", tags: ["ﬁeld"])
    for query in ["etude", "étude", "E\u{301}TUDE", "after the heron", "field", "FIELD"] {
      #expect(note.matches(query), "\(query)")
    }
    #expect(!note.matches("etudes"))
  }

  @Test func aWordIsFoundWhateverAccentsNoLetterTakesItCarries() {
    let lowered = Note(title: "İstanbul in May".lowercased(), body: "the q\u{301}uick ferry")
    for query in ["istanbul", "İstanbul", "ISTANBUL", "quick", "q\u{301}uick", "i\u{307}"] {
      #expect(lowered.matches(query), "\(query)")
    }
  }
}
