import FieldNotesModel
import FieldNotesText
import Foundation

/// A search, parsed: what a note must hold to be found.
///
/// Made once from what the user typed (``init(parsing:in:)``, whose grammar is
/// ``NoteQuery/grammar``) and then a plain value: every notebook named in it is already its
/// identifier and every date already an interval, so answering it needs nothing but the notes.
/// ``finds(_:)`` is the definition; the SQLite store answers the same query with its search
/// index and SQL, and `NoteQueryPropertyTests` holds the two to the same answers.
public indirect enum NoteQuery: Hashable, Sendable {
  /// Every note: the empty search.
  case everything
  /// Notes whose title, body or tags contain the text, ignoring case and diacritics (as
  /// ``Note/matches(_:)``).
  case text(String)
  /// Notes whose title contains the text, ignoring case and diacritics.
  case title(String)
  /// Notes titled as one of the links of the note with this title names (every note of such a
  /// title), compared as links are: whole titles, ignoring case and diacritics. The note with
  /// the title is the one a link to it names, the one written first of those titled so
  /// (``FieldNotesModel/NoteLink/resolved(_:among:)``). It depends on that other note, so
  /// ``finds(_:linkTargets:)`` is asked it with ``linkTargets(among:)``.
  case linkedBy(String)
  /// Notes whose body links to the title (`[[Title]]`, with a heading or shown text or not),
  /// compared as a link names a note: the whole title, ignoring case and diacritics (see
  /// ``FieldNotesText/NoteLink``). Whether a note has that title is not asked.
  case links(String)
  /// Notes of this very title, compared as a link names a note: the whole title, ignoring case
  /// and diacritics. What a note's page asks to find the note a link names, where a title term
  /// (``title(_:)``) would find every title holding the words; no word of the search grammar
  /// writes it.
  case titled(String)
  /// Notes imported from a file of this name, without its extension, that they keep
  /// (``FieldNotesModel/Note/keptFileStem``), compared as a link names a note: the whole name,
  /// ignoring case and diacritics. What a link naming no note's title names (`[[10 note 2]]`);
  /// no word of the search grammar writes it.
  case fileName(String)
  /// Notes carrying the tag.
  case tag(String)
  /// Notes in the notebook, or in no notebook for `nil`.
  case notebook(Notebook.ID?)
  /// Pinned notes.
  case pinned
  /// Notes without tags.
  case untagged
  /// The notes whose identifier starts with a prefix (`id:e621`).
  case id(NoteIDPrefix)
  /// Notes with a property by the key (`prop:status`), saying the value when one is given
  /// (`prop:status=draft`): as ``FieldNotesModel/NoteProperty/matches(key:value:)`` reads it.
  case property(key: String, value: String?)
  /// Notes whose date of creation or of last change falls in an interval.
  case date(NoteDateField, DateSpan)
  /// Notes the query doesn't find.
  case not(NoteQuery)
  /// Notes every one of the queries finds.
  case all([NoteQuery])
  /// Notes one of the queries finds, at least.
  case any([NoteQuery])

  /// Whether a note is one the query finds, the query holding no `linked-by:` term.
  ///
  /// A ``linkedBy(_:)`` term depends on another note: here, without it, it finds no note;
  /// ``finds(_:linkTargets:)`` answers it.
  ///
  /// - Parameter note: The note.
  /// - Returns: `true` when the query finds it.
  /// - Complexity: O(*n*) in the length of the note's text, for each text term.
  public func finds(_ note: Note) -> Bool {
    finds(note, linkTargets: [:])
  }

  /// Whether a note is one the query finds, given what its `linked-by:` terms' notes link to.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - linkTargets: For each title a ``linkedBy(_:)`` term names, the titles (folded) its
  ///     note links to: ``linkTargets(among:)``. A term missing from it finds no note.
  /// - Returns: `true` when the query finds it.
  /// - Complexity: O(*n*) in the length of the note's text, for each text term.
  public func finds(_ note: Note, linkTargets: [String: Set<[UInt8]>]) -> Bool {
    var key: [UInt8]?
    return finds(note, searchKey: &key, linkTargets: linkTargets)
  }

  /// For each title a ``linkedBy(_:)`` term of the query names, the titles its note links to,
  /// folded: what ``finds(_:linkTargets:)`` is given.
  ///
  /// - Parameter notes: The notes (outside the trash) the note with the title is among.
  /// - Returns: The titles each term's note links to; none for a title no note has.
  /// - Complexity: O(*n*) in the number of notes, for each `linked-by:` term and each of its
  ///   note's links.
  public func linkTargets(among notes: some Collection<Note>) -> [String: Set<[UInt8]>] {
    var targets: [String: Set<[UInt8]>] = [:]
    for title in linkingTitles where targets[title] == nil {
      let source = NoteLink.resolved(NoteLink(title: title), among: notes)
      let links = NoteLink.links(in: source?.body ?? "")
      // A link naming a file (`[[10 note 2]]`) names its note by that note's title here.
      let named = links.compactMap { NoteLink.resolved($0, among: notes) }.map {
        SearchFolding.fold($0.title)
      }
      targets[title] = Set(links.flatMap(\.keys).filter { !$0.isEmpty } + named)
    }
    return targets
  }

  /// The titles the query's ``linkedBy(_:)`` terms name, in the order written.
  public var linkingTitles: [String] {
    switch self {
    case .linkedBy(let title): [title]
    case .not(let query): query.linkingTitles
    case .all(let queries), .any(let queries): queries.flatMap(\.linkingTitles)
    default: []
    }
  }

  /// Whether a note is found, folding its text (for text terms) at most once.
  private func finds(
    _ note: Note, searchKey key: inout [UInt8]?, linkTargets: [String: Set<[UInt8]>]
  ) -> Bool {
    switch self {
    case .everything: return true
    case .text(let text):
      let folded = key ?? note.searchKey
      key = folded
      return SearchFolding.contains(folded, SearchFolding.fold(text))
    case .title(let text):
      return SearchFolding.contains(SearchFolding.fold(note.title), SearchFolding.fold(text))
    case .links(let title): return NoteLink.body(note.body, linksTo: SearchFolding.fold(title))
    case .titled(let title): return SearchFolding.fold(note.title) == SearchFolding.fold(title)
    case .linkedBy(let title):
      return linkTargets[title]?.contains(SearchFolding.fold(note.title)) ?? false
    case .fileName(let name):
      return note.keptFileStem.map { SearchFolding.fold($0) == SearchFolding.fold(name) } ?? false
    case .tag(let tag): return note.tags.contains(tag)
    case .notebook(let id): return note.notebookID == id
    case .pinned: return note.isPinned
    case .untagged: return note.tags.isEmpty
    case .id(let prefix): return prefix.matches(note.id)
    case .property(let name, let value):
      return note.properties.contains { $0.matches(key: name, value: value) }
    case .date(let field, let span): return span.contains(field.date(of: note))
    case .not(let query):
      return !query.finds(note, searchKey: &key, linkTargets: linkTargets)
    case .all(let queries):
      return queries.allSatisfy { $0.finds(note, searchKey: &key, linkTargets: linkTargets) }
    case .any(let queries):
      return queries.contains { $0.finds(note, searchKey: &key, linkTargets: linkTargets) }
    }
  }

  /// The texts a note found by the query holds somewhere, for showing why it matched: every
  /// text and title term not under an exclusion, in the order written.
  public var highlightedTerms: [String] {
    switch self {
    case .text(let text), .title(let text): [text]
    case .all(let queries), .any(let queries): queries.flatMap(\.highlightedTerms)
    case .everything, .tag, .notebook, .pinned, .untagged, .id, .date, .links, .linkedBy, .property,
      .titled, .fileName, .not:
      []
    }
  }

  /// The query and another, both: the other alone when this one is ``everything``.
  ///
  /// - Parameter other: The other query.
  /// - Returns: A query finding the notes both find.
  public func and(_ other: NoteQuery) -> NoteQuery {
    switch (self, other) {
    case (.everything, _): other
    case (_, .everything): self
    case (.all(let lhs), .all(let rhs)): .all(lhs + rhs)
    case (.all(let lhs), _): .all(lhs + [other])
    case (_, .all(let rhs)): .all([self] + rhs)
    default: .all([self, other])
    }
  }
}

/// Which of a note's dates a date term reads.
public enum NoteDateField: String, Hashable, Sendable, CaseIterable {
  /// When the note was first written: ``Note/createdAt``.
  case created
  /// When the note last changed: ``Note/updatedAt``.
  case updated

  /// The date of a note this field names.
  ///
  /// - Parameter note: The note.
  /// - Returns: Its date of creation or of last change.
  public func date(of note: Note) -> Date {
    switch self {
    case .created: note.createdAt
    case .updated: note.updatedAt
    }
  }
}

/// An interval of time: from a moment (included) to another (excluded), either end open.
public struct DateSpan: Hashable, Sendable {
  /// The first moment in the span, or `nil` for no lower end.
  public var start: Date?
  /// The first moment after the span, or `nil` for no upper end.
  public var end: Date?

  /// Creates a span.
  ///
  /// - Parameters:
  ///   - start: The first moment in it; none by default.
  ///   - end: The first moment after it; none by default.
  public init(from start: Date? = nil, to end: Date? = nil) {
    self.start = start
    self.end = end
  }

  /// Whether a moment falls in the span.
  ///
  /// - Parameter date: The moment.
  /// - Returns: `true` when it is at or after the start and before the end.
  public func contains(_ date: Date) -> Bool {
    (start.map { date >= $0 } ?? true) && (end.map { date < $0 } ?? true)
  }
}
