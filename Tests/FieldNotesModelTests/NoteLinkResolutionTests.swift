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

  /// The one rule every link is resolved by — the note page, `linked-by:`, a rename: by
  /// title (case and accents aside), then by the name of the file a note was imported under
  /// while it keeps it, without the file's extension; a link written as a path to a file
  /// (`[[Daily/10 note 2.md]]`) then by that file's name the same way.
  @Test(
    arguments: [
      ("Custom title 2: with colon", "two"), ("CUSTOM TITLE 2: WITH COLON", "two"),
      ("10 note 2", "two"), ("10 NOTE 2", "two"), ("10 note 2.md", "two"),
      ("Daily/2026/10 note 2", "two"), ("Daily/10 note 2.md", "two"), ("Areas/Plan.md", "plan"),
      ("Plan", "plan"),
      ("Old", nil), ("New", "renamed"), ("Nothing", nil),
    ] as [(String, String?)])
  func aLinkNamesATitleThenTheFileANoteWasImportedFrom(link: String, expected: String?) {
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let notes = [
      "two": Note(
        title: "Custom title 2: with colon", createdAt: day,
        importedFile: ImportedFile(name: "10 note 2.md", title: "Custom title 2: with colon")),
      // Its file's name is another note's title: the title wins.
      "heron": Note(
        title: "Heron", createdAt: day, importedFile: ImportedFile(name: "Plan.md", title: "Heron")),
      "plan": Note(title: "Plan", createdAt: day.addingTimeInterval(60)),
      // Retitled since: its file is exported under the new title, so the old name names none.
      "renamed": Note(
        title: "New", createdAt: day, importedFile: ImportedFile(name: "Old.md", title: "Old")),
    ]
    let resolved = NoteLink.resolved(NoteLink(title: link), among: notes.values)
    #expect(resolved?.id == expected.flatMap { notes[$0]?.id })
    if let note = resolved {
      let keys = NoteLink.keys(naming: note, among: notes.values)
      #expect(NoteLink(title: link).keys.contains(where: keys.contains))
    }
  }
}
