import Observation

/// Prints each transition of a view model's `state` as it happens (`trace on`), such as
/// `ShelfViewModel.state: loaded(3 rows) → loaded(3 rows) (“Winter coats” labelled)`.
///
/// Like the test kit's state recorder it uses Observation alone: at each change it reads the
/// value the previous change produced, and ``catchUp()`` reports the newest one.
@MainActor
public final class StateTracer {
  private let label: String
  private let read: () -> AnyHashable
  private let describe: (AnyHashable) -> String
  private let describeChange: (AnyHashable, AnyHashable) -> String?
  private let emit: (String) -> Void
  private var last: AnyHashable
  private var isActive = true

  /// Starts tracing a value.
  ///
  /// - Parameters:
  ///   - label: What is traced, such as `ShelfViewModel.state`.
  ///   - read: Reads the value; Observation tracks what it reads.
  ///   - describe: Describes a value briefly, such as `loaded(3 rows)`.
  ///   - describeChange: Says what changed between two values whose brief descriptions may be
  ///     the same, such as `“Boots” labelled`; `nil` when there is nothing more to say. By default
  ///     there never is.
  ///   - emit: Prints a transition.
  public init<State: Hashable>(
    label: String, read: @escaping () -> State, describe: @escaping (State) -> String,
    describeChange: @escaping (State, State) -> String? = { _, _ in nil },
    emit: @escaping (String) -> Void
  ) {
    self.label = label
    self.read = { AnyHashable(read()) }
    self.describe = { value in (value.base as? State).map(describe) ?? "\(value)" }
    self.describeChange = { old, new in
      guard let old = old.base as? State, let new = new.base as? State else { return nil }
      return describeChange(old, new)
    }
    self.emit = emit
    self.last = AnyHashable(read())
    track()
  }

  /// Reports a transition not yet printed.
  public func catchUp() {
    guard isActive else { return }
    let current = read()
    guard current != last else { return }
    let change = describeChange(last, current).map { " (\($0))" } ?? ""
    emit("\(label): \(describe(last)) → \(describe(current))\(change)")
    last = current
  }

  /// Stops tracing.
  public func stop() { isActive = false }

  private func track() {
    withObservationTracking {
      _ = read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self, self.isActive else { return }
        self.catchUp()
        self.track()
      }
    }
  }
}
