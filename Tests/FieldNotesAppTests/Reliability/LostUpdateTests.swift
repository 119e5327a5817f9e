import FieldNotesModel
import FieldNotesPersistence
import Foundation
import Testing

/// Two real `fieldnotes` processes on one store: one holds a list (or a draft) while the other
/// edits a note; what the second saved is never written over by the first's stale copy.
@Suite struct LostUpdateTests {
  /// A store with one note, "Heron", and a process B that has listed it.
  struct Setting {
    let binary: URL
    let folder: String
    let store: String
    let environment: [String: String]

    init() throws {
      binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
      folder = NSTemporaryDirectory() + "fieldnotes-lost-update-" + UUID().uuidString
      store = folder + "/notes.sqlite"
      environment = ["TZ": "UTC", "HOME": folder]
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = try run(["open all", "new", "title Heron", "body A grey heron.", "save"])
    }

    @discardableResult
    func run(_ lines: [String]) throws -> BuiltProduct.Result {
      try BuiltProduct.run(
        binary, arguments: ["--store", store], input: lines.joined(separator: "\n") + "\n",
        environment: environment)
    }

    /// Process B, with the list of all notes drawn.
    func listingProcess(_ first: [String] = ["open all"]) throws -> ProcessDriver {
      let driver = try ProcessDriver(
        binary, arguments: ["--store", store], environment: environment)
      driver.send(first)
      #expect(driver.waitForLines(count: 1, matching: { $0.contains("Heron") }))
      return driver
    }

    /// Runs lines in B and waits until it has run them all (a `state` line comes back, in
    /// either form of a list).
    func perform(_ driver: ProcessDriver, _ lines: [String]) {
      let isState: (String) -> Bool = {
        $0.contains(".state = ") || $0.hasPrefix("The MV note list has no view model")
      }
      let stateLines = driver.output.filter(isState).count
      driver.send(lines + ["state"])
      #expect(driver.waitForLines(count: stateLines + 1, matching: isState), "B ran \(lines)")
    }

    /// Runs the last lines in B, waits until it has run them all, and ends its input.
    func finish(_ driver: ProcessDriver, with lines: [String]) -> Int32 {
      perform(driver, lines)
      driver.finishInput()
      return driver.waitForExit()
    }

    func savedNote() throws -> Note? {
      try savedNotes().first
    }

    func savedNotes() throws -> [Note] {
      try SQLiteNoteRepository(path: store).load().notes
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test func aPinFromAStaleListKeepsTheOtherProcessesEdit() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let processB = try setting.listingProcess()

    #expect(try setting.run(["open all", "edit 1", "title Heron at dusk", "save"]).status == 0)
    #expect(setting.finish(processB, with: ["pin 1"]) == 0, "\(processB.errors)")

    let note = try #require(try setting.savedNote())
    #expect(note.title == "Heron at dusk")
    #expect(note.isPinned)
    #expect(processB.output.contains { $0.contains("Heron at dusk") }, "B shows A's edit")
  }

  @Test func aDeleteThenUndoFromAStaleListRestoresTheOtherProcessesEdit() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let processB = try setting.listingProcess()

    #expect(try setting.run(["open all", "edit 1", "title Heron at dusk", "save"]).status == 0)
    #expect(setting.finish(processB, with: ["delete 1", "undo"]) == 0, "\(processB.errors)")

    #expect(try setting.savedNote()?.title == "Heron at dusk")
  }

  @Test func aStaleDraftIsRefusedKeptAndSavedOnlyWhenAskedAgain() throws {
    let setting = try Setting()
    defer { setting.remove() }
    let processB = try setting.listingProcess(["open all", "edit 1"])

    #expect(try setting.run(["open all", "edit 1", "title Heron at dusk", "save"]).status == 0)
    processB.send(["title Heron in the rain", "save"])
    #expect(processB.waitForLines(count: 1, matching: { $0.contains("title: Heron in the rain") }))
    #expect(setting.finish(processB, with: []) == 1, "the refused save failed its line")
    #expect(try setting.savedNote()?.title == "Heron at dusk", "the stale draft was not saved")
    #expect(
      processB.errors.contains(
        "not saved: another FieldNotes changed this note since you opened it"),
      "\(processB.errors)")
    #expect(processB.output.contains("ComposerViewModel.state = editing(valid)"))
    #expect(
      processB.output.last
        == "Kept the unsaved change as a draft; editing the note again offers it back.")

    // The next composer for the note lists B's kept draft; typing starts afresh.
    let processC = try setting.listingProcess(["open all", "edit 1", "title Heron in the rain"])
    #expect(try setting.run(["open all", "pin 1"]).status == 0)
    #expect(setting.finish(processC, with: ["save", "save"]) == 1)
    #expect(try setting.savedNote()?.title == "Heron in the rain", "a second save is a choice")
  }
}
