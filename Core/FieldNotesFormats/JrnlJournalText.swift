import FieldNotesModel
import Foundation

/// A jrnl journal's own file (`journal.txt`), read into entries as jrnl 4.6 reads it.
///
/// jrnl writes each entry as a line `[2026-06-04 09:07:00 AM] Title` (a ` *` after the title
/// when starred), the body on the lines after, and a blank line between entries. Reading
/// follows jrnl's own rules, so an entry read here is the entry `jrnl --format json` exports,
/// field for field, to the minute:
/// - an entry starts at a line opening with a date in brackets and a space; a bracketed word
///   that is no date (`[x] done`) is text of the entry above;
/// - a first line ending in `*` stars the entry, the stars and spaces around it taken off;
/// - the title is the first line when the text has more than one, else its first sentence;
/// - tags are the words starting with `@` or `#` after a space or at the start of a line,
///   lowercased (jrnl's default tag symbols).
///
/// The dates read are those of jrnl's time formats with a day first: `YYYY-MM-DD HH:MM`,
/// with seconds or without, in 24-hour time or 12-hour time with `AM` or `PM`.
public enum JrnlJournalText {
  /// Why a journal could not be read: the line, counted from 1, and what is wrong there.
  public struct Failure: Error, Equatable, Sendable {
    /// The line, counted from 1.
    public var line: Int
    /// What is wrong with it.
    public var reason: String
  }

  /// An entry read, and the line it starts on, counted from 1.
  public struct Entry: Equatable, Sendable {
    /// The entry, as jrnl's JSON export would give it.
    public var entry: JrnlEntry
    /// The line its date is on.
    public var line: Int
  }

  /// Whether a text is a jrnl journal: its first line that isn't blank opens an entry, a day
  /// in brackets (`[2026-06-04 …] `), read or not.
  ///
  /// - Parameter text: The start of a file; its first line is enough.
  /// - Returns: `true` when it looks like jrnl's own file.
  public static func looksLikeJournal(_ text: Substring) -> Bool {
    guard let first = text.split(whereSeparator: \.isNewline).first(where: { !isBlank($0) })
    else { return false }
    return header(in: first).map { isDayFirst($0.blob) } ?? false
  }

  /// Reads a journal's entries, in the order of the file.
  ///
  /// - Parameter text: The whole file.
  /// - Returns: The entries.
  /// - Throws: ``Failure`` naming the first line that opens an entry with a day that can't be
  ///   read (`[2026-13-40 09:00] `), or the first line when no entry opens the text.
  public static func entries(in text: String) throws(Failure) -> [Entry] {
    // A file written on Windows reads as jrnl's own lines do.
    let scalars = Array(text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars)
    // Each entry's date line: where the newline before it starts (the text of the entry
    // above ends there), where its own text starts, and its date.
    var starts: [(cut: Int, textStart: Int, line: Int, date: (day: String, time: String))] = []
    var lineStart = 0
    var lineNumber = 1
    while lineStart <= scalars.count {
      var lineEnd = lineStart
      while lineEnd < scalars.count, scalars[lineEnd] != "\n" { lineEnd += 1 }
      let line = String(String.UnicodeScalarView(scalars[lineStart..<lineEnd]))
      if let (blob, rest) = header(in: Substring(line)) {
        if let date = date(from: blob) {
          starts.append(
            (
              cut: max(lineStart - 1, 0),
              textStart: lineEnd - rest.unicodeScalars.count, line: lineNumber, date: date
            ))
        } else if isDayFirst(blob) {
          throw Failure(
            line: lineNumber,
            reason: "[\(blob)] is not a date jrnl writes (YYYY-MM-DD HH:MM, seconds and AM or PM "
              + "if it has them)")
        }
      }
      lineStart = lineEnd + 1
      lineNumber += 1
    }
    guard !starts.isEmpty else {
      throw Failure(line: 1, reason: "no entry starts with a date in brackets, as jrnl writes")
    }
    return starts.indices.map { index in
      let start = starts[index]
      let end = index + 1 < starts.count ? starts[index + 1].cut : scalars.count
      let entryText = Array(scalars[start.textStart..<max(end, start.textStart)])
      return Entry(entry: entry(entryText, date: start.date), line: start.line)
    }
  }

  /// An entry from its text (what follows its date) as jrnl's `Entry._parse_text` makes it.
  private static func entry(_ text: [Unicode.Scalar], date: (day: String, time: String))
    -> JrnlEntry
  {
    var raw = text
    var starred = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if let first = lines.first, stripped(Array(first), isWhitespace).last == "*" {
      starred = true
      raw = stripped(Array(first)) { $0 == "\n" || $0 == " " || $0 == "*" }
      for line in lines.dropFirst() { raw += ["\n"] + line }
      if lines.count == 1 { raw.append("\n") }
    }
    let (title, body) = splitTitle(raw)
    return JrnlEntry(
      title: title, body: body, date: date.day, time: date.time, tags: tags(in: text),
      starred: starred)
  }

  /// jrnl's `split_title`: the first line when the text (its leading space aside) has a
  /// newline, else the first sentence. (jrnl finds the newline in the text without its leading
  /// space and cuts the whole text at that offset; so does this.)
  private static func splitTitle(_ text: [Unicode.Scalar]) -> (String, String) {
    let leading = text.prefix(while: isWhitespace).count
    var cut: Int?
    if let newline = text[leading...].firstIndex(of: "\n") {
      cut = min(newline - leading + 1, text.count)
    } else {
      cut = sentenceEnd(in: text)
    }
    guard let cut else { return (string(stripped(text, isWhitespace)), "") }
    return (
      string(stripped(Array(text[..<cut]), isWhitespace)),
      string(stripped(Array(text[cut...]), isWhitespace))
    )
  }

  /// Where the first sentence ends, after the spaces that follow it, as jrnl's sentence
  /// splitter finds it: a sentence terminal, an optional closing quote, closing brackets, and
  /// at least one space; or a CJK terminal, which needs no space.
  private static func sentenceEnd(in text: [Unicode.Scalar]) -> Int? {
    let terminals: Set<Unicode.Scalar> = [
      ".", "!", "?", "\u{2026}", "\u{203C}", "\u{203D}", "\u{2047}", "\u{2048}", "\u{2049}",
      "\u{22EF}", "\u{FE52}", "\u{FE57}",
    ]
    let cjk: Set<Unicode.Scalar> = ["\u{FF01}", "\u{FF0E}", "\u{FF1F}", "\u{FF61}", "\u{3002}"]
    let quotes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\"", "\u{201D}"]
    for start in text.indices {
      if cjk.contains(text[start]) { return start + 1 }
      guard terminals.contains(text[start]) else { continue }
      var position = start + 1
      if position < text.count, quotes.contains(text[position]) { position += 1 }
      while position < text.count, text[position] == "]" || text[position] == ")" {
        position += 1
      }
      let spaces = text[position...].prefix(while: isWhitespace).count
      if spaces > 0 { return position + spaces }
    }
    return nil
  }

  /// jrnl's tags: `@` or `#` and the word after it (letters, digits, `_`, `-`, `+`, `*`, `#`,
  /// `/`), after a space or at the start, lowercased; each once, in the order they come.
  private static func tags(in text: [Unicode.Scalar]) -> [String] {
    var tags: [String] = []
    var position = 0
    while position < text.count {
      defer { position += 1 }
      guard text[position] == "@" || text[position] == "#",
        position == 0 || isWhitespace(text[position - 1])
      else { continue }
      var end = position + 1
      while end < text.count, isTagCharacter(text[end]) { end += 1 }
      guard end > position + 1 else { continue }
      let tag = string(Array(text[position..<end])).lowercased()
      if !tags.contains(tag) { tags.append(tag) }
      position = end - 1
    }
    return tags
  }

  private static func isTagCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if "-+*#/_".unicodeScalars.contains(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default: return false
    }
  }

  /// A line's bracketed start, `[blob] `, and the rest after the space.
  private static func header(in line: Substring) -> (blob: String, rest: Substring)? {
    guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
    let blob = line[line.index(after: line.startIndex)..<close]
    let afterClose = line.index(after: close)
    guard !blob.isEmpty, afterClose < line.endIndex, line[afterClose] == " " else { return nil }
    return (String(blob), line[line.index(after: afterClose)...])
  }

  /// Whether a bracketed start begins with a day, `YYYY-MM-DD`, read or not.
  private static func isDayFirst(_ blob: String) -> Bool {
    let shape = Array(blob.utf8.prefix(10))
    guard shape.count == 10 else { return false }
    return shape.indices.allSatisfy { index in
      index == 4 || index == 7
        ? shape[index] == UInt8(ascii: "-") : (48...57).contains(shape[index])
    }
  }

  /// The day and the 24-hour time of a jrnl date, `nil` when it is none jrnl writes.
  private static func date(from blob: String) -> (day: String, time: String)? {
    guard isDayFirst(blob) else { return nil }
    let day = String(blob.prefix(10))
    var words = blob.dropFirst(10).split(separator: " ", omittingEmptySubsequences: false)
    guard words.first == "", words.count >= 2 else { return nil }
    words.removeFirst()
    var meridiem: String?
    if words.count == 2 {
      meridiem = words[1].uppercased()
      guard meridiem == "AM" || meridiem == "PM" else { return nil }
    } else if words.count != 1 {
      return nil
    }
    let clock = words[0].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 2 || clock.count == 3,
      clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      var hour = Int(clock[0]), let minute = Int(clock[1]), minute < 60,
      clock.count == 2 || (Int(clock[2]) ?? 60) < 60
    else { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
    }
    guard hour < 24, let midnight = NoteDocument.lenientDate(from: day),
      NoteDocument.textStamp(midnight)?.hasPrefix(day) == true
    else { return nil }
    return (day, String(format: "%02d:%02d", hour, minute))
  }

  private static func isBlank(_ line: Substring) -> Bool {
    line.unicodeScalars.allSatisfy(isWhitespace)
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace
  }

  private static func stripped(
    _ scalars: [Unicode.Scalar], _ isStripped: (Unicode.Scalar) -> Bool
  ) -> [Unicode.Scalar] {
    guard let first = scalars.firstIndex(where: { !isStripped($0) }),
      let last = scalars.lastIndex(where: { !isStripped($0) })
    else { return [] }
    return Array(scalars[first...last])
  }

  private static func string(_ scalars: [Unicode.Scalar]) -> String {
    String(String.UnicodeScalarView(scalars))
  }
}
