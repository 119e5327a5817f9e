import FieldNotesTerminal
import Foundation
import Testing

/// A signal sent the moment watching begins reaches the handler, however often watching begins.
///
/// A session ended by a signal keeps its unsaved text only if its handler runs. Watching through
/// a dispatch signal source lost signals two ways: the source was registered some time after
/// `resume()` returned, while the signal was set to be ignored, so a signal in between was
/// dropped; and the second source for a signal never caught it at all, since the library set
/// up its own handler only for the first. The signals here are sent to the whole process, as a
/// person's `kill` is, right after each watcher starts.
@Suite(.serialized, .timeLimit(.minutes(1)))
@MainActor
struct SignalWatcherTests {
  @Test func aSignalSentTheMomentWatchingBeginsReachesTheHandler() async {
    for round in 1...20 {
      let (received, arrivals) = AsyncStream.makeStream(of: Int32.self)
      let watcher = SignalWatcher(signals: [SIGUSR2]) { arrivals.yield($0) }
      kill(getpid(), SIGUSR2)
      // A lost signal leaves this waiting until the suite's time limit cancels it: `nil`.
      var iterator = received.makeAsyncIterator()
      let number = await iterator.next()
      watcher.cancel()
      #expect(number == SIGUSR2, "round \(round)")
      guard number != nil else { return }
    }
  }

  @Test func eachWatcherHearsOnlyItsOwnSignals() async {
    let (received, arrivals) = AsyncStream.makeStream(of: String.self)
    let first = SignalWatcher(signals: [SIGUSR1]) { _ in arrivals.yield("first") }
    let second = SignalWatcher(signals: [SIGUSR2]) { _ in arrivals.yield("second") }
    kill(getpid(), SIGUSR2)
    kill(getpid(), SIGUSR1)
    var heard: [String] = []
    for await name in received {
      heard.append(name)
      if heard.count == 2 { break }
    }
    first.cancel()
    second.cancel()
    #expect(heard.sorted() == ["first", "second"])
  }

  @Test func cancellingGivesTheSignalBackTheDispositionItHad() {
    var before = sigaction()
    sigaction(SIGUSR2, nil, &before)
    let watcher = SignalWatcher(signals: [SIGUSR2]) { _ in }
    watcher.cancel()
    var after = sigaction()
    sigaction(SIGUSR2, nil, &after)
    #expect(after.sa_flags == before.sa_flags)
    #expect(Self.handlerAddress(after) == Self.handlerAddress(before))
  }

  /// The address of a disposition's handler (0 for the default), to compare two.
  private static func handlerAddress(_ action: sigaction) -> UInt {
    withUnsafeBytes(of: action) { $0.load(as: UInt.self) }
  }
}
