import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Standard input read whole, as `fieldnotes add` reads a note's body piped in.
enum StandardInput {
  /// Standard input's text when it is not a terminal, else empty.
  ///
  /// Reading stops just past the largest a note may be, so a huge input can't fill memory;
  /// the composer then says the note is too large. The line break `echo` ends its line with
  /// is not part of the body.
  ///
  /// - Parameter input: The lines a test gives, or `nil` to read the real standard input.
  /// - Returns: The text, or `nil` when it is not UTF-8.
  static func text(given input: [[UInt8]]?) -> String? {
    if let input {
      return String(validating: Array(input.joined(separator: [0x0A])), as: UTF8.self)
    }
    guard isatty(0) != 1 else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= NoteDocument.maximumBytes {
      let count = read(0, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(validating: bytes, as: UTF8.self)
  }
}
