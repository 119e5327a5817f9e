import FieldNotesTerminal
import FieldNotesTerminalTesting
import Observation
import Testing

/// A screen drawn from a view model's state that keeps the state it drew, as the note list
/// does, and counts how often the state is read.
@MainActor @Observable
final class KeepingScreen: TerminalScreen {
  typealias Route = Place
  var count = 0
  @ObservationIgnored var stateReads = 0
  @ObservationIgnored private var drawnCount: Int?
  var promptTitle: String? { nil }
  var viewName: String { "KeepingView" }

  /// The state, as a view model computes it: each read counted.
  var state: Int {
    stateReads += 1
    return count
  }

  func render(in terminal: TerminalContext) -> [String] {
    let state = state
    drawnCount = state
    return ["count \(state)"]
  }

  var capabilities: ScreenCapabilities<Place> {
    ScreenCapabilities(
      state: ViewModelState("state", read: { [unowned self] in state }, describe: { "\($0)" }),
      drawnFrom: { [unowned self] _ in [DrawnValue("state", state)] },
      lastDrawnFrom: { [unowned self] in drawnCount.map { [DrawnValue("state", $0)] } })
  }

  static let helpHeading = "Keeping"
  static let directions = ""
  static let commands: [ScreenCommand<KeepingScreen>] = [
    ScreenCommand(["count"], arguments: .none, summary: "count one more") {
      screen, _, _ throws(ScreenError) in
      screen.count += 1
      return .say("Counted.")
    }
  ]
}

/// A console that counts the writes it is asked for.
@MainActor
final class CountingConsole: ConsoleOutput {
  var writes: [[String]] = []
  func print(_ line: String) { writes.append([line]) }
  func printError(_ line: String) { writes.append(["error: " + line]) }
  func print(lines: [String]) { writes.append(lines) }
}

/// A line's output is written once, as it ends, and what `why` compares is kept as the view is
/// drawn, from the state the screen drew: the state is read again only when `why` is asked.
@MainActor
@Suite struct LineOutputTests {
  func makeShell() -> (CommandShell<Place>, KeepingScreen, CountingConsole) {
    let screen = KeepingScreen()
    let console = CountingConsole()
    let shell = CommandShell<Place>(
      appName: "app", title: "App", root: .home,
      registry: ScreenRegistry(making: { _ in screen }), isInteractive: false, output: console)
    shell.start()
    return (shell, screen, console)
  }

  @Test func aCommandsMessageAndTheViewItChangedAreWrittenTogether() async throws {
    let (shell, _, console) = makeShell()
    let before = console.writes.count
    try await shell.run("count")
    #expect(Array(console.writes[before...]) == [["Counted.", "count 1"]], "one write")
  }

  @Test func aDrawingReadsTheStateOnceAndWhyReadsItAgain() async throws {
    let (shell, screen, console) = makeShell()
    #expect(screen.stateReads == 1, "the first drawing reads the state once")
    try await shell.run("count")
    #expect(screen.stateReads == 2, "the drawing reads it; what `why` compares is what it drew")
    try await shell.run("why")
    #expect(screen.stateReads == 3, "`why` reads the state as it is now")
    #expect(
      console.writes.suffix(2) == [
        ["KeepingView was drawn again, because what it reads changed:"], ["  state: 0 → 1"],
      ])
  }

  @Test func whatIsPrintedMeanwhileComesAfterWhatWasKept() async throws {
    let (shell, _, console) = makeShell()
    shell.add(catchingUp: { "another process saved" })
    let before = console.writes.count
    try await shell.run("count")
    #expect(
      Array(console.writes[before...]) == [
        ["Counted."], ["error: another process saved"], ["count 1"],
      ], "the message first, as printed; the view as the line's settle ends")
  }
}
