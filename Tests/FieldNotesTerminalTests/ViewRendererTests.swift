import FieldNotesTerminal
import Observation
import Testing

@MainActor @Observable
final class Counter {
  var value = 0
  var unrelated = 0
}

@MainActor
@Suite struct ViewRendererTests {
  @Test func drawsOnceThenOnlyWhenWhatItReadChanges() async {
    let counter = Counter()
    var drawn: [[String]] = []
    let renderer = ViewRenderer(
      name: "CounterView", body: { ["value \(counter.value)"] }, draw: { drawn.append($0) })

    renderer.flush()
    renderer.flush()
    counter.unrelated += 1
    renderer.flush()
    counter.value = 1
    counter.value = 2
    renderer.flush()

    #expect(drawn == [["value 0"], ["value 2"]])
    #expect(renderer.renderCount == 2)
  }

  @Test func aDeactivatedRendererDrawsNothing() {
    let counter = Counter()
    var count = 0
    let renderer = ViewRenderer(
      name: "CounterView", body: { ["\(counter.value)"] }, draw: { _ in count += 1 })
    renderer.flush()
    renderer.deactivate()
    counter.value = 3
    renderer.flush()
    renderer.redraw()
    renderer.flush()
    #expect(count == 1)
  }

  /// `list` asks for a drawing at the end of its line: one, showing what changed meanwhile (the
  /// store caught up with another process), never the view as it was first.
  @Test func aRedrawDrawsOnceAtTheNextFlushWithWhatChangedMeanwhile() {
    let counter = Counter()
    var drawn: [[String]] = []
    let renderer = ViewRenderer(
      name: "CounterView", body: { ["\(counter.value)"] }, draw: { drawn.append($0) })
    renderer.flush()
    renderer.redraw()
    counter.value = 5
    renderer.flush()
    #expect(drawn == [["0"], ["5"]])
  }

  @Test func aTracerReportsEachTransition() {
    let counter = Counter()
    var lines: [String] = []
    let tracer = StateTracer(
      label: "Counter.value", read: { counter.value }, describe: { "\($0)" },
      emit: { lines.append($0) })
    counter.value = 1
    counter.value = 2
    tracer.catchUp()
    tracer.stop()
    counter.value = 3
    tracer.catchUp()
    #expect(lines == ["Counter.value: 0 → 1", "Counter.value: 1 → 2"])
  }
}

@MainActor
@Suite struct ViewRendererChangeTests {
  /// A change tells the renderer's owner once, and draws nothing by itself: the owner draws it,
  /// by one route.
  @Test func aChangeIsToldOnceAndDrawsNothingByItself() async {
    let counter = Counter()
    var drawn: [[String]] = []
    var told = 0
    let renderer = ViewRenderer(
      name: "CounterView", body: { ["value \(counter.value)"] }, draw: { drawn.append($0) },
      changed: { told += 1 })
    renderer.flush()
    counter.value = 1
    counter.value = 2
    await Task.yield()

    #expect(told == 1)
    #expect(drawn == [["value 0"]], "nothing is drawn until the owner flushes")
    renderer.flush()
    #expect(drawn == [["value 0"], ["value 2"]])
  }
}
