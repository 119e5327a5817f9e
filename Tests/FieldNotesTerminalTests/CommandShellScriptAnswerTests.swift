import FieldNotesTerminal
import FieldNotesTerminalTesting
import Testing

/// A quiet script's answer (``CommandShell/printsScreenShownLast``): the screen a line showed
/// and `list` has not printed since is printed once as the run ends; a line that changed the
/// data, or failed, owes nothing.
@MainActor
@Suite struct CommandShellScriptAnswerTests {
  func makeQuietShell() -> (CommandShell<Place>, CountingScreen, RecordingConsole) {
    let screen = CountingScreen()
    let console = RecordingConsole()
    let shell = CommandShell<Place>(
      appName: "app", title: "App", root: .home,
      registry: ScreenRegistry(making: { _ in screen }), isInteractive: false, output: console)
    shell.drawsEveryChange = false
    shell.printsScreenShownLast = true
    shell.start()
    return (shell, screen, console)
  }

  @Test func theScreenALineShowedIsPrintedOnceAsTheRunEnds() async throws {
    let (shell, _, console) = makeQuietShell()
    try await shell.run("count")
    try await shell.run("count")
    #expect(console.output.isEmpty)
    shell.finishRun()
    shell.finishRun()
    #expect(console.output == ["count 2"])
  }

  @Test func whatListPrintedIsNotPrintedAgain() async throws {
    let (shell, _, console) = makeQuietShell()
    try await shell.run("count")
    try await shell.run("list")
    try await shell.run("same")
    shell.finishRun()
    #expect(console.output == ["count 1", "nothing changed"])
  }

  @Test func aLineThatChangesTheDataOrFailsOwesNothing() async throws {
    let (shell, screen, console) = makeQuietShell()
    shell.dataRevision = { screen.count }
    try await shell.run("count")
    shell.finishRun()
    #expect(console.output.isEmpty, "the count is the data here")

    let (failing, _, failed) = makeQuietShell()
    try await failing.run("count")
    await #expect(throws: CommandLineError.self) { try await failing.run("nonsense") }
    failing.finishRun()
    #expect(failed.output.isEmpty)
  }

  @Test func offByDefaultNothingIsOwed() async throws {
    let (shell, _, console) = makeQuietShell()
    shell.printsScreenShownLast = false
    try await shell.run("count")
    shell.finishRun()
    #expect(console.output.isEmpty)
  }
}
