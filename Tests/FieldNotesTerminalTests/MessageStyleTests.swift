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

  /// An error quoting what was typed or imported can't send the terminal a control character.
  @Test func anErrorLineIsSafeToPrint() {
    #expect(
      MessageStyle.errorLine("There is no notebook called “a\u{202E}b\u{1B}]0;x\u{7}”.")
        == "error: there is no notebook called “a\u{FFFD}b\u{241B}]0;x\u{2407}”")
  }
}
