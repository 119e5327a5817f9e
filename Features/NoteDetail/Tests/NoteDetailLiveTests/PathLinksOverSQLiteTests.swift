import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import NoteDetailLive
import Testing

/// Links written as a path to a file, as Obsidian writes them where two files share a name,
/// over a SQLite store: the page follows them, lists them as backlinks, and a rename rewrites
/// them, as it does a plain `[[x]]`.
@MainActor
@Suite struct PathLinksOverSQLiteTests {
  @Test func thePageFollowsAPathLinkListsItAsABacklinkAndARenameRewritesIt() throws {
    let file = TemporaryStoreFile()
    let target = Note(
      id: UUID(number: 0x51), title: "x", body: "The note.", createdAt: SampleData.date(minutes: 1),
      importedFile: ImportedFile(name: "x.md", title: "x"))
    let byPath = Note(
      id: UUID(number: 0x52), title: "a1", body: "see [[Areas/Health/x]]",
      createdAt: SampleData.date(minutes: 2))
    let byFile = Note(
      id: UUID(number: 0x53), title: "a2", body: "and [[x.md|the note]]",
      createdAt: SampleData.date(minutes: 3))
    try SQLiteNoteRepository(path: file.path).commit(
      [target, byPath, byFile].map { .saveNote($0) })
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    func model(_ id: Note.ID) -> NoteDetailViewModel {
      NoteDetailViewModel(
        noteID: id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
        summarizer: CannedSummaryGenerator())
    }
    func connections(of id: Note.ID) -> NoteConnections? {
      guard case .loaded(_, _, _, let connections) = model(id).state else { return nil }
      return connections
    }

    #expect(connections(of: byPath.id)?.links.map(\.note.id) == [target.id])
    #expect(connections(of: byPath.id)?.unresolved == [])
    #expect(connections(of: byFile.id)?.links.map(\.note.id) == [target.id])
    #expect(connections(of: target.id)?.backlinks.map(\.id) == [byPath.id, byFile.id])
    // `links:x`, which the page asks: the search index's prefilter takes a path form too.
    let client = StoreNoteDetailClient(store: store, history: DeletionHistory())
    #expect(Set(try client.notes(linkingTo: "x").map(\.id)) == [byPath.id, byFile.id])

    #expect(try model(target.id).rename(to: "Renamed x") == 2)
    #expect(try store.note(withID: byPath.id)?.body == "see [[Renamed x]]")
    #expect(try store.note(withID: byFile.id)?.body == "and [[Renamed x|the note]]")
  }
}
