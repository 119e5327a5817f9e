import FieldNotesModel
import Foundation

/// One entry of a jrnl journal's JSON export (`jrnl --format json`), read as a note.
///
/// jrnl writes `{"tags": {…}, "entries": [{"title", "body", "date": "2026-11-29",
/// "time": "09:30", "tags": ["@birds"], "starred": false}, …]}`, its dates in the journal's
/// local time. The title and body are kept as they are, the tags mapped by
/// ``FieldNotesModel/TagRules/mappedTag(_:)`` (`@birds` becomes `birds`) and sorted (jrnl keeps
/// an entry's tags as a set and exports them in no fixed order), a starred entry is pinned, and
/// the note is created and last changed at the entry's date.
public struct JrnlEntry: Decodable, Hashable, Sendable {
  /// The entry's first sentence.
  public var title: String
  /// The rest of the entry.
  public var body: String
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The time of day, `HH:MM`.
  public var time: String
  /// The tags, with jrnl's `@`.
  public var tags: [String]?
  /// Whether the entry is starred.
  public var starred: Bool?

  /// Creates an entry, as jrnl writes one.
  ///
  /// - Parameters:
  ///   - title: The first sentence.
  ///   - body: The rest.
  ///   - date: The day, `YYYY-MM-DD`.
  ///   - time: The time of day, `HH:MM`.
  ///   - tags: The tags, with jrnl's `@`.
  ///   - starred: Whether it is starred.
  public init(
    title: String, body: String, date: String, time: String, tags: [String]? = nil,
    starred: Bool? = nil
  ) {
    self.title = title
    self.body = body
    self.date = date
    self.time = time
    self.tags = tags
    self.starred = starred
  }

  /// The entry as a note, or `nil` when its date can't be read.
  ///
  /// Its identifier is made from its date, title and body, so importing the journal again
  /// adds nothing.
  ///
  /// - Parameter timeZone: The journal's time zone: the one its dates were written in.
  /// - Returns: The note.
  public func note(in timeZone: TimeZone) -> Note? {
    guard let midnightUTC = NoteDocument.lenientDate(from: date),
      let day = NoteDocument.textStamp(midnightUTC), day.hasPrefix(date)
    else { return nil }
    let clock = time.split(separator: ":")
    guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    let local = midnightUTC.addingTimeInterval(Double(hour * 3600 + minute * 60))
    let written = local.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: local)))
    let mapped = TagRules.mappedTags(tags ?? []).sorted()
    let identity = ["jrnl", date, time, title, body].joined(separator: "\u{0}")
    return Note(
      id: UUID(derivedFrom: Array(identity.utf8)), title: title, body: body, createdAt: written,
      tags: mapped, isPinned: starred ?? false, updatedAt: written)
  }
}

/// The identifiers of a journal's entries, given as they come.
///
/// jrnl gives no identifiers: an entry's is made from its minute and text
/// (``JrnlEntry/note(in:)``), so a second entry of one minute and text (a star or tags apart)
/// is given one of its own, made from how many such entries came before it — not from its
/// place in the file, which an entry written in above it would change — so reading the
/// journal again, or grown since, gives it again.
public struct JrnlEntryIdentities: Sendable {
  private var timesSeen: [Note.ID: Int] = [:]

  /// Starts a journal with no entries seen.
  public init() {}

  /// The identifier of the next entry, whose own is `id`.
  ///
  /// - Parameter id: The identifier made from the entry's minute and text.
  /// - Returns: `id` for its first entry; for a repeat, an identifier of its own, and `true`.
  public mutating func identifier(for id: Note.ID) -> (id: Note.ID, isRepeat: Bool) {
    let before = timesSeen[id, default: 0]
    timesSeen[id] = before + 1
    guard before > 0 else { return (id, false) }
    return (UUID(derivedFrom: Array("\(id.uuidString)\u{0}repeat \(before)".utf8)), true)
  }
}
