/// How long a sync waits before trying again after the remote rejected its push because another
/// store pushed first.
///
/// The second attempt goes at once: the push that won has landed, so fetching it now gives the
/// next push its best chance. After that, each wait is random, up to a bound that doubles from
/// ``base`` to ``cap`` ("full jitter"): stores that lost to each other spread out instead of
/// racing again in step, and a store that keeps losing to a busier one still gets through.
enum PushBackoff {
  /// The bound of the first random wait (before the third attempt).
  static let base = Duration.milliseconds(50)
  /// The largest bound.
  static let cap = Duration.seconds(2)

  /// The wait before an attempt.
  ///
  /// - Parameters:
  ///   - attempt: The attempt, counting from 1.
  ///   - generator: Where the randomness comes from.
  /// - Returns: No wait for the first two attempts; then a random wait up to
  ///   `min(cap, base × 2^(attempt − 3))`.
  static func delay(
    beforeAttempt attempt: Int, using generator: inout some RandomNumberGenerator
  ) -> Duration {
    guard attempt > 2 else { return .zero }
    let doublings = min(attempt - 3, 16)
    let bound = min(cap, base * (1 << doublings))
    let milliseconds =
      bound.components.seconds * 1_000 + bound.components.attoseconds / 1_000_000_000_000_000
    return .milliseconds(Int64.random(in: 0...milliseconds, using: &generator))
  }
}
