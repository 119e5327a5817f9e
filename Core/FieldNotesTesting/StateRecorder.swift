import Observation

/// Records every value an observable model's state takes, through Observation alone.
///
/// Create a recorder before acting on the model, act, then compare ``values`` with the exact
/// sequence expected:
///
/// ```swift
/// let recorder = StateRecorder(model, \.state)
/// await model.refresh()
/// #expect(recorder.values == [.loaded(rows, sync: .idle), .loaded(rows, sync: .refreshing),
///   .loaded(rows, sync: .idle)])
/// ```
///
/// Observation calls `onChange` before a property changes, so the recorder reads the model at
/// each such call: what it reads then is the value the *previous* change produced. The newest
/// value is read when ``values`` is asked for. Tracking is re-armed after every change, the way
/// SwiftUI re-arms it after every redraw. No tasks, no sleeps: every synchronous step is seen.
///
/// Because tracking is re-armed as a change begins, it follows what the state read *before*
/// the change. A derived `state` should therefore read all of its inputs in every case (read the
/// store first, then switch on the phase), which is good practice for any observed property.
@MainActor
public final class StateRecorder<Model: AnyObject & Observable, Value: Equatable> {
  private let model: Model
  private let keyPath: KeyPath<Model, Value>
  private let isInFlight: ((Value) -> Bool)?
  private var recorded: [Value]

  /// Starts recording, with the model's current value as the first one.
  ///
  /// - Parameters:
  ///   - model: The observable model to watch.
  ///   - keyPath: The property to record, usually `\.state`.
  ///   - inFlight: Which values mean work is still under way (such as a list's
  ///     `sync: .refreshing`), for ``workInFlight``; none by default.
  public init(
    _ model: Model, _ keyPath: KeyPath<Model, Value>, inFlight: ((Value) -> Bool)? = nil
  ) {
    self.model = model
    self.keyPath = keyPath
    self.isInFlight = inFlight
    self.recorded = [model[keyPath: keyPath]]
    track()
  }

  /// The current value when it means work is still under way (as the `inFlight` given at
  /// creation says), else `nil`.
  ///
  /// End a test with `#expect(recorder.workInFlight == nil)`, as a TCA test ends with
  /// `await store.finish()`, so it can't pass while a sync or a save it started still runs
  /// unseen. (The test kit doesn't import Swift Testing, so the test states the expectation.)
  public var workInFlight: Value? {
    let current = values.last ?? model[keyPath: keyPath]
    guard let isInFlight, isInFlight(current) else { return nil }
    return current
  }

  /// Every distinct value in order, the initial one first and the current one last.
  public var values: [Value] {
    catchUp()
    return recorded
  }

  /// The values after the initial one: the transitions since recording began.
  public var transitions: [Value] { Array(values.dropFirst()) }

  /// Forgets what was recorded, starting again from the current value.
  public func reset() {
    recorded = [model[keyPath: keyPath]]
  }

  private func track() {
    withObservationTracking {
      _ = model[keyPath: keyPath]
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.catchUp()
        self.track()
      }
    }
  }

  private func catchUp() {
    let current = model[keyPath: keyPath]
    if recorded.last != current { recorded.append(current) }
  }
}
