import FieldNotesServices

/// A syncer that wraps another and behaves like a bad network: slow, flaky or offline.
///
/// Chosen with `--network-profile` at the composition root, it shows the refreshing, failed and
/// retry paths of the screens in a live session: a demonstration of swapping a dependency
/// without touching a screen. Its failures follow a seeded generator, so a session is
/// reproducible with `--seed`.
public actor NetworkProfileSyncer: NoteSyncing {
  /// How the network behaves.
  public enum Profile: String, CaseIterable, Sendable {
    /// Every sync waits before it starts.
    case slow
    /// Every sync waits a little, then fails half the time.
    case flaky
    /// Every sync fails at once.
    case offline
  }

  /// How long a slow sync waits.
  public static let slowDelay = Duration.seconds(3)
  /// How long a flaky sync waits.
  public static let flakyDelay = Duration.seconds(1)

  private let wrapped: any NoteSyncing
  private let profile: Profile
  private var random: SeededRandomNumberGenerator
  private let sleep: @Sendable (Duration) async throws -> Void

  /// Wraps a syncer.
  ///
  /// - Parameters:
  ///   - wrapped: The syncer that does the work when the network lets it.
  ///   - profile: How the network behaves.
  ///   - seed: The seed of the flaky profile's failures.
  ///   - clock: The clock the delays are measured on.
  public init<C: Clock<Duration>>(
    wrapping wrapped: any NoteSyncing, profile: Profile, seed: UInt64, clock: C
  ) {
    self.wrapped = wrapped
    self.profile = profile
    self.random = SeededRandomNumberGenerator(seed: seed)
    self.sleep = { duration in try await clock.sleep(for: duration) }
  }

  /// Waits and fails as the profile says, otherwise syncs through the wrapped syncer.
  ///
  /// - Throws: ``SyncError/networkUnavailable``, `CancellationError` while waiting, or the
  ///   wrapped syncer's error.
  public func sync() async throws {
    switch profile {
    case .offline:
      throw SyncError.networkUnavailable
    case .slow:
      try await sleep(Self.slowDelay)
    case .flaky:
      let fails = Bool.random(using: &random)
      try await sleep(Self.flakyDelay)
      if fails { throw SyncError.networkUnavailable }
    }
    try await wrapped.sync()
  }
}

/// A simulated network to sync through (`--network-profile`, `--seed`).
public struct NetworkSimulation: Equatable, Sendable {
  /// How the network behaves.
  public var profile: NetworkProfileSyncer.Profile
  /// The seed of the flaky profile's failures.
  public var seed: UInt64

  /// Creates a simulation.
  ///
  /// - Parameters:
  ///   - profile: How the network behaves.
  ///   - seed: The seed of the flaky profile's failures; 1 by default.
  public init(_ profile: NetworkProfileSyncer.Profile, seed: UInt64 = 1) {
    self.profile = profile
    self.seed = seed
  }
}
