extension ChildProcess {
  /// What one look at a child with `waitid` found.
  enum WaitReport: Equatable, Sendable {
    /// It exited, was killed, or dumped core.
    case ended
    /// It stopped, continued or was trapped: macOS's `waitid` reports a stop even to a caller
    /// that asked for ends only (`WEXITED`), which Linux's never does.
    case notEnded
    /// A signal interrupted the call (`EINTR`).
    case interrupted
    /// The call failed with this `errno`, such as `ECHILD` for a child reaped elsewhere.
    case failed(Int32)

    /// What a `waitid` call's result says.
    ///
    /// - Parameters:
    ///   - result: What it returned.
    ///   - error: `errno` after it, when it failed.
    ///   - code: The `si_code` it filled in, when it succeeded.
    init(result: Int32, error: Int32, code: Int32) {
      if result < 0 {
        self = error == EINTR ? .interrupted : .failed(error)
      } else {
        let ends = [CLD_EXITED, CLD_KILLED, CLD_DUMPED].map { Int($0) }
        self = ends.contains(Int(code)) ? .ended : .notEnded
      }
    }
  }

  /// Looks until a child has ended (or can't be waited for), looking again after an
  /// interruption at once, and after a stop or a continue once `pause` has passed, so a child
  /// kept stopped for long costs a look every so often rather than a spinning thread.
  ///
  /// - Parameters:
  ///   - look: One look at the child.
  ///   - pause: Waits a little before looking again.
  /// - Returns: ``WaitReport/ended``, or the failure that ended the looking.
  static func waitForEnd(look: () -> WaitReport, pause: () -> Void) -> WaitReport {
    while true {
      switch look() {
      case .interrupted: continue
      case .notEnded: pause()
      case let final: return final
      }
    }
  }

  /// Waits in `waitid` until a child's state changes, leaving it unreaped (`WNOWAIT`) so its
  /// number stays its own.
  ///
  /// - Parameter identifier: The child's process ID.
  /// - Returns: What the call found.
  static func look(at identifier: pid_t) -> WaitReport {
    var information = siginfo_t()
    let result = waitid(P_PID, id_t(identifier), &information, WEXITED | WNOWAIT)
    return WaitReport(result: result, error: result < 0 ? errno : 0, code: information.si_code)
  }
}
