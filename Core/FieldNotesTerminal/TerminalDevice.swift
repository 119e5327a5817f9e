import FieldNotesPlatform

/// The terminal a session runs at, by its device's name.
public enum TerminalDevice {
  /// The terminal standard input reads from, such as `/dev/pts/3`, or `nil` when it is not a
  /// terminal (a script, lines piped in).
  public static var ofStandardInput: String? {
    guard isatty(0) == 1, let name = ttyname(0) else { return nil }
    return String(cString: name)
  }
}
