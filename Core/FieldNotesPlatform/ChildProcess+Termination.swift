extension ChildProcess {
  /// How a child ended.
  public enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)
    /// Something else in this process reaped it (as the system does itself where `SIGCHLD` is
    /// ignored), so how it ended can't be known.
    case lost

    /// How a `wait4` status says a child ended, the same encoding on Linux and macOS: the low
    /// seven bits are the signal that ended it, or 0 for an exit, whose status is the next
    /// eight bits.
    ///
    /// - Parameter waitStatus: The status `wait4` gave for a child that ended.
    public init(waitStatus: Int32) {
      let signal = waitStatus & 0x7F
      self = signal == 0 ? .exited((waitStatus >> 8) & 0xFF) : .signalled(signal)
    }

    /// The status as a shell reports it: the exit status, 128 plus the signal's number for a
    /// signal, -1 for a child reaped elsewhere.
    public var status: Int32 {
      switch self {
      case .exited(let status): status
      case .signalled(let signal): 128 + signal
      case .lost: -1
      }
    }
  }
}
