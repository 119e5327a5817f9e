import Observation

/// Prints each transition of a screen model's `state` as it happens (`trace on`), such as
/// `NoteListViewModel.state: loading → loaded(3 rows)`.
///
/// Like the test kit's state recorder it uses Observation alone: at each change it reads the
/// value the previous change produced, and ``catchUp()`` reports the newest one.
@MainActor
final class StateTracer {
  private let label: String
  private let read: () -> String
  private let emit: (String) -> Void
  private var last: String
  private var isActive = true

  init(label: String, read: @escaping () -> String, emit: @escaping (String) -> Void) {
    self.label = label
    self.read = read
    self.emit = emit
    self.last = read()
    track()
  }

  /// Reports a transition not yet printed.
  func catchUp() {
    guard isActive else { return }
    let current = read()
    guard current != last else { return }
    emit("\(label): \(last) → \(current)")
    last = current
  }

  /// Stops tracing.
  func stop() { isActive = false }

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
