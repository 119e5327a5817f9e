import Dispatch
import FieldNotesPlatform
import Foundation

/// Calls back on the main actor when the process receives one of some signals.
///
/// Signals are caught through ``SignalPipe``: each is caught the moment the watcher is made, and
/// one sent at any time after reaches the handler. Watch each signal with one watcher at a time.
@MainActor
public final class SignalWatcher {
  /// The signals a person or a program sends to stop the process, which end it by default.
  ///
  /// A session catches them, keeps its unsaved work, then ends. A script catches SIGINT too; at
  /// a terminal it interrupts what is going on instead. SIGKILL can't be caught, and needn't
  /// be: every saved change is already committed when it is made.
  public static let stopping: [Int32] = [SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM]

  /// The watchers now watching, which the pipe's reader hands each signal to.
  private static var watching: [SignalWatcher] = []
  /// What reads the pipe on the main queue: made with the first watcher, kept for the process.
  private static var reader: (any DispatchSourceRead)?

  private let signals: Set<Int32>
  private let handler: @MainActor (Int32) -> Void
  /// Each signal's disposition before watching began, put back by ``cancel()``.
  private var previous: [(signal: Int32, action: sigaction)] = []

  /// Starts watching signals; the process no longer dies of them.
  ///
  /// - Parameters:
  ///   - signals: The signal numbers, such as `SIGINT`.
  ///   - handler: Called on the main actor with each signal received, in the order they came.
  public init(signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    self.signals = Set(signals)
    self.handler = handler
    Self.startReading()
    Self.watching.append(self)
    for number in signals {
      if let action = SignalPipe.catchSignal(number) { previous.append((number, action)) }
    }
  }

  /// Stops watching, and gives each signal back the disposition it had.
  public func cancel() {
    Self.watching.removeAll { $0 === self }
    for (number, action) in previous.reversed() { SignalPipe.restore(number, to: action) }
    previous = []
  }

  /// Reads the pipe whenever a signal has written to it; a signal that came before the reader
  /// was registered waits in the pipe.
  ///
  /// The pipe is read off the main actor, so that a SIGINT can stop a line that holds it
  /// (``LineInterruption``); the handlers then run on the main actor, in the order the signals
  /// came.
  private static func startReading() {
    guard reader == nil, let descriptor = SignalPipe.readEnd else { return }
    let source = DispatchSource.makeReadSource(
      fileDescriptor: descriptor, queue: DispatchQueue(label: "signals"))
    // Sendable: it runs on the queue above, not on the main actor this type is isolated to.
    source.setEventHandler { @Sendable in
      let numbers = SignalPipe.caughtSignals()
      for number in numbers where number == SIGINT { LineInterruption.process.interrupt() }
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          for number in numbers {
            for watcher in watching where watcher.signals.contains(number) {
              watcher.handler(number)
            }
          }
        }
      }
    }
    source.resume()
    reader = source
  }
}
