import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// The files kept with a note stay through edits, the trash and a restore, and leave only with
/// the note when the trash is emptied; the SQLite store and the one in memory agree.
@Suite struct SQLiteAttachmentsTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let heron = Note(
    id: UUID(uuidString: "6F1C1A52-3C8E-4F5E-9D53-2B8A0E1F7C12") ?? UUID(), title: "Heron",
    body: "![[heron.jpg]] ![](maps/weir.pdf)", createdAt: Date(timeIntervalSinceReferenceDate: 0))
  static let photo = NoteAttachment(name: "heron.jpg", bytes: Data([0xFF, 0xD8, 0x00, 0x01]))
  static let map = NoteAttachment(name: "maps/weir.pdf", bytes: Data("%PDF".utf8))

  /// Both repositories, each holding the heron with its two files.
  func repositories() throws -> [any NoteRepository & NoteJournal] {
    let repositories: [any NoteRepository & NoteJournal] = [
      try SQLiteNoteRepository(path: path), MemoryNoteRepository(NoteLibrary()),
    ]
    for repository in repositories {
      try repository.commit([
        .saveNote(Self.heron), .saveAttachment(Self.photo, forNote: Self.heron.id),
        .saveAttachment(Self.map, forNote: Self.heron.id),
      ])
    }
    return repositories
  }

  /// Each of a note's attachments read whole, by the names the listing gives.
  func kept(in repository: any NoteJournal) throws -> [NoteAttachment] {
    try repository.attachments(ofNote: Self.heron.id).compactMap {
      try repository.attachment(named: $0.name, ofNote: Self.heron.id)
    }
  }

  @Test func attachmentsAreKeptByNameWithTheirBytes() throws {
    for repository in try repositories() {
      #expect(try kept(in: repository) == [Self.photo, Self.map])
    }
    #expect(try SQLiteNoteRepository(path: path).attachments(ofNote: Self.heron.id).count == 2)
  }

  /// A note's page lists names and sizes, so the listing is the store's count of each blob's
  /// bytes (`length(bytes)`), and one attachment's bytes are read only when asked for by name.
  @Test func theListingGivesNamesAndSizesAndTheBytesAreReadByName() throws {
    for repository in try repositories() {
      #expect(
        try repository.attachments(ofNote: Self.heron.id) == [
          NoteAttachment.Entry(name: Self.photo.name, size: Self.photo.bytes.count),
          NoteAttachment.Entry(name: Self.map.name, size: Self.map.bytes.count),
        ])
      #expect(try repository.attachment(named: Self.map.name, ofNote: Self.heron.id) == Self.map)
      #expect(try repository.attachment(named: "absent.png", ofNote: Self.heron.id) == nil)
    }
  }

  @Test func aFileOfANameKeptAlreadyIsNeverWrittenOver() throws {
    for repository in try repositories() {
      let other = NoteAttachment(name: "heron.jpg", bytes: Data("another".utf8))
      try repository.commit([.saveAttachment(other, forNote: Self.heron.id)])
      #expect(try kept(in: repository).first == Self.photo)
    }
  }

  @Test func anEditTheTrashAndARestoreKeepThem() throws {
    for repository in try repositories() {
      var edited = Self.heron
      edited.body = "No pictures now."
      try repository.commit([.saveNote(edited)])
      #expect(try repository.attachments(ofNote: Self.heron.id).count == 2)
      try repository.commit([.trashNote(Self.heron.id, at: Date(timeIntervalSinceReferenceDate: 9))]
      )
      #expect(try repository.attachments(ofNote: Self.heron.id).count == 2)
      try repository.commit([.restoreTrashedNote(edited)])
      #expect(try kept(in: repository) == [Self.photo, Self.map])
    }
  }

  @Test func emptyingTheTrashRemovesThemWithTheNote() throws {
    for repository in try repositories() {
      let deleted = Date(timeIntervalSinceReferenceDate: 9)
      try repository.commit([.trashNote(Self.heron.id, at: deleted)])
      let entry = try #require(try repository.trashedNotes().first)
      try repository.commit([.purgeTrashedNote(entry)])
      #expect(try repository.attachments(ofNote: Self.heron.id).isEmpty)
    }
  }

  /// The migration makes only what is missing: a store opened again, or migrated again from an
  /// earlier version, keeps every file.
  @Test func theMigrationRunAgainKeepsEveryFile() throws {
    _ = try repositories()
    try execute("PRAGMA user_version = \(SQLiteSearchIndexTests.currentVersion - 1)", on: path)
    let reopened = try SQLiteNoteRepository(path: path)
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(try kept(in: reopened) == [Self.photo, Self.map])
  }
}
