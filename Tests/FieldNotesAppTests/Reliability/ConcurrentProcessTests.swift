import FieldNotesPersistence
import Foundation
import Testing

/// Two processes write to one store file at the same time.
@Suite struct ConcurrentProcessTests {
  @Test func twoProcessesWriting500NotesEachLoseNone() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-concurrent-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    // Create the store first, so both processes open an existing file.
    _ = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "", environment: ["HOME": folder])

    let drivers = try ["first", "second"].map { name in
      let driver = try ProcessDriver(
        binary, arguments: ["--store", store], environment: ["TZ": "UTC", "HOME": folder])
      var script = ["open all"]
      for index in 0..<ReliabilityFigures.notesPerProcess {
        script += ["new", "title \(name) \(index)", "save"]
      }
      driver.send(script)
      return driver
    }
    for driver in drivers {
      #expect(
        driver.waitForLines(
          count: ReliabilityFigures.notesPerProcess, matching: { $0.hasPrefix("Saved “") },
          seconds: 120))
      driver.finishInput()
      #expect(driver.waitForExit() == 0)
      #expect(driver.errors.isEmpty, "\(driver.errors)")
      #expect(!driver.errors.contains("locked"))
    }

    let notes = try SQLiteNoteRepository(path: store).load().notes
    #expect(notes.count == 2 * ReliabilityFigures.notesPerProcess)
    #expect(Set(notes.map(\.title)).count == 2 * ReliabilityFigures.notesPerProcess)
  }
}
