import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import NoteDetailLive
import NoteDetailScreen
import Synchronization
import Testing

/// The files kept with a note, on its page: listed under the text, numbered, and written out by
/// `attachment save N PATH` to a new file only.
@MainActor
@Suite struct NoteDetailAttachmentScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let files = RecordingFiles()

  func makeHarness() throws -> ScreenHarness<Route> {
    try repository.commit([
      .saveAttachment(
        NoteAttachment(name: "kingfisher.jpg", bytes: Data(count: 2_048)),
        forNote: SampleData.kingfisher.id)
    ])
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let screen = NoteDetailScreen(
      model: NoteDetailViewModel(
        noteID: SampleData.kingfisher.id,
        client: StoreNoteDetailClient(store: store, history: DeletionHistory(), files: files),
        summarizer: CannedSummaryGenerator()),
      now: .fixed(SampleData.date(minutes: 60)), timeZone: TimeZone(identifier: "UTC") ?? .current)
    return ScreenHarness(screen)
  }

  @Test func theFilesAreListedUnderTheTextNumbered() throws {
    let harness = try makeHarness()
    #expect(
      harness.lastDrawn?.suffix(3) == [
        "", "Attachments (`attachment save N PATH` writes one out):",
        "  1  kingfisher.jpg · 2.0 KB · no longer referenced by the text",
      ])
  }

  @Test func saveWritesTheFileAndSaysWhere() async throws {
    let harness = try makeHarness()
    #expect(
      try await harness.run("attachment save 1 Pictures/k f.jpg")
        == ["Saved kingfisher.jpg (2.0 KB) to Pictures/k f.jpg."])
    #expect(files.created.withLock { $0 } == ["Pictures/k f.jpg": Data(count: 2_048)])
  }

  @Test func aPathFromTheHomeFolderIsWrittenThere() async throws {
    let harness = try makeHarness()
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    #expect(
      try await harness.run("attachment save 1 ~/k.jpg")
        == ["Saved kingfisher.jpg (2.0 KB) to \(home)/k.jpg."])
    #expect(files.created.withLock { Array($0.keys) } == ["\(home)/k.jpg"])
  }

  @Test func aDashIsNotTakenForAFileName() async throws {
    let harness = try makeHarness()
    await #expect(
      throws: CommandLineError.refused(
        "`-` would be a file named `-`, not standard output; nothing was written (to make one, "
          + "give ./-).")
    ) { try await harness.run("attachment save 1 -") }
    #expect(files.created.withLock { $0.isEmpty })
  }

  @Test func saveOverAFileThereIsRefused() async throws {
    let harness = try makeHarness()
    files.created.withLock { $0["mine.jpg"] = Data("mine".utf8) }
    await #expect(
      throws: CommandLineError.refused(
        "mine.jpg is there already; nothing was written (choose a path where nothing is).")
    ) { try await harness.run("attachment save 1 mine.jpg") }
    #expect(files.created.withLock { $0["mine.jpg"] } == Data("mine".utf8))
  }
}

/// Files written in memory, refusing a path written already, as the live writer refuses a file
/// on disk.
final class RecordingFiles: NewFileWriting {
  let created = Mutex<[String: Data]>([:])

  func create(_ data: Data, at path: String) throws(NewFileError) {
    try created.withLock { files throws(NewFileError) in
      guard files[path] == nil else { throw NewFileError(path: path, reason: "is there already") }
      files[path] = data
    }
  }
}
