import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// An import into a store with no notes is written through SQLite's rollback journal when no
/// other connection has the store open (`SQLiteImportJournal`), and through the write-ahead log
/// otherwise: either way all of it or none, and the store is in WAL mode once it is done.
@Suite struct SQLiteImportJournalTests {
  let directory = TemporaryDirectory()
  let files = FileManager.default

  /// A body of about 9 KB, so that a couple of thousand notes overflow the store's 16 MiB page
  /// cache and SQLite writes pages into the file before the transaction ends.
  let longBody = String(repeating: "A heron stood by the weir at dawn. ", count: 260)

  @Test func anImportIntoAnEmptyStoreIsWrittenWithARollbackJournalAndLeavesItInWALMode() throws {
    let path = directory.file("notes.sqlite")
    let seen = try importNotes(into: try SQLiteNoteRepository(path: path), at: path)
    #expect(seen.journal)
    #expect(!seen.log)
    #expect(try pragmaText("journal_mode", of: path) == "wal")
    #expect(!files.fileExists(atPath: path + "-journal"))
    #expect(try SQLiteNoteRepository(path: path).load().notes.count == 300)
  }

  @Test func anImportIntoAStoreAnotherConnectionHasOpenIsWrittenThroughTheLog() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    let other = try SQLiteNoteRepository(path: path)
    #expect(try other.load().notes.isEmpty)
    #expect(try !importNotes(into: store, at: path).journal)
    #expect(try pragmaText("journal_mode", of: path) == "wal")
    #expect(try other.load().notes.count == 300)
  }

  @Test func anImportIntoAStoreWithNotesIsWrittenThroughTheLog() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNote(Note(title: "Already here"))])
    #expect(try !importNotes(into: store, at: path).journal)
    #expect(try store.load().notes.count == 301)
  }

  @Test func completionRefusesToReadAStoreAnImportIsWritingThroughItsJournal() throws {
    let path = directory.file("notes.sqlite")
    let link = directory.file("links/notes.sqlite")
    try files.createDirectory(atPath: directory.file("links"), withIntermediateDirectories: true)
    try files.createSymbolicLink(atPath: link, withDestinationPath: "../notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNotebook(Notebook(name: "Field trips"))])
    var refusals: [RepositoryError] = []
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for index in 0..<300 {
          try write(.saveNote(Note(title: "Note \(index)")))
          // Through the link too, whose journal is beside the file it names.
          for place in [path, link] where index == 200 {
            do throws(RepositoryError) {
              _ = try SQLiteNoteRepository.completionWords(.notebooks, ofStoreAt: place)
            } catch { refusals.append(error) }
          }
        }
      }, progress: { _ in })
    let refusal = RepositoryError.readFailed(
      reason: "the store is being written by an import; try again once it ends")
    #expect(refusals == [refusal, refusal])
    #expect(
      try SQLiteNoteRepository.completionWords(.notebooks, ofStoreAt: path).map(\.word) == [
        "Field trips"
      ])
  }

  @Test func anImportThatFailsLeavesTheStoreAsItWasAndInWALMode() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    let notebook = Notebook(name: "Field trips")
    try store.commit([.saveNotebook(notebook)])
    #expect(throws: RepositoryError.readFailed(reason: "the file changed")) {
      try store.commit(
        streaming: { write throws(RepositoryError) in
          for index in 0..<2_000 {
            try write(.saveNote(Note(title: "Note \(index)", body: longBody)))
          }
          throw .readFailed(reason: "the file changed")
        }, progress: { _ in })
    }
    #expect(try store.load() == NoteLibrary(notebooks: [notebook], notes: []))
    #expect(try pragmaText("journal_mode", of: path) == "wal")
    try store.commit([.saveNote(Note(title: "After"))])
    #expect(try SQLiteNoteRepository(path: path).load().notes.map(\.title) == ["After"])
  }

  /// The files as a crash would leave them: copied while the import's transaction is open,
  /// after SQLite has written some of its pages into the store's file, then given the first
  /// page as the commit wrote it.
  ///
  /// Opened through a symbolic link too, whose journal SQLite keeps beside the file it names.
  @Test(arguments: [false, true])
  func aStoreLeftByACrashMidImportOpensAsItWasBeforeTheImport(throughALink: Bool) throws {
    let path = directory.file("notes.sqlite")
    let crashed = directory.file("crashed.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    let notebook = Notebook(name: "Field trips")
    try store.commit([.saveNotebook(notebook)])
    let sizeBefore = size(of: path) ?? 0
    var copied = false
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for index in 0..<3_000 {
          try write(.saveNote(Note(title: "Note \(index)", body: longBody)))
          if !copied, (size(of: path) ?? 0) > sizeBefore + 8_000_000 {
            try? files.copyItem(atPath: path, toPath: crashed)
            try? files.copyItem(atPath: path + "-journal", toPath: crashed + "-journal")
            copied = true
          }
        }
      }, progress: { _ in })
    // The copy is of a file the import had written into, with the journal that undoes it.
    #expect(copied)
    #expect((size(of: crashed + "-journal") ?? 0) > 0)
    // The commit writes the first page, whose header counts the pages, before the pages past
    // the old end: a crash between leaves the file shorter than its header says.
    let committedFirstPage = try #require(FileManager.default.contents(atPath: path)?.prefix(4_096))
    let copy = try #require(FileHandle(forWritingAtPath: crashed))
    try copy.write(contentsOf: committedFirstPage)
    try copy.close()
    #expect(try headerPageCount(of: crashed) * 4_096 > size(of: crashed) ?? 0)
    let link = directory.file("links/crashed.sqlite")
    if throughALink {
      try files.createDirectory(
        atPath: directory.file("links"), withIntermediateDirectories: true)
      try files.createSymbolicLink(atPath: link, withDestinationPath: "../crashed.sqlite")
    }
    let reopened = try SQLiteNoteRepository(path: throughALink ? link : crashed)
    #expect(try reopened.load() == NoteLibrary(notebooks: [notebook], notes: []))
    #expect(try reopened.integrityProblems().isEmpty)
    #expect(try pragmaText("journal_mode", of: crashed) == "wal")
    #expect(!files.fileExists(atPath: crashed + "-journal"))
    #expect(try store.load().notes.count == 3_000)
  }

  /// Imports 300 short notes in one streaming commit, looking beside the store after each for
  /// a rollback journal and a non-empty log.
  ///
  /// - Returns: Whether either was seen while the import ran.
  private func importNotes(into store: SQLiteNoteRepository, at path: String) throws -> (
    journal: Bool, log: Bool
  ) {
    var seen = (journal: false, log: false)
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for index in 0..<300 {
          try write(.saveNote(Note(title: "Note \(index)", body: "Heron \(index)")))
          seen.journal = seen.journal || files.fileExists(atPath: path + "-journal")
          seen.log = seen.log || (size(of: path + "-wal") ?? 0) > 0
        }
      }, progress: { _ in })
    return seen
  }

  /// The page count a store's header gives (bytes 28–31).
  private func headerPageCount(of path: String) throws -> Int {
    let header = try #require(FileManager.default.contents(atPath: path)?.prefix(100))
    return header.dropFirst(28).prefix(4).reduce(0) { $0 << 8 | Int($1) }
  }

  private func size(of path: String) -> Int? {
    (try? files.attributesOfItem(atPath: path))?[.size] as? Int
  }
}
