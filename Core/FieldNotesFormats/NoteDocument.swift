import FieldNotesModel
import Foundation

/// A note or a notebook as a Markdown file: a small front matter with its identity and
/// metadata, then its title as a heading and the body verbatim.
///
/// It is FieldNotes' one front-matter codec: the sync repository's files, the file handed to
/// the user's editor and the files of `export FOLDER/` (``MarkdownFolderLayout``) are all
/// written and read here, and `import` reads other tools' Markdown with its lenient reader
/// (``foreignNote(from:fileName:)``).
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
/// A conflict copy also names the note it conflicts with (`conflict-of:`); a FieldNotes that
/// doesn't know the key reads the file as a plain note. A title holding a line break is also
/// written in the front matter (`title:`), as a JSON
/// string, so nothing is lost. Dates are UTC to the millisecond (see ``stamp(_:)``).
///
/// It is also the measure of a note's size: ``maximumBytes`` is the one limit every way in
/// applies (the composer, an import, a sync), so a note one of them accepts is never refused by
/// another.
public enum NoteDocument {
  /// The largest a note may be: its file, front matter included, at most 1,088 KiB (1 MiB of
  /// text with room for a title, tags and the front matter).
  public static let maximumBytes = 1_114_112

  // MARK: - Writing

  /// A note's file.
  ///
  /// - Parameter note: The note.
  /// - Returns: The file's bytes.
  public static func data(of note: Note) -> Data {
    Data((header(of: note) + note.body).utf8)
  }

  /// A note's file as an export writes it for a person to read: its notebook named, not given
  /// by its identifier (`notebook: Field trips`, written as the editor's file writes it).
  ///
  /// Reading the file back (``note(fromFile:)``) gives every field as ``data(of:)``'s does; the
  /// notebook a name stands for is the folder's or the library's the reader knows
  /// (``noteNamingItsNotebook(fromFile:)``). A name that would make the file larger than
  /// ``maximumBytes`` (a note at the limit, in a notebook with a long name) is left out for the
  /// identifier, which is never longer, so a note is never refused on its way back.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - name: The name of its notebook; `nil` for none (or one not known).
  /// - Returns: The file's bytes.
  public static func data(of note: Note, inNotebookNamed name: String?) -> Data {
    guard note.notebookID != nil, let name else { return data(of: note) }
    let named = Data(
      (header(of: note, notebookValue: editorValue(ofNotebookName: name)) + note.body).utf8)
    return named.count <= maximumBytes ? named : data(of: note)
  }

  /// A notebook's file: its symbol in the front matter, its name as the heading, no body.
  ///
  /// - Parameter notebook: The notebook.
  /// - Returns: The file's bytes.
  public static func data(of notebook: Notebook) -> Data {
    let lines = [
      "---", "id: \(notebook.id.uuidString.lowercased())", "symbol: \(json(notebook.symbolName))",
    ]
    return Data(header(lines, title: notebook.name).utf8)
  }

  /// How large a note's file is at most, whatever its pin, notebook and dates.
  ///
  /// It is what the title, body and tags make it, so a note within ``maximumBytes`` stays
  /// within it when it is pinned, moved or touched.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - body: The body.
  ///   - tags: The tags.
  ///   - properties: The properties; none by default.
  /// - Returns: The bytes; at least `data(of:).count` of any note with these fields.
  /// - Complexity: O(*t*) in the size of the title, tags and properties; the body is only
  ///   counted.
  public static func byteCount(
    title: String, body: String, tags: [String], properties: [NoteProperty] = []
  ) -> Int {
    // The longest value of each field that varies: a notebook's identifier (not `none`), an
    // unpin (`false`), a date's 24 characters (a date written as seconds is never longer), and
    // a conflict's original, so a copy's file is as large as the note's would be. Every
    // identifier is written in 36 characters, so any one will do: a fixed one, since making a
    // random one asks the system for randomness, three times a note in an import.
    let widest = Note(
      id: anyIdentifier, title: title, createdAt: Date(timeIntervalSince1970: 0),
      notebookID: anyIdentifier, tags: tags, conflictOf: anyIdentifier, properties: properties)
    return header(of: widest).utf8.count + body.utf8.count
  }

  /// Whether a note's file is within ``maximumBytes``, as ``byteCount(of:)`` would say.
  ///
  /// A note far under the limit is let through on a bound, without writing its header: the
  /// header is a few hundred bytes besides its title and tags, each byte of which JSON writes
  /// in at most six (`\u001B`), and the title is written twice at most. Writing the header
  /// to count it, twice a note, was 4% of the CPU time of an import of prose (issue 45).
  ///
  /// - Parameter note: The note.
  /// - Returns: Whether it fits.
  public static func isWithinLimit(_ note: Note) -> Bool {
    if note.properties.isEmpty {
      let tagBytes = note.tags.reduce(0) { $0 + 6 * $1.utf8.count + 3 }
      let bound = 1_024 + 7 * note.title.utf8.count + tagBytes + note.body.utf8.count
      if bound <= maximumBytes { return true }
    }
    return byteCount(of: note) <= maximumBytes
  }

  /// An identifier that stands for any in ``byteCount(title:body:tags:)``: all are as long.
  private static let anyIdentifier = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// How large a note's file is at most, whatever its pin, notebook and dates (see
  /// ``byteCount(title:body:tags:)``).
  ///
  /// - Parameter note: The note.
  /// - Returns: The bytes.
  public static func byteCount(of note: Note) -> Int {
    byteCount(title: note.title, body: note.body, tags: note.tags, properties: note.properties)
  }

  /// Everything of a note's file before its body.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - notebookValue: What follows `notebook:`; its notebook's identifier (or `none`) unless
  ///     given.
  /// - Returns: The front matter and the title's heading.
  private static func header(of note: Note, notebookValue: String? = nil) -> String {
    var lines = ["---", "id: \(note.id.uuidString.lowercased())"]
    let value = notebookValue ?? note.notebookID.map { $0.uuidString.lowercased() } ?? "none"
    lines.append("notebook: \(value)")
    lines.append("tags: \(json(note.tags))")
    lines.append("pinned: \(note.isPinned)")
    lines.append("created: \(stamp(note.createdAt))")
    lines.append("updated: \(stamp(note.updatedAt))")
    if let original = note.conflictOf {
      lines.append("conflict-of: \(original.uuidString.lowercased())")
    }
    lines += note.properties.map(\.frontMatterText)
    return header(lines, title: note.title)
  }

  private static func header(_ frontMatter: [String], title: String) -> String {
    var lines = frontMatter
    let plain = !title.contains(where: \.isNewline)
    if !plain { lines.append("title: \(json(title))") }
    lines.append("---")
    lines.append("# \(plain ? title : "")")
    return lines.joined(separator: "\n") + "\n\n"
  }

  private static func json(_ value: some Encodable) -> String {
    (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }

  // MARK: - Reading

  /// Reads a note's file.
  ///
  /// - Parameters:
  ///   - data: The file.
  ///   - id: The identifier its name gives, which the front matter must repeat.
  /// - Returns: The note.
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't a note's file.
  public static func note(from data: Data, id: UUID) throws(NoteDocumentError) -> Note {
    let parsed = try parse(data, id: id)
    return try note(
      parsed: parsed, body: parsed.body, properties: parsed.properties(readingKeys: noteKeys),
      id: id)
  }

  /// Reads a note's file under any name: its identifier is the one its front matter gives.
  ///
  /// It is a file a person may have had in hand (an export's), so a line of its front matter no
  /// field is read from (`source:`, added by hand) is kept at the top of the body, in a front
  /// matter of its own, as the lenient reader keeps other tools' keys. (A sync's reader,
  /// ``note(from:id:)``, reads only files FieldNotes wrote, and leaves out a key a newer
  /// FieldNotes added.)
  ///
  /// - Parameter data: The file.
  /// - Returns: The note.
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't a note's file.
  public static func note(fromFile data: Data) throws(NoteDocumentError) -> Note {
    try noteNamingItsNotebook(fromFile: data).note
  }

  /// Reads a note's file under any name, as ``note(fromFile:)`` does, and the name of its
  /// notebook when the file names it (as an export writes it) rather than giving its identifier.
  ///
  /// The note is then in no notebook, for the reader to put it in the one so named: the
  /// folder's it was found in, or a notebook of the library by that name.
  ///
  /// - Parameter data: The file.
  /// - Returns: The note, and its notebook's name (`nil` when the file gives an identifier, or
  ///   no notebook).
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't a note's file.
  public static func noteNamingItsNotebook(fromFile data: Data) throws(NoteDocumentError) -> (
    note: Note, notebookName: String?
  ) {
    var parsed = try parse(data, id: nil)
    guard let id = parsed.fields["id"].flatMap(UUID.init(uuidString:)) else {
      throw .malformed("it has no id")
    }
    var notebookName: String?
    if let value = parsed.fields["notebook"], UUID(uuidString: value) == nil {
      notebookName = Self.notebookName(fromEditorValue: value)
      parsed.fields["notebook"] = nil
    }
    let note = try note(
      parsed: parsed, body: parsed.body(keepingLinesNotIn: noteKeys),
      properties: parsed.properties(readingKeys: noteKeys), id: id)
    return (note, notebookName)
  }

  /// Reads a notebook's file under any name: its identifier is the one its front matter gives.
  ///
  /// - Parameter data: The file.
  /// - Returns: The notebook.
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't a notebook's file.
  public static func notebook(fromFile data: Data) throws(NoteDocumentError) -> Notebook {
    guard let id = try parse(data, id: nil).fields["id"].flatMap(UUID.init(uuidString:)) else {
      throw .malformed("it has no id")
    }
    return try notebook(from: data, id: id)
  }

  /// The keys a note's file gives its fields by.
  private static let noteKeys: Set<String> = [
    "id", "notebook", "tags", "pinned", "created", "updated", "conflict-of", "title",
  ]

  /// The keys that are never a property, in any case.
  ///
  /// They are those a note's file gives its fields by, and those the importer reads a field
  /// from (``readKeys``). A line of one of them that gives no field stays in the body, as it
  /// did before notes had properties.
  static let reservedKeys = noteKeys.union(readKeys)

  private static func note(
    parsed: ParsedFile, body: String, properties: [NoteProperty], id: UUID
  ) throws(NoteDocumentError) -> Note {
    let fields = parsed.fields
    let title = parsed.title
    guard let created = fields["created"].flatMap(date(from:)),
      let updated = fields["updated"].flatMap(date(from:))
    else { throw .malformed("its dates are missing, unreadable or out of range") }
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
    // Read leniently: a mark that isn't an identifier leaves a plain note, never an unreadable
    // file (which a sync would have to leave out).
    let original = fields["conflict-of"].flatMap(UUID.init(uuidString:))
    let bytes = byteCount(title: title, body: body, tags: tags, properties: properties)
    guard bytes <= maximumBytes else { throw .tooLarge(bytes: bytes) }
    return Note(
      id: id, title: title, body: body, createdAt: created, notebookID: notebook, tags: tags,
      isPinned: pinned, updatedAt: updated, conflictOf: original, properties: properties)
  }

  /// Reads a notebook's file.
  ///
  /// - Parameters:
  ///   - data: The file.
  ///   - id: The identifier its name gives, which the front matter must repeat.
  /// - Returns: The notebook.
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't a notebook's file.
  public static func notebook(from data: Data, id: UUID) throws(NoteDocumentError) -> Notebook {
    let parsed = try parse(data, id: id)
    let (fields, name) = (parsed.fields, parsed.title)
    var symbol = "book.closed"
    if let value = fields["symbol"] {
      guard let decoded = decode(String.self, value) else {
        throw .malformed("its symbol is not a string")
      }
      symbol = decoded
    }
    return Notebook(id: id, name: name, symbolName: symbol)
  }

  /// A file taken apart: its front matter, its title and its body.
  private struct ParsedFile {
    /// The front matter's values by key; of a key written twice, the last.
    var fields: [String: String] = [:]
    /// The front matter's lines as written, each with its key, in order.
    var lines: [(key: String, text: String)] = []
    /// The title.
    var title = ""
    /// The body.
    var body = ""

    /// The front-matter lines no field or property is read from: those of the keys FieldNotes
    /// reads (``NoteDocument/reservedKeys``) that the reader doesn't, and those of a key the
    /// reader reads written again below.
    ///
    /// - Parameter keys: The keys the reader reads.
    /// - Returns: The lines, in order.
    /// - Complexity: O(*n*) in the number of lines.
    func unreadLines(readingKeys keys: Set<String>) -> [(key: String, text: String)] {
      var last: [String: Int] = [:]
      for (index, line) in lines.enumerated() { last[line.key] = index }
      return lines.enumerated().filter { index, line in
        guard keys.contains(line.key) else { return !isProperty(line.key) }
        return last[line.key] != index
      }.map(\.element)
    }

    /// The properties: the lines of every key neither the reader nor FieldNotes reads, in
    /// order, each with the lines its value goes on over.
    ///
    /// - Parameter keys: The keys the reader reads.
    /// - Returns: The properties.
    func properties(readingKeys keys: Set<String>) -> [NoteProperty] {
      lines.filter { !keys.contains($0.key) && isProperty($0.key) }.map { line in
        NoteProperty(key: line.key, rawValue: String(line.text.dropFirst(line.key.count + 1)))
      }
    }

    /// Whether a key's lines make a property: a key FieldNotes never reads a field from.
    private func isProperty(_ key: String) -> Bool {
      !NoteDocument.reservedKeys.contains(key.lowercased())
    }

    /// The body, after the front-matter lines no field or property is read from, kept in a
    /// front matter of their own (``NoteDocument/keptFrontMatter(_:)``).
    ///
    /// - Parameter keys: The keys the reader reads.
    /// - Returns: The body.
    func body(keepingLinesNotIn keys: Set<String>) -> String {
      NoteDocument.keptFrontMatter(unreadLines(readingKeys: keys).map(\.text)) + body
    }
  }

  /// Splits a file into its front matter, its title and its body.
  ///
  /// - Parameters:
  ///   - data: The file.
  ///   - id: The identifier the front matter must repeat, or `nil` for a file that has none
  ///     (one written for an editor).
  /// - Returns: The front matter's fields and lines, the title, and the body.
  /// - Throws: ``NoteDocumentError`` when the file is too large or isn't such a file.
  private static func parse(_ data: Data, id: UUID?) throws(NoteDocumentError) -> ParsedFile {
    guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count) }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw .malformed("it is not UTF-8 text")
    }
    guard text.hasPrefix("---\n") else { throw .malformed("it has no front matter") }
    var rest = text.utf8.dropFirst(4)
    var parsed = ParsedFile()
    while true {
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        throw .malformed("its front matter never ends")
      }
      let line = String(Substring(rest[..<end]))
      rest = rest[rest.index(after: end)...]
      if line == "---" { break }
      // A line of the value above, written over several lines (`- item`, indented, a comment,
      // a blank line): part of that key's lines. Below a key of FieldNotes' own, whose value is
      // one line, a blank line is only space, and anything else is refused.
      if let last = parsed.lines.indices.last, isContinuation(line) {
        let key = parsed.lines[last].key
        if NoteDocument.reservedKeys.contains(key.lowercased()) {
          guard line.allSatisfy(\.isWhitespace) else {
            throw .malformed("its \(key): goes on over lines FieldNotes doesn't read")
          }
          continue
        }
        parsed.lines[last].text += "\n" + line
        continue
      }
      guard let colon = line.firstIndex(of: ":") else {
        throw .malformed("its front matter has a line without a key")
      }
      let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
      let key = String(line[..<colon])
      parsed.fields[key] = String(value)
      parsed.lines.append((key, line))
    }
    if let id, parsed.fields["id"].flatMap(UUID.init(uuidString:)) != id {
      throw .malformed("its id is not the one its name gives")
    }
    guard rest.starts(with: "# ".utf8) else { throw .malformed("it has no title heading") }
    let heading = rest
    rest = rest.dropFirst(2)
    let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    var title = String(Substring(rest[..<end]))
    rest = rest[end...]
    if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
    if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
    if let value = parsed.fields["title"] {
      guard let decoded = decode(String.self, value) else {
        throw .malformed("its title is not a string")
      }
      // FieldNotes writes `title:` with an empty heading (a title of several lines); a heading
      // a person wrote under one is text of theirs, so it stays as the body's first line.
      if !title.isEmpty { rest = heading }
      title = decoded
    }
    parsed.title = title
    parsed.body = String(Substring(rest))
    return parsed
  }

  /// Whether a front-matter line goes on with the value of the key above it rather than give a
  /// key of its own.
  private static func isContinuation(_ line: String) -> Bool {
    guard let first = line.first else { return true }
    return first == " " || first == "\t" || first == "#" || line == "-" || line.hasPrefix("- ")
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) -> Value? {
    try? JSONDecoder().decode(type, from: Data(text.utf8))
  }

  // MARK: - A note to edit

  /// A file as editors on every system may save it: without the byte-order mark some put
  /// first, and with `\n` line breaks where the front matter's are `\r\n`.
  private static func asWrittenByAPerson(_ data: Data) -> Data {
    var bytes = data
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard bytes.starts(with: Array("---\r\n".utf8)) else { return bytes }
    var plain = Data()
    plain.reserveCapacity(bytes.count)
    for (index, byte) in zip(bytes.indices, bytes) {
      let next = bytes.index(after: index)
      if byte == 0x0D, next < bytes.endIndex, bytes[next] == 0x0A { continue }
      plain.append(byte)
    }
    return plain
  }

  /// A notebook's name as the editor's file writes it after `notebook:`: as it is when it reads
  /// back as itself, else as a JSON string, so that any name comes back exactly (quotes, spaces
  /// at its ends, a line break, `none`).
  ///
  /// - Parameter name: The name, or `nil` for no notebook.
  /// - Returns: The value.
  static func editorValue(ofNotebookName name: String?) -> String {
    guard let name else { return "none" }
    let readsBack =
      !name.contains(where: \.isNewline) && notebookName(fromEditorValue: name) == name
    return readsBack ? name : json(name)
  }

  /// The notebook a `notebook:` value names: what its quotes hold, exactly, when it is quoted (a
  /// JSON string, or YAML's single quotes); otherwise the value without the spaces around it.
  ///
  /// - Parameter value: The value, as written.
  /// - Returns: The name; `nil` for no notebook (`none` unquoted, or nothing).
  static func notebookName(fromEditorValue value: String) -> String? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard trimmed.lowercased() != "none" else { return nil }
    let name = unquotedValue(trimmed)
    return name.isEmpty ? nil : name
  }

  /// A draft as the file handed to the user's editor: the same front matter, title heading and
  /// body as a note's file, with only what is the user's to change — its tags and notebook, by
  /// name — and no id or dates.
  ///
  /// ```
  /// ---
  /// notebook: Field trips
  /// tags: ["birds", "lake"]
  /// ---
  /// # Heron at the lake
  ///
  /// Grey heron, standing still in the shallows.
  /// ```
  ///
  /// - Parameter note: What the file holds.
  /// - Returns: The file's bytes.
  public static func data(ofEditable note: EditableNote) -> Data {
    let lines =
      [
        "---", "notebook: \(editorValue(ofNotebookName: note.notebookName))",
        "tags: \(json(note.tags))",
      ] + note.properties.map(\.frontMatterText)
    return Data((header(lines, title: note.title) + note.body).utf8)
  }

  /// The keys the editor's file gives a draft's fields by.
  static let editableKeys: Set<String> = ["notebook", "tags", "title"]

  /// Reads back the file an editor was given.
  ///
  /// Tags may be written as a list (`["birds", "lake"]`) or plainly, with commas or spaces
  /// between them (`birds, lake`), as a person editing the file might. A line of the front
  /// matter no field is read from (`pinned:`, `created:`, `source:`, a key written again
  /// below) is kept at the top of the body, in a front matter of its own, as the importer keeps
  /// it, and its key named in ``EditableNote/keysKeptInBody``: nothing written there is
  /// dropped.
  ///
  /// - Parameter data: The file as the editor left it.
  /// - Returns: What it holds.
  /// - Throws: ``NoteDocumentError`` when it is too large or its front matter or heading is
  ///   broken.
  public static func editableNote(from data: Data) throws(NoteDocumentError) -> EditableNote {
    let parsed = try parse(asWrittenByAPerson(data), id: nil)
    let (fields, title) = (parsed.fields, parsed.title)
    let body = parsed.body(keepingLinesNotIn: editableKeys)
    let properties = parsed.properties(readingKeys: editableKeys)
    var tags: [String] = []
    if let value = fields["tags"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
      if let decoded = decode([String].self, value) {
        tags = decoded
      } else if value.hasPrefix("[") {
        // A list as YAML writes it: `[birds, lake]`.
        guard value.hasSuffix("]") else { throw .malformed("its tags are not a list") }
        tags = value.dropFirst().dropLast().split(separator: ",").map { unquotedValue(String($0)) }
      } else {
        tags = value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
      }
      tags = tags.filter { !$0.isEmpty }
    }
    let bytes = byteCount(title: title, body: body, tags: tags, properties: properties)
    guard bytes <= maximumBytes else { throw .tooLarge(bytes: bytes) }
    var keptKeys: [String] = []
    var named = Set<String>()
    for (key, _) in parsed.unreadLines(readingKeys: editableKeys) where named.insert(key).inserted {
      keptKeys.append(key)
    }
    return EditableNote(
      title: title, body: body, tags: tags,
      notebookName: fields["notebook"].flatMap(notebookName(fromEditorValue:)),
      keysKeptInBody: keptKeys, properties: properties)
  }
}

/// What a user edits of a note in their editor: its text, its tags, and its notebook by name.
public struct EditableNote: Hashable, Sendable {
  /// The title.
  public var title: String
  /// The body, exactly.
  public var body: String
  /// The tags, as written.
  public var tags: [String]
  /// The notebook's name, or `nil` for none.
  public var notebookName: String?
  /// The keys of the front-matter lines read back from the file that no field is read from,
  /// kept at the top of ``body`` (`pinned`, `source`), in the order written; none for a file
  /// given.
  public var keysKeptInBody: [String]
  /// The front-matter keys FieldNotes has no field for, each with its value as written, in
  /// the order written (see ``FieldNotesModel/NoteProperty``).
  public var properties: [NoteProperty]

  /// Creates what an editor is given, or what it gave back.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - body: The body.
  ///   - tags: The tags.
  ///   - notebookName: The notebook's name, or `nil` for none.
  ///   - keysKeptInBody: The keys of front-matter lines kept in the body; none by default.
  ///   - properties: The properties; none by default.
  public init(
    title: String, body: String, tags: [String], notebookName: String?,
    keysKeptInBody: [String] = [], properties: [NoteProperty] = []
  ) {
    self.title = title
    self.body = body
    self.tags = tags
    self.notebookName = notebookName
    self.keysKeptInBody = keysKeptInBody
    self.properties = properties
  }
}

/// Why a file can't be read as a note or a notebook.
public enum NoteDocumentError: Error, Hashable, Sendable {
  /// It isn't a FieldNotes file, for the reason given.
  case malformed(String)
  /// It is larger than ``NoteDocument/maximumBytes``: the bytes its note would take.
  case tooLarge(bytes: Int)

  /// Why, in a few words, such as "its tags are not a list".
  public var reason: String {
    switch self {
    case .malformed(let reason): reason
    case .tooLarge(let bytes):
      "it is \(bytes) bytes, more than the \(NoteDocument.maximumBytes) a note may be"
    }
  }
}
