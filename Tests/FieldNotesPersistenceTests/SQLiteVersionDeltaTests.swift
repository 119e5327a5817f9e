import FieldNotesModel
import FieldNotesPersistence
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// A long note edited often keeps its versions as changes: every version reads back byte for
/// byte, restores and compares as before, and a damaged row leaves the versions that depend on
/// it unreadable, never other text.
@Suite struct SQLiteVersionDeltaTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let created = Date(timeIntervalSinceReferenceDate: 1_000)

  /// The note's body before each edit: line `edit × 37 mod 300` of 300 gains a word.
  static func bodies(edits: Int) -> [String] {
    var lines = (1...300).map { "Line \($0): the heron stood grey and still by the weir.\n" }
    var bodies = [lines.joined()]
    for edit in 1...edits {
      let line = edit * 37 % lines.count
      lines[line] = lines[line].replacingOccurrences(of: "\n", with: " Edit \(edit).\n")
      bodies.append(lines.joined())
    }
    return bodies
  }

  /// A store holding one note saved once with each body, through FieldNotes.
  func makeStore(_ bodies: [String]) throws -> (SQLiteNoteRepository, Note) {
    let repository = try SQLiteNoteRepository(path: path)
    var note = Note(title: "Weir", body: bodies[0], createdAt: Self.created)
    try repository.commit([.saveNote(note)])
    for (edit, body) in bodies.enumerated().dropFirst() {
      note.body = body
      note.updatedAt = Self.created.addingTimeInterval(Double(edit))
      try repository.commit([.saveNote(note)])
    }
    return (repository, note)
  }

  /// The bytes the versions' bodies take: whole bodies and scripts.
  func storedBytes() throws -> (whole: Int, scripts: Int, wholeCount: Int) {
    let whole = try RawSQLite.rows(
      "SELECT total(length(CAST(body AS BLOB))), count(body) FROM note_versions", of: path)
    let scripts = try RawSQLite.rows(
      "SELECT total(length(script)) FROM note_version_deltas", of: path)
    return (
      Int(Double(whole[0]) ?? -1), Int(Double(scripts[0]) ?? -1),
      Int(try RawSQLite.rows("SELECT count(body) FROM note_versions", of: path)[0]) ?? -1
    )
  }

  @Test func manySmallEditsOfALongNoteKeepChangesAndEveryVersionReadsBack() throws {
    let bodies = Self.bodies(edits: 100)
    let (repository, note) = try makeStore(bodies)

    let versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.number) == Array(1...100))
    #expect(versions.map(\.body) == Array(bodies.dropLast()), "every version, byte for byte")
    for number in [1, 31, 32, 33, 64, 99, 100] {
      #expect(
        try repository.version(number, ofNote: note.id) == versions[number - 1],
        "version \(number), read alone")
    }
    #expect(try repository.version(101, ofNote: note.id) == nil)
    let stored = try storedBytes()
    let text = bodies[0].utf8.count
    // The newest, and every 32nd: versions 32, 64, 96 and 100.
    #expect(stored.wholeCount == 4)
    #expect(stored.whole + stored.scripts < 5 * text, "against \(100 * text) kept whole")
    #expect(stored.scripts < 100 * 64)
  }

  /// A version kept as changes keeps its properties, read with every version or alone: the
  /// row a script replaces is written anew with them.
  @Test func aVersionKeptAsChangesKeepsItsProperties() throws {
    let bodies = Self.bodies(edits: 40)
    let repository = try SQLiteNoteRepository(path: path)
    var note = Note(title: "Weir", body: bodies[0], createdAt: Self.created)
    for (edit, body) in bodies.enumerated() {
      note.body = body
      note.properties = [NoteProperty(key: "edit", rawValue: " \(edit)")]
      note.updatedAt = Self.created.addingTimeInterval(Double(edit))
      try repository.commit([.saveNote(note)])
    }
    #expect(try storedBytes().scripts > 0, "some versions are kept as changes")

    let versions = try repository.versions(ofNote: note.id)
    #expect(versions.count == 40)
    for version in versions {
      let expected = [NoteProperty(key: "edit", rawValue: " \(version.number - 1)")]
      #expect(version.properties == expected, "version \(version.number)")
      #expect(try repository.version(version.number, ofNote: note.id)?.properties == expected)
    }
  }

  @Test func theOldestVersionRestoresAndComparesAsBefore() throws {
    let bodies = Self.bodies(edits: 40)
    let (repository, note) = try makeStore(bodies)
    let oldest = try #require(try repository.versions(ofNote: note.id).first)
    #expect(oldest.body == bodies[0])
    let changes = oldest.changes(
      toTitle: note.title, body: note.body, tags: note.tags, notebookID: note.notebookID)
    #expect(changes.linesAdded == 40 && changes.linesRemoved == 40)

    var restored = oldest.applied(to: note)
    restored.updatedAt = Self.created.addingTimeInterval(100)
    try repository.commit([.replaceNote(note, with: restored)])

    #expect(try repository.load().notes.map(\.body) == [bodies[0]])
    let versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.body) == Array(bodies), "the text restored over is kept too")
  }

  @Test func aVersionAnotherProgramWroteIsReadableAndLaterCompacted() throws {
    let bodies = Self.bodies(edits: 3)
    let (repository, note) = try makeStore(bodies)
    let theirs = bodies[3] + "Written by another program.\n"
    try RawSQLite.execute(
      "UPDATE notes SET body = '\(theirs)', updated_at = updated_at + 1", on: path)
    #expect(try storedBytes().wholeCount == 2, "theirs and FieldNotes' newest, whole")
    #expect(try repository.versions(ofNote: note.id).map(\.body) == bodies)

    var saved = try #require(try repository.load().notes.first)
    saved.body += "And one more line.\n"
    try repository.commit([.saveNote(saved)])

    #expect(try storedBytes().wholeCount == 1, "only the newest is whole")
    #expect(try repository.versions(ofNote: note.id).map(\.body) == bodies + [theirs])
  }

  /// A version whose script another program deleted, or whose whole body it emptied to
  /// `NULL`, is unreadable, as are those rebuilt through it: never an empty text, which
  /// `restore` would have put over the note.
  @Test func aVersionWithNeitherBodyNorScriptIsUnreadableNeverEmpty() throws {
    let bodies = Self.bodies(edits: 40)
    let (repository, note) = try makeStore(bodies)
    try RawSQLite.execute("DELETE FROM note_version_deltas WHERE number = 20", on: path)
    var versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.number) == Array(21...40), "1 to 19 are rebuilt through version 20")
    #expect(versions.allSatisfy { $0.body == bodies[$0.number - 1] })
    #expect(try repository.version(20, ofNote: note.id) == nil)

    try RawSQLite.execute("UPDATE note_versions SET body = NULL WHERE number = 40", on: path)
    versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.number) == Array(21...32), "33 to 39 are rebuilt through 40")
    #expect(try repository.version(40, ofNote: note.id) == nil)
  }

  @Test func aDamagedScriptLeavesTheVersionsThroughItUnreadableNeverWrong() throws {
    let bodies = Self.bodies(edits: 40)
    let (repository, note) = try makeStore(bodies)
    // Version 20's script reads past its base; versions 1 to 19 are rebuilt through it.
    try RawSQLite.execute(
      "UPDATE note_version_deltas SET script = x'00ffffff0f' WHERE number = 20", on: path)

    let versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.number) == Array(21...40))
    #expect(try repository.version(20, ofNote: note.id) == nil)
    #expect(try repository.version(1, ofNote: note.id) == nil)
    #expect(try repository.version(21, ofNote: note.id)?.body == bodies[20])
    for version in versions { #expect(version.body == bodies[version.number - 1]) }
  }

  @Test func aDamagedWholeVersionLeavesTheVersionsBuiltOnItUnreadable() throws {
    let bodies = Self.bodies(edits: 40)
    let (repository, note) = try makeStore(bodies)
    // Version 32 is kept whole; 1 to 31 are rebuilt from it.
    try RawSQLite.execute(
      "UPDATE note_versions SET body = replace(body, 'heron', 'egret') WHERE number = 32",
      on: path)

    let versions = try repository.versions(ofNote: note.id)
    #expect(versions.map(\.number) == Array(32...40))
    #expect(try repository.version(31, ofNote: note.id) == nil)
    for version in versions.dropFirst() { #expect(version.body == bodies[version.number - 1]) }
  }

  @Test func aCompactionThatFailsLeavesTheVersionsWholeAndTheSaveSaved() throws {
    let bodies = Self.bodies(edits: 3)
    let (repository, note) = try makeStore(Array(bodies.prefix(1)))
    try RawSQLite.execute(
      """
      CREATE TRIGGER refuse_scripts BEFORE INSERT ON note_version_deltas BEGIN
        SELECT RAISE(ABORT, 'no scripts here');
      END;
      """, on: path)
    var saved = note
    for (edit, body) in bodies.enumerated().dropFirst() {
      saved.body = body
      saved.updatedAt = Self.created.addingTimeInterval(Double(edit))
      try repository.commit([.saveNote(saved)])
    }

    #expect(try repository.load().notes.map(\.body) == [bodies[3]])
    #expect(try storedBytes().wholeCount == 3)
    #expect(try repository.versions(ofNote: note.id).map(\.body) == Array(bodies.dropLast()))
  }

  @Test func purgingATrashedNoteTakesItsScriptsWithIt() throws {
    let bodies = Self.bodies(edits: 10)
    let (repository, note) = try makeStore(bodies)
    let trashedAt = Self.created.addingTimeInterval(50)
    try repository.commit([.trashNote(note.id, at: trashedAt)])
    #expect(try repository.versions(ofNote: note.id).map(\.body) == Array(bodies.dropLast()))

    try repository.commit([
      .purgeTrashedNote(TrashedNote(note: note, trashedAt: trashedAt, notebookName: nil))
    ])

    #expect(try repository.versions(ofNote: note.id).isEmpty)
    #expect(try RawSQLite.rows("SELECT count(*) FROM note_version_deltas", of: path) == ["0"])
  }

  @Test func aStoreFromBeforeKeepsItsWholeVersionsUntilTheNoteIsSavedAgain() throws {
    let bodies = Self.bodies(edits: 5)
    _ = try makeStore(Array(bodies.prefix(1)))
    try setBackToVersion11(path)
    for (edit, body) in bodies.enumerated().dropFirst() {
      try RawSQLite.execute(
        "UPDATE notes SET body = '\(body)', updated_at = \(1_000 + edit)", on: path)
    }
    let repository = try SQLiteNoteRepository(path: path)
    let note = try #require(try repository.load().notes.first)
    // The index is rebuilt for the notes written around it, not for the upgrade.
    #expect(
      repository.searchIndexRebuilds.map(\.reason) == [
        "another program, or an earlier FieldNotes, changed 1 note without updating it"
      ])
    #expect(try storedBytes().wholeCount == 5)
    #expect(try repository.versions(ofNote: note.id).map(\.body) == Array(bodies.dropLast()))

    var saved = note
    saved.title = "The weir"
    try repository.commit([.saveNote(saved)])

    #expect(try storedBytes().wholeCount == 1)
    #expect(try repository.versions(ofNote: note.id).map(\.body) == bodies)
  }
}
