import FieldNotesModel
import Foundation

/// How a note or a notebook is written in the sync repository: one Markdown file each, a small
/// front matter with its identity and metadata, then its title as a heading and the body
/// verbatim.
///
/// ```
/// ---
/// id: 6f1c1a52-3c8e-4f5e-9d53-2b8a0e1f7c11
/// notebook: 0b3a44a1-98f5-4c55-8f4e-3f7b0c2d9a10
/// tags: ["birds", "lake"]
/// pinned: false
/// created: 2026-11-29T12:00:00.000Z
/// updated: 2026-11-29T12:30:00.000Z
/// ---
/// # Heron at the lake
///
/// Grey heron, standing still in the shallows.
/// ```
///
/// A note is `notes/ID.md` and a notebook `notebooks/ID.md`, where ID is the lower-case UUID;
/// a file under any other name is not FieldNotes' and is skipped. A title holding a line break
/// is also written in the front matter (`title:`), as a JSON string, so nothing is lost.
/// Dates are UTC to the millisecond.
enum SyncDocument {
  /// The folder of the notes' files.
  static let notesFolder = "notes"
  /// The folder of the notebooks' files.
  static let notebooksFolder = "notebooks"
  /// The largest file read: a note at the size limit, with room for its title and metadata.
  static let maximumFileBytes = Note.maximumBodyBytes + 64 * 1_024

  /// What a path in the repository holds.
  enum Kind: Hashable, Sendable {
    case note(UUID)
    case notebook(UUID)
  }

  /// The path of a note's or a notebook's file.
  static func path(_ kind: Kind) -> String {
    switch kind {
    case .note(let id): "\(notesFolder)/\(id.uuidString.lowercased()).md"
    case .notebook(let id): "\(notebooksFolder)/\(id.uuidString.lowercased()).md"
    }
  }

  /// What a path holds, or `nil` for a path FieldNotes doesn't write (another name, another
  /// case, another folder).
  static func kind(ofPath path: String) -> Kind? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].hasSuffix(".md") else { return nil }
    let name = String(parts[1].dropLast(3))
    guard let id = UUID(uuidString: name), id.uuidString.lowercased() == name else { return nil }
    switch parts[0] {
    case Substring(notesFolder): return .note(id)
    case Substring(notebooksFolder): return .notebook(id)
    default: return nil
    }
  }

  // MARK: - Writing

  /// A note's file.
  static func data(of note: Note) -> Data {
    var lines = ["---", "id: \(note.id.uuidString.lowercased())"]
    lines.append("notebook: \(note.notebookID.map { $0.uuidString.lowercased() } ?? "none")")
    lines.append("tags: \(json(note.tags))")
    lines.append("pinned: \(note.isPinned)")
    lines.append("created: \(stamp(note.createdAt))")
    lines.append("updated: \(stamp(note.updatedAt))")
    return Data(finish(lines, title: note.title, body: note.body).utf8)
  }

  /// A notebook's file.
  static func data(of notebook: Notebook) -> Data {
    let lines = [
      "---", "id: \(notebook.id.uuidString.lowercased())", "symbol: \(json(notebook.symbolName))",
    ]
    return Data(finish(lines, title: notebook.name, body: "").utf8)
  }

  private static func finish(_ frontMatter: [String], title: String, body: String) -> String {
    var lines = frontMatter
    let plain = !title.contains(where: \.isNewline)
    if !plain { lines.append("title: \(json(title))") }
    lines.append("---")
    lines.append("# \(plain ? title : "")")
    return lines.joined(separator: "\n") + "\n\n" + body
  }

  private static func json(_ value: some Encodable) -> String {
    (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }

  // MARK: - Reading

  /// Why a file can't be read as a note or a notebook.
  enum Problem: Error, Equatable {
    case malformed(String)
    case tooLarge
  }

  /// Reads a note's file.
  ///
  /// - Parameters:
  ///   - data: The file.
  ///   - id: The identifier its name gives, which the front matter must repeat.
  /// - Returns: The note.
  /// - Throws: ``Problem`` when the file is too large or isn't a note's file.
  static func note(from data: Data, id: UUID) throws(Problem) -> Note {
    let (fields, title, body) = try parse(data, id: id)
    guard body.utf8.count <= Note.maximumBodyBytes else { throw .tooLarge }
    guard let created = fields["created"].flatMap(date),
      let updated = fields["updated"].flatMap(date)
    else { throw .malformed("its dates are missing or unreadable") }
    let notebook: UUID?
    switch fields["notebook"] {
    case nil, "none"?: notebook = nil
    case let value?:
      guard let id = UUID(uuidString: value) else { throw .malformed("its notebook is not an id") }
      notebook = id
    }
    var tags: [String] = []
    if let value = fields["tags"] {
      guard let decoded = decode([String].self, value) else {
        throw .malformed("its tags are not a list")
      }
      tags = decoded
    }
    let pinned: Bool
    switch fields["pinned"] {
    case nil, "false"?: pinned = false
    case "true"?: pinned = true
    default: throw .malformed("its pin is neither true nor false")
    }
    return Note(
      id: id, title: title, body: body, createdAt: created, notebookID: notebook, tags: tags,
      isPinned: pinned, updatedAt: updated)
  }

  /// Reads a notebook's file.
  static func notebook(from data: Data, id: UUID) throws(Problem) -> Notebook {
    let (fields, name, _) = try parse(data, id: id)
    var symbol = "book.closed"
    if let value = fields["symbol"] {
      guard let decoded = decode(String.self, value) else {
        throw .malformed("its symbol is not a string")
      }
      symbol = decoded
    }
    return Notebook(id: id, name: name, symbolName: symbol)
  }

  /// Splits a file into its front matter's fields, its title and its body.
  private static func parse(_ data: Data, id: UUID) throws(Problem) -> (
    [String: String], String, String
  ) {
    guard data.count <= maximumFileBytes else { throw .tooLarge }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw .malformed("it is not UTF-8 text")
    }
    guard text.hasPrefix("---\n") else { throw .malformed("it has no front matter") }
    var rest = text.utf8.dropFirst(4)
    var fields: [String: String] = [:]
    while true {
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        throw .malformed("its front matter never ends")
      }
      let line = String(Substring(rest[..<end]))
      rest = rest[rest.index(after: end)...]
      if line == "---" { break }
      guard let colon = line.firstIndex(of: ":") else {
        throw .malformed("its front matter has a line without a key")
      }
      let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
      fields[String(line[..<colon])] = String(value)
    }
    guard fields["id"].flatMap(UUID.init(uuidString:)) == id else {
      throw .malformed("its id is not the one its name gives")
    }
    guard rest.starts(with: "# ".utf8) else { throw .malformed("it has no title heading") }
    rest = rest.dropFirst(2)
    let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    var title = String(Substring(rest[..<end]))
    rest = rest[end...]
    if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
    if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
    if let value = fields["title"] {
      guard let decoded = decode(String.self, value) else {
        throw .malformed("its title is not a string")
      }
      title = decoded
    }
    return (fields, title, String(Substring(rest)))
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) -> Value? {
    try? JSONDecoder().decode(type, from: Data(text.utf8))
  }

  // MARK: - Dates

  /// "2026-11-29T12:00:00.000Z": UTC to the millisecond, or seconds since 1970 for a date
  /// outside years 1 to 9999.
  ///
  /// Written and read through whole milliseconds, so a date read back writes the same text:
  /// a file that merely passes through a store never changes.
  static func stamp(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite, milliseconds >= -62_135_596_800_000,
      milliseconds <= 253_402_300_799_999
    else { return "\(date.timeIntervalSince1970)" }
    let total = Int64(milliseconds)
    let (seconds, millisecond) = floorDivision(total, 1000)
    let (days, secondOfDay) = floorDivision(seconds, 86_400)
    let (year, month, day) = civil(fromDays: days)
    func pad(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millisecond, 3))Z"
  }

  private static func date(_ text: String) -> Date? {
    let parts = text.split(whereSeparator: { "-T:.Z".contains($0) }).map { Int64($0) }
    if text.count == 24, text.hasSuffix("Z"), parts.count == 7, parts.allSatisfy({ $0 != nil }) {
      let values = parts.map { $0 ?? 0 }
      let days = days(fromCivil: values[0], values[1], values[2])
      let seconds = days * 86_400 + values[3] * 3600 + values[4] * 60 + values[5]
      return Date(timeIntervalSince1970: Double(seconds * 1000 + values[6]) / 1000)
    }
    return Double(text).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    return (quotient, value - quotient * divisor)
  }

  /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day counted from 1970-01-01 of a date (Howard Hinnant's `days_from_civil`).
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
