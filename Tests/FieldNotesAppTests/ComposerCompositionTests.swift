import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// The app composes the composer's live client over the store and the drafts beside it: the
/// SQLite store's own drafts, which outlive the session when the store is a file, or, beside
/// notes in memory, drafts in memory that go with the session, so none is promised there.
@MainActor
@Suite struct ComposerCompositionTests {
  @Test func theDraftsOutliveTheSessionOnlyInAStoreFile() throws {
    let file = TemporaryStoreFile()
    #expect(try AppDependencies.live(storePath: file.path).drafts.isPersistent)
    #expect(try !AppDependencies.memory().drafts.isPersistent)
    let inMemory = AppDependencies.inMemory(
      NoteLibrary(), syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
      now: .fixed(), ids: .incrementing(), timeZone: .current, editor: UnavailableTextEditor())
    #expect(!inMemory.drafts.isPersistent)
  }

  /// A session over notes in memory that ends with unsaved text in the composer prints it
  /// whole, rather than keeping it as a draft that would go with the session.
  @Test func notesInMemoryKeepNoDraftAndTheComposerSaysSo() async throws {
    let test = TestSession(SampleData.library)
    try await test.session.run("open all")
    try await test.session.run("new")
    try await test.session.run("title Wren")

    #expect(!test.session.preserveUnsavedWork())

    #expect(
      test.console.errors.first?.contains("the notes are kept in memory, and go with it") == true,
      "\(test.console.errors)")
    #expect(test.console.errors.contains("title: Wren"))
  }
}
