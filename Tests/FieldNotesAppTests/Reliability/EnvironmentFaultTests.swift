import FieldNotesModel
import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// A folder that can't be written, a store file that can't be written, a full disk: one clear
/// line each, the change rolled back, nothing saved lost.
@Suite(.serialized) struct EnvironmentFaultTests {
  /// Whether this machine can make a file immutable (`chattr +i`), which even root can't write:
  /// tests here often run as root, for whom permission bits mean nothing.
  static let canFreezeFiles: Bool = {
    let probe = NSTemporaryDirectory() + "fieldnotes-chattr-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: probe, contents: Data())
    defer {
      _ = try? run("/usr/bin/chattr", ["-i", probe])
      try? FileManager.default.removeItem(atPath: probe)
    }
    return (try? run("/usr/bin/chattr", ["+i", probe])) == 0
  }()

  static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    try ChildProcess(tool, arguments: arguments, standardError: .nullDevice).waitUntilExit()
      .status
  }

  /// A relative `HOME` would put the store wherever FieldNotes was started: it is refused, with
  /// what to do, and nothing is written in the current folder.
  @Test func aRelativeHomeIsRefusedAndNothingIsWrittenWhereFieldNotesStarted() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-relative-home-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let result = try BuiltProduct.run(
      binary, arguments: ["-c", "open all"], input: "", environment: ["HOME": "relhome"],
      in: folder)

    #expect(result.status == 1)
    // The store this platform would keep under the home folder, as the error names it.
    var place = ""
    #expect {
      try StoreLocation.defaultPath(environment: ["HOME": "relhome"])
    } throws: { error in
      guard let unplaced = error as? StoreLocation.NoDefaultPath else { return false }
      place = unplaced.path
      return place.hasPrefix("~/")
    }
    #expect(
      result.errors == [
        "error: cannot open the store at \(place): HOME is "
          + "\u{201C}relhome\u{201D}, not an absolute path; set HOME to your home folder, or give "
          + "the store with --store PATH"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test(.enabled(if: canFreezeFiles, "chattr +i is not available here"))
  func anUnwritableStoreFolderIsReportedAndNothingIsCreated() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-frozen-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(try Self.run("/usr/bin/chattr", ["+i", folder]) == 0)
    defer {
      _ = try? Self.run("/usr/bin/chattr", ["-i", folder])
      try? FileManager.default.removeItem(atPath: folder)
    }

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", folder + "/notes.sqlite", "-c", "open all"], input: "",
      environment: ["HOME": NSTemporaryDirectory()])

    #expect(result.status == 1)
    #expect(
      result.errors == [
        "error: cannot open the store at \(folder)/notes.sqlite: operation not permitted"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test(.enabled(if: canFreezeFiles, "chattr +i is not available here"))
  func aReadOnlyStoreRefusesChangesAndKeepsWhatWasSaved() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-readonly-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let environment = ["HOME": folder, "TZ": "UTC"]
    _ = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "open all\nnew\ntitle Kept\nsave\n",
      environment: environment)
    let saved = try SQLiteNoteRepository(path: store).load()
    #expect(try Self.run("/usr/bin/chattr", ["+i", store]) == 0)
    defer { _ = try? Self.run("/usr/bin/chattr", ["-i", store]) }

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "open all\npin 1\nnew\ntitle Lost?\nsave\n",
      environment: environment)

    #expect(result.status == 1)
    #expect(result.errors.count == 2)
    #expect(
      result.errors.allSatisfy { $0.contains("is read-only, so the change was not saved") })
    // The unsaved note can't be kept as a draft either: it stays in the file that held it after
    // every change, outside the store, which the message names for the next session to keep.
    let kept = try #require(
      result.output.first { $0.hasPrefix("The unsaved note could not be kept as a draft now") })
    #expect(kept.contains("(the store at \(store) is read-only); it is kept in \(folder)/"))
    let heldPath = try #require(
      kept.components(separatedBy: "it is kept in ").last?.components(separatedBy: ", and").first)
    #expect(try String(contentsOfFile: heldPath, encoding: .utf8).contains("Lost?"))
    // The next session, the store still read-only, can't keep it as a draft either: it says so,
    // naming the file, which stays; once the store can be written, the file is a draft.
    let stillReadOnly = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "open all\n", environment: environment)
    #expect(
      stillReadOnly.errors.first
        == "warning: 1 note being written when FieldNotes stopped could not be kept as a draft "
        + "(this store took none); it stays at \(heldPath), and the next session of this store "
        + "tries again", "\(stillReadOnly.errors)")
    #expect(FileManager.default.fileExists(atPath: heldPath))
    // The pin was rolled back on screen: the list was drawn again without it.
    #expect(result.output.contains { $0.hasPrefix("  1   ") && $0.hasSuffix("  Kept · just now") })
    _ = try Self.run("/usr/bin/chattr", ["-i", store])
    #expect(try SQLiteNoteRepository(path: store).load() == saved)
    // The next command keeps it as a draft, a one-shot `add` as a session does.
    let added = try BuiltProduct.run(
      binary, arguments: ["add", "Next", "--store", store], input: "", environment: environment)
    #expect(added.status == 0, "\(added.errors)")
    #expect(
      added.errors.first?.hasPrefix("warning: FieldNotes stopped while 1 note was being written")
        == true, "\(added.errors)")
    #expect(!FileManager.default.fileExists(atPath: heldPath))
    let writable = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "open all\nnew\ndraft 1\nsave\n",
      environment: environment)
    #expect(writable.status == 0, "\(writable.errors)")
    #expect(
      try SQLiteNoteRepository(path: store).load().notes.map(\.title).sorted() == [
        "Kept", "Lost?", "Next",
      ])
  }

  @MainActor
  @Test func aFullDiskRollsBackAndSaysSo() async throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let console = RecordingConsole()
    let session = AppSession(
      dependencies: AppDependencies(
        store: store, drafts: repository, searchIndex: repository,
        summarizer: UnavailableSummaryGenerator(), now: .fixed(),
        ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
        editor: UnavailableTextEditor()),
      output: console)
    session.start()
    try await session.run("open Birds")
    repository.failCommits(with: .diskFull)
    let before = console.output.suffix(5)

    await #expect(throws: AppError.refused("The disk is full, so the change was not saved.")) {
      try await session.run("pin 2")
    }
    await #expect(throws: AppError.self) { try await session.run("delete 1") }

    #expect(repository.savedLibrary == SampleData.library)
    #expect(store.notes == SampleData.library.notes)
    #expect(console.output.suffix(5) == before)
  }
}
