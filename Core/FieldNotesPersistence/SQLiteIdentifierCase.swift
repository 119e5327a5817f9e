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

  /// What version 20 makes: the triggers that refuse small letters in a note's identifier,
  /// in `notes` and in the trash, and every identifier written so before them given capitals.
  ///
  /// A row is given its identifier in capitals when no other row holds those: not a note, not
  /// a trash entry, not another row of the same letters in another mix of case (the first of
  /// those, by its bytes, takes them). Any other such row is another note that another tool
  /// wrote under the same letters: it is given an identifier of its own, a new random UUID, so
  /// each is found by its own identifier and no write meant for one reaches the other. (Left
  /// as they were, such twins were edited and deleted one for the other, and a sync carried
  /// only one of them.) A trash entry sharing its identifier with a note is given one of its
  /// own too. A conflict copy's original, and the versions, files and queued compaction kept
  /// under an identifier, follow it (the note's, where a note and a trash entry shared it).
  /// Versions kept under its capitals already are the same note's, from before another tool
  /// wrote its identifier in small letters (a row another note holds is given a new
  /// identifier, which keeps none): the ones kept under small letters, newer, are numbered on
  /// after them, with their edit scripts. A file of a name kept under the capitals already
  /// stays where it is, kept.
  static let creation = """
    \(refusingTriggers(on: "notes"))
    \(refusingTriggers(on: "trashed_notes"))
    \(identifiers(given: "note_identifiers_given", to: "notes"))
    \(identifiers(given: "trash_identifiers_given", to: "trashed_notes", alsoTaking: givenToNotes))
    \(renaming("notes", "id", by: "note_identifiers_given"))
    \(renaming("trashed_notes", "id", by: "trash_identifiers_given"))
    DROP TABLE IF EXISTS temp.identifiers_given;
    CREATE TEMP TABLE identifiers_given (old TEXT PRIMARY KEY, new TEXT NOT NULL);
    INSERT INTO identifiers_given (old, new) SELECT old, new FROM note_identifiers_given;
    INSERT OR IGNORE INTO identifiers_given (old, new) SELECT old, new FROM trash_identifiers_given;
    \(renaming("notes", "conflict_of", by: "identifiers_given"))
    \(renaming("trashed_notes", "conflict_of", by: "identifiers_given"))
    DROP TABLE IF EXISTS temp.versions_numbered_on;
    CREATE TEMP TABLE versions_numbered_on (old TEXT PRIMARY KEY, new TEXT NOT NULL, after INTEGER);
    INSERT INTO versions_numbered_on (old, new, after)
      SELECT old, new,
        coalesce((SELECT max(number) FROM note_versions WHERE note_id = identifiers_given.new), 0)
      FROM identifiers_given;
    UPDATE note_version_deltas
      SET number = number + (SELECT after FROM versions_numbered_on WHERE old = note_id),
        base_number = base_number + (SELECT after FROM versions_numbered_on WHERE old = note_id),
        note_id = (SELECT new FROM versions_numbered_on WHERE old = note_id)
      WHERE note_id IN (SELECT old FROM versions_numbered_on);
    UPDATE note_versions
      SET number = number + (SELECT after FROM versions_numbered_on WHERE old = note_id),
        note_id = (SELECT new FROM versions_numbered_on WHERE old = note_id)
      WHERE note_id IN (SELECT old FROM versions_numbered_on);
    UPDATE note_attachments
      SET note_id = (SELECT new FROM identifiers_given WHERE old = note_attachments.note_id)
      WHERE note_id IN (SELECT old FROM identifiers_given)
        AND NOT EXISTS (
          SELECT 1 FROM note_attachments AS kept, identifiers_given AS given
          WHERE given.old = note_attachments.note_id AND kept.note_id = given.new
            AND kept.name = note_attachments.name);
    INSERT OR IGNORE INTO note_versions_to_compact (note_id)
      SELECT new FROM identifiers_given
      WHERE old IN (SELECT note_id FROM note_versions_to_compact);
    DELETE FROM note_versions_to_compact WHERE note_id IN (SELECT old FROM identifiers_given);
    DROP TABLE temp.note_identifiers_given;
    DROP TABLE temp.trash_identifiers_given;
    DROP TABLE temp.identifiers_given;
    DROP TABLE temp.versions_numbered_on;
    """

  /// A trash entry's capitals are taken too when a note was just given them, and it is given
  /// one of its own when a note in small letters had its identifier.
  static let givenToNotes = """
    AND upper(id) NOT IN (SELECT new FROM note_identifiers_given)
        AND id NOT IN (SELECT old FROM note_identifiers_given)
    """

  /// Makes the temporary table `given` of the identifier each row of a table with one in small
  /// letters is given: its capitals where free, else a new one (see ``creation``).
  ///
  /// - Parameters:
  ///   - given: The temporary table's name.
  ///   - table: `notes` or `trashed_notes`.
  ///   - alsoTaking: More conditions the capitals must meet to be free.
  /// - Returns: The statements.
  static func identifiers(given: String, to table: String, alsoTaking: String = "") -> String {
    """
    DROP TABLE IF EXISTS temp.\(given);
    CREATE TEMP TABLE \(given) (old TEXT PRIMARY KEY, new TEXT NOT NULL UNIQUE);
    INSERT INTO \(given) (old, new)
      SELECT id,
        CASE WHEN place = 1 AND upper(id) NOT IN (SELECT id FROM notes)
            AND upper(id) NOT IN (SELECT id FROM trashed_notes) \(alsoTaking)
          THEN upper(id) ELSE \(freshIdentifier) END
      FROM (
        SELECT id, row_number() OVER (PARTITION BY upper(id) ORDER BY id) AS place
        FROM \(table) WHERE \(inSmallLetters("id")));
    """
  }

  /// Gives a column's identifiers the ones a temporary table gives them.
  ///
  /// - Parameters:
  ///   - table: The table.
  ///   - column: Its column of identifiers.
  ///   - given: The temporary table made by ``identifiers(given:to:alsoTaking:)``.
  /// - Returns: The statement.
  static func renaming(_ table: String, _ column: String, by given: String) -> String {
    """
    UPDATE \(table) SET \(column) = (SELECT new FROM \(given) WHERE old = \(table).\(column))
      WHERE \(column) IN (SELECT old FROM \(given));
    """
  }

  /// The triggers version 20 makes, by name: a store with them has had that migration.
  static let triggers = ["notes", "trashed_notes"].flatMap { table in
    ["insert", "update"].map { "\(table)_identifier_in_capitals_\($0)" }
  }

  /// The triggers that refuse a write putting small letters in a table's `id`.
  static func refusingTriggers(on table: String) -> String {
    """
    DROP TRIGGER IF EXISTS \(table)_identifier_in_capitals_insert;
    CREATE TRIGGER \(table)_identifier_in_capitals_insert BEFORE INSERT ON \(table)
      WHEN \(inSmallLetters("new.id"))
    BEGIN
      SELECT RAISE(ABORT, '\(refusal)');
    END;
    DROP TRIGGER IF EXISTS \(table)_identifier_in_capitals_update;
    CREATE TRIGGER \(table)_identifier_in_capitals_update BEFORE UPDATE OF id ON \(table)
      WHEN \(inSmallLetters("new.id"))
    BEGIN
      SELECT RAISE(ABORT, '\(refusal)');
    END;
    """
  }

  /// A new random identifier (a version 4 UUID) as SQL writes it, in capitals.
  static let freshIdentifier = """
    (hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
      || '-' || substr('89AB', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2)
      || '-' || hex(randomblob(6)))
    """

  /// Whether a column holds an identifier FieldNotes reads as a UUID with small letters in it.
  ///
  /// Other text is no identifier FieldNotes reads: such a row is no note (`damaged_notes`),
  /// kept and left as it is, never refused.
  static func inSmallLetters(_ column: String) -> String {
    "(\(column) IS NOT upper(\(column)) AND \(column) GLOB '\(SQLiteSchema.uuidPattern)')"
  }

}
