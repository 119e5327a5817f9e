import Foundation
import Testing

@testable import FeatureGenerator

/// A feature's screen is no larger than its view model plus half: the screen draws a state and
/// turns typed words into calls, so what grows is the view model, where a test needs no terminal.
///
/// Sizes are code lines (``NoteListForms/codeLines(_:)``: neither blank nor comment). The note
/// list's two forms are counted apart, each with the files both forms share: the MVVM form's
/// screen and view, or the MV form's screen.
@Suite struct ScreenSizeTests {
  static let root = PackageManifest.packageRoot

  /// How much larger than its view model a screen may be.
  static let allowance = 1.5

  /// The screens still over the rule, each with the code lines it has today, which it may not
  /// pass: a screen shrinking under the rule makes its entry fail until it is taken out, and
  /// none can grow meanwhile.
  ///
  /// None now. The note list's two forms were the last (644 and 652 code lines against a limit
  /// of 426): what they decided without a terminal moved into the feature, used by both forms
  /// and tested there (the settings a command changes and what it says when it changes nothing,
  /// which notes `filter` keeps, what a typed row or id names, the list's title and order in
  /// words, where a sync stands after it ran), which left them at 576 and 571 against 642.
  static let overTheRule: [String: Int] = [:]

  /// One screen measured: its name, its files and its view model's.
  struct Measured: CustomStringConvertible {
    var name: String
    var screenLines: Int
    var viewModelLines: Int

    var limit: Int { Int(Double(viewModelLines) * ScreenSizeTests.allowance) }
    var description: String {
      "\(name): \(screenLines) code lines against \(viewModelLines) in its view model "
        + "(at most \(limit))"
    }
  }

  static func swiftFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent(folder).path
    )
    .filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Every feature's screen, the note list's in each form.
  static func measured() throws -> [Measured] {
    let targets = try PackageManifest.load(packageRoot: root).targets.filter { !$0.isTest }
    var measured: [Measured] = []
    for screen in targets where screen.name.hasSuffix("Screen") {
      let feature = screen.name.dropLast("Screen".count) + "Feature"
      let viewModel = try #require(
        targets.first { $0.name == feature }, "\(screen.name) has no view-model target")
      let viewModelLines = NoteListForms.codeLines(try swiftFiles(in: viewModel.folder))
      let files = try swiftFiles(in: screen.folder)
      guard screen.name == "NoteListScreen" else {
        measured.append(
          Measured(
            name: screen.name, screenLines: NoteListForms.codeLines(files),
            viewModelLines: viewModelLines))
        continue
      }
      let mvvm = ["NoteListScreen.swift", "NoteListView.swift"].map { "\(screen.folder)/\($0)" }
      let mv = ["NoteListMVScreen.swift"].map { "\(screen.folder)/\($0)" }
      let shared = files.filter { !mvvm.contains($0) && !mv.contains($0) }
      #expect(Set(mvvm + mv).isSubset(of: files), "a form of the note list was renamed")
      for (form, own) in [("MVVM", mvvm), ("MV", mv)] {
        measured.append(
          Measured(
            name: "NoteListScreen (\(form) form)",
            screenLines: NoteListForms.codeLines(own + shared),
            viewModelLines: viewModelLines))
      }
    }
    return measured
  }

  /// Lines that are neither blank nor comments, of texts rather than files.
  static func codeLines(ofTexts texts: [String]) -> Int {
    texts.flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("//") }.count
  }

  /// What `new-feature` writes meets the rule from the start, in both its forms: a learner's
  /// first `swift test` after the guide is green (it once failed here, the screen 77 lines
  /// against a view model of 42).
  @Test(arguments: [false, true])
  func aNewFeatureMeetsTheRule(ownsData: Bool) throws {
    let name = try FeatureName(ownsData ? "Bookmarks" : "Stats")
    let files = FeatureTemplates.files(for: name, ownsData: ownsData)
    func lines(in module: String) -> Int {
      Self.codeLines(
        ofTexts: files.filter { $0.path.hasPrefix("\(name.folder)/\(module)/") }.map(\.text))
    }
    let screen = Measured(
      name: name.screenModule, screenLines: lines(in: name.screenModule),
      viewModelLines: lines(in: name.featureModule))
    #expect(screen.viewModelLines > 0 && screen.screenLines > 0)
    #expect(screen.screenLines <= screen.limit, "\(screen)")
  }

  @Test func everyScreenIsNoLargerThanItsViewModelPlusHalf() throws {
    let screens = try Self.measured()
    #expect(screens.count >= 8, "seven features, the note list in two forms")
    for screen in screens {
      guard let ceiling = Self.overTheRule[screen.name] else {
        #expect(screen.screenLines <= screen.limit, "\(screen)")
        continue
      }
      #expect(screen.screenLines <= ceiling, "\(screen); it had \(ceiling) and may not grow")
      withKnownIssue("\(screen.name) is still over the rule (issue 42)") {
        #expect(screen.screenLines <= screen.limit, "\(screen)")
      }
    }
    let names = Set(screens.map(\.name))
    #expect(
      Set(Self.overTheRule.keys).isSubset(of: names), "an entry of overTheRule names no screen")
  }
}
