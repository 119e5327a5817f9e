import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls back on the main actor when the process receives one of some signals.
@MainActor
public final class SignalWatcher {
  private var sources: [any DispatchSourceSignal] = []

  /// Starts watching signals; the process no longer dies of them.
  ///
  /// - Parameters:
  ///   - signals: The signal numbers, such as `SIGINT`.
  ///   - handler: Called on the main actor with the signal received.
  public init(signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler { MainActor.assumeIsolated { handler(number) } }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops watching.
  public func cancel() {
    for source in sources { source.cancel() }
  }
}
