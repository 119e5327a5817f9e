import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// The notes of one very title, as a link names a note (`NoteQuery.titled`): found through the
/// title index in SQL, and the same notes as in memory, also while another program's write has
/// left a title's key behind.
@Suite struct SQLiteTitledSearchTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  func note(_ title: String, at seconds: Double) -> Note {
    Note(title: title, createdAt: Date(timeIntervalSinceReferenceDate: seconds))
  }

  /// Each title asked, in SQL and in memory, found the same notes, by title.
  func expectSameAnswers(
    _ repository: SQLiteNoteRepository, titles: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let notes = try repository.load().notes
    for title in titles {
      let query = NoteQuery.titled(title)
      let page = try repository.page(NoteListQuery(scope: .allNotes, search: query)).notes
      #expect(
        Set(page.map(\.title)) == Set(notes.filter(query.finds).map(\.title)), "\(title)",
        sourceLocation: sourceLocation)
      #expect(page.allSatisfy(query.finds), "\(title)", sourceLocation: sourceLocation)
    }
  }

  @Test func aTitleFindsTheNotesOfThatVeryTitleIgnoringCaseAndDiacritics() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let notes = [
      note("Heron", at: 1), note("heron", at: 2), note("Héron", at: 3), note("Grey heron", at: 4),
      note("Note 09", at: 5), note("Note 9", at: 6), note("Pinned heron", at: 7),
    ]
    var pinned = notes[6]
    pinned.isPinned = true
    try repository.commit(notes.dropLast().map { .saveNote($0) } + [.saveNote(pinned)])
    let heron = try repository.page(
      NoteListQuery(scope: .allNotes, search: .titled("HERON"))
    ).notes
    #expect(Set(heron.map(\.title)) == ["Heron", "heron", "Héron"])
    // `Note 09` and `Note 9` share a key (numbers are keyed without leading zeros), not a title.
    let nine = try repository.page(NoteListQuery(scope: .allNotes, search: .titled("note 9")))
    #expect(nine.notes.map(\.title) == ["Note 9"])
    try expectSameAnswers(
      repository, titles: ["heron", "Grey Heron", "Note 09", "pinned heron", "nobody", ""])
  }

  @Test func aTitleAnotherProgramChangedIsFoundByItsNewTitleBeforeItsKeyIsMade() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let notes = [note("Heron", at: 1), note("Egret", at: 2)]
    try repository.commit(notes.map { .saveNote($0) })
    // Another program renames a note: its key stays of the old title until FieldNotes saves.
    try RawConnection(path: path).execute(
      "UPDATE notes SET title = 'Bittern' WHERE id = '\(notes[0].id.uuidString)'")
    let bittern = try repository.page(
      NoteListQuery(scope: .allNotes, search: .titled("bittern"))
    ).notes
    #expect(bittern.map(\.id) == [notes[0].id])
    try expectSameAnswers(repository, titles: ["heron", "bittern", "egret"])
  }

  @Test func keysAnotherProgramClearedAreNotTrustedAndAreMadeAgain() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let notes = [note("Héron", at: 1), note("heron", at: 2), note("Hub", at: 3)]
    try repository.commit(notes.map { .saveNote($0) })
    try RawConnection(path: path).execute("UPDATE notes SET title_key = NULL")
    try expectSameAnswers(repository, titles: ["heron", "hub", "egret"])
    let byTitle = try repository.page(NoteListQuery(scope: .allNotes, order: .title)).notes
    #expect(byTitle.map(\.title) == ["Héron", "heron", "Hub"])
    // The next save makes every key again.
    try repository.commit([.saveNote(note("Egret", at: 4))])
    let missing = try RawConnection(path: path).rows(
      "SELECT count(*) FROM notes WHERE title_key IS NULL")
    #expect(missing == ["0"])
    try expectSameAnswers(repository, titles: ["heron", "hub", "egret"])
  }
}
