import FieldNotesTerminal
import Foundation

/// Standard input read whole, as `fieldnotes add` reads a note's body piped in.
public enum StandardInput {
  /// Standard input's text when it is not a terminal, else empty.
  ///
  /// It is read to its end, however long: piped in, it is read once, and a body larger than a
  /// note may be is still the user's, to keep as a draft or give back whole (the composer says
  /// the note is too large). The line break `echo` ends its line with is not part of the body.
  ///
  /// - Parameter input: The lines a test gives, or `nil` to read the real standard input.
  /// - Returns: The text, or `nil` when it is not UTF-8.
  public static func text(given input: [[UInt8]]?) -> String? {
    if let input {
      return String(validating: Array(input.joined(separator: [0x0A])), as: UTF8.self)
    }
    guard isatty(0) != 1 else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(0, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Prints `add`'s body back whole on standard error, after the error that kept the note from
  /// being saved before the composer could keep it as a draft (a command line not understood, a
  /// store that can't be opened): piped in, the body is read once, and would be gone.
  ///
  /// Nothing is read from a terminal: a body typed there was never sent.
  ///
  /// - Parameters:
  ///   - input: The lines a test gives, or `nil` to read the real standard input.
  ///   - console: Where the body goes, on standard error.
  @MainActor
  public static func giveBack(_ input: [[UInt8]]?, console: any ConsoleOutput) {
    guard input != nil || isatty(0) == 0 else { return }
    guard let body = text(given: input) else {
      console.printError(
        "error: the body on standard input is not UTF-8 text, and could not be given back")
      return
    }
    guard !body.isEmpty else { return }
    console.printError("The body on standard input was not saved; here it is whole:")
    for line in body.terminalLines { console.printError(line) }
  }
}
