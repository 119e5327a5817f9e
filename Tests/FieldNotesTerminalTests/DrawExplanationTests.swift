import FieldNotesTerminal
import Testing

/// `why`'s explanations, on values.
@Suite struct DrawExplanationTests {
  typealias Snapshot = DrawExplanation.Snapshot

  func snapshot(_ renders: Int, _ text: String, view: String = "ListView") -> Snapshot {
    Snapshot(view: view, renders: renders, values: [.init(name: "state", text: text)])
  }

  @Test func aChangeIsShownWhereTheValuesDiffer() {
    #expect(DrawExplanation.change(from: "loaded(3)", to: "loaded(4)") == "loaded(3) → loaded(4)")
    let old = "loaded([Heron, Wren, Kingfisher under the bridge, Moss on the north wall])"
    let new = "loaded([Heron, Wren, *Kingfisher under the bridge, Moss on the north wall])"
    #expect(
      DrawExplanation.change(from: old, to: new)
        == "…d([Heron, Wren, Kingfisher under… → …d([Heron, Wren, *Kingfisher under…")
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
        "ListView was not drawn again: nothing it reads changed.", "  state is as it was.",
      ])
  }

  @Test func anotherScreenIsSaidToBeAnotherScreen() {
    let explanation = DrawExplanation(
      before: snapshot(1, "a"), after: snapshot(1, "b", view: "PageView"))
    #expect(
      explanation.lines == ["The screen changed: ListView → PageView, drawn for what it shows now."]
    )
  }
}
