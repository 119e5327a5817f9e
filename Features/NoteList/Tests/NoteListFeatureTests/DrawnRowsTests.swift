import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import Foundation
import NoteListFeature
import Testing

/// What a word typed for a row names among the rows a list drew: a row number, or the start of
/// a note's id, the same rules in both forms, with no terminal.
@Suite struct DrawnRowsTests {
  static let heron = Note(
    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), title: "Heron",
    createdAt: Date(timeIntervalSince1970: 0))
  static let digits = Note(
    id: UUID(uuidString: "10000000-0000-4000-8000-000000000000") ?? UUID(), title: "Digits",
    createdAt: Date(timeIntervalSince1970: 0))

  /// Two rows drawn, of notes other than these, and 8 more the list holds.
  let drawn = DrawnRows(
    rows: [.init(id: UUID(), title: "Wren"), .init(id: UUID(), title: "Moss")], hiddenCount: 8)

  /// Finds the notes above by the start of their ids, as the store does.
  static func note(namedByID word: String) throws(NoteIDError) -> Note {
    guard let prefix = NoteIDPrefix(word) else { throw .notAnID(word) }
    guard let note = [heron, digits].first(where: { prefix.matches($0.id) }) else {
      throw .noNote(prefix)
    }
    return note
  }

  @Test func aRowNumberOrAWordTooShortForAnIDIsLeftToTheRowNumbers() throws {
    #expect(try drawn.row(namedByID: "2", noteNamedByID: Self.note(namedByID:)) == nil)
    #expect(try drawn.row(namedByID: "1e3", noteNamedByID: Self.note(namedByID:)) == nil)
  }

  @Test func anIDNamesItsNoteShownOrNot() throws {
    let heron = try drawn.row(namedByID: "e621", noteNamedByID: Self.note(namedByID:))
    #expect(heron == DrawnRows.Row(id: Self.heron.id, title: "Heron"))
    // Past the list's 10 rows, digits alone can only be an id.
    let digits = try drawn.row(namedByID: "1000", noteNamedByID: Self.note(namedByID:))
    #expect(digits == DrawnRows.Row(id: Self.digits.id, title: "Digits"))
    #expect(throws: NoteListError.noteID(.noNote(try #require(NoteIDPrefix("ffff"))))) {
      try drawn.row(namedByID: "ffff", noteNamedByID: Self.note(namedByID:))
    }
  }

  @Test func aRowsNumberThatStartsAnotherNotesIDIsRefused() throws {
    let long = DrawnRows(rows: drawn.rows, hiddenCount: 2_000)
    #expect(throws: NoteListError.rowOrID("1000", title: "Digits")) {
      try long.row(namedByID: "1000", noteNamedByID: Self.note(namedByID:))
    }
    #expect(
      NoteListError.rowOrID("1000", title: "Digits").errorDescription
        == "1000 is a row of this list and the start of the id of \u{201C}Digits\u{201D}: "
        + "type the id the row shows, or more of that note's id")
    // A row within the list whose number starts no note's id is a row.
    #expect(try long.row(namedByID: "1500", noteNamedByID: Self.note(namedByID:)) == nil)
  }
}
