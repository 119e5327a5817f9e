/// A note's identifier in a SQLite store is in capitals, as `UUID.uuidString` writes it, whoever
/// writes the row.
///
/// FieldNotes looks a note up by that text (`WHERE id = ?`, its versions by `note_id`, its
/// trash entry, its files). A row another tool wrote in small letters was listed, since reading
/// it parses either case, but no lookup by identifier found it: showing, pinning or saving it
/// failed, and importing it again made a second copy. One rule replaces a case-blind comparison
/// at every lookup: the store refuses a write that would put small letters in a UUID in
/// `notes.id`, with a message saying so (triggers, so another tool's write is refused too), and
/// version 20 gives the rows written so before capitals once, with everything kept under their
/// identifiers.
enum SQLiteIdentifierCase {
  /// The message another tool's refused write fails with.
  static let refusal =
    "FieldNotes keeps note identifiers in capitals: write upper(id), as a UUID prints"

  /// What version 20 makes: the two triggers that refuse small letters, and the identifiers
  /// written so before them given capitals.
  ///
  /// A row is given capitals only when no other row of `notes` (or of the trash, for a trash
  /// entry) has its identifier in capitals or in another mix of case: two such rows are two
  /// notes, and one of them would have to be refused. Such a row stays as it is, listed as
  /// before, and found by its identifier no more than before. A note's versions, files and
  /// queued compaction follow it unless its identifier in capitals already has some, which
  /// would mix two notes' histories; they then stay where they are, kept, as before.
  static let creation = """
    DROP TRIGGER IF EXISTS notes_identifier_in_capitals_insert;
    CREATE TRIGGER notes_identifier_in_capitals_insert BEFORE INSERT ON notes
      WHEN \(inSmallLetters("new.id"))
    BEGIN
      SELECT RAISE(ABORT, '\(refusal)');
    END;
    DROP TRIGGER IF EXISTS notes_identifier_in_capitals_update;
    CREATE TRIGGER notes_identifier_in_capitals_update BEFORE UPDATE OF id ON notes
      WHEN \(inSmallLetters("new.id"))
    BEGIN
      SELECT RAISE(ABORT, '\(refusal)');
    END;
    DROP TABLE IF EXISTS temp.identifiers_to_capitals;
    CREATE TEMP TABLE identifiers_to_capitals (old TEXT PRIMARY KEY, new TEXT NOT NULL);
    INSERT INTO identifiers_to_capitals (old, new)
      SELECT min(id), upper(id) FROM notes WHERE \(inSmallLetters("id"))
      GROUP BY upper(id)
      HAVING count(*) = 1 AND upper(id) NOT IN (SELECT id FROM notes);
    INSERT OR IGNORE INTO identifiers_to_capitals (old, new)
      SELECT min(id), upper(id) FROM trashed_notes WHERE \(inSmallLetters("id"))
      GROUP BY upper(id)
      HAVING count(*) = 1 AND upper(id) NOT IN (SELECT id FROM trashed_notes)
        AND upper(id) NOT IN (SELECT id FROM notes);
    UPDATE notes SET id = upper(id)
      WHERE id IN (SELECT old FROM identifiers_to_capitals);
    UPDATE trashed_notes SET id = upper(id)
      WHERE id IN (SELECT old FROM identifiers_to_capitals)
        AND upper(id) NOT IN (SELECT id FROM trashed_notes);
    DELETE FROM identifiers_to_capitals
      WHERE new IN (SELECT note_id FROM note_versions WHERE note_id IS NOT NULL)
        OR new IN (SELECT note_id FROM note_version_deltas)
        OR new IN (SELECT note_id FROM note_attachments);
    UPDATE note_versions SET note_id = upper(note_id)
      WHERE note_id IN (SELECT old FROM identifiers_to_capitals);
    UPDATE note_version_deltas SET note_id = upper(note_id)
      WHERE note_id IN (SELECT old FROM identifiers_to_capitals);
    INSERT OR IGNORE INTO note_versions_to_compact (note_id)
      SELECT new FROM identifiers_to_capitals
      WHERE old IN (SELECT note_id FROM note_versions_to_compact);
    DELETE FROM note_versions_to_compact
      WHERE note_id IN (SELECT old FROM identifiers_to_capitals);
    UPDATE note_attachments SET note_id = upper(note_id)
      WHERE note_id IN (SELECT old FROM identifiers_to_capitals);
    DROP TABLE temp.identifiers_to_capitals;
    """

  /// Whether a column holds an identifier FieldNotes reads as a UUID with small letters in it.
  ///
  /// Other text is no identifier FieldNotes reads: such a row is no note (`damaged_notes`),
  /// kept and left as it is, never refused.
  static func inSmallLetters(_ column: String) -> String {
    let digits = { (count: Int) in String(repeating: "[0-9A-F]", count: count) }
    let uuid = [digits(8), digits(4), digits(4), digits(4), digits(12)].joined(separator: "-")
    return "(\(column) IS NOT upper(\(column)) AND upper(\(column)) GLOB '\(uuid)')"
  }
}
