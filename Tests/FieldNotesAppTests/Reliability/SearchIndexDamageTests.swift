import FieldNotesSQLiteTesting
import Foundation
import Testing

/// A store's search index damaged from outside, through the `fieldnotes` binary: every save is
/// kept, searches show only notes that hold the text, and the next launch rebuilds the index
/// with one warning on standard error, in the words of the damaged-row warning.
@Suite struct SearchIndexDamageTests {
  /// Runs SQL on a store through a connection of the test's own, as another program would.
  func sqlite(_ path: String, _ sql: String) throws {
    try RawSQLite.execute(sql, on: path, create: true)
  }

  /// A store holding a heron and a wren, made by `fieldnotes`, and the arguments that open it.
  func makeStore(in folder: String) throws -> [String] {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let arguments = ["--store", folder + "/notes.sqlite"]
    let made = try BuiltProduct.run(
      binary, arguments: arguments,
      input: "open all\nnew\ntitle Heron\nbody grey, by the weir\nsave\nnew\ntitle Wren\nsave\n",
      environment: ["HOME": folder, "TZ": "UTC"])
    #expect(made.status == 0, "\(made.errors)")
    return arguments
  }

  func withFolder(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-index-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  /// The titles of the rows of each list a run drew, in order.
  func lists(_ output: [String]) -> [[String]] {
    var lists: [[String]] = []
    for line in output {
      if line.hasPrefix("All Notes ·") {
        lists.append([])
        continue
      }
      let words = line.split(separator: " ")
      guard !lists.isEmpty, words.count > 1, Int(words[0]) != nil else { continue }
      // The row's number, its pin, its short id, then the first word of its title.
      if let title = words.dropFirst().drop(while: { $0 == "*" }).dropFirst().first {
        lists[lists.count - 1].append(String(title))
      }
    }
    return lists
  }

  @Test func aDroppedIndexIsRebuiltAtLaunchWithOneWarning() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    try withFolder { folder in
      let arguments = try makeStore(in: folder)
      try sqlite(folder + "/notes.sqlite", "DROP TABLE note_search")

      let second = try BuiltProduct.run(
        binary, arguments: arguments, input: "open all\nsearch weir\n",
        environment: ["HOME": folder, "TZ": "UTC"])

      #expect(second.status == 0)
      #expect(
        second.errors == [
          "warning: the search index could not be used (one of its tables was missing) and was "
            + "rebuilt from the notes"
        ])
      #expect(lists(second.output) == [["Wren", "Heron"], ["Heron"]])
      let third = try BuiltProduct.run(
        binary, arguments: arguments, input: "open all\nsearch weir\n",
        environment: ["HOME": folder, "TZ": "UTC"])
      #expect(third.errors == [], "rebuilt once")
      #expect(lists(third.output) == [["Wren", "Heron"], ["Heron"]])
    }
  }

  /// Garbage where FTS5 keeps the index's layout passes `integrity_check`; the next launch
  /// finds it, and every save goes on being kept and found.
  @Test func garbageInTheIndexIsFoundAtLaunchAndEverySaveIsKept() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    try withFolder { folder in
      let arguments = try makeStore(in: folder)
      try sqlite(
        folder + "/notes.sqlite",
        "UPDATE note_search_data SET block = x'00112233445566778899' WHERE id = 10")

      let second = try BuiltProduct.run(
        binary, arguments: arguments,
        input: "open all\nnew\ntitle Robin\nbody on the spade by the weir\nsave\nsearch weir\n",
        environment: ["HOME": folder, "TZ": "UTC"])

      #expect(second.status == 0, "\(second.errors)")
      #expect(
        second.errors == [
          "warning: the search index could not be used (it could not be read: vtable constructor "
            + "failed: note_search) and was rebuilt from the notes"
        ])
      #expect(second.output.contains("Saved “Robin”."))
      #expect(lists(second.output).last == ["Robin", "Heron"])
      let third = try BuiltProduct.run(
        binary, arguments: arguments, input: "open all\nsearch weir\n",
        environment: ["HOME": folder, "TZ": "UTC"])
      #expect(third.errors == [])
      #expect(lists(third.output) == [["Robin", "Wren", "Heron"], ["Robin", "Heron"]])
    }
  }

  /// A program that writes the index and FieldNotes' seal of it too goes unseen at launch
  /// (`SQLiteSearchIndexRepairTests` has what a launch finds); still no wrong note is shown.
  @Test func anIndexOfWrongTextShowsNoWrongNoteAndReindexPutsItRight() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    try withFolder { folder in
      let arguments = try makeStore(in: folder)
      // The wren's entry says "weir".
      try sqlite(
        folder + "/notes.sqlite",
        """
        INSERT INTO note_search (note_search, rowid, text) VALUES ('delete', 2, 'wren' || char(10));
        INSERT INTO note_search (rowid, text) VALUES (2, 'wren by the weir');
        UPDATE search_index_seal SET
          averages = (SELECT block FROM note_search_data WHERE id = 1),
          structure = (SELECT block FROM note_search_data WHERE id = 10);
        """)

      let second = try BuiltProduct.run(
        binary, arguments: arguments, input: "open all\nsearch weir\nreindex\nlist\n",
        environment: ["HOME": folder, "TZ": "UTC"])

      #expect(second.status == 0, "\(second.errors)")
      #expect(second.errors == [])
      #expect(lists(second.output) == [["Wren", "Heron"], ["Heron"], ["Heron"]])
      #expect(second.output.contains("Rebuilt the search index from 2 notes."))
    }
  }
}
