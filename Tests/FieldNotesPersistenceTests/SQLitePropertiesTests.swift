import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// A SQLite store keeps each note's properties with the note, in its versions and in the trash,
/// and a store from before properties opens with its notes whole.
@Suite struct SQLitePropertiesTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let drafted = [
    NoteProperty(key: "aliases", rawValue: "\n  - Grey heron\n  - \"Ardea\""),
    NoteProperty(key: "status", rawValue: " draft"),
  ]

  static func heron(_ properties: [NoteProperty], at seconds: Double = 0) -> Note {
    Note(
      id: UUID(uuidString: "6F1C1A52-3C8E-4F5E-9D53-2B8A0E1F7C11") ?? UUID(), title: "Heron",
      body: "Grey.", createdAt: Date(timeIntervalSinceReferenceDate: 0),
      updatedAt: Date(timeIntervalSinceReferenceDate: seconds), properties: properties)
  }

  @Test func propertiesAreSavedAndReadBackAsWritten() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let note = Self.heron(Self.drafted)
    try repository.commit([.saveNote(note)])

    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
    #expect(try SQLiteNoteRepository(path: path).note(withID: note.id) == note)
  }

  /// A property an edit removed, or changed alone, is kept in the version the edit replaced,
  /// and restoring the version brings it back.
  @Test func anEditOfThePropertiesAloneKeepsTheOldOnesAsAVersion() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let drafted = Self.heron(Self.drafted)
    let done = Self.heron([NoteProperty(key: "status", rawValue: " done")], at: 60)
    try repository.commit([.saveNote(drafted)])
    try repository.commit([.replaceNote(drafted, with: done)])

    let versions = try repository.versions(ofNote: drafted.id)
    #expect(versions.map(\.properties) == [Self.drafted])
    #expect(versions.first?.applied(to: done) == Self.heron(Self.drafted, at: 60))
    #expect(
      NoteVersion.history(of: versions, current: done).map(\.changes.properties) == [true])
  }

  /// A trashed note keeps its properties in the trash, and saved again with others it keeps
  /// the trashed ones as a version.
  @Test func theTrashKeepsPropertiesAndSavingAgainKeepsThemAsAVersion() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let drafted = Self.heron(Self.drafted)
    try repository.commit([.saveNote(drafted)])
    try repository.commit([.trashNote(drafted.id, at: Date(timeIntervalSinceReferenceDate: 30))])

    #expect(try repository.trashedNotes().map(\.note) == [drafted])
    try repository.commit([.saveNote(Self.heron([], at: 90))])
    #expect(try repository.versions(ofNote: drafted.id).map(\.properties) == [Self.drafted])
  }

  /// A store of the version before properties opens with every note, each with none, and
  /// saves them from then on.
  @Test func aStoreFromBeforePropertiesOpensWithItsNotesAndNone() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let plain = Self.heron([])
    try repository.commit([.saveNote(plain)])
    try setBackToVersion11(path)
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)
    #expect(try reopened.load().notes == [plain])
    try reopened.commit([.replaceNote(plain, with: Self.heron(Self.drafted, at: 60))])
    #expect(try SQLiteNoteRepository(path: path).load().notes == [Self.heron(Self.drafted, at: 60)])
    #expect(try reopened.versions(ofNote: plain.id).map(\.properties) == [[]])
  }

  /// `prop:` is answered by SQL over the column, as the notes in memory answer it.
  @Test func aPropertySearchFindsTheNotesWithTheKeyOrTheValue() throws {
    let repository = try SQLiteNoteRepository(path: path)
    let drafted = Self.heron(Self.drafted)
    var egret = Note(title: "Egret", createdAt: Date(timeIntervalSinceReferenceDate: 10))
    egret.properties = [NoteProperty(key: "Status", rawValue: " 'Done'")]
    let plain = Note(title: "Swan", createdAt: Date(timeIntervalSinceReferenceDate: 20))
    try repository.commit([.saveNote(drafted), .saveNote(egret), .saveNote(plain)])
    let context = NoteQuery.Context(now: .now, timeZone: .gmt)

    for (search, titles) in [
      ("prop:status", ["Heron", "Egret"]), ("prop:status=done", ["Egret"]),
      ("prop:aliases=ardea", ["Heron"]), ("prop:\"aliases=grey heron\"", ["Heron"]),
      ("-prop:status", ["Swan"]), ("prop:source", []), ("prop:status=dra", []),
    ] {
      let query = try NoteQuery(parsing: search, in: context)
      let found = try repository.page(NoteListQuery(scope: .allNotes, search: query)).notes
      #expect(Set(found.map(\.title)) == Set(titles), "\(search)")
      let inMemory = [drafted, egret, plain].filter(query.finds)
      #expect(Set(inMemory.map(\.title)) == Set(titles), "\(search) in memory")
    }
  }
}
