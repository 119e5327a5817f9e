import Foundation
import Testing

/// Every SQLite connection FieldNotes opens is opened in one place, which makes it wait on a
/// busy store: a probe of its own with no wait made a process started while another wrote fail
/// at once, losing what it was to save.
@Suite struct ConnectionRuleTests {
  @Test func onlySQLiteConnectionOpensTheStoreAndItWaitsWhenBusy() throws {
    let opens = try PlatformRuleTests.codeLines(under: ["Core", "Features", "Sources", "Tests"]) {
      code in code.contains("sqlite3_open" + "(") || code.contains("sqlite3_open_v2" + "(")
    }
    // The tests' own connections, standing in for other programs, open in one place too, which
    // turns off Apple's persistent WAL as FieldNotes' connections do.
    #expect(
      Set(opens.map(\.path)) == [
        "Core/FieldNotesPersistence/SQLiteConnection.swift",
        "Core/FieldNotesSQLiteTesting/RawSQLite.swift",
      ], "\(opens)")
    let file = PackageManifest.packageRoot.appendingPathComponent(
      "Core/FieldNotesPersistence/SQLiteConnection.swift")
    let code = try String(contentsOf: file, encoding: .utf8)
    let opening = try #require(
      code.range(of: "  init(path: String, readOnly: Bool, immutable: Bool"))
    let end = try #require(code.range(of: "\n  }\n", range: opening.upperBound..<code.endIndex))
    #expect(
      code[opening.lowerBound..<end.lowerBound].contains(
        "sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)"),
      "the connection sets its wait as it opens")
  }
}
