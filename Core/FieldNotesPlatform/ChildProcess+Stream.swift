extension ChildProcess {
  /// Where one of a child's standard streams comes from.
  public enum Stream: Equatable, Sendable {
    /// This process's own descriptor, as it is: the terminal, for a pager.
    case inherited
    /// A file the child opens itself: read for standard input; for output, created owner-only
    /// where missing and emptied. The parent holds no descriptor of it, so none can be reused
    /// under another thread's feet.
    case file(String)
    /// A pipe, whose other end this process holds (``ChildProcess/standardInput`` and its
    /// siblings).
    case pipe

    /// Nothing in, and output thrown away: `/dev/null`.
    public static let nullDevice = Stream.file("/dev/null")
  }
}
