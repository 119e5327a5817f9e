import FieldNotesModel
import FieldNotesTesting
import FieldNotesText
import Foundation
import Testing

@Suite struct NoteTests {
  @Test func initializerUsesTheSeedDefaults() {
    let note = Note(title: "Heron")
    #expect(note.body == "")
    #expect(note.notebookID == nil)
    #expect(note.tags == [])
    #expect(note.isPinned == false)
    #expect(note.updatedAt == note.createdAt)
  }

  @Test func addTagAppendsOnce() {
    var heron = Note(title: "Heron")
    heron.addTag("birds")
    heron.addTag("birds")
    heron.addTag("lake")
    #expect(heron.tags == ["birds", "lake"])
  }

  /// The one way a note's tags are written in a line, by every screen and the Markdown records.
  @Test func tagsAreWrittenAsHashtagsInTheirOrder() {
    #expect(TagRules.hashtags(["birds", "lake"]) == "#birds #lake")
    #expect(TagRules.hashtags([]) == "")
  }

  @Test func addingTagLeavesTheOriginalUnchanged() {
    let heron = Note(title: "Heron", tags: ["birds"])
    let tagged = heron.addingTag("lake")
    #expect(heron.tags == ["birds"])
    #expect(tagged.tags == ["birds", "lake"])
    #expect(tagged.id == heron.id)
  }

  @Test func codableRoundTripKeepsEveryField() throws {
    let note = Note(
      title: "Émile's \"notes\" 🦉", body: "line one\nline two",
      createdAt: Date(timeIntervalSinceReferenceDate: 1234.5678),
      notebookID: UUID(), tags: ["a", "b"], isPinned: true,
      updatedAt: Date(timeIntervalSinceReferenceDate: 9999.25))
    let data = try JSONEncoder().encode(note)
    #expect(try JSONDecoder().decode(Note.self, from: data) == note)
  }

  @Test func notebookDefaultsToTheClosedBookSymbol() {
    #expect(Notebook(name: "Birds").symbolName == "book.closed")
  }

  @Test func libraryRoundTripsThroughJSON() throws {
    let birds = Notebook(name: "Birds")
    let library = NoteLibrary(
      notebooks: [birds], notes: [Note(title: "Heron", notebookID: birds.id)])
    let data = try JSONEncoder().encode(library)
    #expect(try JSONDecoder().decode(NoteLibrary.self, from: data) == library)
  }
}

@Suite struct NoteDisplayAndSearchTests {
  @Test func excerptIsTheFirstLineWithTextCollapsedAndCut() {
    #expect(
      Note(title: "", body: "\n  \n  first   line  here \nsecond").excerpt == "first line here")
    #expect(Note(title: "", body: "").excerpt == "")
    let long = String(repeating: "word ", count: 30)
    let excerpt = Note(title: "", body: long).excerpt
    #expect(excerpt.count == Note.excerptLength)
    #expect(excerpt.hasSuffix("…"))
    let exact = String(repeating: "x", count: Note.excerptLength)
    #expect(Note(title: "", body: exact).excerpt == exact)
  }

  /// The excerpt reads ASCII by its bytes and the rest by its characters; wherever the two
  /// meet (a mark joining the letter before it, CR LF, a separator that isn't ASCII, a cut
  /// mid-way), it must read as the plain definition does, character by character.
  @Test func theExcerptReadsAsTheFirstLineCollapsedCharacterByCharacter() {
    let pieces = [
      "a", "b", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "e\u{301}", "\u{301}",
      "é", "\u{A0}", "\u{2028}", "\u{85}", "👩\u{200D}🌾", "🇫🇷", "x\u{FE0F}", "…", "日本",
    ]
    var random = LinearCongruentialGenerator(state: 7)
    for _ in 0..<2_000 {
      let body = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }.joined()
      for maximumLength in [1, 2, 5, 12, 60] {
        let note = Note(title: "", body: body)
        #expect(
          note.excerpt(maximumLength: maximumLength)
            == Self.excerpt(of: body, maximumLength: maximumLength),
          "\(body.debugDescription) cut to \(maximumLength)")
      }
    }
  }

  /// The excerpt as its documentation defines it, read character by character: the body's
  /// characters, and one space for each run of whitespace between them, counted as read.
  private static func excerpt(of body: String, maximumLength: Int) -> String {
    var read: [String] = []
    var pendingSpace = false
    for character in body {
      if character.isNewline {
        if !read.isEmpty { break }
        continue
      }
      if character.isWhitespace {
        pendingSpace = !read.isEmpty
        continue
      }
      if pendingSpace { read.append(" ") }
      pendingSpace = false
      read.append(String(character))
    }
    guard read.count > maximumLength else { return read.joined() }
    return read.prefix(maximumLength - 1).joined() + "…"
  }

  @Test func foldingIgnoresCaseAndDiacritics() {
    #expect(SearchFolding.fold("Café ÜBER naïve") == SearchFolding.fold("cafe uber naive"))
    #expect(SearchFolding.fold("HERON") == Array("heron".utf8))
    #expect(SearchFolding.contains(SearchFolding.fold("Grey Héron"), SearchFolding.fold("HERON")))
    #expect(!SearchFolding.contains(SearchFolding.fold("Grey"), SearchFolding.fold("greyer")))
    #expect(SearchFolding.contains(SearchFolding.fold("abc"), []))
  }

  @Test func matchesLooksInTitleBodyAndTagsLiterally() {
    let note = Note(title: "Café", body: "100% sure", tags: ["snake_case"])
    #expect(note.matches("CAFE"))
    #expect(note.matches("%"))
    #expect(note.matches("_"))
    #expect(note.matches("snake"))
    #expect(!note.matches("zebra"))
    #expect(note.matches(""))
  }

  @Test func firstOfSortedIsThePrefixOfSorted() {
    var random = LinearCongruentialGenerator(state: 3)
    let notes = (0..<500).map { index in
      Note(
        id: random.uuid(), title: "Note \(Int.random(in: 0...50, using: &random))",
        createdAt: Date(
          timeIntervalSinceReferenceDate: Double(Int.random(in: 0...100, using: &random))),
        isPinned: Int.random(in: 0..<5, using: &random) == 0,
        updatedAt: Date(
          timeIntervalSinceReferenceDate: Double(Int.random(in: 100...120, using: &random))))
    }
    for order in NoteSortOrder.allCases {
      #expect(order.first(20, of: notes) == Array(order.sorted(notes).prefix(20)))
      #expect(order.first(1_000, of: notes) == order.sorted(notes))
    }
  }

  /// By title, case and diacritics don't count and numbers go by their value.
  @Test func titleOrderIgnoresCaseAndDiacriticsAndReadsNumbers() {
    let titles = ["cherry", "Émile", "apple", "Note 10", "Banana", "eagle", "note 9", "Fox"]
    let notes = titles.enumerated().map { offset, title in
      Note(title: title, createdAt: Date(timeIntervalSinceReferenceDate: Double(offset)))
    }
    #expect(
      NoteSortOrder.title.sorted(notes).map(\.title) == [
        "apple", "Banana", "cherry", "eagle", "Émile", "Fox", "note 9", "Note 10",
      ])
  }

  /// A title's key orders as its text reads: case and diacritics don't count, numbers go by
  /// their value (leading zeros aside), and a number sorts where a digit would.
  @Test func theTitleKeyOrdersTitlesAsTheyRead() {
    let key = NoteSortOrder.titleKey
    #expect(key("Émile") == key("emile"))
    #expect(key("CAFÉ") == key("cafe"))
    #expect(key("Note 007") == key("note 7"))
    #expect(key("Note 9").lexicographicallyPrecedes(key("Note 10")))
    #expect(key("Note 99").lexicographicallyPrecedes(key("Note 100")))
    #expect(key("a9b").lexicographicallyPrecedes(key("a10a")))
    #expect(key("2 herons").lexicographicallyPrecedes(key("a heron")), "digits before letters")
    #expect(key("heron").lexicographicallyPrecedes(key("heron 2")))
    #expect(key("").lexicographicallyPrecedes(key(" ")))
  }

  /// For titles of letters, digits and spaces, the key's order is the one Foundation's
  /// case-, diacritic-insensitive and numeric compare gives.
  @Test func theTitleKeyAgreesWithFoundationsNumericCompareOnPlainTitles() {
    var random = LinearCongruentialGenerator(state: 7)
    let alphabet = Array("abcXYZéÉ 0123456789")
    let titles = (0..<400).map { _ in
      String(
        (0..<Int.random(in: 1...8, using: &random)).map { _ in
          alphabet[Int.random(in: alphabet.indices, using: &random)]
        })
    }
    for (left, right) in zip(titles, titles.dropFirst()) {
      let foundation = left.compare(
        right, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
      let keys = (NoteSortOrder.titleKey(left), NoteSortOrder.titleKey(right))
      let ours: ComparisonResult =
        keys.0 == keys.1
        ? .orderedSame
        : keys.0.lexicographicallyPrecedes(keys.1) ? .orderedAscending : .orderedDescending
      #expect(ours == foundation, "\(left.debugDescription) vs \(right.debugDescription)")
    }
  }

  /// By title the first notes are selected rather than sorted; whatever order the notes come
  /// in, and however many are asked for, the selection is the prefix of the full sort.
  @Test(arguments: [0, 1, 2, 19, 200, 399, 400, 401])
  func firstByTitleIsThePrefixOfSortedForEveryInputOrder(count: Int) {
    let titles = [
      "Heron", "heron", "Héron", "HÉRON", "Heron 2", "Heron 10", "heron 02", "Héron 1", "Zebra",
      "zèbre", "Æther", "aether", "", " ", "10", "9", "009", "Ωmega", "omega", "Straße", "STRASSE",
      "café", "Cafe", "CAFÉ 3", "cafe 20",
    ]
    var random = LinearCongruentialGenerator(state: 11)
    let notes = (0..<400).map { _ in
      Note(
        id: random.uuid(), title: titles[Int.random(in: titles.indices, using: &random)],
        createdAt: Date(
          timeIntervalSinceReferenceDate: Double(Int.random(in: 0...20, using: &random))),
        isPinned: Int.random(in: 0..<8, using: &random) == 0)
    }
    let sorted = NoteSortOrder.title.sorted(notes)
    let expected = Array(sorted.prefix(count))
    for input in [notes, sorted, Array(sorted.reversed()), notes.shuffled(using: &random)] {
      #expect(NoteSortOrder.title.first(count, of: input) == expected)
    }
  }
}
