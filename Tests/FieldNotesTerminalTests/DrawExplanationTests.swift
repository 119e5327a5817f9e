import FieldNotesTerminal
import Foundation
import Testing

/// `why`'s explanations, on values.
@MainActor
@Suite struct DrawExplanationTests {
  typealias Snapshot = DrawExplanation.Snapshot

  /// A value read in brief as `text`, and in full as `full` where there is one.
  struct Read: Equatable {
    var text: String
    var full: String?
  }

  func snapshot(
    _ renders: Int, _ text: String, inFull: String? = nil, view: String = "ListView",
    screen: ObjectIdentifier? = nil
  ) -> Snapshot {
    let value =
      inFull == nil
      ? DrawnValue("state", text)
      : DrawnValue("state", Read(text: text, full: inFull), text: \.text, inFull: { $0.full ?? "" })
    return Snapshot(view: view, screen: screen, renders: renders, values: [value])
  }

  @Test func aChangeIsShownWhereTheValuesDiffer() {
    #expect(DrawExplanation.change(from: "loaded(3)", to: "loaded(4)") == "loaded(3) → loaded(4)")
    let old = "loaded([Heron, Wren, Kingfisher under the bridge, Moss on the north wall])"
    let new = "loaded([Heron, Wren, *Kingfisher under the bridge, Moss on the north wall])"
    #expect(
      DrawExplanation.change(from: old, to: new)
        == "loaded([Heron, Wren, Kingfisher under… → loaded([Heron, Wren, *Kingfisher under…",
      "the context is widened to whole words: `loaded`, not `d`")
  }

  /// A change spanning a whole list (a row pinned to the top) is shown whole, the titles not cut
  /// before the one that moved; only a side past the longest shown is cut, after a whole word.
  @Test func aChangeIsShownWholeUnlessItIsVeryLong() {
    let old = "loaded([*Heron at the lake, Wren in the hedge, Kingfisher under the bridge])"
    let new = "loaded([*Kingfisher under the bridge, *Heron at the lake, Wren in the hedge])"
    #expect(DrawExplanation.change(from: old, to: new) == "\(old) → \(new)")
    // Nor is a cut made that would leave out only a few characters (once `sync: idle…`, for
    // `sync: idle)`).
    let synced = DrawExplanation.change(from: old + ", sync: idle)", to: new + ", sync: idle)")
    #expect(synced == "\(old), sync: idle) → \(new), sync: idle)")

    func list(_ numbers: ClosedRange<Int>) -> String {
      "[" + numbers.map { "Note \($0)" }.joined(separator: ", ") + "]"
    }
    let (before, after) = (list(100...160), list(200...260))
    let sides = DrawExplanation.change(from: before, to: after).components(separatedBy: " → ")
    #expect(sides.count == 2)
    for (side, whole) in zip(sides, [before, after]) {
      #expect(side.count <= DrawExplanation.longestShownSide + 1, "\(side)")
      let kept = String(side.dropLast())
      #expect(side.hasSuffix("…") && whole.hasPrefix(kept), "\(side)")
      #expect(whole.dropFirst(kept.count).first == " ", "cut after a whole word: \(side)")
    }
  }

  @Test func aViewDrawnAgainSaysWhatItReadChanged() {
    let explanation = DrawExplanation(before: snapshot(1, "a"), after: snapshot(2, "b"))
    #expect(
      explanation.lines == [
        "ListView was drawn again, because what it reads changed:", "  state: a → b",
      ])
  }

  @Test func aViewNotDrawnAgainSaysNothingItReadChanged() {
    let explanation = DrawExplanation(before: snapshot(2, "a"), after: snapshot(2, "a"))
    #expect(
      explanation.lines == [
        "ListView was not drawn again: nothing it reads changed.", "  state: as it was.",
      ])
  }

  /// Values are compared by name: a view in JSON reads one more (the notebooks), and a value
  /// read now and not when the view was drawn is named as such, never set against another.
  @Test func valuesAreComparedByName() {
    let drawn = Snapshot(
      view: "ListView", renders: 1,
      values: [DrawnValue("state", "a"), DrawnValue("the terminal", "text")])
    let now = Snapshot(
      view: "ListView", renders: 1,
      values: [
        DrawnValue("state", "a"), DrawnValue("the notebooks", "[Birds]"),
        DrawnValue("the terminal", "json"),
      ])
    #expect(
      DrawExplanation(before: drawn, after: now).lines == [
        "ListView was not drawn yet; what it reads changed:",
        "  the notebooks: read now, not before", "  the terminal: text → json",
      ])
  }

  @Test func anotherScreenIsSaidToBeAnotherScreen() {
    let explanation = DrawExplanation(
      before: snapshot(1, "a"), after: snapshot(1, "b", view: "PageView"))
    #expect(
      explanation.lines == ["The screen changed: ListView → PageView, drawn for what it shows now."]
    )
  }

  /// Where the text a person reads is the same, the value in full says what changed.
  @Test func aChangeTheTextLeavesOutIsFoundInTheFullValue() {
    let explanation = DrawExplanation(
      before: snapshot(1, "loaded(3 rows)", inFull: "tags [lake]"),
      after: snapshot(2, "loaded(3 rows)", inFull: "tags [pond]"))
    #expect(
      explanation.lines == [
        "ListView was drawn again, because what it reads changed:",
        "  state, in full: tags [lake] → tags [pond]",
      ])
  }

  @Test func aNewScreenOfTheSameViewIsSaidToBeNew() {
    final class Screen {}
    let (first, second) = (Screen(), Screen())
    let explanation = DrawExplanation(
      before: snapshot(1, "a", screen: ObjectIdentifier(first)),
      after: snapshot(2, "a", screen: ObjectIdentifier(second)))
    #expect(explanation.lines == ["Another ListView was opened, drawn for what it shows now."])
  }

  /// The clock is shown to the minute, and compared to the minute: a minute later in the same
  /// hour is a change `why` names, and seconds later in the same minute are none.
  @Test func theClockIsComparedToTheMinuteItShows() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let noon = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29 12:00:00 UTC
    func clock(_ seconds: TimeInterval) -> Snapshot {
      Snapshot(
        view: "ListView", renders: 1,
        values: [DrawnValue.clock(noon.addingTimeInterval(seconds), timeZone: utc)])
    }
    #expect(
      DrawExplanation(before: clock(5 * 60 + 10), after: clock(6 * 60)).lines == [
        "ListView was not drawn yet; what it reads changed:", "  the clock: 12:05 → 12:06",
      ])
    #expect(
      DrawExplanation(before: clock(5 * 60 + 10), after: clock(5 * 60 + 50)).lines == [
        "ListView was not drawn again: nothing it reads changed.", "  the clock: as it was.",
      ])
  }

  /// Only `list` draws a view whose values are as they were; anything else says so plainly.
  @Test func aDrawWithNoChangeSaysWhetherListAskedForIt() {
    let listed = DrawExplanation(command: "list", before: snapshot(1, "a"), after: snapshot(2, "a"))
    #expect(listed.lines == ["ListView was drawn again, as `list` asks; nothing it reads changed."])
    let other = DrawExplanation(command: "pin 1", before: snapshot(1, "a"), after: snapshot(2, "a"))
    #expect(
      other.lines == ["ListView was drawn again, though none of the values it reads changed."])
  }
}
