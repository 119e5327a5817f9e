/// The one way an error line is worded: `error: ` and a lower-case clause saying what went
/// wrong and what to type instead, with no closing period.
///
/// Errors are written where they arise as sentences, since the same words also appear inside a
/// screen (`Upload failed: The network is unavailable…`); the line printed for a failed command
/// is made from them here, in one place, so every error line looks alike:
///
/// ```
/// error: there is no shelf called “Attic” (line 3 of script.txt)
/// error: not saved: another program changed this file since you opened it; …
/// ```
///
/// A word is lower-cased only when it is an ordinary capitalised word, so names such as
/// `GitHub` or `JSON` keep their case.
public enum MessageStyle {
  /// The line printed for an error, made safe to print (see ``Swift/String/terminalSafe``).
  ///
  /// - Parameter message: What went wrong, as a sentence or a clause.
  /// - Returns: `error: ` and the message as a clause.
  public static func errorLine(_ message: String) -> String {
    // Errors quote what was typed or read (a search, a name read from a file): made
    // safe here, where every error line is made, so none can reach the terminal raw.
    "error: " + clause(message).terminalSafe
  }

  /// A message as a clause: its first word, and the first word after each `: `, lower-cased
  /// when ordinary, and no closing period.
  ///
  /// - Parameter message: A sentence, such as `There is no shelf called “Attic”.`
  /// - Returns: The clause, such as `there is no shelf called “Attic”`.
  public static func clause(_ message: String) -> String {
    var text = message
    if text.hasSuffix("."), !text.hasSuffix("..") { text.removeLast() }
    return
      text
      .components(separatedBy: ": ")
      .map(lowercasingFirstWord)
      .joined(separator: ": ")
  }

  private static func lowercasingFirstWord(_ text: String) -> String {
    let word = text.prefix { $0.isLetter }
    guard let first = word.first, first.isUppercase,
      word.dropFirst().allSatisfy(\.isLowercase)
    else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
