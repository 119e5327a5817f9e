import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Where the sync repository keeps notes and notebooks (their files are `NoteDocument`'s, tested
/// with the model).
@Suite struct SyncDocumentTests {
  /// A note's properties go through the sync's files as written; a file of an earlier
  /// FieldNotes, without them, is a note with none.
  @Test func aNotesFileCarriesItsProperties() throws {
    let id = UUID(number: 0xABC)
    var note = Note(
      id: id, title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSinceReferenceDate: 0))
    let earlier = SyncDocument.data(of: note)
    note.properties = [
      NoteProperty(key: "aliases", rawValue: "\n  - Grey heron"),
      NoteProperty(key: "status", rawValue: " draft"),
    ]
    #expect(try SyncDocument.note(from: SyncDocument.data(of: note), id: id) == note)
    #expect(try SyncDocument.note(from: earlier, id: id).properties == [])
  }

  @Test func onlyLowerCaseIdentifierNamesInTheTwoFoldersAreFieldNotesFiles() {
    let id = UUID(number: 0xABC)
    let name = id.uuidString.lowercased()
    #expect(SyncDocument.kind(ofPath: "notes/\(name).md") == .note(id))
    #expect(SyncDocument.kind(ofPath: "notebooks/\(name).md") == .notebook(id))
    for path in [
      "notes/\(id.uuidString).md", "notes/\(name).json", "notes/\(name)", "other/\(name).md",
      "notes/sub/\(name).md", "notes/../\(name).md", "\(name).md", "notes/heron.md",
    ] {
      #expect(SyncDocument.kind(ofPath: path) == nil, "\(path)")
    }
  }
}
