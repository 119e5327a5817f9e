/// Sentences about a note that more than one screen says, in one place so the screens can't
/// word them differently.
///
/// Each takes the note's title ready to print (a screen makes it safe for its terminal first).
public enum NoteWords {
  /// What `pin` and `unpin` say of a note that already was as asked.
  ///
  /// - Parameters:
  ///   - isPinned: Whether the note was asked to be pinned.
  ///   - title: The note's title, ready to print.
  /// - Returns: `“Heron” is already pinned.`, or `… unpinned.`
  public static func alreadyPinned(_ isPinned: Bool, title: String) -> String {
    "\u{201C}\(title)\u{201D} is already \(isPinned ? "pinned" : "unpinned")."
  }
}
