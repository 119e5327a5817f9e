import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Where the sync repository keeps notes and notebooks (their files are `NoteDocument`'s, tested
/// with the model).
@Suite struct SyncDocumentTests {
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
