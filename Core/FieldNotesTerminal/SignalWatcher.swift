import Dispatch
import FieldNotesPlatform
import Foundation

/// Calls back on the main actor when the process receives one of some signals.
@MainActor
public final class SignalWatcher {
  /// The signals a person or a program sends to stop the process, which end it by default.
  ///
  /// A session catches them, keeps its unsaved work, then ends. A script catches SIGINT too; at
  /// a terminal it interrupts what is going on instead. SIGKILL can't be caught, and needn't
  /// be: every saved change is already committed when it is made.
  public static let stopping: [Int32] = [SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM]

  private var sources: [any DispatchSourceSignal] = []
  /// Each signal's disposition before watching began, put back by ``cancel()``.
  private var previous: [(signal: Int32, action: sigaction)] = []

  /// Starts watching signals; the process no longer dies of them.
  ///
  /// - Parameters:
  ///   - signals: The signal numbers, such as `SIGINT`.
  ///   - handler: Called on the main actor with the signal received.
  public init(signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    for number in signals {
      var old = sigaction()
      sigaction(number, nil, &old)
      previous.append((number, old))
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler { MainActor.assumeIsolated { handler(number) } }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops watching, and gives each signal back the disposition it had.
  public func cancel() {
    for source in sources { source.cancel() }
    for (number, action) in previous {
      var action = action
      sigaction(number, &action, nil)
    }
    previous = []
  }
}
