import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// The file a note was imported from is this store's own record (no sync carries it): a sync
/// that saves another store's text of the note keeps it, so the note still exports under the
/// name it was imported under, its files where the import found them.
@Suite struct SyncImportedFileTests {
  let world = SyncWorld()

  static let file = ImportedFile(
    name: "10 note 2.md", title: "Heron", header: "# Heron\n\n",
    attachmentPaths: ["minutes.pdf": "Archive/minutes.pdf"])

  @Test func anEditPulledFromAnotherStoreKeepsTheFileTheNoteCameFrom() async throws {
    var heron = syncNote(0xB1, "Heron", body: "Grey.")
    heron.importedFile = Self.file
    let first = try await world.device(NoteLibrary(notes: [heron]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.note(heron.id)?.importedFile == nil, "no sync carries it")

    var edited = try #require(second.note(heron.id))
    edited.body = "Grey, at the weir."
    edited.updatedAt = SampleData.date(minutes: 5)
    try second.save(edited)
    try await second.syncer.sync()
    try await first.syncer.sync()

    #expect(first.note(heron.id)?.body == "Grey, at the weir.")
    #expect(first.note(heron.id)?.importedFile == Self.file)
  }

  /// Both stores edited the note: the merge keeps the record too.
  @Test func aMergeOfBothStoresEditsKeepsTheFileTheNoteCameFrom() async throws {
    var heron = syncNote(0xB2, "Heron", body: "Grey.")
    heron.importedFile = Self.file
    let first = try await world.device(NoteLibrary(notes: [heron]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()

    var there = try #require(second.note(heron.id))
    there.tags = ["birds"]
    there.updatedAt = SampleData.date(minutes: 5)
    try second.save(there)
    try await second.syncer.sync()
    var here = try #require(first.note(heron.id))
    here.isPinned = true
    here.updatedAt = SampleData.date(minutes: 6)
    try first.save(here)
    try await first.syncer.sync()

    #expect(first.note(heron.id)?.tags == ["birds"] && first.note(heron.id)?.isPinned == true)
    #expect(first.note(heron.id)?.importedFile == Self.file)
  }
}
