import Testing

@testable import FieldNotesTerminal

/// The pager runs as git runs it: `LESS=FRX` unless the user set `LESS`, so `PAGER=less` shows
/// colours, short output isn't paged, and what was paged stays on the screen after `q`.
@MainActor
@Suite struct PagerTests {
  @Test func lessGetsGitsOptionsUnlessTheUserChoseTheirOwn() {
    #expect(Pager.environment(["PATH": "/bin"]) == ["PATH": "/bin", "LESS": "FRX", "LV": "-c"])
    #expect(Pager.environment(["LESS": "-i", "LV": ""])["LESS"] == "-i")
    #expect(Pager.environment(["LESS": "-i", "LV": ""])["LV"] == "")
  }
}
