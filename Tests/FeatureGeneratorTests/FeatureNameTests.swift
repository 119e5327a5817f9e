import Testing

@testable import FeatureGenerator

@Suite struct FeatureNameTests {
  @Test func oneNameGivesEverySpellingTheFeatureUses() throws {
    let name = try FeatureName("Stats")

    #expect(name.folder == "Features/Stats")
    #expect(name.featureModule == "StatsFeature")
    #expect(name.screenModule == "StatsScreen")
    #expect(name.viewModel == "StatsViewModel")
    #expect(name.place == "StatsPlace")
    #expect(name.command == "stats")
    #expect(name.title == "Stats")
    #expect(name.lowercaseTitle == "stats")
  }

  @Test func aNameOfSeveralWordsIsSpeltForEachUse() throws {
    let noteStats = try FeatureName("NoteStats")
    #expect(noteStats.place == "NoteStatsPlace")
    #expect(noteStats.command == "notestats")
    #expect(noteStats.title == "Note stats")
    #expect(noteStats.lowercaseTitle == "note stats")

    let urlTools = try FeatureName("URLTools")
    #expect(urlTools.place == "URLToolsPlace")
    #expect(urlTools.title == "URL tools")
    #expect(urlTools.lowercaseTitle == "URL tools")
  }

  @Test(arguments: [
    ("stats", "'stats' can't name a feature: start it with a capital letter (try Stats)"),
    ("9x", "'9x' can't name a feature: start it with a capital letter"),
    (
      "Foo-Bar",
      "'Foo-Bar' can't name a feature: use only the letters A–Z and a–z and the digits 0–9"
    ),
    (
      "Notizen…",
      "'Notizen…' can't name a feature: use only the letters A–Z and a–z and the digits 0–9"
    ),
    ("Feature", "'Feature' can't name a feature: leave out Feature: the modules add it"),
    (
      "StatsScreen",
      "'StatsScreen' can't name a feature: leave out Screen: the modules add it (try Stats)"
    ),
    (
      "ABCDEFGHIJKLMNOPQRSTUVWXY",
      "'ABCDEFGHIJKLMNOPQRSTUVWXY' can't name a feature: use at most 24 characters"
    ),
    (
      "",
      "usage: swift package --allow-writing-to-package-directory new-feature [--dry-run] [--data] NAME"
    ),
  ])
  func aNameThatCantBeUsedIsRefusedSayingWhy(name: String, message: String) {
    #expect(throws: NewFeatureError.self) { try FeatureName(name) }
    do {
      _ = try FeatureName(name)
    } catch {
      #expect(error.errorDescription == message)
    }
  }
}
