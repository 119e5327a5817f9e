import FieldNotesText
import Testing

/// `diff` on a note's page, and the lines `history` counts: a shortest line edit, shown as a
/// unified diff.
@Suite struct LineDiffTests {
  @Test func aChangedLineIsRemovedAndAddedWithThreeLinesAround() {
    let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
    let new = old.replacingOccurrences(of: "line 5", with: "line five")
    let diff = LineDiff(from: old, to: new)
    #expect(diff.addedCount == 1)
    #expect(diff.removedCount == 1)
    #expect(
      diff.unified() == [
        "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6",
        " line 7", " line 8",
      ])
  }

  @Test func changesFarApartAreTwoHunksAndAnAdditionAtTheEndNamesTheLineBefore() {
    let old = (1...20).map { "l\($0)" }.joined(separator: "\n")
    let new = old.replacingOccurrences(of: "l2\n", with: "") + "\nl21"
    #expect(
      LineDiff(from: old, to: new).unified(context: 1) == [
        "@@ -1,3 +1,2 @@", " l1", "-l2", " l3", "@@ -20 +19,2 @@", " l20", "+l21",
      ])
    #expect(
      LineDiff(from: old, to: new).unified(context: 0).suffix(2) == ["@@ -20,0 +20 @@", "+l21"])
  }

  @Test func linesEndingInCarriageReturnAndLineFeedAreLinesToo() {
    let diff = LineDiff(from: "one\r\ntwo\r\nthree\r\n", to: "one\r\ntwo\r\n3\r\n")
    #expect(diff.lines == [.same("one"), .same("two"), .removed("three"), .added("3"), .same("")])
  }

  @Test func theSameTextsHaveNoDiffAndAnEmptyTextHasNoLines() {
    #expect(LineDiff(from: "a\nb", to: "a\nb").unified().isEmpty)
    #expect(LineDiff(from: "a\nb", to: "a\nb").isEmpty)
    #expect(LineDiff(from: "", to: "a").lines == [.added("a")])
    #expect(LineDiff(from: "a", to: "").lines == [.removed("a")])
  }

  /// For random small texts: the diff's lines give back both texts, and it is as short as the
  /// longest common subsequence allows (counted by dynamic programming).
  @Test func everyDiffGivesBackBothTextsAndIsShortest() {
    var random = SplitMix(seed: 42)
    for _ in 0..<2_000 {
      let old = (0..<Int(random.next() % 9)).map { _ in ["a", "b", "c"][Int(random.next() % 3)] }
      let new = (0..<Int(random.next() % 9)).map { _ in ["a", "b", "c"][Int(random.next() % 3)] }
      let diff = LineDiff(from: old.joined(separator: "\n"), to: new.joined(separator: "\n"))
      let kept = diff.lines.compactMap { line -> String? in
        if case .added = line { nil } else { text(of: line) }
      }
      let made = diff.lines.compactMap { line -> String? in
        if case .removed = line { nil } else { text(of: line) }
      }
      #expect(kept == old)
      #expect(made == new)
      let common = longestCommonSubsequence(old, new)
      #expect(diff.removedCount == old.count - common, "\(old) → \(new)")
      #expect(diff.addedCount == new.count - common, "\(old) → \(new)")
    }
  }

  @Test func unrelatedLongTextsStopLookingAndDifferThroughout() {
    let old = (0..<3_000).map { "old \($0)" }.joined(separator: "\n")
    let new = (0..<3_000).map { "new \($0)" }.joined(separator: "\n")
    let diff = LineDiff(from: old, to: new)
    #expect(diff.removedCount == 3_000)
    #expect(diff.addedCount == 3_000)
  }

  private func text(of line: LineDiff.Line) -> String {
    switch line {
    case .same(let text), .removed(let text), .added(let text): text
    }
  }

  private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in a.indices {
      for j in b.indices {
        table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
      }
    }
    return table[a.count][b.count]
  }
}

/// A small deterministic generator, so a failure repeats.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
