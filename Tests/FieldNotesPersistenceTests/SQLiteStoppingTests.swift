import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// An import, or a rebuild of the search index, stops once the task running it is cancelled, as
/// Ctrl-C cancels it.
///
/// Its statements fail, its transaction is rolled back, and the store is as it was. A save that
/// is neither is never stopped so.
@Suite struct SQLiteStoppingTests {
  let directory = TemporaryDirectory()

  /// What an import run in a task that cancels itself left.
  struct Outcome: Sendable, Equatable {
    /// What the import threw, if anything.
    var error: RepositoryError?
    /// How many notes the producer handed over before it stopped.
    var handedOver: Int
    /// The titles of the notes saved after the import, and after one save made by the same
    /// cancelled task once the import had ended.
    var titles: [String]
    /// The store's journal mode afterwards.
    var journalMode: String
  }

  @Test(arguments: [
    // Cancelled among the notes: the next is refused.
    (200, 200),
    // Cancelled once every note was handed over: what is written after them, the search index
    // among it, fails.
    (300, 300),
  ])
  func anImportStopsWhenItsTaskIsCancelledAndSavesNothing(cancelAt: Int, handedOver: Int)
    async throws
  {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNotebook(Notebook(name: "Field trips"))])
    let outcome = await Task {
      await Self.importCancelling(at: cancelAt, intoStoreAt: path)
    }.value
    #expect(
      outcome
        == Outcome(
          error: .stopped, handedOver: handedOver, titles: ["After the import"],
          journalMode: "wal"))
    #expect(try store.integrityProblems().isEmpty)
    #expect(try store.load().notebooks.map(\.name) == ["Field trips"])
  }

  @Test func anImportWhoseTaskIsNotCancelledIsSavedWhole() async throws {
    let path = directory.file("notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    let outcome = await Task {
      await Self.importCancelling(at: nil, intoStoreAt: path)
    }.value
    #expect(outcome.error == nil)
    #expect(outcome.titles.count == 301)
  }

  @Test func aRebuildOfTheSearchIndexStopsWhenItsTaskIsCancelledAndLeavesItAsItWas() async throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNote(Note(title: "Heron", body: "At the weir."))])
    try store.commit((0..<300).map { .saveNote(Note(title: "Wren \($0)", body: "In the hedge.")) })
    // An entry of wrong text, which a rebuild would take out: still there if nothing was written.
    // Written once the store is open, which would otherwise find it and rebuild the index.
    let wrong = "SELECT rowid FROM note_search WHERE note_search MATCH '\"kingfisher\"'"
    let stopped = await Task { () -> RepositoryError? in
      do {
        let repository = try SQLiteNoteRepository(path: path)
        try execute("INSERT INTO note_search (rowid, text) VALUES (2, 'kingfisher')", on: path)
        withUnsafeCurrentTask { $0?.cancel() }
        _ = try repository.rebuildSearchIndex()
        return nil
      } catch let error as RepositoryError {
        return error
      } catch {
        return .readFailed(reason: "\(error)")
      }
    }.value
    #expect(stopped == .stopped)
    #expect(try rows(wrong, of: path) == ["2"])
    #expect(try store.rebuildSearchIndex() == 301)
    #expect(try rows(wrong, of: path).isEmpty)
  }

  /// Imports 300 notes in one streaming commit, in the task running it, cancelling that task
  /// after handing over `cancelAt` notes; then saves one more note, as a plain save.
  ///
  /// - Parameters:
  ///   - cancelAt: How many notes to hand over before the task is cancelled, or `nil`.
  ///   - path: The store.
  /// - Returns: What was left.
  private static func importCancelling(at cancelAt: Int?, intoStoreAt path: String) async
    -> Outcome
  {
    var outcome = Outcome(error: nil, handedOver: 0, titles: [], journalMode: "")
    do throws(RepositoryError) {
      let store = try SQLiteNoteRepository(path: path)
      do throws(RepositoryError) {
        try store.commit(
          streaming: { write throws(RepositoryError) in
            for index in 0..<300 {
              if index == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
              try write(.saveNote(Note(title: "Note \(index)", body: "A heron at the weir.")))
              outcome.handedOver += 1
            }
            if cancelAt == 300 { withUnsafeCurrentTask { $0?.cancel() } }
          }, progress: { _ in })
      } catch {
        outcome.error = error
      }
      // Still in the cancelled task: a plain save is not stopped.
      try store.commit([.saveNote(Note(title: "After the import"))])
      outcome.titles = try store.load().notes.map(\.title)
    } catch {
      outcome.titles = ["could not read or save: \(error)"]
    }
    outcome.journalMode = (try? pragmaText("journal_mode", of: path)) ?? "unknown"
    return outcome
  }
}
