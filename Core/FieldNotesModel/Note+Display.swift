import FieldNotesText
import Foundation

extension Note {
  /// The longest ``excerpt`` in characters, including the trailing ellipsis: what a list shows
  /// where it doesn't know how wide it can be (a script, a pipe).
  public static let excerptLength = 60

  /// The longest excerpt a list keeps for a wide terminal, which cuts it to its width.
  public static let wideExcerptLength = 240

  /// The first line of the body with text in it, whitespace collapsed, cut to
  /// ``excerptLength`` characters with an ellipsis.
  ///
  /// Both forms of the note list show it, so it is computed here, once, from the note itself.
  ///
  /// - Complexity: O(*k*) where *k* is the length of the body up to the end of the excerpt.
  public var excerpt: String { excerpt(maximumLength: Self.excerptLength) }

  /// The first line of the body with text in it, whitespace collapsed, cut to some characters
  /// with an ellipsis.
  ///
  /// - Parameter maximumLength: The longest excerpt, including the ellipsis.
  /// - Returns: The excerpt.
  /// - Complexity: O(*k*) where *k* is the length of the body up to the end of the excerpt.
  public func excerpt(maximumLength: Int) -> String {
    var reading = ExcerptReading(maximumLength: maximumLength)
    // ASCII, most of any text, is read by its bytes. From the first character that isn't,
    // where Unicode's rules say a character ends, the body is read character by character,
    // from the ASCII byte before it: that byte is held back, since a mark after it joins it.
    let utf8 = body.utf8
    var held: String.Index?
    for index in utf8.indices {
      let byte = utf8[index]
      guard byte < 0x80 else {
        for character in body[(held ?? index)...] where !reading.read(character) { break }
        return reading.excerpt
      }
      if let held, !reading.read(ascii: utf8[held]) { return reading.excerpt }
      held = index
    }
    if let held { _ = reading.read(ascii: utf8[held]) }
    return reading.excerpt
  }

  /// An excerpt as it is read: the characters of the first line with text, and one space for
  /// each run of whitespace between them, counted as read and kept as UTF-8.
  private struct ExcerptReading {
    /// The longest excerpt, including the ellipsis.
    let maximumLength: Int
    /// What has been read.
    private var bytes: [UInt8] = []
    /// How many characters have been read.
    private var length = 0
    /// How many of the bytes the first `maximumLength - 1` characters take: where a cut ends.
    private var cutEnd = 0
    /// Whether whitespace came after the last character, so a character after it is a word's.
    private var pendingSpace = false

    init(maximumLength: Int) {
      self.maximumLength = maximumLength
      bytes.reserveCapacity(maximumLength + 1)
    }

    /// The excerpt: what was read, or, when more was read than fits, what fits with an
    /// ellipsis.
    var excerpt: String {
      guard length > maximumLength else { return String(decoding: bytes, as: UTF8.self) }
      return String(decoding: bytes[..<cutEnd], as: UTF8.self) + "…"
    }

    /// Reads an ASCII character by its byte.
    ///
    /// - Returns: `false` once the excerpt is complete: its line ended, or more was read than
    ///   fits.
    mutating func read(ascii byte: UInt8) -> Bool {
      switch byte {
      case 0x0A, 0x0D, 0x0B, 0x0C:
        return length == 0
      case 0x20, 0x09:
        pendingSpace = length > 0
        return true
      default:
        return take(CollectionOfOne(byte))
      }
    }

    /// Reads a character, telling ASCII by its byte and the rest by Unicode's properties.
    ///
    /// - Returns: `false` once the excerpt is complete.
    mutating func read(_ character: Character) -> Bool {
      // CR LF, one character, reads as its byte, LF: a line's end either way.
      if let byte = character.asciiValue { return read(ascii: byte) }
      if character.isNewline { return length == 0 }
      guard !character.isWhitespace else {
        pendingSpace = length > 0
        return true
      }
      return take(character.utf8)
    }

    /// Adds one character, after the space a run of whitespace before it stands for.
    private mutating func take(_ character: some Collection<UInt8>) -> Bool {
      if pendingSpace {
        pendingSpace = false
        guard take(CollectionOfOne(0x20)) else { return false }
      }
      if length == maximumLength - 1 { cutEnd = bytes.count }
      bytes.append(contentsOf: character)
      length += 1
      return length <= maximumLength
    }
  }

  /// How much of a body a search result's excerpt looks through for a match, in characters.
  public static let matchedExcerptReach = 16_384

  /// The excerpt of a note a search found: the first line of the body (within its first
  /// ``matchedExcerptReach`` characters) where one of the terms matches, whitespace collapsed
  /// and, when the match lies beyond what the narrowest list shows, cut to begin a few words
  /// before it, as `rg` shows the line that matched; the usual excerpt
  /// when none does (the match was in the title or the tags).
  ///
  /// - Parameters:
  ///   - matches: The search's terms.
  ///   - maximumLength: The longest excerpt, including its ellipses.
  /// - Returns: The excerpt.
  /// - Complexity: O(*k*) in the characters read, at most ``matchedExcerptReach``.
  public func excerpt(showing matches: SearchMatches, maximumLength: Int) -> String {
    // A list that isn't a search has no terms: its excerpt reads only the body's first line,
    // not the reach (finding where the reach ends reads up to its every character).
    guard !matches.isEmpty else { return excerpt(maximumLength: maximumLength) }
    let reach = body.prefix(Self.matchedExcerptReach)
    // Most bodies a search finds hold the match in the title or the tags, or in one line among
    // many: the lines are told apart by their bytes, and only the line that matches is read
    // character by character.
    guard matches.occurs(in: reach) else { return excerpt(maximumLength: maximumLength) }
    for line in Self.lines(of: reach) where matches.occurs(in: line) {
      // The line is read only around its first match: from a little before it to what the
      // longest excerpt can show after it.
      guard let raw = matches.firstRange(in: line) else { continue }
      let from = max(0, raw.lowerBound - 4 * Self.contextBeforeMatch)
      let window = line.dropFirst(from).prefix(raw.upperBound - from + 2 * maximumLength)
      let collapsed = Self.collapsingWhitespace(window)
      guard let first = matches.firstRange(in: collapsed) else { continue }
      // A match even the narrowest list (``excerptLength``) shows keeps the line's start;
      // another, a few words before it after an ellipsis, so it stays in sight however narrow
      // the list cuts the excerpt.
      let characters = Array(collapsed)
      var start =
        from == 0 && first.upperBound < Self.excerptLength
        ? 0 : max(0, first.lowerBound - Self.contextBeforeMatch)
      // A cut line starts at a word, when one starts before the match.
      if start > 0, let space = characters[start..<first.lowerBound].firstIndex(of: " ") {
        start = space + 1
      }
      let lead = from > 0 || start > 0 ? "…" : ""
      let room = maximumLength - lead.count
      let isCut = window.endIndex != line.endIndex
      guard characters.count - start > room || (isCut && characters.count - start == room) else {
        return lead + String(characters[start...]) + (isCut ? "…" : "")
      }
      return lead + String(characters[start..<(start + room - 1)]) + "…"
    }
    return excerpt(maximumLength: maximumLength)
  }

  /// The lines of some text, split where ``excerpt(maximumLength:)`` ends a line: at a line
  /// feed, a carriage return, a vertical tab, a form feed, NEL, or a line or paragraph
  /// separator, found by their UTF-8 bytes.
  private static func lines(of text: Substring) -> [Substring] {
    var lines: [Substring] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      let byte = utf8[index]
      var length = 0
      if byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D {
        length = 1
      } else if byte == 0xC2, utf8.index(after: index) != utf8.endIndex,
        utf8[utf8.index(after: index)] == 0x85
      {
        length = 2
      } else if byte == 0xE2 {
        let next = utf8.index(after: index)
        if next != utf8.endIndex, utf8[next] == 0x80 {
          let last = utf8.index(after: next)
          if last != utf8.endIndex, utf8[last] == 0xA8 || utf8[last] == 0xA9 { length = 3 }
        }
      }
      guard length > 0 else {
        index = utf8.index(after: index)
        continue
      }
      if start != index { lines.append(Substring(utf8[start..<index])) }
      index = utf8.index(index, offsetBy: length)
      start = index
    }
    if start != utf8.endIndex { lines.append(Substring(utf8[start...])) }
    return lines
  }

  /// A line with its runs of whitespace made one space and none at its ends; an ASCII line by
  /// its bytes, since Unicode's whitespace property is slow to look up.
  private static func collapsingWhitespace(_ line: Substring) -> String {
    guard line.utf8.allSatisfy({ $0 < 0x80 }) else {
      return line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(line.utf8.count)
    var pendingSpace = false
    for byte in line.utf8 {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        pendingSpace = !bytes.isEmpty
        continue
      }
      if pendingSpace {
        bytes.append(0x20)
        pendingSpace = false
      }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// How many characters before a match a cut excerpt keeps.
  private static let contextBeforeMatch = 20
}

extension Date {
  /// A short description of this date as seen from `now`: "just now", "5 min ago", "3 h ago",
  /// "2 days ago", or the calendar date (`2026-11-29`) from a week on.
  ///
  /// - Parameters:
  ///   - now: The moment the description is for.
  ///   - timeZone: The time zone of the calendar date; the system's by default.
  /// - Returns: The description.
  public func relativeDescription(to now: Date, timeZone: TimeZone = .current) -> String {
    let seconds = now.timeIntervalSince(self)
    switch seconds {
    case ..<0:
      return calendarDate(in: timeZone)
    case ..<60:
      return "just now"
    case ..<3_600:
      return "\(Int(seconds / 60)) min ago"
    case ..<86_400:
      return "\(Int(seconds / 3_600)) h ago"
    case ..<(7 * 86_400):
      let days = Int(seconds / 86_400)
      return days == 1 ? "yesterday" : "\(days) days ago"
    default:
      return calendarDate(in: timeZone)
    }
  }

  /// The first moment after `now` at which ``relativeDescription(to:timeZone:)`` reads
  /// differently, or `nil` when it never will (a calendar date, from a week on).
  ///
  /// What a view that describes dates from now is computed again at: nothing else about its
  /// dates changes before then.
  ///
  /// - Parameter now: The moment the description is for.
  /// - Returns: The moment it changes, or `nil`.
  public func relativeDescriptionChange(after now: Date) -> Date? {
    let seconds = now.timeIntervalSince(self)
    let unit: TimeInterval
    switch seconds {
    case ..<0: return self
    case ..<3_600: unit = 60
    case ..<86_400: unit = 3_600
    case ..<(7 * 86_400): unit = 86_400
    default: return nil
    }
    return addingTimeInterval(((seconds / unit).rounded(.down) + 1) * unit)
  }

  private func calendarDate(in timeZone: TimeZone) -> String {
    CivilTime(self, in: timeZone).dateText
  }
}
