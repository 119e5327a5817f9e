import Observation

/// Draws one view, and draws it again only when something the view read has changed.
///
/// The view's `body` runs inside `withObservationTracking`; Observation calls back when any
/// property it read is about to change, which marks the view dirty and tells the renderer's
/// owner. Drawing happens at ``flush()``, once per change however many properties changed, and
/// then tracking is re-armed: the contract SwiftUI gives its views. The renderer never draws on
/// its own: its owner, ``ScreenNavigator``, flushes it in ``ScreenNavigator/settle()``, the one
/// way a view is drawn, when the line that changed it ends or, for a change made while no line
/// runs (work in the background finishing), as soon as the main actor is free.
@MainActor
public final class ViewRenderer {
  /// The view's name, for render counts.
  public let name: String
  private let body: () -> [String]
  private let draw: ([String]) -> Void
  private let changed: () -> Void
  /// Whether something the view read has changed since it was drawn.
  public private(set) var isDirty = true
  /// How many times the view has been drawn.
  public private(set) var renderCount = 0
  private var isActive = true

  /// Creates a renderer; nothing is drawn until ``flush()``.
  ///
  /// - Parameters:
  ///   - name: The view's name, for render counts.
  ///   - body: The view: lines of text, read from observable state.
  ///   - draw: Prints the lines.
  ///   - changed: Told once when something the view read changes after it was drawn, so that
  ///     it is drawn again; nothing by default.
  public init(
    name: String, body: @escaping () -> [String], draw: @escaping ([String]) -> Void,
    changed: @escaping () -> Void = {}
  ) {
    self.name = name
    self.body = body
    self.draw = draw
    self.changed = changed
  }

  /// Draws the view if something it read has changed since it was last drawn.
  public func flush() {
    guard isActive, isDirty else { return }
    isDirty = false
    let lines = withObservationTracking(body) { [weak self] in
      MainActor.assumeIsolated { self?.invalidate() }
    }
    renderCount += 1
    draw(lines)
  }

  /// Draws the view at the next ``flush()``, whether or not it changed (`list`): after the
  /// line that asked, once the app has caught up with what other processes saved, so it is
  /// drawn once and as it is now.
  public func redraw() {
    isDirty = true
  }

  /// Stops drawing: the view has left the screen.
  public func deactivate() { isActive = false }

  private func invalidate() {
    guard isActive, !isDirty else { return }
    isDirty = true
    changed()
  }
}
