import FieldNotesModel
import FieldNotesText
import Foundation

/// The lenient reader: a Markdown file written by another tool (Obsidian, nb, zk, a person)
/// read as a note, taking what it can and losing nothing.
///
/// The front matter is read as the YAML such tools write — `key: value` lines, lists as
/// `[a, b]` or as `- item` lines below their key, values quoted or not. The keys that give a
/// note's fields (``readKeys``) are read; every other key (`aliases:`, `source:`, `status:`) is
/// a property (``FieldNotesModel/NoteProperty``), its value kept as written with the lines it
/// goes on over. What is left — a comment above every key, the line of a read key whose value
/// gives no field (`date: the spring of 2019`, a key written twice) — is kept at the top of the
/// body, in a front matter of its own, so that nothing of the file is lost. A front matter that
/// has no `key: value` line at all is not read as one: the whole file is then the body, and
/// ``ForeignNote/frontMatterIgnored`` says so.
///
/// - The title is the front matter's `title:`, else a `# heading` that opens the text (taken out
///   of the body), else the first `# heading` anywhere (left in the body), else the file's name.
/// - The tags are the front matter's `tags:` (a list, or words with commas or spaces between)
///   and every `#tag` of the body (``FieldNotesModel/TagRules/inlineTags(in:)``), each mapped
///   by ``FieldNotesModel/TagRules/mappedTag(_:)``.
/// - The dates are the front matter's `created:` (or `date:`) and `updated:` (or `modified:`),
///   else the file's own.
extension NoteDocument {
  /// What a file that is not necessarily FieldNotes' own says about its note.
  public struct ForeignNote: Hashable, Sendable {
    /// The note's identifier, if the front matter gives one that is an identifier.
    public var id: UUID?
    /// The title.
    public var title: String
    /// The body: the file's text after the front matter, less an opening title heading.
    public var body: String
    /// The tags, mapped to FieldNotes' rules, without repeats, in the order met.
    public var tags: [String]
    /// Whether the front matter says the note is pinned.
    public var isPinned: Bool
    /// When it was created, if the front matter says.
    public var createdAt: Date?
    /// When it was last changed, if the front matter says.
    public var updatedAt: Date?
    /// Whether the file opened with `---` but what followed was not a front matter, so that
    /// the whole file was kept as the body.
    public var frontMatterIgnored: Bool
    /// The front matter's keys no field is read from, in the order written.
    public var properties: [NoteProperty] = []
    /// The tags written that the note keeps under another name, or drops (`@work` as `work`),
    /// each once, in the order met.
    public var renamedTags: [TagRename] = []
  }

  /// Reads a Markdown file as another tool or a person wrote it.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - fileName: The file's name, whose stem is the title when nothing else gives one.
  /// - Returns: What the file says.
  public static func foreignNote(from text: String, fileName: String) -> ForeignNote {
    var content = Substring(text)
    if content.first == "\u{FEFF}" { content = content.dropFirst() }
    let matter = frontMatter(of: content)
    let fields = matter.fields
    var body = matter.rest
    // A key of one value gives a field only with exactly one: of `title: [Heron, Egret]`,
    // nothing is taken, and the line stays.
    let single = { (key: String) in fields[key].flatMap { $0.count == 1 ? $0[0] : nil } }
    var title = single("title").map(oneLine)
    // The keys whose values became a field; the lines of every other key stay in the body.
    var used = Set(fields.filter { $0.value.allSatisfy(\.isEmpty) }.keys)  // nothing to lose
    if title?.isEmpty == false, title == single("title") { used.insert("title") }
    if title == nil, let heading = openingHeading(of: body) {
      title = heading.title
      body = heading.rest
    }
    if title == nil || title?.isEmpty == true {
      let named = oneLine(stem(of: fileName))
      title = firstHeading(in: body) ?? (named.isEmpty ? "Untitled" : named)
    }
    // A plain value holds its tags with commas or spaces between them (`tags: birds, lake`);
    // a list's items are each one tag (`[new york, lake]`).
    let listed: [String] = ["tags", "tag"].flatMap { (key: String) -> [String] in
      let values = fields[key] ?? []
      if matter.listKeys.contains(key) { return values }
      return values.flatMap {
        $0.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
      }
    }

    let tags = TagRules.tags(TagRules.mappedTags(listed), addingInlineTagsOf: body)
    let renamedTags = TagRules.renames(of: listed + TagRules.inlineTags(in: body))
    // A tag the rule changes beyond its case (`C++`, `projects/garden`, one cut to the
    // limit, `!!!` of which nothing is left) would lose what it was with its line.
    if listed.allSatisfy(isKeptWhole) { used.formUnion(["tags", "tag"]) }
    let date = { (keys: [String]) -> Date? in
      for key in keys {
        if let date = single(key).flatMap(lenientDate(from:)) {
          used.insert(key)
          return date
        }
      }
      return nil
    }
    let id = single("id").flatMap(UUID.init(uuidString:))
    if id != nil { used.insert("id") }
    // FieldNotes' own word for no notebook: nothing to keep.
    if single("notebook") == "none" { used.insert("notebook") }
    let pin = single("pinned")?.lowercased()
    if let pin, ["true", "yes", "false", "no"].contains(pin) { used.insert("pinned") }
    let createdAt = date(["created", "date", "created_at", "created-at"])
    let updatedAt = date(["updated", "modified", "updated_at", "updated-at", "lastmod"])
    // What the front matter says that no field or property of the note took — a value that
    // isn't one (`date: the spring of 2019`), a key no file read here gives a field by
    // (`notebook:`), a comment above every key — stays at the top of the body, in a front
    // matter of its own: nothing of the file is lost.
    return ForeignNote(
      id: id, title: title ?? "Untitled",
      body: keptFrontMatter(matter.lines(notTakenBy: used)) + body, tags: tags,
      isPinned: pin == "true" || pin == "yes", createdAt: createdAt, updatedAt: updatedAt,
      frontMatterIgnored: matter.isIgnored, properties: matter.properties,
      renamedTags: renamedTags)
  }

  /// Whether a tag another tool wrote is kept whole by
  /// ``FieldNotesModel/TagRules/mappedTag(_:)``: changed in its case, its accents' encoding or
  /// a leading `#` or `@` at most.
  static func isKeptWhole(_ tag: String) -> Bool {
    let word = tag.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
      .drop(while: { $0 == "#" || $0 == "@" }).lowercased()
    return TagRules.mappedTag(tag) == word
  }

  /// A date as other tools write it: ISO 8601 with or without seconds, fractions and a zone
  /// (`2026-11-29T12:00:00Z`, `2026-11-29T12:00:00.000+01:00`), `2026-11-29 12:00`, or a day
  /// alone (`2026-11-29`, read as midnight UTC).
  ///
  /// - Parameter text: The value.
  /// - Returns: The date, or `nil` when it is none of these or out of range.
  public static func lenientDate(from text: String) -> Date? {
    let value = unquotedValue(text)
    // A stamp as FieldNotes writes it, never a bare number: `date: 2019` is no moment of 1970.
    if let date = textDate(from: value) { return date }
    let parts = value.replacingOccurrences(of: " ", with: "T").split(separator: "T")
    guard let day = parts.first, day.utf8.count == 10,
      let midnight = textDate(from: "\(day)T00:00:00.000Z")
    else { return nil }
    guard parts.count == 2 else { return parts.count == 1 ? midnight : nil }
    var time = Substring(parts[1])
    var offset = 0
    if time.hasSuffix("Z") {
      time = time.dropLast()
    } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let zone = time[time.index(after: sign)...].split(separator: ":")
      guard let hours = zone.first.flatMap({ Int($0.prefix(2)) }) else { return nil }
      let minutes = zone.count > 1 ? Int(zone[1]) ?? 0 : Int(zone[0].dropFirst(2)) ?? 0
      offset = (hours * 3600 + minutes * 60) * (time[sign] == "+" ? 1 : -1)
      time = time[..<sign]
    }
    let clock = time.split(separator: ":")
    guard (2...3).contains(clock.count),
      let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour),
      (0..<60).contains(minute)
    else { return nil }
    let seconds = clock.count == 3 ? Double(clock[2]) ?? -1 : 0
    guard (0..<61).contains(seconds) else { return nil }
    let date = midnight.addingTimeInterval(
      Double(hour * 3600 + minute * 60 - offset) + seconds)
    return isInRange(date) ? date : nil
  }

  // MARK: - The parts of a file

  /// The keys the lenient reader may take a note's fields from; the lines of one whose value
  /// gives no field, and every other line of a front matter, are kept in the body.
  static let readKeys: Set<String> = [
    "title", "tags", "tag", "id", "pinned", "created", "date", "created_at", "created-at",
    "updated", "modified", "updated_at", "updated-at", "lastmod", "notebook", "conflict-of",
  ]

  /// A front matter taken apart.
  private struct FrontMatter {
    /// The values of the keys read, by lower-cased key (each a list; one item for a plain
    /// value); of a key written twice, the last.
    var fields: [String: [String]] = [:]
    /// Every line, as written, with the read key whose value it gives, if any: `nil` for the
    /// lines of other keys, of a read key written again below, and any line that is no
    /// `key: value`.
    var lines: [(key: String?, text: Substring)] = []
    /// The read keys whose values were written as lists (`[a, b]`, or `- item` lines), whose
    /// items are each one value, spaces and commas and all.
    var listKeys = Set<String>()
    /// The lines of the keys not read, as properties; their lines are not in ``lines``.
    var properties: [NoteProperty] = []
    /// Whether the last key met is a property, whose value the lines below may go on with.
    var isInProperty = false
    /// The text after it.
    var rest: Substring
    /// Whether an opening `---` was not a front matter, so the text is kept whole.
    var isIgnored = false

    /// The lines to keep in the body: all but those of the keys whose values became fields,
    /// without blank lines at either end; none when only blank lines are left.
    func lines(notTakenBy used: Set<String>) -> [Substring] {
      let kept = lines.filter { line in line.key.map { !used.contains($0) } ?? true }.map(\.text)
      let isBlank = { (line: Substring) in line.allSatisfy(\.isWhitespace) }
      return Array(kept.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }

    /// Gives up reading a key: its value goes on in lines this reader doesn't take apart (an
    /// indented line, a YAML block), so no field is taken from it and all its lines stay.
    mutating func release(_ key: String) {
      for index in lines.indices where lines[index].key == key { lines[index].key = nil }
      fields[key] = nil
    }

    /// Keeps a line that gives no key of its own: with the property above, if the last key met
    /// is one, else among the lines.
    mutating func keep(_ line: String) {
      guard isInProperty, let last = properties.indices.last else {
        lines.append((nil, Substring(line)))
        return
      }
      properties[last].rawValue += "\n" + line
    }

    /// The front matter once read: each property without the blank lines it ended with.
    func finished() -> FrontMatter {
      var matter = self
      for index in matter.properties.indices {
        var value = Substring(matter.properties[index].rawValue)
        while let lastBreak = value.lastIndex(of: "\n"),
          value[value.index(after: lastBreak)...].allSatisfy(\.isWhitespace)
        {
          value = value[..<lastBreak]
        }
        matter.properties[index].rawValue = String(value)
      }
      return matter
    }
  }

  /// A file's front matter, if it opens with one.
  private static func frontMatter(of text: Substring) -> FrontMatter {
    var lines = text.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    guard lines.first.map(trimmedLine) == "---", lines.count == 2 else {
      return FrontMatter(rest: text)
    }
    var matter = FrontMatter(rest: text)
    var currentKey: String?
    var understood = 0
    var written = 0
    var rest = lines[1]
    while !rest.isEmpty {
      lines = rest.split(
        maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: isLineBreak)
      let raw = lines[0]
      let line = trimmedLine(raw)
      rest = lines.count == 2 ? lines[1] : rest[rest.endIndex...]
      if line == "---" || line == "..." {
        // Lines of which none is `key: value` are not a front matter: keep the text whole.
        guard written == 0 || understood > 0 else {
          return FrontMatter(rest: text, isIgnored: true)
        }
        matter.rest = rest
        return matter.finished()
      }
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else {
        matter.keep(line)  // kept, inside a block's text too
        continue
      }
      written += 1
      let item = line.drop(while: { $0 == " " })
      if item.hasPrefix("- "), let key = currentKey, readKeys.contains(key) {
        matter.fields[key, default: []].append(unquotedValue(String(item.dropFirst(2))))
        matter.listKeys.insert(key)
        matter.lines.append((key, Substring(line)))
        understood += 1
        continue
      }
      // A key holds letters, digits, `_`, `-` and spaces (`due date:`), as the editor's file
      // and a sync's read it too.
      guard !line.hasPrefix(" "), !line.hasPrefix("#"), let colon = line.firstIndex(of: ":"),
        case let key = line[..<colon].lowercased(), !key.isEmpty,
        key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " })
      else {
        // A line of another key's value (indented, a list item), or a comment: kept. A read
        // key whose value goes on so (`title:` over `  nested: map`, a title continued on the
        // next line) is one this reader doesn't take apart: it gives no field.
        if line.hasPrefix(" "), let key = currentKey, readKeys.contains(key) {
          matter.release(key)
          currentKey = nil
        }
        matter.keep(line)
        continue
      }
      understood += 1
      currentKey = key
      matter.isInProperty = !readKeys.contains(key)
      guard readKeys.contains(key) else {
        // Another tool's key: a property, its value as written (the key's case kept).
        matter.properties.append(
          NoteProperty(
            key: String(line[..<colon]), rawValue: String(line[line.index(after: colon)...])))
        continue
      }
      // A key written again: the value above gives no field, so its lines are kept.
      for index in matter.lines.indices where matter.lines[index].key == key {
        matter.lines[index].key = nil
      }
      matter.lines.append((key, Substring(line)))
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      // A YAML block (`title: >`, `|-`) goes on in the indented lines below: no value here
      // that a field can take, so the key's lines all stay, as another key's do.
      if let indicator = value.first, indicator == ">" || indicator == "|",
        value.dropFirst().allSatisfy({ "+-0123456789".contains($0) })
      {
        matter.release(key)
        currentKey = nil
        continue
      }
      // A key with nothing after it gives a field only from `- item` lines below; alone, its
      // line stays.
      guard !value.isEmpty else { continue }
      if value.hasPrefix("["), value.hasSuffix("]") { matter.listKeys.insert(key) }
      matter.fields[key] = listValue(value)
    }
    // No closing line: not a front matter.
    return FrontMatter(rest: text, isIgnored: true)
  }

  /// A value as a list: `[a, "b"]` (JSON or YAML), or the value alone.
  private static func listValue(_ value: String) -> [String] {
    guard value.hasPrefix("["), value.hasSuffix("]") else { return [unquotedValue(value)] }
    if let list = try? JSONDecoder().decode([String].self, from: Data(value.utf8)) { return list }
    return value.dropFirst().dropLast().split(separator: ",").map { unquotedValue(String($0)) }
      .filter { !$0.isEmpty }
  }

  /// Front-matter lines no field is read from, as they stay at the top of a note's body.
  ///
  /// They go in a front matter of their own, so nothing of a file is lost. Every reader of a
  /// person's file keeps them so: the importer's and the editor's.
  ///
  /// - Parameter lines: The lines, as written.
  /// - Returns: `---`, the lines and `---`, each ending a line; nothing for no lines.
  static func keptFrontMatter(_ lines: [some StringProtocol]) -> String {
    lines.isEmpty ? "" : "---\n" + lines.joined(separator: "\n") + "\n---\n"
  }

  /// A value without the spaces and the quotes around it.
  ///
  /// A JSON string is decoded, and YAML's single quotes give what they hold (`''` a quote).
  /// Every reader of a front matter takes a quoted value so: the importer's and the editor's.
  static func unquotedValue(_ value: String) -> String {
    let text = value.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      return (try? JSONDecoder().decode(String.self, from: Data(text.utf8)))
        ?? String(text.dropFirst().dropLast())
    }
    if text.hasPrefix("'"), text.hasSuffix("'"), text.count >= 2 {
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
    return text
  }

  /// Whether a character ends a line: `\n`, or Windows' `\r\n` (one character in Swift).
  private static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n"
  }

  /// A line without the `\r` of a Windows line break.
  private static func trimmedLine(_ line: Substring) -> String {
    String(line.hasSuffix("\r") ? line.dropLast() : line)
  }

  /// A `# heading` on the text's first line that isn't blank, and the text after it and the
  /// blank line that follows it.
  private static func openingHeading(of text: Substring) -> (title: String, rest: Substring)? {
    var rest = text.drop(while: isLineBreak)
    guard rest.hasPrefix("# ") else { return nil }
    let end = rest.firstIndex(where: isLineBreak) ?? rest.endIndex
    let title = oneLine(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end]))
    rest = rest[end...]
    if rest.first.map(isLineBreak) == true { rest = rest.dropFirst() }
    if rest.first.map(isLineBreak) == true { rest = rest.dropFirst() }
    return (title, rest)
  }

  /// The text of the first `# heading` outside code.
  private static func firstHeading(in text: Substring) -> String? {
    MarkdownProse.lines(of: text).first { $0.hasPrefix("# ") }.map {
      oneLine(String($0.dropFirst(2)))
    }
    .flatMap { $0.isEmpty ? nil : $0 }
  }

  /// A title on one line: line breaks and tabs become spaces, the ends trimmed.
  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }).trimmingCharacters(
      in: .whitespaces)
  }

  /// A file's name without its extension.
  private static func stem(of fileName: String) -> String {
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
      return fileName
    }
    return String(fileName[..<dot])
  }
}

extension UUID {
  /// An identifier made from bytes: the same bytes always give the same identifier, so a file
  /// imported twice is known the second time.
  ///
  /// Two 64-bit FNV-1a-style hashes with different primes, mixed, marked as a version 8 (custom)
  /// UUID. It is not a cryptographic hash: two files made to collide would only make the second
  /// be skipped as already imported, never replace a note.
  ///
  /// - Parameter bytes: What the identifier stands for.
  public init(derivedFrom bytes: some Sequence<UInt8>) {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    for byte in bytes {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
    }
    // SplitMix64's finalizer, so that the two halves spread independently.
    func mixed(_ value: UInt64) -> UInt64 {
      var value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
      value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
      return value ^ (value >> 31)
    }
    first = mixed(first)
    second = mixed(second ^ first)
    var raw = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      raw[index] = UInt8(truncatingIfNeeded: first >> (8 * UInt64(index)))
      raw[8 + index] = UInt8(truncatingIfNeeded: second >> (8 * UInt64(index)))
    }
    raw[6] = (raw[6] & 0x0F) | 0x80
    raw[8] = (raw[8] & 0x3F) | 0x80
    self.init(
      uuid: (
        raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
        raw[11], raw[12], raw[13], raw[14], raw[15]
      ))
  }
}
