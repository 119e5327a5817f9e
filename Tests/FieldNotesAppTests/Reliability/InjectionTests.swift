import FieldNotesFormats
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesSQLiteTesting
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// SQL, quotes, wildcards, NUL and terminal escapes in every text field: stored verbatim, shown
/// harmlessly, searched literally, and the schema never changes.
@MainActor
@Suite struct InjectionTests {
  static let hostile = [
    "'); DROP TABLE notes;--", "Robert\"); DELETE FROM notebooks; --", "100% sure", "snake_case",
    "it's \"quoted\"", "back\\slash", "%", "_",
  ]

  func schema(_ path: String) throws -> [String] {
    (try? RawSQLite.rows("SELECT sql FROM sqlite_master ORDER BY name", of: path)) ?? []
  }

  @Test func typedTextIsStoredVerbatimAndSearchedLiterally() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-injection-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let dependencies = try AppDependencies.live(
      storePath: store, now: .system, timeZone: TimeZone(identifier: "UTC") ?? .current)
    let schemaBefore = try schema(store)
    let console = RecordingConsole()
    let session = AppSession(dependencies: dependencies, output: console)
    session.start()
    try await session.run(#"notebook new "'); DROP TABLE notebooks;--""#)
    try await session.run(#"open "'); DROP TABLE notebooks;--""#)
    // Text is typed as it is: the rest of a `title` or `body` line is kept exactly.
    for text in Self.hostile {
      try await session.run("new")
      try await session.run("title \(text)")
      try await session.run("body \(text)")
      try await session.run("save")
    }

    let saved = try SQLiteNoteRepository(path: store).load()
    #expect(saved.notebooks.map(\.name) == ["'); DROP TABLE notebooks;--"])
    #expect(saved.notes.map(\.title).sorted() == Self.hostile.sorted())
    #expect(saved.notes.allSatisfy { $0.title == $0.body })
    #expect(try schema(store) == schemaBefore)

    try await session.run("search %")
    #expect(
      dependencies.store.notes.filter { $0.matches("%") }.map(\.title).sorted() == [
        "%", "100% sure",
      ])
    try await session.run("search _")
    #expect(console.output.contains("Showing: search “_”"))
    #expect(
      dependencies.store.notes.filter { $0.matches("_") }.map(\.title).sorted() == [
        "_", "snake_case",
      ])
  }

  @Test func controlCharactersArriveOnlyByImportAndAreShownNotObeyed() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-escapes-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let nasty = Note(
      title: "Clear \u{1B}[2J screen\u{0}NUL", body: "bell \u{7} and \u{1B}]0;title\u{7}",
      tags: ["\u{1B}[31mred"])
    let notebook = Notebook(name: "Esc \u{1B}[1mbold")
    var moved = nasty
    moved.notebookID = notebook.id
    let exported = try LibraryArchive.json(NoteLibrary(notebooks: [notebook], notes: [moved]))
    try exported.write(to: URL(fileURLWithPath: folder + "/nasty.json"))

    // Typed, such text is refused before it reaches anything.
    let console = RecordingConsole()
    let session = AppSession(dependencies: try .live(storePath: store), output: console)
    session.start()
    await #expect(throws: AppError.self) {
      try await session.run(bytes: Array("search \u{1B}[2J".utf8))
    }
    try await session.run("import \(folder)/nasty.json")
    try await session.run("open all")
    try await session.run("show 1")

    let printed = console.lines.map(\.text).joined(separator: "\n")
    #expect(
      !printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x00 || $0.value == 0x07 })
    #expect(printed.contains("Clear \u{241B}[2J screen\u{2400}NUL"))
    // Compared with what the export file holds (its dates are to the millisecond): the title,
    // body and notebook verbatim, the tags by the one rule every import holds them to, which
    // makes a run of other characters one `-` and trims it from the ends.
    var expected = try LibraryArchive.library(fromJSON: exported)
    expected.notes[0].tags = ["31mred"]
    let saved = try SQLiteNoteRepository(path: store).load()
    #expect(saved == expected)
    #expect(saved.notes.first?.title == moved.title)
  }
}
