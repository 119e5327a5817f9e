import FieldNotesModel
import Foundation

/// The export file: every notebook and note as JSON, or as Markdown for reading.
///
/// JSON exports carry a format name and version so that `import` can refuse anything else;
/// dates are ISO 8601 with milliseconds.
enum LibraryArchive {
  static let formatName = "fieldnotes-export"
  static let version = 1
  /// The largest file `import` reads.
  static let maximumImportBytes = 512 * 1024 * 1024

  private struct Envelope: Codable {
    var format: String
    var version: Int
    var notebooks: [Notebook]
    var notes: [Note]
  }

  static func json(_ library: NoteLibrary) throws(AppError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
    }
    do {
      return try encoder.encode(
        Envelope(
          format: formatName, version: version, notebooks: library.notebooks, notes: library.notes))
    } catch {
      throw .file(path: "export", reason: "the notes could not be encoded")
    }
  }

  static func library(fromJSON data: Data, path: String) throws(AppError) -> NoteLibrary {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let text = try decoder.singleValueContainer().decode(String.self)
      let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
      if let date = (try? style.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)) {
        return date
      }
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
    }
    let envelope: Envelope
    do {
      envelope = try decoder.decode(Envelope.self, from: data)
    } catch {
      throw .file(path: path, reason: "not a FieldNotes JSON export (\(describe(error)))")
    }
    guard envelope.format == formatName else {
      throw .file(path: path, reason: "not a FieldNotes JSON export")
    }
    guard envelope.version <= version else {
      throw .file(
        path: path, reason: "written by a newer FieldNotes (export version \(envelope.version))")
    }
    return NoteLibrary(notebooks: envelope.notebooks, notes: envelope.notes)
  }

  static func markdown(_ library: NoteLibrary) -> Data {
    var lines = ["# FieldNotes", ""]
    let sections: [(String, [Note])] =
      library.notebooks.map { notebook in
        (notebook.name, library.notes.filter { $0.notebookID == notebook.id })
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
        var facts = [note.createdAt.formatted(.iso8601.year().month().day())]
        if note.isPinned { facts.insert("pinned", at: 0) }
        if !note.tags.isEmpty { facts.append(note.tags.map { "#\($0)" }.joined(separator: " ")) }
        lines += ["### \(note.title)", "", "*\(facts.joined(separator: " · "))*", ""]
        if !note.body.isEmpty { lines += [note.body, ""] }
      }
    }
    return Data(lines.joined(separator: "\n").utf8)
  }

  private static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?: context.debugDescription
    case .keyNotFound(let key, _)?: "missing \(key.stringValue)"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    default: "malformed JSON"
    }
  }
}
