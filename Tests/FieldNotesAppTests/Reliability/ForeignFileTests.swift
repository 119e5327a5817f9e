import FieldNotesSQLiteTesting
import Foundation
import Testing

/// Files that are not FieldNotes stores are refused by name, and left exactly as they were.
@Suite struct ForeignFileTests {
  enum Kind: String, CaseIterable, Sendable {
    case zeroBytes, text, truncatedStore, otherApplication, newerSchema

    var expectedProblem: String {
      switch self {
      case .zeroBytes, .text, .otherApplication: "is not a FieldNotes store"
      case .truncatedStore: "is damaged"
      case .newerSchema: "was written by a newer FieldNotes"
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func aForeignFileIsRefusedAndLeftByteIdentical(_ kind: Kind) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-foreign-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/store.sqlite"
    try make(kind, at: path, binary: binary, folder: folder)
    let before = try #require(FileManager.default.contents(atPath: path))

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", path, "-c", "open all"], input: "",
      environment: ["HOME": folder])

    #expect(result.status == 1)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.contains(path) == true, "\(result.errors)")
    #expect(result.errors.first?.contains(kind.expectedProblem) == true, "\(result.errors)")
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["store.sqlite"])
  }

  private func make(_ kind: Kind, at path: String, binary: URL, folder: String) throws {
    switch kind {
    case .zeroBytes:
      try Data().write(to: URL(fileURLWithPath: path))
    case .text:
      try Data("Shopping: eggs, milk, binoculars.\n".utf8).write(to: URL(fileURLWithPath: path))
    case .truncatedStore:
      // Made in a folder of its own: the session that writes it keeps its state (the composer's
      // held text) under its home, and the folder tested holds only what the refusal left.
      let maker = NSTemporaryDirectory() + "fieldnotes-foreign-maker-" + UUID().uuidString
      defer { try? FileManager.default.removeItem(atPath: maker) }
      let full = maker + "/full.sqlite"
      var script = ["notebook new Birds", "open Birds"]
      for index in 0..<300 {
        script += [
          "new", "title Note \(index)", "body \(String(repeating: "text ", count: 100))", "save",
        ]
      }
      _ = try BuiltProduct.run(
        binary, arguments: ["--store", full], input: script.joined(separator: "\n"),
        environment: ["HOME": maker])
      let bytes = try #require(FileManager.default.contents(atPath: full))
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    case .otherApplication:
      try sqlite(
        path,
        "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)"
      )
    case .newerSchema:
      try sqlite(
        path,
        "PRAGMA application_id = \(0x464E_4F54); PRAGMA user_version = 99; CREATE TABLE notes (id TEXT)"
      )
    }
  }

  private func sqlite(_ path: String, _ sql: String) throws {
    try RawSQLite.execute(sql, on: path, create: true)
  }
}
