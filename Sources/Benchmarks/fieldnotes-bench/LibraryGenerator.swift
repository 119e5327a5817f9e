import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// Makes deterministic libraries of realistic notes: 100 notebooks, bodies of 50–2,000 bytes,
/// 0–5 tags, 5% pinned, one note every ten minutes or so.
///
/// The text comes from one of two sources: prose written by a ``ProseModel`` (the default, and
/// what an index meets in real use), or the benchmark's first generator, sentences of 60 field
/// words (`--field-words`), which makes every common trigram occur in nearly every note.
enum LibraryGenerator {
  /// How many notebooks every library has.
  static let notebookCount = 100

  /// Where a library's titles and bodies come from.
  enum Text {
    /// Prose in the manner of a corpus.
    case prose(ProseModel)
    /// Sentences of the 60 field words.
    case fieldWords
  }

  /// The first generator's 60 field words, as UTF-8 (`--field-words`).
  private static let fieldWords = [
    "heron", "kingfisher", "wren", "robin", "moss", "fern", "lichen", "oak", "willow", "river",
    "lake", "estuary", "tide", "marsh", "reed", "hedge", "meadow", "path", "bridge", "stone",
    "morning", "evening", "rain", "mist", "frost", "wind", "quiet", "bright", "grey", "green",
    "saw", "heard", "counted", "followed", "waited", "flew", "sang", "fed", "nested", "flowered",
    "two", "three", "several", "many", "small", "large", "young", "old", "near", "far",
    "café", "naïve", "Ünïcödé", "the", "a", "by", "under", "over", "along", "after",
  ].map { Array($0.utf8) }
  /// The tags notes are given, up to five each.
  private static let tags = [
    "birds", "plants", "insects", "weather", "river", "lake", "garden", "trip", "moss", "trees",
    "spring", "summer", "autumn", "winter", "dawn", "dusk", "rare", "common", "nest", "song",
  ]

  /// A library of some notes, the same for the same arguments; the notes of a smaller one are
  /// the first notes of a larger one.
  ///
  /// - Parameters:
  ///   - count: How many notes.
  ///   - seed: The random seed.
  ///   - text: Where titles and bodies come from.
  /// - Returns: The library, its notes oldest first.
  static func library(notes count: Int, seed: UInt64, text: Text) -> NoteLibrary {
    var random = SeededRandomNumberGenerator(seed: seed)
    let notebooks = (0..<notebookCount).map { index in
      Notebook(id: uuid(0xB000_0000 + index), name: "Notebook \(index + 1) \(word(&random))")
    }
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4_096)
    var notes: [Note] = []
    notes.reserveCapacity(count)
    for index in 0..<count {
      buffer.removeAll(keepingCapacity: true)
      appendSentence(to: &buffer, text: text, using: &random)
      let title = capitalized(firstWords(Int.random(in: 2...6, using: &random), of: buffer))
      let bodyLength = Int.random(in: 50...2_000, using: &random)
      buffer.removeAll(keepingCapacity: true)
      while buffer.count < bodyLength {
        if !buffer.isEmpty {
          buffer.append(Int.random(in: 0..<6, using: &random) == 0 ? 0x0A : 0x20)
        }
        appendSentence(to: &buffer, text: text, using: &random)
      }
      let date = start.addingTimeInterval(
        Double(index) * 600 + Double(Int.random(in: 0..<600, using: &random)))
      notes.append(
        Note(
          id: uuid(index + 1), title: title, body: prefix(bodyLength, of: buffer),
          createdAt: date, notebookID: notebooks[index % notebookCount].id,
          tags: Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))),
          isPinned: Int.random(in: 0..<20, using: &random) == 0))
    }
    return NoteLibrary(notebooks: notebooks, notes: notes)
  }

  /// One field word, for a notebook's name.
  ///
  /// - Parameter random: The generator.
  /// - Returns: The word.
  private static func word(_ random: inout SeededRandomNumberGenerator) -> String {
    String(decoding: fieldWords.randomElement(using: &random) ?? [], as: UTF8.self)
  }

  /// Appends one sentence of the library's text.
  ///
  /// - Parameters:
  ///   - buffer: Where the sentence's UTF-8 goes.
  ///   - text: Where the text comes from.
  ///   - random: The generator.
  private static func appendSentence(
    to buffer: inout [UInt8], text: Text, using random: inout SeededRandomNumberGenerator
  ) {
    switch text {
    case .prose(let model):
      model.appendSentence(to: &buffer, using: &random)
    case .fieldWords:
      let words = (0..<Int.random(in: 5...14, using: &random)).map { _ in
        fieldWords.randomElement(using: &random) ?? []
      }
      var sentence = Array(words.joined(separator: [0x20]))
      if let first = sentence.first, first >= 0x61, first <= 0x7A { sentence[0] = first - 0x20 }
      buffer += sentence
      buffer.append(UInt8(ascii: "."))
    }
  }

  /// The first words of some text, without punctuation around them.
  ///
  /// - Parameters:
  ///   - count: How many words.
  ///   - text: The text's UTF-8.
  /// - Returns: The words, joined by spaces.
  private static func firstWords(_ count: Int, of text: [UInt8]) -> String {
    let words = text.split(separator: 0x20, maxSplits: count, omittingEmptySubsequences: true)
      .prefix(count)
    return String(decoding: Array(words.joined(separator: [0x20])), as: UTF8.self)
      .trimmingCharacters(in: .punctuationCharacters)
  }

  /// Text with its first letter in upper case.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text, capitalized.
  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  /// The first bytes of some text, cut back to the last whole character.
  private static func prefix(_ length: Int, of text: [UInt8]) -> String {
    var end = min(length, text.count)
    while end > 0, end < text.count, text[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: text[..<end], as: UTF8.self)
  }

  // MARK: - Files

  /// Writes a library as one export file, with all its notebooks: an import reads a file of
  /// any size, a note at a time.
  ///
  /// - Returns: The file's path, in a list for the import's command line.
  static func writeExports(_ library: NoteLibrary, to path: String) throws -> [String] {
    try writeExport(library, to: path + ".json")
    return [path + ".json"]
  }

  /// Writes a library as a folder of Markdown files, as `export FOLDER/` lays it out
  /// (``FieldNotesModel/MarkdownFolderLayout``): a folder per notebook, a file per note.
  ///
  /// - Returns: The folder's path.
  static func writeMarkdownFolder(_ library: NoteLibrary, to path: String) throws -> String {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    var made = Set<String>()
    for file in MarkdownFolderLayout.files(of: library) {
      let full = "\(path)/\(file.path)"
      let folder = FilePaths.folder(of: full)
      if made.insert(folder).inserted {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try file.data.write(to: URL(fileURLWithPath: full))
    }
    return path
  }

  /// Writes the export file `fieldnotes import` reads (its documented format, version 1, dates
  /// as ISO 8601 text with milliseconds, as FieldNotes writes them), quickly enough for a
  /// million notes.
  static func writeExport(_ library: NoteLibrary, to path: String) throws {
    let writer = try FileWriter(path: path)
    writer.write("{\"format\":\"fieldnotes-export\",\"version\":1,\"notebooks\":[")
    for (index, notebook) in library.notebooks.enumerated() {
      writer.write(index == 0 ? "{\"id\":" : ",{\"id\":")
      writer.writeJSON(notebook.id.uuidString)
      writer.write(",\"name\":")
      writer.writeJSON(notebook.name)
      writer.write(",\"symbolName\":")
      writer.writeJSON(notebook.symbolName)
      writer.write("}")
    }
    writer.write("],\"notes\":[")
    for (index, note) in library.notes.enumerated() {
      writer.write(index == 0 ? "{\"id\":" : ",\n{\"id\":")
      writer.writeJSON(note.id.uuidString)
      writer.write(",\"title\":")
      writer.writeJSON(note.title)
      writer.write(",\"body\":")
      writer.writeJSON(note.body)
      writer.write(",\"createdAt\":\"\(iso8601(note.createdAt))\",\"updatedAt\":")
      writer.write("\"\(iso8601(note.updatedAt))\"")
      if let notebookID = note.notebookID {
        writer.write(",\"notebookID\":\"\(notebookID.uuidString)\"")
      }
      writer.write(",\"tags\":[")
      for (tagIndex, tag) in note.tags.enumerated() {
        if tagIndex > 0 { writer.write(",") }
        writer.writeJSON(tag)
      }
      writer.write("],\"isPinned\":\(note.isPinned)}")
    }
    writer.write("]}\n")
    try writer.close()
  }

  /// The notes table as FieldNotes declares it, for the peers that make their own database.
  static let notesTable = """
    CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
      created_at REAL NOT NULL, updated_at REAL NOT NULL, notebook_id TEXT,
      tags TEXT NOT NULL DEFAULT '[]', is_pinned INTEGER NOT NULL DEFAULT 0);
    """

  /// The indexes the import peer builds: those of a FieldNotes store (its list indexes, its
  /// table of each note's tags and its counts by notebook, and the FTS5 trigram index over each
  /// note's folded text, contentless, with the 64 MiB gathering size FieldNotes gives it).
  static let peerIndexes = """
    CREATE INDEX notes_by_pin ON notes (is_pinned, created_at, id);
    CREATE INDEX notes_in_notebook ON notes (notebook_id, is_pinned, created_at, id);
    CREATE INDEX notes_untagged ON notes (is_pinned, created_at, id) WHERE tags = '[]';
    CREATE TABLE note_tags (
      tag TEXT NOT NULL, created_at REAL NOT NULL, note_id TEXT NOT NULL,
      PRIMARY KEY (tag, created_at, note_id)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO note_tags
      SELECT DISTINCT tag.value, notes.created_at, notes.id FROM notes, json_each(notes.tags) AS tag;
    CREATE INDEX note_tags_by_note ON note_tags (note_id);
    CREATE TABLE note_counts (
      notebook_id TEXT PRIMARY KEY NOT NULL, notes INTEGER NOT NULL, pinned INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO note_counts
      SELECT coalesce(notebook_id, ''), count(*), total(is_pinned != 0) FROM notes GROUP BY 1;
    CREATE VIRTUAL TABLE note_search USING fts5(
      text, tokenize = 'trigram case_sensitive 1', content = '', detail = full
    );
    INSERT INTO note_search (note_search, rank) VALUES ('hashsize', 67108864);
    """

  /// Writes the same notes as SQL for the `sqlite3` shell, to do what an import does in one
  /// transaction: the notes table filled by one `INSERT` per note, and the store's indexes
  /// (``peerIndexes``) built over the same rows.
  ///
  /// The indexed text (each note's title, body and tags folded, as
  /// ``SearchFolder/indexedText(title:body:tags:)`` makes it) is written beside each row into a
  /// temporary table and given to the trigram index by one statement, as FieldNotes does: FTS5
  /// writes out what it has gathered whenever a statement that changes it begins, so one
  /// statement per note would write a segment per note. The list indexes and tables are
  /// made after the rows, which is the quickest way `sqlite3` has to build them.
  static func writeInserts(_ library: NoteLibrary, to path: String) throws {
    let writer = try FileWriter(path: path)
    var folder = SearchFolder()
    writer.write(
      """
      BEGIN;
      \(notesTable)
      CREATE TEMP TABLE note_text (text TEXT NOT NULL);

      """)
    for note in library.notes {
      writer.write("INSERT INTO notes VALUES (")
      writer.writeSQL(note.id.uuidString)
      writer.write(",")
      writer.writeSQL(note.title)
      writer.write(",")
      writer.writeSQL(note.body)
      writer.write(
        ",\(note.createdAt.timeIntervalSinceReferenceDate),"
          + "\(note.updatedAt.timeIntervalSinceReferenceDate),")
      if let notebookID = note.notebookID {
        writer.writeSQL(notebookID.uuidString)
      } else {
        writer.write("NULL")
      }
      writer.write(",")
      writer.writeSQL(
        "[" + note.tags.map { "\"\($0)\"" }.joined(separator: ",") + "]")
      writer.write(",\(note.isPinned ? 1 : 0));\nINSERT INTO temp.note_text VALUES (")
      // A fresh table numbers its rows 1, 2, 3… in the order they are inserted, in both tables.
      writer.writeSQL(folder.indexedText(title: note.title, body: note.body, tags: note.tags))
      writer.write(");\n")
    }
    writer.write(
      """
      \(peerIndexes)
      INSERT INTO note_search (rowid, text) SELECT rowid, text FROM temp.note_text;
      COMMIT;

      """)
    try writer.close()
  }

  /// A date as ISO 8601 in UTC with milliseconds, as a note's file writes it: the formats'
  /// stamp, computed from the calendar arithmetic rather than a formatter (a million notes
  /// have two million dates).
  static func iso8601(_ date: Date) -> String { NoteDocument.stamp(date) }

  /// The identifier of a generated note or notebook: the same for the same number.
  ///
  /// - Parameter number: The number.
  /// - Returns: A version 4 UUID ending in the number in hexadecimal.
  private static func uuid(_ number: Int) -> UUID {
    let hex = String(number, radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return UUID(uuidString: "00000000-0000-4000-8000-\(digits.suffix(12))") ?? UUID()
  }
}

/// Writes a large text file through a buffer.
final class FileWriter {
  /// The file.
  private let handle: FileHandle
  /// What is written but not yet in the file, up to a mebibyte.
  private var buffer: [UInt8] = []

  /// Creates or empties a file to write.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``BenchError`` when it can't be opened.
  init(path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw BenchError.failed("cannot write \(path)")
    }
    self.handle = handle
    buffer.reserveCapacity(1 << 20)
  }

  /// Writes text as it is.
  ///
  /// - Parameter text: The text.
  func write(_ text: String) {
    buffer += text.utf8
    if buffer.count >= 1 << 20 { flush() }
  }

  /// Writes text as a JSON string literal.
  ///
  /// - Parameter text: The text.
  func writeJSON(_ text: String) {
    buffer.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: buffer += [0x5C, 0x22]
      case 0x5C: buffer += [0x5C, 0x5C]
      case 0x0A: buffer += [0x5C, 0x6E]
      case ..<0x20: buffer += Array(String(format: "\\u%04x", byte).utf8)
      default: buffer.append(byte)
      }
    }
    buffer.append(0x22)
    if buffer.count >= 1 << 20 { flush() }
  }

  /// Writes text as an SQL string literal.
  ///
  /// - Parameter text: The text.
  func writeSQL(_ text: String) {
    buffer.append(0x27)
    for byte in text.utf8 {
      if byte == 0x27 { buffer.append(0x27) }
      buffer.append(byte)
    }
    buffer.append(0x27)
    if buffer.count >= 1 << 20 { flush() }
  }

  /// Writes the buffer to the file.
  private func flush() {
    handle.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is left and closes the file.
  ///
  /// - Throws: What closing the file throws.
  func close() throws {
    flush()
    try handle.close()
  }
}
