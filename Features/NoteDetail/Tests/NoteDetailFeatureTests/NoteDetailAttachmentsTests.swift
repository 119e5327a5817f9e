import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import Testing

/// A note's page lists the files kept with it, numbered, and writes one out to a new file,
/// never over one there.
@MainActor
@Suite struct NoteDetailAttachmentsTests {
  static let photo = NoteAttachment(name: "img/kingfisher.jpg", bytes: Data("JPEG".utf8))
  static let map = NoteAttachment(name: "bridge.pdf", bytes: Data("%PDF map".utf8))

  func makeClient() -> InMemoryNoteDetailClient {
    var note = SampleData.kingfisher
    note.body = "A flash of blue. ![](img/kingfisher.jpg)"
    let client = InMemoryNoteDetailClient(notes: [note], notebooks: SampleData.library.notebooks)
    client.attachmentsByNote[note.id] = [Self.map, Self.photo]
    return client
  }

  func makeModel(_ client: any NoteDetailClient) -> NoteDetailViewModel {
    NoteDetailViewModel(
      noteID: SampleData.kingfisher.id, client: client, summarizer: CannedSummaryGenerator())
  }

  @Test func theFilesAreListedWithTheirSizesAndWhetherTheTextStillReferencesThem() throws {
    let model = makeModel(makeClient())
    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(
      connections.attachments == [
        AttachmentRow(name: "bridge.pdf", size: 8, isReferenced: false),
        AttachmentRow(name: "img/kingfisher.jpg", size: 4, isReferenced: true),
      ])
  }

  @Test func savingWritesTheFileOfTheRowShown() throws {
    let client = makeClient()
    let model = makeModel(client)
    let saved = try model.saveAttachment(atRow: 2, to: "/tmp/k.jpg")
    #expect(saved.name == "img/kingfisher.jpg")
    #expect(client.writtenFiles == ["/tmp/k.jpg": Data("JPEG".utf8)])
  }

  /// The page shows names and sizes only: a note with large PDFs reads none of their bytes
  /// however often its state is computed, and saving one reads that one alone.
  @Test func thePageReadsNoBytesUntilOneFileIsSaved() throws {
    let client = makeClient()
    let model = makeModel(client)
    for _ in 0..<3 { _ = model.state }
    client.notes = client.notes.map { note in
      var note = note
      note.body += " Seen again."
      return note
    }
    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(connections.attachments.count == 2)
    #expect(client.attachmentByteReads == 0)
    try model.saveAttachment(atRow: 1, to: "/tmp/bridge.pdf")
    #expect(client.attachmentByteReads == 1)
    #expect(client.writtenFiles == ["/tmp/bridge.pdf": Data("%PDF map".utf8)])
  }

  @Test func savingNeverWritesOverAFileThere() throws {
    let client = makeClient()
    client.writtenFiles["/tmp/mine.pdf"] = Data("my own".utf8)
    let model = makeModel(client)
    #expect(
      throws: NoteDetailError.fileNotWritten(
        NewFileError(path: "/tmp/mine.pdf", reason: "is there already"))
    ) { try model.saveAttachment(atRow: 1, to: "/tmp/mine.pdf") }
    #expect(client.writtenFiles["/tmp/mine.pdf"] == Data("my own".utf8))
  }

  @Test func aRowThePageDoesNotShowIsRefused() throws {
    let model = makeModel(makeClient())
    #expect(throws: NoteDetailError.noAttachmentRow(3, rowCount: 2)) {
      try model.saveAttachment(atRow: 3, to: "/tmp/x")
    }
  }
}
