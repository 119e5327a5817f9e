import FieldNotesTerminal
import FieldNotesTerminalTesting
import Observation
import Testing

/// A screen that counts how often its view is drawn and how often what it is drawn from is read.
@MainActor @Observable
final class CountingScreen: TerminalScreen {
  typealias Route = Place
  var count = 0
  @ObservationIgnored var reads = 0
  var promptTitle: String? { nil }
  var viewName: String { "CountingView" }
  func render(in terminal: TerminalContext) -> [String] { ["count \(count)"] }
  var stateLine: String { "count = \(count)" }
  var capabilities: ScreenCapabilities<Place> {
    ScreenCapabilities(drawnFrom: { [unowned self] in drawnFrom(in: $0) })
  }
  func drawnFrom(in terminal: TerminalContext) -> [DrawnValue] {
    reads += 1
    return [DrawnValue("count", count)]
  }
  static let helpHeading = "Counting"
  static let directions = ""
  static let commands: [ScreenCommand<CountingScreen>] = [
    ScreenCommand(["count"], arguments: .none, summary: "count one more") {
      screen, _, _ throws(ScreenError) in
      screen.count += 1
      return .stay
    },
    ScreenCommand(["same"], arguments: .none, summary: "change nothing") {
      _, _, _ throws(ScreenError) in .say("nothing changed")
    },
  ]
}

/// The shell draws a line's changes once, as the line ends, and reads what `why` explains only
/// as a view is drawn and when `why` is asked: never for every line.
@MainActor
@Suite struct CommandShellDrawingTests {
  func makeShell() -> (CommandShell<Place>, CountingScreen, RecordingConsole) {
    let screen = CountingScreen()
    let console = RecordingConsole()
    let shell = CommandShell<Place>(
      appName: "app", title: "App", root: .home,
      registry: ScreenRegistry(making: { _ in screen }), isInteractive: false, output: console)
    shell.start()
    return (shell, screen, console)
  }

  @Test func whatAViewIsDrawnFromIsReadAsItIsDrawnAndWhenWhyIsAsked() async throws {
    let (shell, screen, console) = makeShell()
    #expect(shell.renderCounts["CountingView"] == 1)
    #expect(screen.reads == 1, "read as it was drawn")

    for _ in 0..<3 { try await shell.run("same") }
    #expect(shell.renderCounts["CountingView"] == 1)
    #expect(screen.reads == 1, "a line that draws nothing reads nothing for `why`")

    try await shell.run("count")
    #expect(shell.renderCounts["CountingView"] == 2, "drawn once, as the line ended")
    #expect(screen.reads == 2)

    try await shell.run("why")
    #expect(screen.reads == 3, "read again when `why` is asked")
    #expect(
      console.output.suffix(2) == [
        "CountingView was drawn again, because what it reads changed:", "  count: 0 → 1",
      ])
  }

  @Test func aLineThatDrawsNothingIsExplainedAgainstTheViewAsDrawn() async throws {
    let (shell, screen, console) = makeShell()
    try await shell.run("count")
    try await shell.run("same")
    try await shell.run("why")
    #expect(screen.reads == 3)
    #expect(
      console.output.suffix(3) == [
        "CountingView was not drawn again: nothing it reads changed.", "  count: as it was.",
        "  the terminal: as it was.",
      ])
  }
}
