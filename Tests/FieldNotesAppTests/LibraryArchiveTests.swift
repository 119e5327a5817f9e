import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

@Suite struct LibraryArchiveTests {
  @Test func jsonRoundTripsEveryFieldToTheMillisecond() throws {
    var library = SampleData.library
    library.notes[0].body = "Quotes \" and 'single', a NUL \u{0}, and \u{1B}[31m escapes"
    let data = try LibraryArchive.json(library)
    let read = try LibraryArchive.library(fromJSON: data, path: "x.json")
    #expect(read == library)
  }

  @Test func refusesOtherJSON() {
    #expect(throws: AppError.self) {
      try LibraryArchive.library(fromJSON: Data(#"{"notes": []}"#.utf8), path: "x.json")
    }
    #expect(throws: AppError.file(path: "x.json", reason: "not a FieldNotes JSON export")) {
      try LibraryArchive.library(
        fromJSON: Data(#"{"format": "other", "version": 1, "notebooks": [], "notes": []}"#.utf8),
        path: "x.json")
    }
  }

  @Test func markdownGroupsNotesByNotebook() {
    let text = String(decoding: LibraryArchive.markdown(SampleData.library), as: UTF8.self)
    #expect(
      text.contains(
        "## Birds\n\n### Heron at the lake\n\n*pinned · 2026-11-29 · #birds #lake*\n\nGrey heron, still as a post."
      ))
    #expect(text.contains("## No Notebook\n\n### Field kit"))
  }

  @MainActor
  func session() -> AppSession {
    let session = AppSession(
      dependencies: .inMemory(SampleData.library, now: .fixed()), output: RecordingConsole())
    session.start()
    return session
  }

  @MainActor
  @Test func exportFilesAreReadableByTheirOwnerOnly() async throws {
    let path = NSTemporaryDirectory() + "fieldnotes-export-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await session().run("export \(path)")
    let permissions =
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
  }
}
