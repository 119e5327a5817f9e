/// The write end of ``SignalPipe``'s pipe, for the handler, which may read a global and nothing
/// else; set once, before the first signal is caught, and never changed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// What a caught signal runs: writes the signal's number to the pipe and nothing else.
///
/// It runs on whichever thread the system chose; a write is among the few calls safe there. It
/// leaves `errno` as the interrupted code had it. A full pipe (64 KiB of signals not yet read)
/// drops the signal.
private func writeSignalNumber(_ number: Int32) {
  let interrupted = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = Platform.write(signalPipeWriteEnd, &byte, 1)
  errno = interrupted
}

/// Turns signals into bytes on a pipe, so that none is lost and the code that handles them runs
/// where any other code may: the classic self-pipe.
///
/// A caught signal's handler writes its number to the pipe; whoever watches the read end (a
/// dispatch read source, in `SignalWatcher`) reads the numbers in the order they came. The
/// disposition is set before ``catchSignal(_:)`` returns, so a signal sent the moment after
/// is caught, whichever thread the system gives it to; a dispatch signal source, the usual way
/// in Swift, isn't registered until some time after it is resumed, and until then a signal set
/// to be ignored is dropped.
public enum SignalPipe {
  /// The pipe's read end, never blocking: `nil` if the process could make no pipe (it has
  /// every descriptor it may open), in which case no signal is caught.
  public static let readEnd: Int32? = {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      // Neither end goes to a child (an editor, git), and neither ever waits.
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    signalPipeWriteEnd = ends[1]
    return ends[0]
  }()

  /// Catches a signal: from now on it writes its number to the pipe instead of doing what it
  /// did.
  ///
  /// - Parameter number: The signal, such as `SIGTERM`.
  /// - Returns: The disposition the signal had, for ``restore(_:to:)``; `nil` if nothing was
  ///   caught (no pipe, or a signal that can't be).
  public static func catchSignal(_ number: Int32) -> sigaction? {
    guard readEnd != nil else { return nil }
    var action = Platform.signalAction(running: writeSignalNumber)
    var previous = sigaction()
    guard sigaction(number, &action, &previous) == 0 else { return nil }
    return previous
  }

  /// Gives a signal back a disposition ``catchSignal(_:)`` returned.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - previous: What it did before it was caught.
  public static func restore(_ number: Int32, to previous: sigaction) {
    var previous = previous
    sigaction(number, &previous, nil)
  }

  /// The numbers of the signals caught since the last call, in the order they came; empty when
  /// none came (it never waits).
  public static func caughtSignals() -> [Int32] {
    guard let readEnd else { return [] }
    var numbers: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Platform.read(readEnd, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      numbers += buffer[..<count].map { Int32($0) }
    }
    return numbers
  }
}
