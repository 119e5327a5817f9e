import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// Where the store goes when no path is given: always an absolute path, never the current
/// folder or `/`.
@Suite struct StoreLocationTests {
  @Test func theStoreGoesInTheDataFolderUnderAnAbsoluteHome() throws {
    #if os(macOS)
      #expect(
        try StoreLocation.defaultPath(environment: ["HOME": "/Users/ana"])
          == "/Users/ana/Library/Application Support/FieldNotes/notes.sqlite")
    #else
      #expect(
        try StoreLocation.defaultPath(environment: ["HOME": "/home/ana"])
          == "/home/ana/.local/share/fieldnotes/notes.sqlite")
      #expect(
        try StoreLocation.defaultPath(environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "/data"])
          == "/data/fieldnotes/notes.sqlite")
      #expect(
        try StoreLocation.defaultPath(environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "data"])
          == "/home/ana/.local/share/fieldnotes/notes.sqlite", "a relative XDG_DATA_HOME is ignored"
      )
    #endif
  }

  @Test func aRelativeHomeIsRefusedWithWhatToDo() {
    #expect(throws: RepositoryError.self) {
      try StoreLocation.defaultPath(environment: ["HOME": "relhome"])
    }
    guard case .failure(let problem) = StoreLocation.home(environment: ["HOME": "relhome"]) else {
      Issue.record("a relative HOME was taken")
      return
    }
    #expect(problem.description.contains("HOME is \u{201C}relhome\u{201D}, not an absolute path"))
    #expect(problem.description.contains("--store PATH"))
  }

  @Test func anEmptyOrMissingHomeIsTheAccountsHomeNeverTheRoot() throws {
    let account = try #require(getpwuid(getuid())?.pointee.pw_dir).map { String(cString: $0) }
    for environment in [["HOME": ""], [:]] {
      #expect(try StoreLocation.home(environment: environment).get() == account)
    }
    #expect(StoreLocation.historyPath(environment: ["HOME": "relhome"]) == nil)
  }
}
