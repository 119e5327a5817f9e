import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Synchronization
import Testing

@testable import FieldNotesApp

/// `why`, in both forms of the note list: the same pin redraws both, each for what it reads.
@MainActor
@Suite struct WhyCommandTests {
  func session() -> (AppSession, RecordingConsole) {
    let test = TestSession(SampleData.library)
    return (test.session, test.console)
  }

  /// What `why` printed after a line.
  func why(after line: String, in session: AppSession, _ console: RecordingConsole) async throws
    -> [String]
  {
    _ = try await session.run(line)
    let before = console.output.count
    _ = try await session.run("why")
    return Array(console.output[before...])
  }

  @Test(arguments: ["mvvm", "mv"])
  func aPinDrawsTheListAgainAndWhySaysWhatItRead(form: String) async throws {
    let (session, console) = session()
    _ = try await session.run("mode \(form)")
    _ = try await session.run("open birds")
    let pinned = try await why(after: "pin 2", in: session, console)
    let view = form == "mv" ? "NoteListMVScreen" : "NoteListView"
    #expect(pinned.first == "\(view) was drawn again, because what it reads changed:")
    let read = form == "mv" ? "the store's page" : "NoteListViewModel.state"
    #expect(pinned.dropFirst().contains { $0.hasPrefix("  \(read): ") && $0.contains("*") })

    let unchanged = try await why(after: "state", in: session, console)
    #expect(unchanged.first == "\(view) was not drawn again: nothing it reads changed.")
  }

  /// A change a screen's `state` line doesn't show (it counts rows) is still named: every
  /// screen says in full what its view is drawn from.
  @Test(arguments: [
    (["tags"], "rename birds aves", "TagsView", "aves"),
    ([], "notebook rename Plants Flora", "NotebooksView", "Flora"),
    (["open birds", "show 1"], "unpin", "NoteDetailView", "not pinned"),
    (["open birds", "new", "title Bramble"], "title Bracken", "ComposerView", "Bracken"),
  ])
  func everyScreenNamesWhatChanged(
    setUp: [String], line: String, view: String, change: String
  ) async throws {
    let (session, console) = session()
    for command in setUp { _ = try await session.run(command) }
    let explained = try await why(after: line, in: session, console)
    #expect(explained.first == "\(view) was drawn again, because what it reads changed:")
    #expect(explained.dropFirst().contains { $0.contains(change) }, "\(explained)")
  }

  /// The rule `why` keeps on every screen, in both forms and in JSON: when a line leaves the
  /// screen drawn otherwise than it was, or showing otherwise than it would be drawn now, `why`
  /// names a value that changed; it never calls a visible change no change.
  ///
  /// What is on screen is what was last drawn: a line that changes only how a view would be
  /// drawn (`output json`) leaves the screen as it was, which `why` says is not drawn yet.
  @Test func aVisibleChangeIsNeverExplainedAsNoChange() async throws {
    let (session, console) = session()
    let onAList = [
      "open birds", "filter pinned", "filter all", "search flash", "search", "tag lake", "tag",
      "sort title", "sort newest", "pin 2", "unpin 1", "move 1 to Plants", "undo", "open birds",
      "output json", "move 1 to Plants", "notebook rename Plants Flora", "output text",
      "notebook rename Birds Avians", "notebook rename Avians Birds", "back",
    ]
    let elsewhere = [
      "notebook new Moths", "notebook rename Moths Flies", "tags", "rename lake pond", "back",
      "open all", "show 1", "pin", "unpin", "move to Flora", "back", "new", "title Bramble",
      "title Bracken", "cancel", "yes", "delete 1", "back", "trash", "restore 1", "back",
    ]
    var visibleChanges = 0
    let navigator = session.navigator
    let drawings = { navigator.renderCounts.values.reduce(0, +) }
    var onScreen = (ObjectIdentifier(navigator.top), navigator.top.render(in: navigator.terminal))
    for line in ["mode mvvm"] + onAList + ["mode mv"] + onAList + elsewhere {
      let drawn = drawings()
      _ = try? await session.run(line)
      let before = onScreen
      let after = (ObjectIdentifier(navigator.top), navigator.top.render(in: navigator.terminal))
      if drawings() > drawn { onScreen = after }
      guard before.0 == after.0, before.1 != after.1 else { continue }
      visibleChanges += 1
      // In JSON, `why` answers on standard error, as every message does in a script's format.
      let printed = console.lines.count
      _ = try await session.run("why")
      let explained = console.lines[printed...].first?.text ?? ""
      #expect(
        explained.hasSuffix("because what it reads changed:")
          || explained.hasSuffix("not drawn yet; what it reads changed:"),
        "after `\(line)` the screen changed, and `why` said \"\(explained)\"")
    }
    #expect(visibleChanges > 25)
  }

  /// A clock the test moves on.
  final class Moment: Sendable {
    private let date = Mutex(DateProvider.referenceDate)
    var now: Date { date.withLock { $0 } }
    func advance(minutes: Int) { date.withLock { $0 += TimeInterval(minutes * 60) } }
  }

  /// Observation doesn't watch the clock: a list drawn again an hour and a half later shows
  /// other dates, and `why` says what moved (the rows' dates, or the clock the MV view reads).
  @Test(arguments: ["mvvm", "mv"])
  func aListDrawnLaterSaysItsDatesMovedOn(form: String) async throws {
    let time = Moment()
    let console = RecordingConsole()
    let dependencies = AppDependencies.inMemory(
      SampleData.library, syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
      now: DateProvider { time.now }, ids: .incrementing(),
      timeZone: TimeZone(identifier: "UTC") ?? .current, editor: UnavailableTextEditor())
    let session = AppSession(dependencies: dependencies, output: console)
    session.start()
    for line in ["mode \(form)", "open birds"] { _ = try await session.run(line) }
    time.advance(minutes: 90)
    let explained = try await why(after: "list", in: session, console)
    let view = form == "mv" ? "NoteListMVScreen" : "NoteListView"
    #expect(explained.first == "\(view) was drawn again, because what it reads changed:")
    let moved = form == "mv" ? "  the clock: 12:00 → 13:30" : "  NoteListViewModel.state, in full:"
    #expect(explained.dropFirst().contains { $0.hasPrefix(moved) }, "\(explained)")
  }

  @Test func whyBeforeAnyCommandSaysSo() async throws {
    let (session, console) = session()
    _ = try await session.run("why")
    #expect(console.output.last == "No command has run yet.")
  }
}
