import FieldNotesTerminal
import Foundation
import Testing

@testable import FieldNotesApp

@Suite struct LaunchOptionsTests {
  @Test func defaultsToTheDefaultStoreAndStandardInput() throws {
    #expect(try LaunchOptions.parse([]) == LaunchOptions())
  }

  @Test func readsEveryOption() throws {
    let options = try LaunchOptions.parse([
      "--store", "/tmp/n.sqlite", "-c", "open all", "--command", "pin 1", "--echo", "--bail",
    ])
    #expect(options.store == .file("/tmp/n.sqlite"))
    #expect(options.commands == ["open all", "pin 1"])
    #expect(options.echoes && options.bails)
    #expect(try LaunchOptions.parse(["--store=/x"]).store == .file("/x"))
    #expect(try LaunchOptions.parse(["--demo"]).store == .demo)
    #expect(try LaunchOptions.parse(["--in-memory"]).store == .inMemory)
    #expect(try LaunchOptions.parse(["--script", "s.txt"]).scriptPath == "s.txt")
  }

  @Test(arguments: [
    ["--store"], ["--frobnicate"], ["--demo", "--in-memory"], ["--script", "a", "-c", "b"],
    ["--store", ""], ["-c"], ["--script", "a", "--script", "b"],
  ])
  func refusesBadCommandLines(arguments: [String]) {
    #expect(throws: UsageError.self) { try LaunchOptions.parse(arguments) }
  }
}

@Suite struct CommandCatalogTests {
  @Test func suggestsTheClosestCommand() {
    #expect(CommandCatalog.suggestion(for: "serch") == "search")
    #expect(CommandCatalog.suggestion(for: "notebok") == "notebook")
    #expect(CommandCatalog.suggestion(for: "qiut") == "quit")
    #expect(CommandCatalog.suggestion(for: "frobnicate") == nil)
  }

  @Test func everyCommandHasOneSpecPerPlace() {
    var seen: Set<String> = []
    for spec in CommandCatalog.all {
      for name in spec.names {
        let key = name + (spec.place == .composer ? "/composer" : "")
        #expect(seen.insert(key).inserted, "\(name) is listed twice")
      }
    }
  }
}
