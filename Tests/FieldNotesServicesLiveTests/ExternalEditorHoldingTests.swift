import FieldNotesServices
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Unsaved text held in a file of the store's folder, as the composer holds its draft: locked
/// while held, replaced whole, removed when let go of, and a leftover once no one holds it.
@Suite struct ExternalEditorHoldingTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-held-" + UUID().uuidString

  func editor(_ owner: ExternalEditor.Owner? = nil) -> ExternalEditor {
    ExternalEditor(
      environment: [:], hasTerminal: false, folder: folder,
      owner: owner ?? .store(path: folder + "/notes.sqlite"))
  }

  func files(in editor: ExternalEditor) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: editor.folder).sorted()
  }

  @Test func aHeldFileIsNoLeftoverAndEachTextReplacesTheLastWhole() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holding = editor()

    let first = try #require(
      try holding.hold(Data("# Wren\n".utf8), fileName: "new-note.md", replacing: nil))
    let second = try #require(
      try holding.hold(Data("# Wren\n\nLoud.\n".utf8), fileName: "new-note.md", replacing: first))

    #expect(second.path == first.path, "one file for one draft")
    #expect(second.path.hasSuffix("-new-note.md"))
    #expect(try String(contentsOfFile: second.path, encoding: .utf8) == "# Wren\n\nLoud.\n")
    #expect(try files(in: holding).count == 2, "the file and its lock: nothing half written")
    let mode = try FileManager.default.attributesOfItem(atPath: second.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    #expect(editor().leftoverEdits().isEmpty, "another session leaves a held file alone")
    holding.letGo(second)
  }

  @Test func aFileLetGoOfIsGoneWithItsLock() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holding = editor()
    let held = try #require(
      try holding.hold(Data("# Wren\n".utf8), fileName: "new-note.md", replacing: nil))

    holding.letGo(held)

    #expect(!FileManager.default.fileExists(atPath: holding.folder), "nor its folder, empty")
    #expect(editor().leftoverEdits().isEmpty)
  }

  /// A session that ends without letting go — as a killed one does, its lock released by the
  /// system — leaves its file, with the last text held, for the next session to keep.
  @Test func aFileNoLongerHeldIsALeftoverWithTheLastText() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holding = editor()
    var path = ""
    do {
      let first = try #require(
        try holding.hold(Data("# Wren\n".utf8), fileName: "new-note.md", replacing: nil))
      let held = try holding.hold(
        Data("# Wren\n\nLoud.\n".utf8), fileName: "new-note.md",
        replacing: first)
      path = try #require(held).path
      // Held to here, not only to its last use, which may come first.
      withExtendedLifetime(held) { #expect(editor().leftoverEdits().isEmpty) }
    }

    let leftovers = editor().leftoverEdits()

    #expect(leftovers.map(\.path) == [path])
    #expect(leftovers.map(\.fileName) == ["new-note.md"])
    #expect(leftovers.map { String(decoding: $0.text, as: UTF8.self) } == ["# Wren\n\nLoud.\n"])
    editor().forget(try #require(leftovers.first))
    #expect(try files(in: holding) == [ExternalEditor.mayStillBeSavedInto])
  }

  /// A session killed between writing a held file's next text and renaming it leaves both.
  ///
  /// The text before is whole, the next whole or in part: each is a leftover of its own, so the
  /// newest text typed is kept too.
  @Test func theNextTextOfAFileKilledMidReplaceIsALeftoverToo() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holding = editor()
    var path = ""
    do {
      let held = try #require(
        try holding.hold(Data("# Wren\n".utf8), fileName: "new-note.md", replacing: nil))
      path = held.path
      try Data("# Wren\n\nLoud.\n".utf8).write(
        to: URL(fileURLWithPath: path + ExternalEditor.writingSuffix))
      withExtendedLifetime(held) { #expect(editor().leftoverEdits().isEmpty) }
    }

    let leftovers = editor().leftoverEdits()

    #expect(leftovers.map(\.path) == [path, path + ExternalEditor.writingSuffix])
    #expect(leftovers.map(\.fileName) == ["new-note.md", "new-note.md"])
    #expect(
      leftovers.map { String(decoding: $0.text, as: UTF8.self) } == [
        "# Wren\n", "# Wren\n\nLoud.\n",
      ])
    for leftover in leftovers { editor().forget(leftover) }
    #expect(try files(in: holding) == [ExternalEditor.mayStillBeSavedInto])
  }

  /// The next text cut short by the kill: a last character cut in two is left out, the rest
  /// kept; one cut before its first byte holds nothing, and goes.
  @Test(
    arguments: [
      (Array("# Café\n\nnewest caf".utf8) + [0xC3], "# Café\n\nnewest caf" as String?),
      ([], nil),
    ] as [([UInt8], String?)])
  func theNextTextCutShortIsKeptUpToItsLastWholeCharacter(_ written: [UInt8], kept: String?)
    throws
  {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var path = ""
    do {
      let held = try #require(
        try editor().hold(Data("# Café\n".utf8), fileName: "new-note.md", replacing: nil))
      path = held.path
      try Data(written).write(to: URL(fileURLWithPath: path + ExternalEditor.writingSuffix))
    }

    let leftovers = editor().leftoverEdits()

    #expect(
      leftovers.map { String(decoding: $0.text, as: UTF8.self) } == ["# Café\n"]
        + (kept.map { [$0] } ?? []))
    #expect(
      FileManager.default.fileExists(atPath: path + ExternalEditor.writingSuffix) == (kept != nil))
  }

  @Test func aStoreInMemoryHoldsNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(
      try editor(.inMemory).hold(Data("# Wren\n".utf8), fileName: "new-note.md", replacing: nil)
        == nil)
    #expect(!FileManager.default.fileExists(atPath: folder))
  }
}
