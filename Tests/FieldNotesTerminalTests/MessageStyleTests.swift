import FieldNotesTerminal
import Testing

/// Every error line has one form: `error: `, a lower-case clause, no closing period.
@Suite struct MessageStyleTests {
  @Test(arguments: [
    ("There is no notebook called “Fungi”.", "error: there is no notebook called “Fungi”"),
    (
      "not saved: Another FieldNotes changed this note.",
      "error: not saved: another FieldNotes changed this note"
    ),
    ("FieldNotes can't read this.", "error: FieldNotes can't read this"),
    ("JSON is expected", "error: JSON is expected"),
    ("A note needs a title.", "error: a note needs a title"),
    ("sync failed: The network is down.", "error: sync failed: the network is down"),
    ("usage: sync", "error: usage: sync"),
    ("Wait...", "error: wait..."),
  ])
  func anErrorIsALowerCaseClause(message: String, line: String) {
    #expect(MessageStyle.errorLine(message) == line)
  }
}
