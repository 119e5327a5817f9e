import FieldNotesFormats
import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

/// A note's file: readable Markdown that reads back as the same note, and the one measure of a
/// note's size.
@Suite struct NoteDocumentTests {
  static let id = UUID(uuidString: "00000000-0000-0000-0000-000000000042") ?? UUID()
  static let noon = Date(timeIntervalSince1970: 1_795_953_600)

  @Test func aNoteIsFrontMatterThenItsTitleThenItsBodyVerbatim() throws {
    let note = Note(
      id: Self.id, title: "Heron", body: "Grey heron.\n\nStill in the shallows.",
      createdAt: Self.noon, notebookID: UUID(uuidString: "00000000-0000-0000-0000-0000000000B1"),
      tags: ["birds", "lake"], isPinned: true, updatedAt: Self.noon.addingTimeInterval(1_800))
    let text = String(decoding: NoteDocument.data(of: note), as: UTF8.self)
    #expect(
      text == """
        ---
        id: 00000000-0000-0000-0000-000000000042
        notebook: 00000000-0000-0000-0000-0000000000b1
        tags: ["birds","lake"]
        pinned: true
        created: 2026-11-29T12:00:00.000Z
        updated: 2026-11-29T12:30:00.000Z
        ---
        # Heron

        Grey heron.

        Still in the shallows.
        """)
    #expect(try NoteDocument.note(from: Data(text.utf8), id: note.id) == note)
  }

  /// A conflict copy's file names the note it conflicts with, so every machine that reads it
  /// knows it for a copy; a note that is no copy has no such line.
  @Test func aConflictCopysFileNamesTheNoteItConflictsWith() throws {
    let original = UUID(uuidString: "00000000-0000-0000-0000-0000000000A1") ?? UUID()
    let copy = Note(
      id: Self.id, title: "Heron (conflict 2026-11-29 12:05)", body: "It flew off.",
      createdAt: Self.noon, updatedAt: Self.noon, conflictOf: original)
    let text = String(decoding: NoteDocument.data(of: copy), as: UTF8.self)
    #expect(
      text == """
        ---
        id: 00000000-0000-0000-0000-000000000042
        notebook: none
        tags: []
        pinned: false
        created: 2026-11-29T12:00:00.000Z
        updated: 2026-11-29T12:00:00.000Z
        conflict-of: 00000000-0000-0000-0000-0000000000a1
        ---
        # Heron (conflict 2026-11-29 12:05)

        It flew off.
        """)
    #expect(try NoteDocument.note(from: Data(text.utf8), id: Self.id).conflictOf == original)
    var resolved = copy
    resolved.conflictOf = nil
    let plain = String(decoding: NoteDocument.data(of: resolved), as: UTF8.self)
    #expect(!plain.contains("conflict-of"))
    #expect(try NoteDocument.note(from: Data(plain.utf8), id: Self.id) == resolved)
  }

  @Test(arguments: [
    ("Two\nlines", ""), ("Plain", "\nstarts with a blank line"), ("Plain", ""),
    ("  spaced  ", "ends with blank lines\n\n"), ("Café 鳥 🐦", "naïve\r\nCRLF"),
    ("# hash", "---\nnot front matter\n---"), ("a/b \"quoted\"\n", "\u{0}NUL"),
  ])
  func anyTitleAndBodyReadBackExactly(title: String, body: String) throws {
    let note = Note(id: Self.id, title: title, body: body, createdAt: Self.noon)
    let data = NoteDocument.data(of: note)
    #expect(try NoteDocument.note(from: data, id: note.id) == note)
  }

  /// A key a person added to a FieldNotes file's front matter is a property of its note.
  ///
  /// The file (an export's) is read as the note, as the importer keeps other tools' keys:
  /// nothing of the file is dropped. A key of FieldNotes' own written twice stays in the body.
  @Test func aKeyAddedToAFieldNotesFilesFrontMatterIsAProperty() throws {
    let note = Note(id: Self.id, title: "Heron", body: "Grey.", createdAt: Self.noon)
    let text = String(decoding: NoteDocument.data(of: note), as: UTF8.self)
      .replacingOccurrences(
        of: "pinned: false\n",
        with: "pinned: false\nsource: https://example.org\npinned: false\n")

    var kept = note
    kept.body = "---\npinned: false\n---\nGrey."
    kept.properties = [NoteProperty(key: "source", rawValue: " https://example.org")]
    #expect(try NoteDocument.note(fromFile: Data(text.utf8)) == kept)
  }

  /// A note's properties go in its front matter after FieldNotes' own keys, in their order and
  /// as written, a list over several lines too; every reader gives them back byte for byte.
  @Test func propertiesAreWrittenInTheFrontMatterAndReadBackByteForByte() throws {
    let properties = [
      NoteProperty(key: "aliases", rawValue: "\n  - Grey heron\n  - 'Ardea cinerea'"),
      NoteProperty(key: "status", rawValue: " draft"),
      NoteProperty(key: "cssclasses", rawValue: " [wide, \"no-title\"]"),
      NoteProperty(key: "source", rawValue: ""),
    ]
    let note = Note(
      id: Self.id, title: "Heron", body: "Grey.", createdAt: Self.noon, properties: properties)
    let data = NoteDocument.data(of: note)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.hasSuffix(
        "updated: 2026-11-29T12:00:00.000Z\naliases:\n  - Grey heron\n  - 'Ardea cinerea'\n"
          + "status: draft\ncssclasses: [wide, \"no-title\"]\nsource:\n---\n# Heron\n\nGrey."))
    #expect(try NoteDocument.note(from: data, id: Self.id) == note)
    #expect(try NoteDocument.note(fromFile: data) == note)
    #expect(NoteDocument.data(of: try NoteDocument.note(fromFile: data)) == data)
    #expect(NoteDocument.byteCount(of: note) >= data.count)
    #expect(
      NoteDocument.byteCount(of: note)
        > NoteDocument.byteCount(of: Note(title: "Heron", body: "Grey.")))
  }

  /// A sync file written before notes had properties reads as a note with none; one whose key
  /// of FieldNotes' own goes on over lines it doesn't read is refused, never half read.
  @Test func aFileWithoutPropertiesHasNoneAndAContinuedKeyOfItsOwnIsRefused() throws {
    let note = Note(id: Self.id, title: "Heron", body: "Grey.", createdAt: Self.noon)
    #expect(try NoteDocument.note(from: NoteDocument.data(of: note), id: Self.id).properties == [])
    let spaced = String(decoding: NoteDocument.data(of: note), as: UTF8.self)
      .replacingOccurrences(of: "tags: []\n", with: "tags: []\n\n")
    #expect(try NoteDocument.note(fromFile: Data(spaced.utf8)) == note, "a blank line is space")
    let text = String(decoding: NoteDocument.data(of: note), as: UTF8.self)
      .replacingOccurrences(of: "tags: []\n", with: "tags:\n  - birds\n")
    #expect(
      throws: NoteDocumentError.malformed("its tags: goes on over lines FieldNotes doesn't read")
    ) {
      try NoteDocument.note(fromFile: Data(text.utf8))
    }
  }

  @Test func datesOutsideYearsOneTo9999AreWrittenAsSeconds() throws {
    let note = Note(id: Self.id, title: "Far", createdAt: Date(timeIntervalSince1970: 1e12))
    let data = NoteDocument.data(of: note)
    #expect(String(decoding: data, as: UTF8.self).contains("created: 1000000000000.0"))
    #expect(try NoteDocument.note(from: data, id: note.id) == note)
  }

  @Test func aNotebookReadsBack() throws {
    let notebook = Notebook(id: Self.id, name: "Field \"trips\"", symbolName: "map")
    #expect(
      try NoteDocument.notebook(from: NoteDocument.data(of: notebook), id: notebook.id)
        == notebook)
  }

  @Test func malformedFilesAreRefusedWithAReason() {
    let id = Self.id
    let other = UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID()
    let cases: [(String, NoteDocumentError)] = [
      ("no front matter", .malformed("it has no front matter")),
      ("---\nid: \(id.uuidString)\n", .malformed("its front matter never ends")),
      (
        "---\nid: \(other.uuidString)\n---\n# T\n\n",
        .malformed("its id is not the one its name gives")
      ),
      (
        "---\nid: \(id.uuidString)\n---\n# T\n\n",
        .malformed("its dates are missing, unreadable or out of range")
      ),
      (
        "---\nid: \(id.uuidString)\ncreated: 0\nupdated: 0\ntags: birds\n---\n# T\n\n",
        .malformed("its tags are not a list")
      ),
      ("---\nid: \(id.uuidString)\n---\nno heading", .malformed("it has no title heading")),
    ]
    for (text, problem) in cases {
      #expect(throws: problem) { try NoteDocument.note(from: Data(text.utf8), id: id) }
    }
    #expect(throws: NoteDocumentError.malformed("it is not UTF-8 text")) {
      try NoteDocument.note(from: Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF]), id: id)
    }
  }

  // MARK: - Size

  /// The measure never undercounts a file, whatever the pin, notebook and dates; it is exact
  /// for the widest of them (a notebook, unpinned, dates in years 1 to 9999, and a conflict's
  /// original).
  @Test func theMeasureIsTheLargestFileTheNoteCanMake() {
    var random = LinearCongruentialGenerator(state: 5)
    let titles = ["Heron", "", "Two\nlines", "quote \" and / slash\n", "鳥 🐦", "\u{1B}[2J"]
    for _ in 0..<500 {
      let title = titles[Int.random(in: titles.indices, using: &random)]
      let tags = (0..<Int.random(in: 0...5, using: &random)).map { "tag\($0)ü" }
      let body = String(repeating: "é", count: Int.random(in: 0...50, using: &random))
      let measure = NoteDocument.byteCount(title: title, body: body, tags: tags)
      let widest = Note(
        title: title, body: body, createdAt: Self.noon, notebookID: random.uuid(), tags: tags,
        conflictOf: random.uuid())
      #expect(NoteDocument.data(of: widest).count == measure)
      for isPinned in [true, false] {
        for date in [Self.noon, Date(timeIntervalSince1970: -1e12), .distantFuture] {
          let note = Note(
            title: title, body: body, createdAt: date, tags: tags, isPinned: isPinned,
            updatedAt: date)
          #expect(NoteDocument.data(of: note).count <= measure)
        }
      }
    }
  }

  /// The quick answer to whether a note fits is the measure's answer, at the limit and either
  /// side of it, whatever the title and tags make the header (escaped, on two lines, quoted).
  @Test func whetherANoteFitsIsWhatItsMeasureSays() {
    let titles = ["Large", String(repeating: "\u{1}\u{2}", count: 2_000), "Two\nlines"]
    let tagLists = [[], ["\"quoted\"", "x"], (0..<50).map { "tag\($0)\u{7}" }]
    for title in titles {
      for tags in tagLists {
        let header = NoteDocument.byteCount(title: title, body: "", tags: tags)
        for excess in [-1_100, -1, 0, 1] {
          let note = Note(
            title: title,
            body: String(repeating: "a", count: NoteDocument.maximumBytes - header + excess),
            createdAt: Self.noon, tags: tags)
          #expect(
            NoteDocument.isWithinLimit(note)
              == (NoteDocument.byteCount(of: note) <= NoteDocument.maximumBytes))
          #expect(NoteDocument.isWithinLimit(note) == (excess <= 0))
        }
      }
    }
  }

  /// A file is read only when the note in it fits the limit as every other way in counts it;
  /// the size of the file alone doesn't settle it (a note in no notebook writes a shorter file).
  @Test func aNoteOverTheLimitIsRefusedHoweverItsFileIsShort() throws {
    let header = NoteDocument.byteCount(title: "Large", body: "", tags: [])
    let fits = Note(
      id: Self.id, title: "Large",
      body: String(repeating: "a", count: NoteDocument.maximumBytes - header),
      createdAt: Self.noon)
    #expect(try NoteDocument.note(from: NoteDocument.data(of: fits), id: Self.id) == fits)

    var over = fits
    over.body += "a"
    let file = NoteDocument.data(of: over)
    #expect(file.count <= NoteDocument.maximumBytes, "no notebook: 32 bytes short of the widest")
    #expect(throws: NoteDocumentError.tooLarge(bytes: NoteDocument.maximumBytes + 1)) {
      try NoteDocument.note(from: file, id: Self.id)
    }
  }
}

/// Dates are written to the millisecond and read back only when they name a real moment.
@Suite struct NoteDocumentDateTests {
  @Test func aDateReadBackWritesTheSameText() throws {
    var random = LinearCongruentialGenerator(state: 7)
    for _ in 0..<2_000 {
      let date = Date(
        timeIntervalSince1970: Double.random(in: -62_000_000_000...253_000_000_000, using: &random))
      let note = Note(id: NoteDocumentTests.id, title: "T", createdAt: date)
      let once = NoteDocument.data(of: note)
      let twice = NoteDocument.data(of: try NoteDocument.note(from: once, id: note.id))
      #expect(once == twice)
    }
    #expect(
      NoteDocument.stamp(Date(timeIntervalSince1970: 1_795_953_600.25))
        == "2026-11-29T12:00:00.250Z")
    #expect(
      NoteDocument.stamp(Date(timeIntervalSince1970: 1_795_953_600.456))
        == "2026-11-29T12:00:00.456Z", "rounded, not cut")
    #expect(NoteDocument.stamp(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    #expect(
      NoteDocument.stamp(Date(timeIntervalSince1970: -62_135_596_800))
        == "0001-01-01T00:00:00.000Z")
  }

  /// Fields out of range are refused, never carried into the next day or year; a year of
  /// nine digits (which once overflowed a multiplication) is refused, not a crash.
  @Test(arguments: [
    "999999999-1-1T1:1:1.111Z", "2025-01-01T99:99:99.999Z", "2025-13-01T00:00:00.000Z",
    "2025-02-29T00:00:00.000Z", "2024-04-31T00:00:00.000Z", "0000-01-01T00:00:00.000Z",
    "2025-01-01T24:00:00.000Z", "2025-01-01T00:60:00.000Z", "2025-01-01T00:00:60.000Z",
    "2025-01-01 00:00:00.000Z", "2025-01-01T00:00:00.000+", "+025-01-01T00:00:00.000Z",
    "2025-01-01T00:00:00.-01Z", "1e300", "-1e13", "nan", "inf", "", "0x1p99",
  ])
  func aDateThatIsNoRealMomentIsRefused(text: String) {
    #expect(NoteDocument.date(from: text) == nil)
  }

  @Test func realMomentsAreRead() {
    #expect(NoteDocument.date(from: "2024-02-29T23:59:59.999Z") != nil)
    #expect(NoteDocument.date(from: "9999-12-31T23:59:59.999Z") != nil)
    #expect(
      NoteDocument.date(from: "-62167219200.0") == Date(timeIntervalSince1970: -62_167_219_200))
  }

  /// The reader, fed damaged files: every answer is a note or a reason, never a crash, and a
  /// note it reads writes a file that reads back as the same note.
  @Test func damagedFilesGiveANoteOrAReasonNeverACrash() throws {
    let id = NoteDocumentTests.id
    let seed = NoteDocument.data(
      of: Note(
        id: id, title: "Heron", body: "Grey.\n---\nStill.", createdAt: NoteDocumentTests.noon,
        tags: ["birds"]))
    let pieces = [
      "9", "-", ":", "\n", "---\n", "T", "Z", ".", "\u{0}", "é", "999999999", "\"", "[", "]",
      "created: ", "updated: 1e308\n", "title: \"x\\ny\"\n", "tags: [\"a\"]\n", "pinned: maybe\n",
    ].map { Array($0.utf8) }
    var random = LinearCongruentialGenerator(state: 13)
    var read = 0
    for _ in 0..<20_000 {
      var bytes = Array(seed)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          bytes.insert(contentsOf: pieces[Int.random(in: pieces.indices, using: &random)], at: at)
        case 1 where at < bytes.count: bytes.remove(at: at)
        case 2 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
        default: bytes = Array(bytes.prefix(at))
        }
      }
      guard let note = try? NoteDocument.note(from: Data(bytes), id: id) else { continue }
      read += 1
      #expect(try NoteDocument.note(from: NoteDocument.data(of: note), id: id) == note)
    }
    #expect(read > 0, "some damaged files still read as notes")
  }
}

/// The file a user's editor is given: only what is theirs to edit, read back whatever a person
/// does to it.
@Suite struct EditableNoteDocumentTests {
  @Test(arguments: [
    EditableNote(
      title: "Heron", body: "Grey.\n\nStill.", tags: ["birds", "lake"], notebookName: "Birds"),
    EditableNote(title: "No notebook", body: "", tags: [], notebookName: nil),
    EditableNote(
      title: "Two\nlines", body: "---\n# not a heading", tags: ["x"], notebookName: "Field trips"),
  ])
  func aNoteToEditComesBackAsItWent(_ note: EditableNote) throws {
    let data = NoteDocument.data(ofEditable: note)
    #expect(!String(decoding: data, as: UTF8.self).contains("id:"), "no id or dates to edit")
    #expect(try NoteDocument.editableNote(from: data) == note)
  }

  /// Any notebook's name, as an import or a sync may bring it, comes back from the editor's file
  /// exactly: quotes, a colon, spaces at its ends, `#`, a backslash, a control character, and a
  /// name that is a word the front matter gives a meaning to (`none`).
  @Test(arguments: [
    "\"Quoted\"", "'Single'", "Birds: spring", "  Leading and trailing  ", "#birds", "a # b",
    "C:\\temp", "say \"hi\"", "\"", "none", "None", "tab\there", "two\nlines", "鳥 🐦",
  ])
  func anyNotebookNameComesBackAsItWent(_ name: String) throws {
    let note = EditableNote(title: "Heron", body: "Grey.", tags: ["birds"], notebookName: name)
    #expect(try NoteDocument.editableNote(from: NoteDocument.data(ofEditable: note)) == note)
  }

  @Test func tagsMayBeWrittenPlainlyAndTheFrontMatterIsStillChecked() throws {
    let plain = try NoteDocument.editableNote(
      from: Data("---\ntags: birds, lake winter\nnotebook: none\n---\n# Heron\n\nGrey.".utf8))
    #expect(plain.tags == ["birds", "lake", "winter"])
    #expect(plain.notebookName == nil)
    #expect(throws: NoteDocumentError.malformed("it has no front matter")) {
      try NoteDocument.editableNote(from: Data("# Heron\n".utf8))
    }
    #expect(throws: NoteDocumentError.malformed("its tags are not a list")) {
      try NoteDocument.editableNote(from: Data("---\ntags: [birds\n---\n# Heron\n".utf8))
    }
  }

  /// Front-matter lines of keys FieldNotes reads that the editor's file takes no field from
  /// (`pinned:`, `created:`, one of its own keys written twice) are kept at the top of the body,
  /// in a front matter of their own, as the importer keeps them; another key (`source:`) is a
  /// property: nothing typed there is dropped.
  @Test func linesTheFileTakesNoFieldFromAreKeptAtTheTopOfTheBody() throws {
    let text = """
      ---
      notebook: Birds
      pinned: true
      created: 2026-01-05
      tags: [birds]
      source: https://example.org/heron
      tags: [lake]
      ---
      # Heron

      Grey.
      """
    let edited = try NoteDocument.editableNote(from: Data(text.utf8))
    #expect(edited.title == "Heron")
    #expect(edited.notebookName == "Birds")
    #expect(edited.tags == ["lake"], "the last `tags:` line is the one read")
    #expect(
      edited.body == "---\npinned: true\ncreated: 2026-01-05\ntags: [birds]\n---\nGrey.")
    #expect(edited.keysKeptInBody == ["pinned", "created", "tags"])
    #expect(
      edited.properties == [NoteProperty(key: "source", rawValue: " https://example.org/heron")])
    // Given back to the editor, the lines kept stay where they are, in the body.
    var inBody = edited
    inBody.keysKeptInBody = []
    #expect(try NoteDocument.editableNote(from: NoteDocument.data(ofEditable: edited)) == inBody)
  }

  /// The editor's file holds the note's properties in its front matter, as written; a
  /// property added, changed or removed there is read back so, the others byte for byte.
  @Test func theEditorsFileHoldsThePropertiesAndReadsEditsToThem() throws {
    let given = EditableNote(
      title: "Heron", body: "Grey.\n", tags: ["birds"], notebookName: "Birds",
      properties: [
        NoteProperty(key: "aliases", rawValue: "\n  - Grey heron"),
        NoteProperty(key: "status", rawValue: " draft"),
      ])
    let text = String(decoding: NoteDocument.data(ofEditable: given), as: UTF8.self)
    #expect(
      text == "---\nnotebook: Birds\ntags: [\"birds\"]\naliases:\n  - Grey heron\nstatus: draft\n"
        + "---\n# Heron\n\nGrey.\n")
    #expect(try NoteDocument.editableNote(from: Data(text.utf8)) == given)

    let edited =
      text
      .replacingOccurrences(of: "status: draft\n", with: "status: done\nsource: field trip\n")
      .replacingOccurrences(of: "aliases:\n  - Grey heron\n", with: "")
    let read = try NoteDocument.editableNote(from: Data(edited.utf8))
    #expect(
      read.properties == [
        NoteProperty(key: "status", rawValue: " done"),
        NoteProperty(key: "source", rawValue: " field trip"),
      ])
    #expect(read.body == "Grey.\n" && read.keysKeptInBody == [])
  }

  /// A `title:` line and a heading of the user's both say a title: the line gives it, and the
  /// heading, being text the user wrote, stays at the top of the body, in the editor's file and
  /// in an exported one alike.
  @Test func aHeadingUnderATitleLineIsKeptInTheBody() throws {
    let text = "---\ntags: []\ntitle: \"Heron\"\n---\n# Grey heron at the weir\n\nStill.\n"
    let edited = try NoteDocument.editableNote(from: Data(text.utf8))
    #expect(edited.title == "Heron")
    #expect(edited.body == "# Grey heron at the weir\n\nStill.\n")

    let id = UUID()
    let exported =
      "---\nid: \(id.uuidString)\nnotebook: none\ntags: []\npinned: false\n"
      + "created: 2026-11-29T12:00:00.000Z\nupdated: 2026-11-29T12:00:00.000Z\n"
      + "title: \"Heron\"\n---\n# Grey heron at the weir\nStill.\n"
    let note = try NoteDocument.note(fromFile: Data(exported.utf8))
    #expect(note.title == "Heron")
    #expect(note.body == "# Grey heron at the weir\nStill.\n")
  }

  /// The forms a person or another editor writes: a YAML list, a quoted notebook, Windows line
  /// breaks, a byte-order mark.
  @Test func theFormsOtherEditorsWriteAreRead() throws {
    let expected = EditableNote(
      title: "Heron", body: "Grey.\nStill.", tags: ["birds", "lake"], notebookName: "Field trips")
    for text in [
      "---\nnotebook: \"Field trips\"\ntags: [birds, 'lake']\n---\n# Heron\n\nGrey.\nStill.",
      "---\r\nnotebook: Field trips\r\ntags: birds, lake\r\n---\r\n# Heron\r\n\r\nGrey.\r\nStill.",
      "\u{FEFF}---\nnotebook: 'Field trips'\ntags: [\"birds\", \"lake\"]\n---\n# Heron\n\nGrey.\nStill.",
    ] {
      #expect(try NoteDocument.editableNote(from: Data(text.utf8)) == expected, "\(text)")
    }
  }
}
