import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// Every search the language can say, parsed and answered by the SQLite store (its search index
/// and SQL) and by a store in memory (``FieldNotesModel/NoteQuery/finds(_:)``), finds exactly the
/// notes a plain evaluator written here finds from the notes' fields: thousands of generated
/// queries over generated notes in several scripts, with phrases, operators, exclusions, tags,
/// notebooks, pins and dates at the edges of months, years and time-zone changes, after every
/// kind of write.
///
/// The evaluator shares nothing with the app's: it matches text with Foundation's case- and
/// diacritic-insensitive search and reads dates through Foundation's Gregorian calendar.
@MainActor
@Suite struct NoteQueryPropertyTests {
  let directory = TemporaryDirectory()

  // MARK: - A query, as the test writes it

  /// A date as the test says it: the kinds of DATE the grammar has.
  enum DateWord: CaseIterable {
    case year, month, day, today, yesterday, thisWeek, lastWeek, thisMonth, lastMonth
    case daysAgo, weeksAgo
  }

  /// Which days a date term takes: the date itself, a range, or a comparison.
  enum DateShape: CaseIterable { case on, from, until, between, before, atMost, after, atLeast }

  /// A query as the test builds it, rendered to text for the parser and evaluated here.
  indirect enum Query {
    case word(String)
    case phrase(String)
    case tag(String, hash: Bool)
    case notebook(String?)
    case pinned, untagged
    case title(String)
    case links(String)
    case linkedBy(String)
    case id(String)
    case property(String, String?)
    case date(updated: Bool, DateShape, DateWord, Int, DateWord, Int)
    case not(Query, dash: Bool)
    case all([Query])
    case any([Query])

    /// The query as typed.
    var text: String {
      switch self {
      case .word(let word): word
      case .phrase(let phrase): "\"\(phrase)\""
      case .tag(let tag, let hash): hash ? "#\(tag)" : "tag:\(tag)"
      case .notebook(let name):
        name.map { $0.contains(" ") ? "in:\"\($0)\"" : "in:\($0)" } ?? "in:none"
      case .pinned: "is:pinned"
      case .untagged: "is:untagged"
      case .title(let text): text.contains(" ") ? "title:\"\(text)\"" : "title:\(text)"
      case .links(let title): title.contains(" ") ? "links:\"\(title)\"" : "links:\(title)"
      case .linkedBy(let title):
        title.contains(" ") ? "linked-by:\"\(title)\"" : "linked-by:\(title)"
      case .id(let prefix): "id:\(prefix)"
      case .property(let key, let value):
        value.map { $0.contains(" ") ? "prop:\"\(key)=\($0)\"" : "prop:\(key)=\($0)" }
          ?? "prop:\(key)"
      case .date(let updated, let shape, let first, let firstNumber, let second, let number):
        (updated ? "updated:" : "created:")
          + Self.dates(shape, first, firstNumber, second, number)
      case .not(let query, let dash): (dash ? "-" : "NOT ") + query.grouped
      case .all(let queries): queries.map(\.grouped).joined(separator: " ")
      case .any(let queries): queries.map(\.grouped).joined(separator: " OR ")
      }
    }

    /// The query as an operand: in parentheses when it has operators of its own.
    var grouped: String {
      switch self {
      case .all, .any: "(\(text))"
      default: text
      }
    }

    static func dates(
      _ shape: DateShape, _ first: DateWord, _ firstNumber: Int, _ second: DateWord, _ number: Int
    ) -> String {
      let a = word(first, firstNumber)
      let b = word(second, number)
      return switch shape {
      case .on: a
      case .from: "\(a).."
      case .until: "..\(a)"
      case .between: "\(a)..\(b)"
      case .before: "<\(a)"
      case .atMost: "<=\(a)"
      case .after: ">\(a)"
      case .atLeast: ">=\(a)"
      }
    }

    /// A DATE: numbers pick among the years, months and days around the notes' dates.
    static func word(_ word: DateWord, _ number: Int) -> String {
      let (year, month, day) = NoteQueryPropertyTests.calendarDays[
        number % NoteQueryPropertyTests.calendarDays.count]
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return switch word {
      case .year: "\(year)"
      case .month: "\(year)-\(two(month))"
      case .day: "\(year)-\(two(month))-\(two(day))"
      case .today: "today"
      case .yesterday: "yesterday"
      case .thisWeek: "this-week"
      case .lastWeek: "last-week"
      case .thisMonth: "this-month"
      case .lastMonth: "last-month"
      case .daysAgo: "\(number % 40)d"
      case .weeksAgo: "\(number % 6)w"
      }
    }
  }

  // MARK: - The plain evaluator

  /// The evaluator's view of dates: a Gregorian calendar in the test's time zone.
  struct Dates {
    let calendar: Calendar
    let now: Date

    init(timeZone: TimeZone, now: Date) {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      calendar.firstWeekday = 2
      calendar.minimumDaysInFirstWeek = 4
      self.calendar = calendar
      self.now = now
    }

    /// A day as a comparable triple.
    typealias Day = [Int]

    func day(of date: Date) -> Day {
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    }

    /// The first and last day a DATE names.
    func days(_ word: DateWord, _ number: Int) -> (Day, Day) {
      let (year, month, dayOfMonth) = calendarDays[number % calendarDays.count]
      let today = day(of: now)
      func back(_ count: Int) -> Day {
        day(of: calendar.date(byAdding: .day, value: -count, to: now) ?? now)
      }
      func lastDay(_ year: Int, _ month: Int) -> Int {
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? now
        return calendar.range(of: .day, in: .month, for: first)?.count ?? 31
      }
      switch word {
      case .year: return ([year, 1, 1], [year, 12, 31])
      case .month: return ([year, month, 1], [year, month, lastDay(year, month)])
      case .day: return ([year, month, dayOfMonth], [year, month, dayOfMonth])
      case .today: return (today, today)
      case .yesterday: return (back(1), back(1))
      case .thisWeek, .lastWeek:
        let week = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        let monday =
          word == .thisWeek ? week : calendar.date(byAdding: .day, value: -7, to: week) ?? now
        let sunday = calendar.date(byAdding: .day, value: 6, to: monday) ?? now
        return (day(of: monday), day(of: sunday))
      case .thisMonth:
        return ([today[0], today[1], 1], [today[0], today[1], lastDay(today[0], today[1])])
      case .lastMonth:
        let (y, m) = today[1] == 1 ? (today[0] - 1, 12) : (today[0], today[1] - 1)
        return ([y, m, 1], [y, m, lastDay(y, m)])
      case .daysAgo: return (back(number % 40), back(number % 40))
      case .weeksAgo: return (back(7 * (number % 6)), back(7 * (number % 6)))
      }
    }

    func matches(
      _ date: Date, _ shape: DateShape, _ first: DateWord, _ firstNumber: Int, _ second: DateWord,
      _ number: Int
    ) -> Bool {
      let noteDay = day(of: date)
      let (start, end) = days(first, firstNumber)
      let lexicographic = { (lhs: Day, rhs: Day) in lhs.lexicographicallyPrecedes(rhs) }
      switch shape {
      case .on: return !lexicographic(noteDay, start) && !lexicographic(end, noteDay)
      case .from, .atLeast: return !lexicographic(noteDay, start)
      case .until, .atMost: return !lexicographic(end, noteDay)
      case .between:
        return !lexicographic(noteDay, start) && !lexicographic(days(second, number).1, noteDay)
      case .before: return lexicographic(noteDay, start)
      case .after: return lexicographic(end, noteDay)
      }
    }
  }

  /// Whether a note is one the query finds, from its fields (and, for `linked-by:`, from the
  /// other notes).
  static func finds(
    _ query: Query, _ note: Note, notebooks: [Notebook], dates: Dates, notes: [Note] = []
  ) -> Bool {
    func contains(_ text: String, _ term: String) -> Bool {
      text.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
    func same(_ text: String, _ other: String) -> Bool {
      text.compare(other, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }
    switch query {
    case .word(let text), .phrase(let text):
      return ([note.title, note.body] + note.tags).contains { contains($0, text) }
    case .tag(let tag, _): return note.tags.contains(tag.lowercased())
    case .notebook(let name):
      guard let name else { return note.notebookID == nil }
      return notebooks.first { $0.name.lowercased() == name.lowercased() }?.id == note.notebookID
    case .pinned: return note.isPinned
    case .untagged: return note.tags.isEmpty
    case .title(let text): return contains(note.title, text)
    case .links(let title):
      return linkTitles(in: note.body).flatMap(names).contains { same($0, title) }
    case .linkedBy(let title):
      let source = notes.filter { same($0.title, title) }.min {
        ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString)
      }
      return linkTitles(in: source?.body ?? "").flatMap(names).contains { same($0, note.title) }
    case .property(let key, let value):
      return note.properties.contains { property in
        property.key.compare(key, options: [.caseInsensitive, .diacriticInsensitive])
          == .orderedSame
          && (value.map { value in
            let items = Self.items(of: property.rawValue)
            return value.isEmpty
              ? items.isEmpty
              : items.contains {
                $0.compare(value, options: [.caseInsensitive, .diacriticInsensitive])
                  == .orderedSame
              }
          } ?? true)
      }
    case .id(let prefix):
      let digits = prefix.uppercased().filter { $0 != "-" }
      return note.id.uuidString.filter { $0 != "-" }.hasPrefix(digits)
    case .date(let updated, let shape, let first, let firstNumber, let second, let number):
      return dates.matches(
        updated ? note.updatedAt : note.createdAt, shape, first, firstNumber, second, number)
    case .not(let query, _):
      return !finds(query, note, notebooks: notebooks, dates: dates, notes: notes)
    case .all(let queries):
      return queries.allSatisfy {
        finds($0, note, notebooks: notebooks, dates: dates, notes: notes)
      }
    case .any(let queries):
      return queries.contains { finds($0, note, notebooks: notebooks, dates: dates, notes: notes) }
    }
  }

  /// The titles a body's links name, read with a regular expression.
  ///
  /// `[[`, not after `!`, a title starting with no space and holding no `#`, `|`, bracket or
  /// line break, then anything but brackets and line breaks up to `]]`; the title's trailing
  /// spaces aside. Code spans of one backtick are taken out first (the bodies hold no other code).
  static func linkTitles(in body: String) -> [String] {
    let pattern = #"(?<!!)\[\[([^\[\]\n|#\s][^\[\]\n|#]*)(?:[#|][^\[\]\n]*)?\]\]"#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let body = body.replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
    let text = body as NSString
    return expression.matches(in: body, range: NSRange(location: 0, length: text.length)).map {
      text.substring(with: $0.range(at: 1)).replacingOccurrences(
        of: #"\s+$"#, with: "", options: .regularExpression)
    }
  }

  /// The names a link's title names a note by: the title, and for a path the part after its
  /// last `/`, or for a Markdown file's name the name without `.md`, when that is another name.
  static func names(_ title: String) -> [String] {
    var name = title.components(separatedBy: "/").last ?? title
    if name.count > 3, name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) }
    return name.isEmpty || name == title ? [title] : [title, name]
  }

  /// The items of a generated property's value, read here as the test writes them: a list in
  /// brackets, `- item` lines, or a value in quotes or not.
  static func items(of rawValue: String) -> [String] {
    let text = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty { return [] }
    if text.hasPrefix("[") {
      return text.dropFirst().dropLast().components(separatedBy: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    if text.hasPrefix("- ") {
      return text.components(separatedBy: "\n").map {
        String($0.trimmingCharacters(in: .whitespaces).dropFirst(2))
      }
    }
    return [text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))]
  }

  /// Whether a query holds a date range whose end is a day before its start.
  static func hasBackwardRange(_ query: Query, dates: Dates) -> Bool {
    switch query {
    case .date(_, .between, let first, let firstNumber, let second, let number):
      dates.days(second, number).1.lexicographicallyPrecedes(dates.days(first, firstNumber).0)
    case .not(let inner, _): hasBackwardRange(inner, dates: dates)
    case .all(let queries), .any(let queries):
      queries.contains { hasBackwardRange($0, dates: dates) }
    default: false
    }
  }

  // MARK: - What is generated

  /// Words in several scripts, some shorter than a trigram (answered without the index).
  static let words = [
    "heron", "Heron", "HERON", "pond", "café", "CAFE", "naïve", "naive", "Zürich", "zurich",
    "鳥", "鳥の声", "цапля", "ЦАПЛЯ", "ερωδιός", "he", "é", "x", "50%", "a_b", "C#", "it's", "—",
    "10:30", "a-b", "grey",
  ]
  static let phrases = ["grey heron", "heron at", "鳥の 声", "Café au", "the pond"]
  /// Links a body may hold, and some `[[…]]` that are not links to a note: some name a note
  /// after a path (`[[Areas/Birds/Heron]]`), or by its Markdown file (`[[notes/pond.md]]`).
  static let links = [
    "[[Heron]]", "[[grey HERON|the bird]]", "[[Cafe#Menu]]", "[[café #x|y]]", "![[heron]]",
    "[[ pond]]", "[[鳥の声]]", "[[#heron]]", "[[The pond ]]", "[[Areas/Birds/Heron]]",
    "[[notes/pond.md|the pond]]", "[[Ünï/CAFÉ.md#menu]]", "[[a/b/]]",
  ]
  /// The titles `links:` names.
  static let linkedTitles = ["heron", "Grey Heron", "CAFÉ", "pond", "鳥の声", "the pond", "he"]
  /// The titles `linked-by:` names: of notes titled by one word or phrase, or by none.
  static let linkingTitles = ["heron", "HERON", "pond", "café", "grey heron", "x", "nobody"]
  static let noteTags = ["birds", "lake", "über", "鳥", "a-b"]
  static let queryTags = ["birds", "Birds", "lake", "über", "ÜBER", "鳥", "a-b", "moss"]
  static let notebookNames = ["Field trips", "Birds", "Ünïcode"]
  /// Properties' keys and values as notes hold them, and as searches ask for them.
  static let propertyKeys = ["status", "aliases", "Été"]
  static let propertyValues = [
    " draft", " \"Draft\"", " done", " [draft, in review]", "\n  - été\n  - done", "",
  ]
  static let queriedKeys = ["status", "STATUS", "aliases", "ete", "source"]
  static let queriedValues: [String?] = [nil, "draft", "DRAFT", "in review", "Ete", "done", ""]
  /// Starts of identifiers, as typed: in either case, with and without a UUID's dashes.
  static let idPrefixes = ["a", "A", "3", "e6", "F0", "0-", "c0ffee", "12345678-9"]

  /// Calendar days around the notes' dates: the ends of months and years, a leap day, and the
  /// days the test's time zones change their offset.
  nonisolated static let calendarDays: [(Int, Int, Int)] = [
    (2025, 12, 31), (2026, 1, 1), (2026, 2, 28), (2024, 2, 29), (2026, 3, 1), (2026, 3, 29),
    (2026, 9, 6), (2026, 4, 5), (2026, 10, 25), (2026, 3, 2), (2026, 2, 23), (2027, 1, 1),
  ]

  /// The time zones: a day's edge with no change, far east and west, half hours, and changes
  /// of offset at 02:00 (Berlin) and at midnight (Santiago, where some days start at 01:00).
  nonisolated static let timeZones = [
    "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata", "Europe/Berlin",
    "America/Santiago",
  ]

  static func randomQuery(_ random: inout SeededRandomNumberGenerator, depth: Int = 0) -> Query {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    let leaf = depth >= 2 || Int.random(in: 0..<3, using: &random) > 0
    if leaf {
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<7: return .word(pick(words))
      case 7: return .phrase(pick(phrases))
      case 8, 9: return .tag(pick(queryTags), hash: Bool.random(using: &random))
      case 10: return .notebook(Bool.random(using: &random) ? pick(notebookNames) : nil)
      case 11: return Bool.random(using: &random) ? .pinned : .untagged
      case 12:
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .title(pick(words + phrases))
        case 1: return .links(pick(linkedTitles))
        case 2: return .linkedBy(pick(linkingTitles))
        default: return .id(pick(idPrefixes))
        }
      case 13:
        return .property(pick(queriedKeys), pick(queriedValues))
      case 14..<17:
        return .date(
          updated: Int.random(in: 0..<4, using: &random) == 0, pick(DateShape.allCases),
          pick(DateWord.allCases), Int.random(in: 0..<120, using: &random),
          pick([.year, .month, .day] as [DateWord]), Int.random(in: 0..<120, using: &random))
      default:
        return .not(randomQuery(&random, depth: depth + 1), dash: Bool.random(using: &random))
      }
    }
    let parts = (0..<Int.random(in: 2...3, using: &random)).map { _ in
      randomQuery(&random, depth: depth + 1)
    }
    return Bool.random(using: &random) ? .all(parts) : .any(parts)
  }

  /// Notes whose titles the generated links and `linked-by:` terms name, so that those find
  /// notes: two sharing a title (the older is the one linked from), a link in code.
  static func linkedNotes(at now: Date) -> [Note] {
    [
      Note(title: "heron", body: "[[grey heron|x]] [[Cafe#m]] `[[pond]]`", createdAt: now),
      Note(title: "HERON", body: "[[pond]]", createdAt: now.addingTimeInterval(60)),
      Note(title: "Grey Heron", body: "[[Heron]]", createdAt: now),
      Note(title: "café", createdAt: now),
      Note(title: "pond", body: "![[heron]] [[鳥の声]]", createdAt: now),
      Note(title: "鳥の声", body: "[[the pond ]]", createdAt: now),
    ]
  }

  /// A note dated at or about one of the calendar days' starts in the time zone.
  static func randomNote(
    _ random: inout SeededRandomNumberGenerator, notebooks: [Notebook], dates: Dates
  ) -> Note {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    func text(_ count: ClosedRange<Int>) -> String {
      (0..<Int.random(in: count, using: &random)).map { _ in pick(words + phrases + links) }
        .joined(separator: " ")
    }
    func date() -> Date {
      let (year, month, day) = pick(calendarDays)
      let start =
        dates.calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? dates.now
      return start.addingTimeInterval(pick([-3_600, -1, -0.5, 0, 0.5, 1, 3_600, 43_200]))
    }
    let created = date()
    return Note(
      title: text(0...3), body: text(0...6), createdAt: created,
      notebookID: Bool.random(using: &random) ? pick(notebooks).id : nil,
      tags: Array(Set((0..<Int.random(in: 0...2, using: &random)).map { _ in pick(noteTags) })),
      isPinned: Int.random(in: 0..<4, using: &random) == 0,
      updatedAt: Bool.random(using: &random) ? created : max(created, date()),
      properties: (0..<Int.random(in: 0...2, using: &random)).map { _ in
        NoteProperty(key: pick(propertyKeys), rawValue: pick(propertyValues))
      })
  }

  // MARK: - The property

  @Test(arguments: Array(timeZones.enumerated()))
  func everySearchFindsWhatThePlainEvaluatorFinds(seed: Int, zone: String) throws {
    var random = SeededRandomNumberGenerator(seed: UInt64(seed) + 11)
    let timeZone = try #require(TimeZone(identifier: zone))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let now = try #require(
      calendar.date(from: DateComponents(year: 2026, month: 3, day: 2, hour: 10)))
    let dates = Dates(timeZone: timeZone, now: now)
    let notebooks = Self.notebookNames.map { Notebook(id: UUID(), name: $0) }
    let path = directory.file("notes-\(seed).sqlite")
    let other = try SQLiteNoteRepository(path: path)
    try other.commit(
      notebooks.map { .saveNotebook($0) }
        + (0..<80).map { _ in
          .saveNote(Self.randomNote(&random, notebooks: notebooks, dates: dates))
        } + Self.linkedNotes(at: now).map { .saveNote($0) })
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { now })
    let context = NoteQuery.Context(notebooks: notebooks, now: now, timeZone: timeZone)
    var checked = 0

    for round in 0..<6 {
      try write(round: round, to: store, other: other, notebooks: notebooks, dates: dates, &random)
      try store.reload()
      let notes = try other.load().notes
      let memory = NoteStore(notes: notes)
      for _ in 0..<120 {
        let query = Self.randomQuery(&random)
        guard !Self.hasBackwardRange(query, dates: dates) else {
          // A range that ends before it starts is refused, saying so.
          #expect {
            try NoteQuery(parsing: query.text, in: context)
          } throws: { error in
            if case NoteQueryError.emptyRange = error { true } else { false }
          }
          continue
        }
        let parsed = try NoteQuery(parsing: query.text, in: context)
        let expected = notes.filter {
          Self.finds(query, $0, notebooks: notebooks, dates: dates, notes: notes)
        }
        let list = NoteListQuery(scope: .allNotes, search: parsed, order: .oldest)
        let fromSQLite = try store.page(list)
        let fromMemory = try memory.page(list)
        #expect(
          Set(fromSQLite.notes.map(\.id)) == Set(expected.map(\.id)),
          "\(zone) round \(round): \(query.text) → \(parsed)")
        #expect(fromSQLite.totalCount == expected.count, "\(zone): \(query.text)")
        #expect(
          Set(fromMemory.notes.map(\.id)) == Set(expected.map(\.id)), "\(zone): \(query.text)")
        checked += 1
      }
    }
    #expect(checked > 600, "few generated ranges are backwards")
  }

  /// One round of writes of every kind: the store's own (add, edit, retag, pin, move, delete,
  /// import) and another connection's.
  func write(
    round: Int, to store: NoteStore, other: SQLiteNoteRepository, notebooks: [Notebook],
    dates: Dates, _ random: inout SeededRandomNumberGenerator
  ) throws {
    let shown = try store.page(NoteListQuery(scope: .allNotes)).notes
    for note in shown.shuffled(using: &random).prefix(6) {
      switch Int.random(in: 0..<7, using: &random) {
      case 0: try store.setPinned(note.id, !note.isPinned)
      case 1: try store.perform(.moveNote(note.id, to: notebooks.randomElement(using: &random)?.id))
      case 2: try store.perform(.deleteNote(note.id))
      case 3:
        var edited = Self.randomNote(&random, notebooks: notebooks, dates: dates)
        edited.id = note.id
        edited.createdAt = note.createdAt
        try store.perform(.updateNote(edited))
      case 4:
        var retagged = note
        retagged.tags = ["lake", "鳥"]
        try store.perform(.updateNote(retagged))
      case 5:
        try LibraryImport.merge(
          into: store,
          NoteLibrary(notes: [Self.randomNote(&random, notebooks: notebooks, dates: dates)]))
      default:
        try store.perform(.addNote(Self.randomNote(&random, notebooks: notebooks, dates: dates)))
      }
    }
    var changes: [RepositoryChange] = (0..<3).map { _ in
      .saveNote(Self.randomNote(&random, notebooks: notebooks, dates: dates))
    }
    if let victim = try other.load().notes.randomElement(using: &random) {
      changes.append(.trashNote(victim.id, at: .distantPast))
    }
    try other.commit(changes)
  }
}
