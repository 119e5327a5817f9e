import Observation
import Testing

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
/// store first, then switch on the phase), which is good practice for any observed property:
/// a view drawn through Observation is told of the same changes, and misses the same ones.
///
/// When ``values`` finds the state changed and Observation announced no change since the last
/// value, the recorder records an issue saying so, rather than a sequence that might still
/// pass: the state read an input in one case only (`if hasLoaded { … failure … }`), so a change
/// of that input was unseen, by the recorder and by a screen alike, which would not draw it.
/// (A change missed *between* two announced ones can't be told from one that didn't happen:
/// only reading every input in every case rules it out.) Read every input first, then decide.
@MainActor
public final class StateRecorder<Model: AnyObject & Observable, Value: Equatable> {
  private let model: Model
  private let keyPath: KeyPath<Model, Value>
  private let isInFlight: ((Value) -> Bool)?
  private var recorded: [Value]
  /// Whether Observation announced a change since the value last recorded: a new value is then
  /// that change's; without one, it came from an input the state didn't read last time.
  private var changeAnnounced = false
  private let sourceLocation: SourceLocation

  /// Starts recording, with the model's current value as the first one.
  ///
  /// - Parameters:
  ///   - model: The observable model to watch.
  ///   - keyPath: The property to record, usually `\.state`.
  ///   - inFlight: Which values mean work is still under way (such as a list's
  ///     `sync: .refreshing`), for ``workInFlight``; none by default.
  ///   - sourceLocation: Where an unseen change is reported; the caller's line by default.
  public init(
    _ model: Model, _ keyPath: KeyPath<Model, Value>, inFlight: ((Value) -> Bool)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.sourceLocation = sourceLocation
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
  /// unseen.
  public var workInFlight: Value? {
    let current = values.last ?? model[keyPath: keyPath]
    guard let isInFlight, isInFlight(current) else { return nil }
    return current
  }

  /// Every distinct value in order, the initial one first and the current one last.
  public var values: [Value] {
    catchUp(reportingUnannounced: true)
    return recorded
  }

  /// The values after the initial one: the transitions since recording began.
  public var transitions: [Value] { Array(values.dropFirst()) }

  /// Forgets what was recorded, starting again from the current value.
  public func reset() {
    recorded = [model[keyPath: keyPath]]
    changeAnnounced = false
  }

  private func track() {
    withObservationTracking {
      _ = model[keyPath: keyPath]
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.catchUp()
        self.changeAnnounced = true
        self.track()
      }
    }
  }

  /// Records the current value when it is new.
  ///
  /// - Parameter reportingUnannounced: Whether a new value no change was announced for is an
  ///   issue. As a change begins (Observation's `willSet`) it isn't: the value read then may come
  ///   from what no one can observe (a disk that began to fail, which the next drawing shows).
  ///   When the test asks for the values, it is: the state moved and nothing would draw it.
  private func catchUp(reportingUnannounced: Bool = false) {
    let current = model[keyPath: keyPath]
    guard recorded.last != current else { return }
    if reportingUnannounced, !changeAnnounced, let last = recorded.last {
      Issue.record(
        """
        The state changed from \(last) to \(current), but Observation announced no change: \
        the state doesn't read, in every case, the input that changed, so neither this recorder \
        nor a screen can see such a change. Read all of the state's inputs first, then decide.
        """,
        sourceLocation: sourceLocation)
    }
    recorded.append(current)
    changeAnnounced = false
  }
}
