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

  /// Processes that start while others write wait for the store, as every connection does,
  /// the one that checks the file is a store included: before, one that opened while the log
  /// held another's pages failed at once, saying the store was busy, and lost its note.
  @Test func processesStartingWhileOthersWriteWaitAndLoseNoNote() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-short-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    _ = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "", environment: ["HOME": folder])
    let loops = ReliabilityFigures.shortProcessLoops
    let each = ReliabilityFigures.shortProcessesPerLoop
    let script = folder + "/loops.sh"
    try """
    for loop in $(seq 1 \(loops)); do
      for n in $(seq 1 \(each)); do
        echo "Body $loop $n" | "$1" add "Note $loop $n" --store "$2" >/dev/null || echo failed
      done &
    done
    wait
    """.write(toFile: script, atomically: true, encoding: .utf8)

    let result = try BuiltProduct.run(
      URL(fileURLWithPath: "/bin/sh"), arguments: [script, binary.path, store], input: "",
      environment: ["TZ": "UTC", "HOME": folder, "PATH": "/usr/bin:/bin"])

    #expect(result.errors.isEmpty, "\(result.errors.prefix(3))")
    #expect(!result.output.contains("failed"))
    let notes = try SQLiteNoteRepository(path: store).load().notes
    #expect(notes.count == loops * each)
    #expect(Set(notes.map(\.body)).count == loops * each)
  }
}
