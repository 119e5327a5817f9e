import FieldNotesPlatform
import Foundation
import Testing

/// Where the store goes when no path is given: always an absolute path, never the current
/// folder or `/`.
@Suite struct StoreLocationTests {
  @Test func onLinuxTheStoreGoesInTheXDGDataFolder() throws {
    let home = ["HOME": "/home/ana"]
    #expect(
      try StoreLocation.defaultPath(on: .linux, environment: home)
        == "/home/ana/.local/share/fieldnotes/notes.sqlite")
    #expect(
      try StoreLocation.defaultPath(
        on: .linux, environment: home.merging(["XDG_DATA_HOME": "/data"]) { $1 })
        == "/data/fieldnotes/notes.sqlite")
    #expect(
      try StoreLocation.defaultPath(
        on: .linux, environment: home.merging(["XDG_DATA_HOME": "data"]) { $1 })
        == "/home/ana/.local/share/fieldnotes/notes.sqlite", "a relative XDG_DATA_HOME is ignored")
    #expect(StoreLocation.defaultPathShown(on: .linux) == "$XDG_DATA_HOME/fieldnotes/notes.sqlite")
  }

  /// macOS keeps an app's data in Application Support, whatever XDG variables are set.
  @Test func onMacOSTheStoreGoesInApplicationSupport() throws {
    let environment = ["HOME": "/Users/ana", "XDG_DATA_HOME": "/data"]
    #expect(
      try StoreLocation.defaultPath(on: .macOS, environment: environment)
        == "/Users/ana/Library/Application Support/FieldNotes/notes.sqlite")
    #expect(
      StoreLocation.defaultPathShown(on: .macOS)
        == "~/Library/Application Support/FieldNotes/notes.sqlite")
  }

  @Test func thisPlatformsConventionIsTheDefault() throws {
    let environment = ["HOME": "/home/ana"]
    #expect(
      try StoreLocation.defaultPath(environment: environment)
        == StoreLocation.defaultPath(on: .current, environment: environment))
    #expect(StoreLocation.defaultPathShown() == StoreLocation.defaultPathShown(on: .current))
  }

  @Test func aRelativeHomeIsRefusedWithWhatToDo() {
    for platform in HostPlatform.allCases {
      #expect {
        try StoreLocation.defaultPath(on: platform, environment: ["HOME": "relhome"])
      } throws: { error in
        (error as? StoreLocation.NoDefaultPath)?.path.hasPrefix("~/") == true
      }
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
