import FieldNotesModel
import Foundation

/// The export file: every notebook and note as JSON, or as Markdown for reading.
///
/// JSON exports carry a format name and version so that `import` can refuse anything else;
/// dates are ISO 8601 with milliseconds.
public enum LibraryArchive {
  /// The format name every JSON export carries.
  public static let formatName = "fieldnotes-export"
  /// The newest export version this FieldNotes writes and reads.
  public static let version = 1

  private struct Envelope: Codable {
    var format: String
    var version: Int
    var notebooks: [Notebook]
    var notes: [Note]
  }

  /// A library as a JSON export.
  ///
  /// - Parameter library: The notebooks and notes.
  /// - Returns: The file's bytes.
  /// - Throws: ``LibraryArchiveError/unencodable``.
  public static func json(_ library: NoteLibrary) throws(LibraryArchiveError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      // ISO 8601 has four-digit years: a date outside years 1–9999 (a sync can bring one) is
      // written as seconds since 2001-01-01, which reads back exactly.
      if let text = NoteDocument.textStamp(date) {
        try container.encode(text)
      } else {
        try container.encode(date.timeIntervalSinceReferenceDate)
      }
    }
    do {
      return try encoder.encode(
        Envelope(
          format: formatName, version: version, notebooks: library.notebooks, notes: library.notes))
    } catch {
      throw .unencodable
    }
  }

  /// Reads a JSON export.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The notebooks and notes it holds.
  /// - Throws: ``LibraryArchiveError`` when the bytes are not an export this FieldNotes reads.
  public static func library(fromJSON data: Data) throws(LibraryArchiveError) -> NoteLibrary {
    let decoder = decoder()
    let envelope: Envelope
    do {
      envelope = try decoder.decode(Envelope.self, from: data)
    } catch {
      throw .notAnExport(detail: describe(error))
    }
    guard envelope.format == formatName else {
      throw .notAnExport(detail: nil)
    }
    guard envelope.version <= version else {
      throw .newerVersion(envelope.version)
    }
    for note in envelope.notes {
      let bytes = NoteDocument.byteCount(of: note)
      if bytes > NoteDocument.maximumBytes { throw .noteTooLarge(title: note.title, bytes: bytes) }
    }
    return NoteLibrary(notebooks: envelope.notebooks, notes: envelope.notes)
  }

  /// Reads one note of a JSON export, as a reader that takes the file a note at a time does.
  ///
  /// - Parameters:
  ///   - data: The note's JSON object.
  ///   - position: Where it is in the export's notes, from 0, for the message.
  /// - Returns: The note.
  /// - Throws: ``LibraryArchiveError`` when it is not a note, or too large.
  public static func note(fromJSON data: Data, at position: Int) throws(LibraryArchiveError)
    -> Note
  {
    let note: Note
    if let read = ExportNoteJSON.note(from: data) {
      note = read
    } else {
      do { note = try decodedNote(fromJSON: data) } catch {
        throw .notAnExport(detail: "notes[\(position)]: " + describe(error, inside: true))
      }
    }
    guard NoteDocument.isWithinLimit(note) else {
      throw .noteTooLarge(title: note.title, bytes: NoteDocument.byteCount(of: note))
    }
    return note
  }

  /// The identifier of one note of a JSON export, read without checking the rest of the note.
  ///
  /// - Parameter data: The note's JSON object.
  /// - Returns: The identifier, or `nil` when the object has none.
  public static func noteID(fromJSON data: Data) -> Note.ID? {
    ExportNoteJSON.identifier(from: data) ?? decodedNoteID(fromJSON: data)
  }

  /// A note read by `JSONDecoder`, which reads every shape JSON allows: what ``ExportNoteJSON``
  /// leaves.
  ///
  /// - Parameter data: The note's JSON object.
  /// - Returns: The note.
  /// - Throws: `DecodingError` when it is not a note.
  static func decodedNote(fromJSON data: Data) throws -> Note {
    try decoder().decode(Note.self, from: data)
  }

  /// A note's identifier read by `JSONDecoder`, the rest of the object left unread.
  ///
  /// - Parameter data: The note's JSON object.
  /// - Returns: The identifier, or `nil` when the object has none.
  static func decodedNoteID(fromJSON data: Data) -> Note.ID? {
    try? JSONDecoder().decode(Identified.self, from: data).id
  }

  /// An object with an identifier, whatever else it holds.
  private struct Identified: Decodable {
    var id: UUID
  }

  /// Reads one notebook of a JSON export.
  ///
  /// - Parameters:
  ///   - data: The notebook's JSON object.
  ///   - position: Where it is in the export's notebooks, from 0, for the message.
  /// - Returns: The notebook.
  /// - Throws: ``LibraryArchiveError`` when it is not a notebook.
  public static func notebook(fromJSON data: Data, at position: Int) throws(LibraryArchiveError)
    -> Notebook
  {
    do { return try decoder().decode(Notebook.self, from: data) } catch {
      throw .notAnExport(detail: "notebooks[\(position)]: " + describe(error, inside: true))
    }
  }

  /// Checks an export's format name and version, read apart from its notes.
  ///
  /// - Parameters:
  ///   - format: The `format` member's JSON value, or `nil` when it has none.
  ///   - version: The `version` member's JSON value, or `nil` when it has none.
  /// - Throws: ``LibraryArchiveError`` when they are not an export's this FieldNotes reads.
  public static func checkHeader(format: Data?, version: Data?) throws(LibraryArchiveError) {
    guard let format else { throw .notAnExport(detail: "missing format") }
    guard let version else { throw .notAnExport(detail: "missing version") }
    guard (try? JSONDecoder().decode(String.self, from: format)) == formatName else {
      throw .notAnExport(detail: nil)
    }
    guard let number = try? JSONDecoder().decode(Int.self, from: version) else {
      throw .notAnExport(detail: "unexpected value at version")
    }
    guard number <= self.version else { throw .newerVersion(number) }
  }

  /// A date of an export written as text: to the millisecond as the export writes it, or to
  /// the second as a person might; every field is checked, never carried into the next minute
  /// or day.
  ///
  /// - Parameter text: The text.
  /// - Returns: The date, or `nil` when the text is not one.
  static func date(fromText text: String) -> Date? {
    let whole = text.utf8.count == 20 && text.hasSuffix("Z") ? text.dropLast() + ".000Z" : text
    return NoteDocument.textDate(from: whole)
  }

  /// The decoder of exports: dates as ``json(_:)`` writes them, or to the second as a person
  /// might.
  private static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self), seconds.isFinite {
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        guard NoteDocument.isInRange(date) else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "a date out of range"))
        }
        return date
      }
      let text = try container.decode(String.self)
      if let date = date(fromText: text) { return date }
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
    }
    return decoder
  }

  /// A library as Markdown, for reading: a section per notebook, oldest note first, each note
  /// a heading and a line of its facts (`*pinned · 2026-06-04 09:07 · #work · changed
  /// 2026-06-05 11:07*`).
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - timeZone: The time zone the times are written in: the reader's.
  /// - Returns: The file's bytes.
  public static func markdown(_ library: NoteLibrary, timeZone: TimeZone = .current) -> Data {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    func minute(_ date: Date) -> String {
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      return String(
        format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
        parts.hour ?? 0, parts.minute ?? 0)
    }
    var lines = ["# FieldNotes", ""]
    let sections: [(String, [Note])] =
      library.notebooks.map { notebook in
        (printable(notebook.name), library.notes.filter { $0.notebookID == notebook.id })
      } + [
        (
          "No Notebook",
          library.notes.filter { note in
            note.notebookID.map { id in !library.notebooks.contains { $0.id == id } } ?? true
          }
        )
      ]
    for (name, notes) in sections where !notes.isEmpty {
      lines += ["## \(name)", ""]
      for note in NoteSortOrder.oldest.sorted(notes) {
        var facts = [minute(note.createdAt)]
        if note.isPinned { facts.insert("pinned", at: 0) }
        if !note.tags.isEmpty {
          facts.append(note.tags.map { "#\(printable($0))" }.joined(separator: " "))
        }
        if minute(note.updatedAt) != minute(note.createdAt) {
          facts.append("changed \(minute(note.updatedAt))")
        }
        lines += ["### \(printable(note.title))", "", "*\(facts.joined(separator: " · "))*", ""]
        if !note.body.isEmpty { lines += [printable(note.body, keepingLines: true), ""] }
      }
    }
    return Data(lines.joined(separator: "\n").utf8)
  }

  /// Text with control characters (escape sequences, bells, NULs) replaced by `�`, so that
  /// reading the Markdown file in a terminal shows the notes and obeys nothing in them.
  static func printable(_ text: String, keepingLines: Bool = false) -> String {
    let isControl = { (scalar: Unicode.Scalar) -> Bool in
      (scalar.value < 0x20 && !(keepingLines && (scalar == "\n" || scalar == "\t")))
        || (0x7F..<0xA0).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var safe = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { safe.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
    return String(safe)
  }

  private static func describe(_ error: any Error, inside: Bool = false) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)? where context.codingPath.isEmpty:
      inside ? context.debugDescription : "it is not JSON"
    case .dataCorrupted(let context)?:
      "\(place(context.codingPath)): " + context.debugDescription
    case .keyNotFound(let key, let context)?:
      context.codingPath.isEmpty
        ? "missing \(key.stringValue)"
        : "missing \(key.stringValue) in \(place(context.codingPath))"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      context.codingPath.isEmpty
        ? "it holds no export object" : "unexpected value at \(place(context.codingPath))"
    default: "malformed JSON"
    }
  }

  /// Where in the file a value is, as jq writes its path: `notes[4].createdAt` for the fifth
  /// note's, counting from 0.
  private static func place(_ path: [any CodingKey]) -> String {
    path.reduce(into: "") { text, key in
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
  }
}

/// Why an export could not be written or read.
public enum LibraryArchiveError: Error, Equatable, LocalizedError {
  /// The notes could not be encoded.
  case unencodable
  /// The file is not a FieldNotes JSON export; the detail says where it went wrong, if known.
  case notAnExport(detail: String?)
  /// The file was written by a newer FieldNotes, with this export version.
  case newerVersion(Int)
  /// A note is larger than ``NoteDocument/maximumBytes``; nothing was imported.
  case noteTooLarge(title: String, bytes: Int)

  /// A message for the user, to follow the file's path.
  public var errorDescription: String? {
    switch self {
    case .unencodable: "the notes could not be encoded"
    case .notAnExport(let detail?): "not a FieldNotes JSON export (\(detail))"
    case .notAnExport(nil): "not a FieldNotes JSON export"
    case .newerVersion(let version): "written by a newer FieldNotes (export version \(version))"
    case .noteTooLarge(let title, let bytes):
      "the note \u{201C}\(LibraryArchive.printable(title).prefix(40))\u{201D} would take \(bytes) "
        + "bytes, more than the \(NoteDocument.maximumBytes) a note may; nothing was imported"
    }
  }
}
