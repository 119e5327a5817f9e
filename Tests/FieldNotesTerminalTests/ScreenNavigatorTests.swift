import FieldNotesTerminal
import FieldNotesTerminalTesting
import Observation
import Testing

/// Where the test screens go.
enum Place: Hashable {
  case home
  case shelf(String)
  case editor
  case about
}

/// The root: `open NAME` (usable from above too) and `count`.
@MainActor @Observable
final class HomeScreen: TerminalScreen {
  typealias Route = Place
  var count = 0
  var promptTitle: String? { nil }
  var viewName: String { "HomeView" }
  func render(in terminal: TerminalContext) -> [String] { ["home \(count)"] }
  var stateLine: String { "home.count = \(count)" }
  static let helpHeading = "Home"
  static let directions = "go home first"
  static let commands: [ScreenCommand<HomeScreen>] = [
    ScreenCommand(["open"], usage: "open NAME", summary: "open a shelf", isReachableFromAbove: true)
    { _, arguments, _ throws(ScreenError) in
      guard let name = arguments.first else { throw .usage("open NAME") }
      return ScreenResult(.push(.shelf(name)))
    },
    ScreenCommand(["count"], usage: "count", summary: "count one more") {
      screen, _, context throws(ScreenError) in
      screen.count += 1
      return context.isOnTop ? .stay : .say("counted below")
    },
  ]
}

/// A shelf: `edit` opens the modal editor; its own `count` shadows the root's.
@MainActor
final class ShelfScreen: TerminalScreen {
  typealias Route = Place
  let name: String
  init(name: String) { self.name = name }
  var promptTitle: String? { name }
  var viewName: String { "ShelfView" }
  func render(in terminal: TerminalContext) -> [String] { ["shelf \(name)"] }
  var stateLine: String { "shelf \(name)" }
  static let helpHeading = "On a shelf"
  static let directions = "open a shelf first"
  static let commands: [ScreenCommand<ShelfScreen>] = [
    ScreenCommand(["edit"], usage: "edit", summary: "edit here") { _, _, _ throws(ScreenError) in
      ScreenResult(.push(.editor))
    },
    ScreenCommand(["count"], usage: "count", summary: "count the shelf") {
      _, _, _ throws(ScreenError) in .say("shelf counted")
    },
  ]
}

/// A modal editor taking text lines after `type`, until `.`.
@MainActor @Observable
final class EditorScreen: TerminalScreen {
  typealias Route = Place
  var lines: [String]?
  var text: [String] = []
  var promptTitle: String? { "edit" }
  var viewName: String { "EditorView" }
  func render(in terminal: TerminalContext) -> [String] {
    ["editor: " + text.joined(separator: "/")]
  }
  var stateLine: String { "editor" }
  var capabilities: ScreenCapabilities<Place> {
    ScreenCapabilities(
      modal: ModalWork(
        modality: { .modal(whatToFinish: "finish editing first") }, remembersTypedLines: false,
        quitWarning: { nil }, preserveUnsavedWork: { [unowned self] in preserveUnsavedWork() }),
      lineEntry: LineEntry(
        prompt: { [unowned self] in linePrompt },
        take: { [unowned self] line throws(ScreenError) in try takeLine(line) },
        interrupt: { [unowned self] in interruptLineEntry() }))
  }
  /// The editor has nowhere to keep its text: as the program ends, it is printed instead.
  func preserveUnsavedWork() -> PreservedWork {
    text.isEmpty ? .nothing : .notKept(reason: "there is nowhere to keep the text", work: text)
  }
  var linePrompt: String? { lines == nil ? nil : "...> " }
  func interruptLineEntry() -> String? {
    lines = nil
    return "stopped typing"
  }
  func takeLine(_ line: String) throws(ScreenError) -> ScreenResult<Place> {
    guard line != "." else {
      text = lines ?? []
      lines = nil
      return .stay
    }
    lines?.append(line)
    return .stay
  }
  static let helpHeading = "Editing"
  static let directions = "edit on a shelf first"
  static let commands: [ScreenCommand<EditorScreen>] = [
    ScreenCommand(["type"], usage: "type", summary: "type lines") {
      screen, _, _ throws(ScreenError) in
      screen.lines = []
      return .stay
    },
    ScreenCommand(["done"], usage: "done", summary: "finish") { _, _, _ throws(ScreenError) in
      ScreenResult(.pop, lines: ["done"])
    },
  ]
}

/// A screen reached only through an entry the app adds to the root.
@MainActor
final class AboutScreen: TerminalScreen {
  typealias Route = Place
  var promptTitle: String? { "about" }
  var viewName: String { "AboutView" }
  func render(in terminal: TerminalContext) -> [String] { ["about"] }
  var stateLine: String { "about" }
  static let helpHeading = "About"
  static let directions = "open about first"
  static let commands: [ScreenCommand<AboutScreen>] = []
}

@MainActor
@Suite struct ScreenNavigatorTests {
  /// The test app's screens, registered as an app registers its own: the `about` entry is
  /// offered on the root.
  static let registrations: [ScreenRegistration<Place, Void>] = [
    ScreenRegistration(
      HomeScreen.self, shows: { $0 == .home ? () : nil },
      entries: [
        ScreenEntry(["about"], summary: "about", opens: .about, on: .home)
      ], make: { _, _ in HomeScreen() }),
    ScreenRegistration(
      ShelfScreen.self, shows: { if case .shelf(let name) = $0 { name } else { nil } },
      make: { name, _ in ShelfScreen(name: name) }),
    ScreenRegistration(
      EditorScreen.self, shows: { $0 == .editor ? () : nil }, make: { _, _ in EditorScreen() }),
    ScreenRegistration(
      AboutScreen.self, shows: { $0 == .about ? () : nil }, make: { _, _ in AboutScreen() }),
  ]

  func makeNavigator() -> (ScreenNavigator<Place>, () -> [String]) {
    var drawn: [String] = []
    let navigator = ScreenNavigator<Place>(
      root: .home, registry: ScreenRegistry(Self.registrations, dependencies: ()),
      isInteractive: false, draw: { drawn += $0 })
    return (
      navigator,
      {
        defer { drawn = [] }
        return drawn
      }
    )
  }

  func run(_ navigator: ScreenNavigator<Place>, _ words: String...) async throws(CommandLineError)
    -> [String]
  {
    var printed: [String] = []
    try await navigator.run(words[0], Array(words.dropFirst())) { printed += $0 }
    navigator.settle()
    return printed
  }

  @Test func aCommandOnTopRunsAndItsRouteBecomesTheTop() async throws {
    let (navigator, drawn) = makeNavigator()
    navigator.settle()
    #expect(drawn() == ["home 0"])

    _ = try await run(navigator, "count")
    _ = try await run(navigator, "open", "Maps")

    #expect(drawn() == ["home 1", "shelf Maps"])
    #expect(navigator.prompt(appName: "app") == "Maps> ")
  }

  @Test func aCommandLetThroughFromBelowRunsThereAndMovesRelativeToIt() async throws {
    let (navigator, drawn) = makeNavigator()
    _ = try await run(navigator, "open", "Maps")
    _ = drawn()

    _ = try await run(navigator, "open", "Atlases")

    #expect(navigator.screens.count == 2, "the first shelf left before the second was shown")
    #expect(drawn() == ["shelf Atlases"])
  }

  @Test func theTopScreenShadowsACommandOfTheScreenBelow() async throws {
    let (navigator, _) = makeNavigator()
    _ = try await run(navigator, "open", "Maps")

    #expect(try await run(navigator, "count") == ["shelf counted"])
    #expect(
      navigator.commandsHere().map(\.heading) == ["On a shelf", "Home"],
      "the root's own count is not listed under Home")
    #expect(navigator.commandsHere()[1].commands.map(\.usage) == ["open NAME"])
  }

  @Test func aModalScreenClosesTheScreensBelowAndSaysWhatToFinish() async throws {
    let (navigator, _) = makeNavigator()
    _ = try await run(navigator, "open", "Maps")
    _ = try await run(navigator, "edit")

    await #expect(
      throws: CommandLineError.notHere(
        command: "open", hint: "finish editing first")
    ) { _ = try await run(navigator, "open", "X") }
    #expect(try await run(navigator, "done") == ["done"])
    #expect(navigator.prompt(appName: "app") == "Maps> ")
  }

  @Test func aCommandOfAnotherScreenSaysWhereItWorks() async {
    let (navigator, _) = makeNavigator()

    await #expect(
      throws: CommandLineError.notHere(
        command: "edit", hint: "open a shelf first")
    ) { _ = try await run(navigator, "edit") }
    await #expect(throws: CommandLineError.unknownCommand("fly", suggestion: nil)) {
      _ = try await run(navigator, "fly")
    }
  }

  @Test func anEntryIsOfferedOnItsHostAlone() async throws {
    let (navigator, drawn) = makeNavigator()
    #expect(navigator.commandsHere()[0].commands.map(\.usage) == ["open NAME", "count", "about"])

    _ = try await run(navigator, "about")
    #expect(drawn().last == "about")
    _ = try await run(navigator, "open", "Maps")

    await #expect(
      throws: CommandLineError.notHere(
        command: "about", hint: "go home first")
    ) { _ = try await run(navigator, "about") }
  }

  @Test func aScreenWithALinePromptTakesWholeLinesAsText() async throws {
    let (navigator, drawn) = makeNavigator()
    _ = try await run(navigator, "open", "Maps")
    _ = try await run(navigator, "edit")
    _ = try await run(navigator, "type")
    #expect(navigator.prompt(appName: "app") == "...> ")

    for line in ["open X", "count", "."] { try await navigator.takeLine(line) { _ in } }
    navigator.settle()

    #expect(drawn().last == "editor: open X/count")
  }

  /// A script whose input ends with work that can't be kept prints the work after the reason,
  /// and ends in failure, so whatever ran it can tell.
  @Test func unsavedWorkThatCannotBeKeptIsPrintedAndFailsTheRun() async {
    let console = RecordingConsole()
    let shell = CommandShell<Place>(
      appName: "test", title: "Test", root: .home,
      registry: ScreenRegistry(Self.registrations, dependencies: ()), isInteractive: false,
      output: console)
    let lines = ["open attic", "edit", "type", "first line", "second line", "."]
    let status = await BatchRunner(session: shell, console: console, echoes: false, bails: false)
      .run(.byteLines(lines.map { Array($0.utf8) }, name: "test"))

    #expect(status == 1)
    #expect(
      console.errors.suffix(3) == [
        "error: there is nowhere to keep the text", "first line", "second line",
      ])
  }

  /// `quit` while work still runs in the background stops it and says so, rather than leaving
  /// without a word.
  @Test func quittingStopsWorkStillRunningAndSaysSo() async throws {
    let console = RecordingConsole()
    let shell = CommandShell<Place>(
      appName: "test", title: "Test", root: .home,
      registry: ScreenRegistry(Self.registrations, dependencies: ()), isInteractive: true,
      output: console)
    let work = RunningWork()
    shell.add(backgroundWork: work)

    #expect(try await shell.run("quit") == .quit)

    #expect(work.wasCancelled)
    #expect(
      console.output.contains("Stopped what was still running before leaving."),
      "\(console.output)")
  }

  /// The app may say what the work was and what becomes of it instead.
  @Test func quittingWithWorkRunningSaysWhatTheAppSays() async throws {
    let console = RecordingConsole()
    let shell = CommandShell<Place>(
      appName: "test", title: "Test", root: .home,
      registry: ScreenRegistry(Self.registrations, dependencies: ()), isInteractive: true,
      output: console)
    shell.add(backgroundWork: RunningWork())
    shell.stoppedWorkMessage = "Stopped the upload; the next one starts it again."

    #expect(try await shell.run("quit") == .quit)

    #expect(
      console.output.contains("Stopped the upload; the next one starts it again."),
      "\(console.output)")
  }

  /// `output` names what it formats in the app's words, or as records.
  @Test func outputNamesWhatItFormatsInTheAppsWords() async throws {
    for (records, said) in [(nil, "Records"), ("rows and pages", "Rows and pages")] {
      let console = RecordingConsole()
      let registry = ScreenRegistry(Self.registrations, dependencies: ())
      let shell =
        records.map {
          CommandShell<Place>(
            appName: "test", title: "Test", records: $0, root: .home, registry: registry,
            isInteractive: true, output: console)
        }
        ?? CommandShell<Place>(
          appName: "test", title: "Test", root: .home, registry: registry, isInteractive: true,
          output: console)

      try await shell.run("output")
      try await shell.run("output json")
      try await shell.run("help")

      #expect(
        console.output.contains(
          "\(said) print as text; `output [json|jsonl|markdown|text]` changes it."))
      #expect(console.errors.contains("\(said) now print as JSON."))
      #expect(
        console.errors.contains {
          $0.hasSuffix("show or choose how \(records ?? "records") print")
        })
    }
  }
}

/// Background work that is running until cancelled.
@MainActor
final class RunningWork: ShellBackgroundWork {
  var wasCancelled = false
  func waitForBackgroundWork() async {}
  func cancelBackgroundWork() -> Bool {
    defer { wasCancelled = true }
    return !wasCancelled
  }
}
