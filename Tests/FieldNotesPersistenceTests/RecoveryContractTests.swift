import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The same writes keep the same versions and trash in the SQLite store and in memory.
///
/// Both are kept by the repository, in the transaction of the write that replaces or removes a
/// note: the SQLite store by triggers and statements, the stores in memory by `NoteRecovery`.
@Suite struct RecoveryContractTests {
  let directory = TemporaryDirectory()

  static let birds = Notebook(id: UUID(number: 0xB1), name: "Birds", symbolName: "bird")
  static let heron = Note(
    id: UUID(number: 0xA1), title: "Heron", body: "Grey heron.\nStill as a post.",
    createdAt: at(0), notebookID: birds.id, tags: ["birds"])
  static let wren = Note(id: UUID(number: 0xA2), title: "Wren", body: "Loud.", createdAt: at(1))

  static func at(_ minutes: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: 60 * Double(minutes))
  }

  /// Each write and, after it, the versions of the heron and the trash, as both stores must
  /// keep them.
  static func script() -> [(changes: [RepositoryChange], versions: Int, trashed: [Note.ID])] {
    var retitled = heron
    retitled.title = "Grey heron"
    retitled.updatedAt = at(2)
    var pinned = retitled
    pinned.isPinned = true
    pinned.updatedAt = at(3)
    var rewritten = pinned
    rewritten.body = "Grey heron.\nIt took a fish."
    rewritten.updatedAt = at(4)
    var moved = rewritten
    moved.notebookID = nil
    moved.updatedAt = at(5)
    var retagged = moved
    retagged.tags = ["birds", "lake"]
    retagged.updatedAt = at(6)
    return [
      ([.saveNotebook(birds), .saveNote(heron), .saveNote(wren)], 0, []),
      ([.saveNote(retitled)], 1, []),
      ([.replaceNote(retitled, with: pinned)], 1, []),
      ([.replaceNote(pinned, with: rewritten)], 2, []),
      ([.replaceNote(rewritten, with: moved)], 3, []),
      ([.saveNote(retagged)], 4, []),
      ([.saveNote(retagged)], 4, []),
      ([.trashNote(heron.id, at: at(7)), .trashNote(wren.id, at: at(8))], 4, [wren.id, heron.id]),
      ([.restoreTrashedNote(retagged)], 4, [wren.id]),
      ([.trashNote(heron.id, at: at(9))], 4, [heron.id, wren.id]),
      (
        [
          .purgeTrashedNote(TrashedNote(note: wren, trashedAt: at(8), notebookName: nil)),
          .purgeTrashedNote(
            TrashedNote(
              note: Note(id: UUID(number: 0xFF), title: "None"), trashedAt: at(8),
              notebookName: nil)),
        ], 4, [heron.id]
      ),
      (
        [.purgeTrashedNote(TrashedNote(note: retagged, trashedAt: at(9), notebookName: nil))], 0, []
      ),
    ]
  }

  func repositories() throws -> [any NoteRepository & NoteJournal] {
    [try SQLiteNoteRepository(path: directory.file("notes.sqlite")), InMemoryNoteRepository()]
  }

  @Test func bothStoresKeepTheSameVersionsAndTrashForTheSameWrites() throws {
    let stores = try repositories()
    for (step, expected) in Self.script().enumerated() {
      for repository in stores {
        try repository.commit(expected.changes)
        let label = "step \(step), \(type(of: repository))"
        #expect(
          try repository.versions(ofNote: Self.heron.id).count == expected.versions, "\(label)")
        #expect(try repository.trashedNotes().map(\.id) == expected.trashed, "\(label)")
      }
      #expect(
        try stores[0].versions(ofNote: Self.heron.id) == stores[1].versions(ofNote: Self.heron.id))
      #expect(try stores[0].trashedNotes() == stores[1].trashedNotes())
      #expect(try stores[0].load() == stores[1].load(), "step \(step)")
    }
  }

  @Test func aVersionIsTheTextTheSaveReplacedWithTheDatesOfBoth() throws {
    for repository in try repositories() {
      var retitled = Self.heron
      retitled.title = "Grey heron"
      retitled.updatedAt = Self.at(2)
      try repository.commit([.saveNotebook(Self.birds), .saveNote(Self.heron)])
      try repository.commit([.saveNote(retitled)])
      #expect(
        try repository.versions(ofNote: Self.heron.id) == [
          NoteVersion(
            number: 1, noteID: Self.heron.id, title: "Heron", body: Self.heron.body,
            tags: ["birds"], notebookID: Self.birds.id, savedAt: Self.at(0),
            replacedAt: Self.at(2))
        ])
    }
  }

  @Test func aTrashedNoteKeepsItsNotebooksNameAndIsInNoListOrCount() throws {
    for repository in try repositories() {
      try repository.commit([.saveNotebook(Self.birds), .saveNote(Self.heron)])
      try repository.commit([.trashNote(Self.heron.id, at: Self.at(5))])
      #expect(
        try repository.trashedNotes() == [
          TrashedNote(note: Self.heron, trashedAt: Self.at(5), notebookName: "Birds")
        ])
      #expect(try repository.load().notes.isEmpty)
      #expect(try repository.page(NoteListQuery(scope: .allNotes)).totalCount == 0)
      #expect(try repository.summary().byNotebook.isEmpty)
      #expect(try repository.note(withID: Self.heron.id) == nil)
    }
  }

  @Test func aRestoreOfANoteNotInTheTrashFailsTheWholeCommit() throws {
    for repository in try repositories() {
      try repository.commit([.saveNote(Self.wren)])
      #expect(throws: RepositoryError.conflict(Self.heron.id)) {
        try repository.commit([.saveNote(Self.heron), .restoreTrashedNote(Self.heron)])
      }
      #expect(throws: RepositoryError.conflict(Self.wren.id)) {
        try repository.commit([.restoreTrashedNote(Self.wren)])
      }
      #expect(try repository.load().notes == [Self.wren], "nothing of either commit was saved")
    }
  }

  @Test func aNoteSavedAgainLeavesTheTrashAndAPurgeThenLeavesItAndItsVersions() throws {
    for repository in try repositories() {
      var edited = Self.wren
      edited.body = "Very loud."
      try repository.commit([.saveNote(Self.wren)])
      try repository.commit([.saveNote(edited)])
      try repository.commit([.trashNote(Self.wren.id, at: Self.at(3))])
      // A sync brings the note back (edited on another machine while trashed here).
      try repository.commit([.saveNote(edited)])
      #expect(try repository.trashedNotes().isEmpty)
      try repository.commit([
        .purgeTrashedNote(TrashedNote(note: edited, trashedAt: Self.at(3), notebookName: nil))
      ])
      #expect(try repository.versions(ofNote: Self.wren.id).count == 1, "a saved note's stay")
      #expect(try repository.load().notes == [edited])
    }
  }

  /// A sync (or an import, or an undo) that brings a trashed note back with other text keeps
  /// the trashed text as a version: the trash entry it replaces held text found nowhere else.
  @Test func aTrashedTextReplacedByANoteSavedAgainIsKeptAsAVersion() throws {
    for repository in try repositories() {
      var trashedText = Self.wren
      trashedText.body = "Text written here, then deleted."
      trashedText.updatedAt = Self.at(2)
      var theirs = Self.wren
      theirs.body = "Text written on the other machine."
      theirs.updatedAt = Self.at(4)
      try repository.commit([.saveNote(Self.wren)])
      try repository.commit([.saveNote(trashedText)])
      try repository.commit([.trashNote(Self.wren.id, at: Self.at(3))])
      try repository.commit([.saveNote(theirs)])
      let label = "\(type(of: repository))"
      #expect(try repository.trashedNotes().isEmpty, "\(label)")
      let versions = try repository.versions(ofNote: Self.wren.id)
      #expect(
        versions.map(\.body) == ["Loud.", "Text written here, then deleted."], "\(label)")
      #expect(versions.last?.savedAt == Self.at(2), "\(label)")
      #expect(versions.last?.replacedAt == Self.at(4), "\(label)")
      #expect(try repository.load().notes == [theirs], "\(label)")
    }
  }

  /// Notes deleted at the same instant (a notebook deleted with its notes, a clock that didn't
  /// move) are listed last deleted first, in the SQLite store and in memory alike; neither their
  /// identifiers nor their rows decide it.
  @Test func notesDeletedAtTheSameInstantAreListedLastDeletedFirstInBothStores() throws {
    let notes = (1...4).map { number in
      Note(id: UUID(number: number), title: "Note \(number)", createdAt: Self.at(number))
    }
    let stores = try repositories()
    for repository in stores {
      try repository.commit(notes.map { RepositoryChange.saveNote($0) })
      // Neither the identifiers' order nor the order the notes were saved in.
      let order = [3, 1, 4].map { UUID(number: $0) }
      try repository.commit(order.map { RepositoryChange.trashNote($0, at: Self.at(9)) })
      try repository.commit([.trashNote(UUID(number: 2), at: Self.at(9))])
      #expect(
        try repository.trashedNotes().map(\.id) == [2, 4, 1, 3].map { UUID(number: $0) },
        "\(type(of: repository))")
    }
    #expect(try stores[0].trashedNotes() == stores[1].trashedNotes())
  }

  /// A write that expects a note as it was read is refused when the saved note differs in its
  /// conflict mark alone, in both stores: a copy resolved or marked meanwhile is not trashed or
  /// replaced from what the screen showed.
  @Test func aWriteExpectingANoteWhoseConflictMarkChangedIsRefused() throws {
    var copy = Self.wren
    copy.conflictOf = Self.heron.id
    var unmarked = copy
    unmarked.conflictOf = nil
    var remarked = copy
    remarked.conflictOf = UUID(number: 0xEE)
    for repository in try repositories() {
      let label = "\(type(of: repository))"
      for (shown, saved) in [(copy, unmarked), (unmarked, copy), (copy, remarked)] {
        try repository.commit([.saveNote(saved)])
        #expect(throws: RepositoryError.conflict(copy.id), "\(label)") {
          try repository.commit([.expectNote(copy.id, shown), .trashNote(copy.id, at: Self.at(9))])
        }
        var retitled = shown
        retitled.title = "Wren (2)"
        #expect(throws: RepositoryError.conflict(copy.id), "\(label)") {
          try repository.commit([.replaceNote(shown, with: retitled)])
        }
        #expect(try repository.load().notes == [saved], "\(label): nothing was written")
        #expect(try repository.trashedNotes().isEmpty, "\(label)")
      }
    }
  }
}

/// What only the SQLite store can be asked: writes from outside FieldNotes, and a store
/// written by the FieldNotes before versions.
@Suite struct SQLiteRecoveryTests {
  let directory = TemporaryDirectory()

  @Test func anotherToolsUpdateOfANoteKeepsTheTextItReplaced() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(RecoveryContractTests.wren)])
    try execute("UPDATE notes SET body = 'Quiet now.'", on: path)
    try execute("UPDATE notes SET is_pinned = 1", on: path)
    let versions = try repository.versions(ofNote: RecoveryContractTests.wren.id)
    #expect(versions.map(\.body) == ["Loud."], "the pin kept no version")
  }

  @Test func aStoreFromBeforeVersionsOpensWithNoneAndKeepsThemFromThen() throws {
    let path = directory.file("notes.sqlite")
    try SQLiteNoteRepository(path: path).commit([.saveNote(RecoveryContractTests.wren)])
    try execute(
      """
      DROP TRIGGER note_versions_keep; DROP TRIGGER trashed_notes_leave_a_version;
      DROP TABLE note_versions; DROP TABLE trashed_notes; PRAGMA user_version = 7;
      """, on: path)
    let repository = try SQLiteNoteRepository(path: path)
    #expect(
      repository.searchIndexRebuilds.map(\.reason) == [
        "the store was last opened by an earlier FieldNotes"
      ],
      "two versions behind, so not a plain upgrade: its index is rebuilt, and it says so")
    var edited = RecoveryContractTests.wren
    edited.title = "Winter wren"
    try repository.commit([.saveNote(edited)])
    #expect(try repository.versions(ofNote: edited.id).map(\.title) == ["Wren"])
    #expect(try repository.load().notes == [edited])
  }
}

extension SQLiteRecoveryTests {
  /// A store the FieldNotes before this one left, whose trash trigger dropped the trashed
  /// text, keeps it once opened here.
  @Test func aStoreOfTheVersionBeforeKeepsTrashedTextOnceOpened() throws {
    let path = directory.file("notes.sqlite")
    try SQLiteNoteRepository(path: path).commit([.saveNote(RecoveryContractTests.wren)])
    try setBackToVersion8(path)
    let repository = try SQLiteNoteRepository(path: path)
    var theirs = RecoveryContractTests.wren
    theirs.body = "Edited on another machine."
    try repository.commit([.trashNote(theirs.id, at: RecoveryContractTests.at(5))])
    try repository.commit([.saveNote(theirs)])
    #expect(try repository.versions(ofNote: theirs.id).map(\.body) == ["Loud."])
    #expect(try repository.trashedNotes().isEmpty)
  }
}

/// The store's sync mark: a new store's says it never synced, a store from before marks has
/// none, and a mark recorded outlives the session.
@Suite struct SQLiteSyncMarkTests {
  let directory = TemporaryDirectory()

  @Test func aNewStoreNeverSyncedAndAMarkOutlivesTheSession() throws {
    let path = directory.file("notes.sqlite")
    #expect(try SQLiteNoteRepository(path: path).syncMark() == SyncMark.neverSynced)
    try SQLiteNoteRepository(path: path).recordSyncMark("abc123")
    #expect(try SQLiteNoteRepository(path: path).syncMark() == "abc123")
    #expect(try SQLiteNoteRepository.inMemory().syncMark() == SyncMark.neverSynced)
  }

  @Test func aStoreFromBeforeMarksHasNone() throws {
    let path = directory.file("notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    try setBackToVersion9(path)
    #expect(try SQLiteNoteRepository(path: path).syncMark() == nil)
  }
}
