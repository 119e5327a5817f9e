import FieldNotesModel
import FieldNotesText
import Foundation

extension NoteQuery {
  /// What a search is read against: the notebooks its `in:` may name, and the moment and time
  /// zone its dates are counted from.
  public struct Context: Sendable {
    /// The notebooks, matched by name ignoring case.
    public var notebooks: [Notebook]
    /// Now, which `today`, `3d` and `this-week` count from.
    public var now: Date
    /// The time zone of the days, months and years in dates.
    public var timeZone: TimeZone

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - notebooks: The notebooks `in:` may name; none by default.
    ///   - now: Now.
    ///   - timeZone: The time zone of dates.
    public init(notebooks: [Notebook] = [], now: Date, timeZone: TimeZone) {
      self.notebooks = notebooks
      self.now = now
      self.timeZone = timeZone
    }
  }

  /// The names of the qualifiers, each written before a colon (`tag:birds`).
  public static let qualifierNames = [
    "tag", "in", "is", "title", "created", "updated", "id", "links", "linked-by", "prop",
  ]

  /// The deepest parentheses may nest: deeper than anyone writes, and shallow enough that the
  /// SQL and the FTS5 expression a store makes of the deepest search stay within what SQLite's
  /// parsers take (`NoteQueryFuzzTests` asks the deepest of each shape).
  public static let deepestNesting = 12
  /// The most terms a search may hold.
  public static let mostTerms = 256

  /// The language, as a short EBNF: what `help search` and docs/Searching.md show.
  public static let grammar = """
    query     = [ any ] ;
    any       = all { "OR" all } ;
    all       = unary { [ "AND" ] unary } ;
    unary     = ( "NOT" | "-" ) unary | primary ;
    primary   = "(" any ")" | "#" tag | qualifier | phrase | word ;
    qualifier = "tag:" tag | "in:" ( name | "none" ) | "is:" ( "pinned" | "untagged" )
              | "title:" text | ( "created:" | "updated:" ) dates | "id:" hex
              | "links:" text | "linked-by:" text
              | "prop:" ( key | key "=" value | '"' key "=" { char } '"' ) ;
    dates     = date | [ date ] ".." [ date ] | ( "<" | "<=" | ">" | ">=" ) date ;
    date      = YYYY | YYYY-MM | YYYY-MM-DD | "today" | "yesterday" | "this-week"
              | "last-week" | "this-month" | "last-month" | N "d" | N "w" ;
    name      = phrase | word ;   text = phrase | word ;   phrase = '"' { char } '"' ;
    """

  /// Parses a search.
  ///
  /// Words are ANDed; `OR` binds looser than that, `NOT` and `-` tighter; see ``grammar``.
  /// Text matches as ``Note/matches(_:)`` does: a substring, ignoring case and diacritics.
  ///
  /// - Parameters:
  ///   - text: The search as typed; empty or blank for ``everything``.
  ///   - context: The notebooks, the moment and the time zone it is read against.
  /// - Throws: ``NoteQueryError``, saying where, for text that isn't a search.
  public init(parsing text: String, in context: Context) throws(NoteQueryError) {
    var parser = Parser(tokens: try NoteQueryLexer(text).tokens, context: context)
    self = try parser.parse()
  }

  /// A recursive-descent parser over the lexer's tokens.
  private struct Parser {
    let tokens: [NoteQueryLexer.Token]
    let context: Context
    var index = 0
    var depth = 0
    var terms = 0

    init(tokens: [NoteQueryLexer.Token], context: Context) {
      self.tokens = tokens
      self.context = context
    }

    var current: NoteQueryLexer.Token? { index < tokens.count ? tokens[index] : nil }

    mutating func parse() throws(NoteQueryError) -> NoteQuery {
      guard !tokens.isEmpty else { return .everything }
      let query = try parseAny()
      if let extra = current {
        // Only a close the lexer matched to an open can be left over, and parseAny stops at
        // one only inside a group.
        throw .missingTerm(operator: ")", column: extra.column)
      }
      return query
    }

    mutating func parseAny() throws(NoteQueryError) -> NoteQuery {
      var alternatives = [try parseAll()]
      while let token = current, token.kind == .or {
        index += 1
        guard let next = current, next.kind != .or, next.kind != .close else {
          throw .missingTerm(operator: "OR", column: token.column)
        }
        alternatives.append(try parseAll())
      }
      return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
    }

    mutating func parseAll() throws(NoteQueryError) -> NoteQuery {
      var terms: [NoteQuery] = []
      while let token = current, token.kind != .or, token.kind != .close {
        if token.kind == .and {
          index += 1
          guard !terms.isEmpty, let next = current, next.kind != .or, next.kind != .close,
            next.kind != .and
          else { throw .missingTerm(operator: "AND", column: token.column) }
          continue
        }
        terms.append(try parseUnary())
      }
      guard let first = terms.first else {
        throw .missingTerm(operator: "OR", column: current?.column ?? 1)
      }
      return terms.count == 1 ? first : .all(terms)
    }

    mutating func parseUnary() throws(NoteQueryError) -> NoteQuery {
      // A run of exclusions is counted, not recursed into, so no run of them is too long.
      var exclusions = 0
      var firstColumn = 0
      while let token = current, token.kind == .not {
        if exclusions == 0 { firstColumn = token.column }
        exclusions += 1
        index += 1
      }
      if exclusions > 0 {
        guard let next = current, next.kind != .or, next.kind != .and, next.kind != .close else {
          throw .missingExclusion(column: firstColumn)
        }
      }
      let primary = try parsePrimary()
      guard exclusions % 2 == 1 else { return primary }
      // An exclusion of an exclusion, through parentheses too (`-(-heron)`), is what it excludes.
      if case .not(let excluded) = primary { return excluded }
      return .not(primary)
    }

    mutating func parsePrimary() throws(NoteQueryError) -> NoteQuery {
      guard let token = current else { throw .missingExclusion(column: 1) }
      index += 1
      if token.kind == .open {
        depth += 1
        guard depth <= NoteQuery.deepestNesting else {
          throw .nestedTooDeeply(column: token.column)
        }
        guard let next = current else { throw .unclosedParenthesis(column: token.column) }
        if next.kind == .close { throw .emptyGroup(column: token.column) }
        let inner = try parseAny()
        guard current?.kind == .close else { throw .unclosedParenthesis(column: token.column) }
        index += 1
        depth -= 1
        return inner
      }
      terms += 1
      guard terms <= NoteQuery.mostTerms else {
        throw .tooManyTerms(limit: NoteQuery.mostTerms, column: token.column)
      }
      switch token.kind {
      case .text(let text, _):
        guard !text.isEmpty else { throw .emptyPhrase(column: token.column) }
        // Accents alone fold to nothing, which every note contains.
        guard !SearchFolding.fold(text).isEmpty else {
          throw .nothingToSearchFor(column: token.column)
        }
        return .text(text)
      case .tag(let tag): return try Self.tag(tag, column: token.column)
      case .qualifier(let name, let value, let column):
        return try qualifier(name, value: value, column: token.column, valueColumn: column)
      case .open, .close, .or, .and, .not:
        // parseAll and parseUnary never hand these on.
        throw .missingTerm(operator: "OR", column: token.column)
      }
    }

    static func tag(_ typed: String, column: Int) throws(NoteQueryError) -> NoteQuery {
      let tag = TagRules.normalized(typed)
      guard TagRules.problem(with: tag) == nil else { throw .invalidTag(typed, column: column) }
      return .tag(tag)
    }

    func qualifier(_ name: String, value: String, column: Int, valueColumn: Int)
      throws(NoteQueryError) -> NoteQuery
    {
      guard !value.isEmpty else { throw .missingValue(qualifier: name + ":", column: column) }
      switch name {
      case "tag": return try Self.tag(value, column: valueColumn)
      case "in": return try notebook(named: value, column: column)
      case "is":
        switch value.lowercased() {
        case "pinned": return .pinned
        case "untagged": return .untagged
        default: throw .unknownState(value, column: column)
        }
      case "title": return .title(value)
      case "links":
        guard !SearchFolding.fold(value).isEmpty else {
          throw .nothingToSearchFor(column: valueColumn)
        }
        return .links(value)
      case "linked-by":
        guard !SearchFolding.fold(value).isEmpty else {
          throw .nothingToSearchFor(column: valueColumn)
        }
        return .linkedBy(value)
      case "id":
        guard let prefix = NoteIDPrefix(value) else { throw .invalidID(value, column: column) }
        return .id(prefix)
      case "prop":
        // The key is what comes before the first `=`, the value all after it.
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let key = parts[0].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { throw .missingValue(qualifier: name + ":", column: column) }
        return .property(key: key, value: parts.count == 2 ? String(parts[1]) : nil)
      default:
        let field: NoteDateField = name == "created" ? .created : .updated
        guard let span = dates(value) else {
          throw .invalidDate(value, qualifier: name, column: column)
        }
        if let start = span.start, let end = span.end, start >= end {
          throw .emptyRange(value, qualifier: name, column: column)
        }
        return .date(field, span)
      }
    }

    func notebook(named name: String, column: Int) throws(NoteQueryError) -> NoteQuery {
      if let notebook = context.notebooks.first(where: {
        $0.name.compare(name, options: .caseInsensitive) == .orderedSame
      }) {
        return .notebook(notebook.id)
      }
      guard name.lowercased() != "none" else { return .notebook(nil) }
      throw .unknownNotebook(name, column: column)
    }

    /// The span a date qualifier's value names: a DATE, a range or a comparison.
    func dates(_ value: String) -> DateSpan? {
      let today = NoteQuery.day(of: context.now, in: context.timeZone)
      let days = { (text: Substring) in NoteQuery.days(named: String(text), today: today) }
      let zone = context.timeZone
      for (symbol, isUpper, isInclusive) in [
        ("<=", true, true), (">=", false, true), ("<", true, false), (">", false, false),
      ] where value.hasPrefix(symbol) {
        guard let named = days(value.dropFirst(symbol.count)) else { return nil }
        switch (isUpper, isInclusive) {
        case (true, true): return NoteQuery.span(fromDay: nil, toDay: named.end, in: zone)
        case (true, false): return NoteQuery.span(fromDay: nil, toDay: named.first, in: zone)
        case (false, true): return NoteQuery.span(fromDay: named.first, toDay: nil, in: zone)
        case (false, false): return NoteQuery.span(fromDay: named.end, toDay: nil, in: zone)
        }
      }
      if let range = value.range(of: "..") {
        let lower = value[..<range.lowerBound]
        let upper = value[range.upperBound...]
        guard !(lower.isEmpty && upper.isEmpty) else { return nil }
        let first = lower.isEmpty ? nil : days(lower)
        let last = upper.isEmpty ? nil : days(upper)
        if !lower.isEmpty, first == nil { return nil }
        if !upper.isEmpty, last == nil { return nil }
        return NoteQuery.span(fromDay: first?.first, toDay: last?.end, in: zone)
      }
      guard let named = days(value[...]) else { return nil }
      return NoteQuery.span(fromDay: named.first, toDay: named.end, in: zone)
    }
  }
}
