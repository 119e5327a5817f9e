import Foundation
import Testing

/// docs/Exercises.md names what each exercise needs: every method its solution calls on the view
/// model is named in the exercise's own section, so no exercise needs a look into the source to
/// find the call it is about.
@Suite struct ExercisesPageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The text of one exercise's section, from its `## N.` heading to the next heading.
  static func section(_ number: Int, of page: String) -> String {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("## \(number).") }) else {
      return ""
    }
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
    return lines[start..<end].joined(separator: "\n")
  }

  /// The names of the methods a solution's suite calls on `model`, as `name(`.
  static func modelCalls(inSuite name: String, of source: String) -> Set<String> {
    guard let start = source.range(of: "@Suite struct \(name) {") else { return [] }
    let rest = source[start.upperBound...]
    let body = rest.range(of: "@Suite struct ").map { rest[..<$0.lowerBound] } ?? rest
    var calls: Set<String> = []
    var remaining = body[...]
    while let found = remaining.range(of: "model.") {
      let name = remaining[found.upperBound...].prefix { $0.isLetter || $0.isNumber }
      let after = remaining[found.upperBound...].dropFirst(name.count)
      if after.first == "(" { calls.insert("\(name)(") }
      remaining = remaining[found.upperBound...]
    }
    return calls
  }

  @Test(arguments: [1, 2, 3])
  func anExerciseNamesEveryCallItsSolutionMakesOnTheModel(_ number: Int) throws {
    let page = try String(
      contentsOf: Self.root.appendingPathComponent("docs/Exercises.md"), encoding: .utf8)
    let source = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Tests/ExercisesTests/Solutions/Exercise1to3Solutions.swift"),
      encoding: .utf8)
    let calls = Self.modelCalls(inSuite: "Exercise\(number)", of: source)
    #expect(!calls.isEmpty, "exercise \(number)'s solution calls nothing on `model`")
    let text = Self.section(number, of: page)
    for call in calls.sorted() {
      #expect(text.contains(call), "exercise \(number) never names \(call)…), which it needs")
    }
  }
}
