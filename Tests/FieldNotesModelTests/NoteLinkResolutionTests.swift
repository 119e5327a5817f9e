import FieldNotesModel
import FieldNotesTesting
import FieldNotesText
import Foundation
import Testing

/// Which note a link names: the oldest whose title folds as the link's does.
@Suite struct NoteLinkResolutionTests {
  @Test func aLinkNamesTheNoteWhoseTitleFoldsAsItsDoes() {
    let cafe = Note(title: "Café Notes", createdAt: Date(timeIntervalSinceReferenceDate: 10))
    let other = Note(title: "Cafe notes two", createdAt: Date(timeIntervalSinceReferenceDate: 0))
    #expect(NoteLink.resolved(NoteLink(title: "CAFE NOTES"), among: [other, cafe]) == cafe)
    #expect(NoteLink.resolved(NoteLink(title: "Cafe"), among: [other, cafe]) == nil)
    #expect(NoteLink.body("x [[cafe notes#h|y]]", linksTo: SearchFolding.fold("Café Notes")))
    #expect(!NoteLink.body("x `[[cafe notes]]`", linksTo: SearchFolding.fold("Café Notes")))
  }

  @Test func ofNotesSharingATitleTheOldestIsNamed() {
    let early = Date(timeIntervalSinceReferenceDate: 0)
    let newer = Note(title: "Heron", createdAt: Date(timeIntervalSinceReferenceDate: 60))
    let oldest = Note(id: UUID(number: 9), title: "heron", createdAt: early)
    let sameMomentSmallerID = Note(id: UUID(number: 2), title: "HERON", createdAt: early)
    #expect(
      NoteLink.resolved(NoteLink(title: "Heron"), among: [newer, oldest, sameMomentSmallerID])
        == sameMomentSmallerID)
  }
}
