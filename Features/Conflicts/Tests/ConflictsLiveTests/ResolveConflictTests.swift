import ConflictsLive
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// A resolution through the store's one write path, when another process changed the copy.
@MainActor
@Suite struct ResolveConflictTests {
  /// `keep original` of a copy this process showed with its mark, which another process has
  /// since cleared (it is a note of its own now), is refused, and the note stays.
  @Test func aResolutionOfACopyWhoseMarkWasClearedMeanwhileIsRefused() throws {
    let file = TemporaryStoreFile()
    let copy = Note(
      id: UUID(number: 0xA2), title: "Wren", body: "Loud.", createdAt: SampleData.date(minutes: 1),
      conflictOf: SampleData.moss.id)
    try SQLiteNoteRepository(path: file.path).commit([.saveNote(SampleData.moss), .saveNote(copy)])
    let first = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    #expect(try StoreConflictsClient(store: first).conflicts.map(\.id) == [copy.id])
    #expect(try first.note(withID: copy.id) == copy, "its page showed it as a copy")
    var resolved = copy
    resolved.conflictOf = nil
    try SQLiteNoteRepository(path: file.path).commit([.saveNote(resolved)])

    #expect(throws: NoteStoreError.notAConflict(copy.id)) {
      try first.commit(ResolveConflict(copy.id, .keepOriginal))
    }
    #expect(try first.note(withID: copy.id) == resolved, "the refusal showed the fresh note")
    #expect(try first.journal.trashedNotes().isEmpty, "the note the other kept is not in the trash")
    #expect(try StoreConflictsClient(store: first).conflicts.isEmpty)
  }
}
