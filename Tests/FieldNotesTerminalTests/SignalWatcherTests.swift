import FieldNotesTerminal
import Foundation
import Testing

/// A watcher catches its signals before it is made, and hands each to its handler on the main
/// actor, however often watching begins.
///
/// A session ended by a signal keeps its unsaved text only if its handler runs. Watching through
/// a dispatch signal source lost signals two ways: the source was registered some time after
/// `resume()` returned, while the signal was set to be ignored, so a signal in between was
/// dropped; and the second source for a signal never caught it at all, since the library set
/// up its own handler only for the first. The signals here are ones ignored by default
/// (SIGURG, SIGWINCH), sent to the whole process as a person's `kill` is.
@Suite(.serialized)
@MainActor
struct SignalWatcherTests {
  /// What a watcher leaves each signal doing, read without sending one: no moment after it is
  /// made is a moment the signal is ignored.
  @Test func aWatcherHasCaughtItsSignalsWhenItIsMadeAndGivesThemBackWhenCancelled() {
    for _ in 1...3 {
      let before = Self.handler(of: SIGURG)
      let watcher = SignalWatcher(signals: [SIGURG]) { _ in }
      let caught = Self.handler(of: SIGURG)
      #expect(caught != before && caught != Self.ignored)
      watcher.cancel()
      #expect(Self.handler(of: SIGURG) == before)
    }
  }

  /// A lost signal leaves this waiting until its time limit, far past any wait for the main
  /// actor a busy test run makes (a full run beside three others waited over a minute).
  @Test(.timeLimit(.minutes(10)))
  func eachSignalReachesItsOwnWatchersHandlerOnTheMainActor() async {
    for round in 1...5 {
      let (received, arrivals) = AsyncStream.makeStream(of: String.self)
      let urgent = SignalWatcher(signals: [SIGURG]) { _ in arrivals.yield("urgent") }
      let resize = SignalWatcher(signals: [SIGWINCH]) { _ in arrivals.yield("resize") }
      kill(getpid(), SIGWINCH)
      kill(getpid(), SIGURG)
      var heard: [String] = []
      for await name in received {
        heard.append(name)
        if heard.count == 2 { break }
      }
      urgent.cancel()
      resize.cancel()
      #expect(heard.sorted() == ["resize", "urgent"], "round \(round)")
    }
  }

  /// `SIG_IGN`'s address, 1.
  private static let ignored: UInt = 1

  /// The address of a signal's handler now (0 for the default, 1 for ignored).
  private static func handler(of number: Int32) -> UInt {
    var action = sigaction()
    sigaction(number, nil, &action)
    return withUnsafeBytes(of: action) { $0.load(as: UInt.self) }
  }
}
