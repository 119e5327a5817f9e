import FieldNotesModel
import FieldNotesQuery
import FieldNotesText
import Foundation

extension SQLiteQueries {
  /// How a query's search (a ``FieldNotesModel/NoteQuery``) is asked of SQLite: as much of it
  /// as the search index can answer, as one FTS5 expression, and the rest as SQL over the notes.
  ///
  /// The search's terms are ANDed at the top; each of them that the index answers exactly (a
  /// text of a trigram or more, and `OR`s of those) goes into the FTS5 expression, and so does
  /// each one's exclusion (`NOT`), once something positive is there to exclude from. A title term
  /// adds its text to the expression too, as a condition every match meets, and is checked
  /// exactly in SQL; so does a `links:` term, whose text is the title (after `[[`, or after a
  /// path's last `/`), each note the index finds then parsed for its links. What is left (tags,
  /// notebooks, pins, dates, short terms, terms under an `OR` with those) is SQL, with the
  /// search functions of ``SQLiteSearchFunctions``.
  ///
  /// So `heron pond` asks the index once (`("heron" AND "pond")`), and `heron tag:birds
  /// created:2026` asks it for `"heron"` and checks the tag and the date of each note found.
  struct SearchPlan {
    /// An FTS5 expression every note found matches, or `nil` when nothing is asked of the index.
    var match: String?
    /// SQL over `notes` every note found meets besides, `1` for nothing more.
    var residual: String
    /// The values of the residual's parameters, from `?2` on (`?1` is the match).
    var values: [Value]

    /// Plans a search.
    ///
    /// - Parameters:
    ///   - search: The search.
    ///   - usingIndex: Whether the search index may be asked; when not, every text term is
    ///     checked in SQL.
    ///   - titleKeysAreCurrent: Whether every row's title key is of its title
    ///     (``SQLiteTitleKeys/areMissing(in:)``), so a title may be found through their index.
    init(_ search: NoteQuery, usingIndex: Bool, titleKeysAreCurrent: Bool) {
      var builder = SQLBuilder(usingIndex: usingIndex, titleKeysAreCurrent: titleKeysAreCurrent)
      let conjuncts: [NoteQuery] =
        switch search {
        case .everything: []
        case .all(let terms): terms
        default: [search]
        }
      var positives: [String] = []
      var exclusions: [String] = []
      var left: [NoteQuery] = []
      for term in conjuncts {
        if case .not(let excluded) = term, usingIndex, let exact = Self.exactMatch(excluded) {
          exclusions.append(exact)
          left.append(term)
          continue
        }
        if usingIndex, let exact = Self.exactMatch(term) {
          positives.append(exact)
        } else {
          if usingIndex, let necessary = Self.necessaryMatch(term) { positives.append(necessary) }
          left.append(term)
        }
      }
      if positives.isEmpty {
        match = nil
      } else {
        // The exclusions the index answers are in the expression; the others stay SQL.
        left.removeAll { term in
          if case .not(let excluded) = term { Self.exactMatch(excluded) != nil } else { false }
        }
        var expression = "(" + positives.joined(separator: " AND ") + ")"
        if !exclusions.isEmpty {
          expression += " NOT (" + exclusions.joined(separator: " OR ") + ")"
        }
        match = expression
      }
      residual = left.isEmpty ? "1" : builder.joined(left, by: "AND")
      values = builder.values
    }

    /// The FTS5 expression that finds exactly what a term finds, if the index can answer it.
    static func exactMatch(_ term: NoteQuery) -> String? {
      switch term {
      case .text(let text): return indexedPhrase(text)
      case .any(let alternatives):
        let matches = alternatives.compactMap(exactMatch)
        guard matches.count == alternatives.count else { return nil }
        return "(" + matches.joined(separator: " OR ") + ")"
      case .all(let terms):
        let matches = terms.compactMap(exactMatch)
        guard matches.count == terms.count else { return nil }
        return "(" + matches.joined(separator: " AND ") + ")"
      default: return nil
      }
    }

    /// An FTS5 expression every note a term finds matches, if there is one: the exact one, a
    /// title's text (a title is part of the indexed text), or a linked title.
    static func necessaryMatch(_ term: NoteQuery) -> String? {
      if let exact = exactMatch(term) { return exact }
      switch term {
      case .title(let text): return indexedPhrase(text)
      // A link writes the name it names a note by right after `[[`, or after the last `/` of
      // a path (`[[Areas/Health/x]]`), so every note linking to the title holds one of the
      // two. The title alone would do too, but a title of common words is in thousands of
      // notes, each then read and parsed: a note's page asks this at every redraw.
      case .links(let title):
        guard let opening = indexedPhrase("[[" + title), let afterPath = indexedPhrase("/" + title)
        else { return nil }
        return "(" + opening + " OR " + afterPath + ")"
      case .any(let alternatives):
        let matches = alternatives.compactMap(necessaryMatch)
        guard matches.count == alternatives.count else { return nil }
        return "(" + matches.joined(separator: " OR ") + ")"
      case .all(let terms):
        let matches = terms.compactMap(necessaryMatch)
        return matches.isEmpty ? nil : "(" + matches.joined(separator: " AND ") + ")"
      default: return nil
      }
    }

    /// The FTS5 phrase of a text term, or `nil` when the index can't answer it: fewer than a
    /// trigram's three scalars once folded.
    static func indexedPhrase(_ text: String) -> String? {
      let folded = String(decoding: SearchFolding.fold(text), as: UTF8.self)
      guard folded.unicodeScalars.count >= SQLiteSearchIndex.shortestIndexedQuery else {
        return nil
      }
      // Inside double quotes only a double quote is special, and it is written twice.
      return "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
  }

  /// Writes SQL for a search's terms, numbering their values from `?2`.
  private struct SQLBuilder {
    let usingIndex: Bool
    let titleKeysAreCurrent: Bool
    var values: [Value] = []

    init(usingIndex: Bool, titleKeysAreCurrent: Bool) {
      self.usingIndex = usingIndex
      self.titleKeysAreCurrent = titleKeysAreCurrent
    }

    mutating func parameter(_ value: Value) -> String {
      values.append(value)
      return "?\(values.count + 1)"
    }

    /// Terms joined by `AND` or `OR`, the text terms the index doesn't answer asked of one call
    /// of `fieldnotes_contains_all` or `_any`, which folds each note's text once for all of
    /// them rather than once for each (`search a b c` reads every note once, not thrice).
    mutating func joined(_ terms: [NoteQuery], by conjunction: String) -> String {
      var unindexed: [String] = []
      var parts: [String] = []
      for term in terms {
        if case .text(let text) = term, !usingIndex || SearchPlan.indexedPhrase(text) == nil {
          unindexed.append(text)
        } else {
          parts.append(sql(for: term))
        }
      }
      if !unindexed.isEmpty { parts.append(contains(unindexed, all: conjunction == "AND")) }
      return parts.joined(separator: " \(conjunction) ")
    }

    /// A call of the search function that tells whether a note's text holds all or any of some
    /// texts.
    ///
    /// The same text twice is asked once; more texts than one call may take (SQLite takes at
    /// most 127 arguments to a function) are asked in several calls, joined as the texts are.
    mutating func contains(_ texts: [String], all: Bool) -> String {
      var distinct: [String] = []
      for text in texts where !distinct.contains(text) { distinct.append(text) }
      let calls = stride(from: 0, to: distinct.count, by: Self.textsPerCall).map { start in
        "fieldnotes_contains_\(all ? "all" : "any")(notes.title, notes.body, notes.tags, "
          + distinct[start..<min(start + Self.textsPerCall, distinct.count)].map {
            parameter(.text($0))
          }.joined(separator: ", ") + ")"
      }
      return calls.count == 1
        ? calls[0] : "(" + calls.joined(separator: all ? " AND " : " OR ") + ")"
    }

    /// The most texts one call of a search function is given: SQLite's limit of 127 arguments,
    /// less the three columns, with room to spare.
    static let textsPerCall = 100

    mutating func sql(for term: NoteQuery) -> String {
      switch term {
      case .everything: return "1"
      case .text(let text):
        if usingIndex, let phrase = SearchPlan.indexedPhrase(text) {
          return "notes.rowid IN (SELECT rowid FROM note_search WHERE note_search MATCH "
            + "\(parameter(.text(phrase))))"
        }
        return contains([text], all: true)
      case .title(let text):
        return "fieldnotes_title_contains(notes.title, \(parameter(.text(text))))"
      case .links(let title):
        return "fieldnotes_links_to(notes.body, \(parameter(.text(title))))"
      case .linkedBy(let title):
        // The note with the title is read once: the subquery names no column of the row. A
        // link names a note by its title, else, when no note has that title, by the name of
        // the file it was imported under (`NoteLink.resolved(_:among:)`).
        let links =
          "(SELECT fieldnotes_link_titles(source.body) FROM notes AS source WHERE "
          + "fieldnotes_title_is(source.title, \(parameter(.text(title)))) "
          + "ORDER BY source.created_at, upper(source.id) LIMIT 1)"
        let stem = "fieldnotes_kept_stem(notes.imported_file, notes.title)"
        return "(fieldnotes_title_in(notes.title, \(links)) OR (notes.imported_file IS NOT NULL "
          + "AND \(stem) IS NOT NULL AND fieldnotes_title_in(\(stem), \(links)) AND NOT EXISTS "
          + "(SELECT 1 FROM notes AS namesake WHERE fieldnotes_title_is(namesake.title, "
          + "\(stem)))))"
      case .titled(let title):
        // Through the title index: a title folded the same has the same key (the key is the
        // folded title, its numbers written without leading zeros), so that key's rows hold
        // every note of the title, each then compared whole. While another program's write has
        // left a row's key behind its title, every title is compared instead.
        let exact = "fieldnotes_title_is(notes.title, \(parameter(.text(title))))"
        guard titleKeysAreCurrent else { return exact }
        let key = parameter(.bytes(NoteSortOrder.titleKey(title)))
        return "(notes.rowid IN (SELECT rowid FROM notes WHERE is_pinned IN (0, 1) "
          + "AND title_key = \(key)) AND \(exact))"
      case .fileName(let name):
        // Through the index of only the notes keeping a file: nearly always few, or none.
        return "(notes.rowid IN (SELECT rowid FROM notes WHERE imported_file IS NOT NULL) AND "
          + "fieldnotes_kept_file_is(notes.imported_file, notes.title, "
          + "\(parameter(.text(name)))))"
      case .tag(let tag):
        return "EXISTS (SELECT 1 FROM note_tags WHERE note_tags.note_id = notes.id "
          + "AND note_tags.tag = \(parameter(.text(tag))))"
      case .notebook(let id):
        return "notes.notebook_id IS \(parameter(id.map { .text($0.uuidString) } ?? .null))"
      case .pinned: return "notes.is_pinned = 1"
      case .untagged: return "notes.tags = '[]'"
      case .property(let key, let value):
        // Each pair of the column (`SQLiteProperties`) asked of the function that reads it as
        // `NoteProperty.matches(key:value:)` does; a column that is no list holds none.
        return "EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(notes.properties) "
          + "THEN notes.properties ELSE '[]' END) AS property WHERE "
          + "fieldnotes_property_matches(property.value, \(parameter(.text(key))), "
          + "\(parameter(value.map { .text($0) } ?? .null))))"
      case .id(let prefix):
        // A range of the primary key: the identifiers that start with the prefix, and no
        // other, since every identifier's characters come before U+007F.
        let start = prefix.identifierTextPrefix
        return "(notes.id >= \(parameter(.text(start))) AND notes.id < "
          + "\(parameter(.text(start + "\u{7F}"))))"
      case .date(let field, let span):
        let column = field == .created ? "notes.created_at" : "notes.updated_at"
        var bounds: [String] = []
        if let start = span.start {
          bounds.append("\(column) >= \(parameter(.real(start.timeIntervalSinceReferenceDate)))")
        }
        if let end = span.end {
          bounds.append("\(column) < \(parameter(.real(end.timeIntervalSinceReferenceDate)))")
        }
        return bounds.isEmpty ? "1" : "(" + bounds.joined(separator: " AND ") + ")"
      case .not(let excluded):
        // A group is already in parentheses: no more are put around it, since every level of
        // them takes room on SQLite's parser stack.
        switch excluded {
        case .all, .any: return "NOT " + sql(for: excluded)
        default: return "NOT (\(sql(for: excluded)))"
        }
      case .all(let terms): return "(" + joined(terms, by: "AND") + ")"
      case .any(let terms): return "(" + joined(terms, by: "OR") + ")"
      }
    }
  }

  /// Writes the rows a search finds into `temp.found_rows`, a table of this connection alone
  /// (SQLite's `temp` database: no other process sees it, and it takes no lock on the store),
  /// which the count and both parts of the page then read, instead of asking the index thrice.
  static func fillFoundRows(_ plan: SearchPlan, in connection: SQLiteConnection)
    throws(SQLiteError)
  {
    try connection.execute(
      "CREATE TEMP TABLE IF NOT EXISTS found_rows (row INTEGER PRIMARY KEY); "
        + "DELETE FROM temp.found_rows")
    if let match = plan.match, plan.residual == "1" {
      let fill = try connection.cached(
        "INSERT INTO temp.found_rows SELECT rowid FROM note_search WHERE note_search MATCH ?1")
      defer { fill.reset() }
      fill.bind(match, at: 1)
      try fill.run()
      return
    }
    // A search of other shapes has SQL of its own shape: prepared for this one answer, not
    // kept, so a session of many different searches keeps no statement for each.
    let source =
      plan.match == nil
      ? "notes"
      : "notes WHERE notes.rowid IN (SELECT rowid FROM note_search WHERE note_search MATCH ?1) AND"
    let fill = try connection.prepare(
      "INSERT INTO temp.found_rows SELECT notes.rowid FROM \(source)"
        + (plan.match == nil ? " WHERE " : " ") + plan.residual)
    if let match = plan.match { fill.bind(match, at: 1) }
    for (offset, value) in plan.values.enumerated() { value.bind(to: fill, at: Int32(offset + 2)) }
    try fill.run()
  }
}
