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
    text(of: bytes(given: input))
  }

  /// Bytes read as a body: UTF-8 text, without the line break `echo` ends its line with.
  private static func text(of bytes: [UInt8]) -> String? {
    String(validating: bytes.last == 0x0A ? bytes.dropLast() : bytes[...], as: UTF8.self)
  }

  /// Standard input's text, as ``text(given:)`` reads it; when it is not UTF-8 text, its bytes
  /// are kept as they came in a file of the user's (``keep(_:in:)``) and the user is told
  /// where, since no note can hold them and a pipe can't be read again.
  ///
  /// - Parameters:
  ///   - input: The lines a test gives, or `nil` to read the real standard input.
  ///   - folder: Where bytes that aren't text are kept (FieldNotes' state folder's `unsaved`);
  ///     `nil` when there is no home to keep them in.
  ///   - console: Where the error and the file's place are said, on standard error.
  /// - Returns: The text, or `nil` when it is not UTF-8 (the error said).
  @MainActor
  public static func text(
    given input: [[UInt8]]?, keepingOtherwiseIn folder: String?, console: any ConsoleOutput
  ) -> String? {
    let read = bytes(given: input)
    if let text = text(of: read) { return text }
    console.printError(
      "error: the body on standard input is not UTF-8 text; nothing was saved")
    console.printError(keptLine(read, in: folder))
    return nil
  }

  /// Standard input's bytes, read to the end, as they came.
  private static func bytes(given input: [[UInt8]]?) -> [UInt8] {
    if let input { return Array(input.joined(separator: [0x0A])) }
    guard isatty(0) != 1 else { return [] }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(0, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return bytes
  }

  /// Keeps bytes piped in that no note can hold, as they came, in a new owner-only file.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - folder: The folder, made owner-only if it is missing; `nil` for none.
  /// - Returns: The file's path, or `nil` when it couldn't be written.
  public static func keep(_ bytes: [UInt8], in folder: String?) -> String? {
    guard let folder else { return nil }
    let stamp = ISO8601DateFormatter().string(from: Date())
      .replacingOccurrences(of: ":", with: "-")
    let path = "\(folder)/stdin-\(stamp)-\(getpid()).bytes"
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: [.atomic])
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
      return path
    } catch {
      return nil
    }
  }

  /// Where bytes that aren't text were kept, in a user's words; or, when no file could hold
  /// them, why they are written to standard error as they came.
  private static func keptLine(_ bytes: [UInt8], in folder: String?) -> String {
    if let path = keep(bytes, in: folder) {
      return "It is kept as it came in \(path) (convert it to UTF-8, such as with "
        + "`iconv -f latin1 -t utf-8`, and pipe it again)."
    }
    // Nowhere to keep it: standard error takes the bytes themselves, for `2>file` to hold.
    FileHandle.standardError.write(Data(bytes))
    return "It could not be kept in a file, so it is written above, as it came."
  }

  /// Prints `add`'s body back whole on standard error, after the error that kept the note from
  /// being saved before the composer could keep it as a draft (a command line not understood, a
  /// store that can't be opened): piped in, the body is read once, and would be gone.
  ///
  /// Nothing is read from a terminal: a body typed there was never sent.
  ///
  /// - Parameters:
  ///   - input: The lines a test gives, or `nil` to read the real standard input.
  ///   - folder: Where a body that isn't text is kept (see ``text(given:keepingOtherwiseIn:console:)``).
  ///   - note: The rest of the note as the command line gave it (`title: …`, `tags: …`), given
  ///     back before the body when the command line was understood; empty when it wasn't.
  ///   - console: Where the body goes, on standard error.
  @MainActor
  public static func giveBack(
    _ input: [[UInt8]]?, keepingOtherwiseIn folder: String?, note: [String] = [],
    console: any ConsoleOutput
  ) {
    guard input != nil || isatty(0) == 0 else { return }
    let read = bytes(given: input)
    guard let body = text(of: read) else {
      console.printError("The body on standard input was not saved, and is not UTF-8 text.")
      console.printError(keptLine(read, in: folder))
      return
    }
    guard !body.isEmpty else { return }
    if note.isEmpty {
      console.printError("The body on standard input was not saved; here it is whole:")
    } else {
      console.printError("The note was not saved; here it is whole, its body after a blank line:")
      for line in note { console.printError(line.terminalSafe) }
      console.printError("")
    }
    for line in body.terminalLines { console.printError(line) }
  }
}
