/// A screen that shows a sync while it runs, as a note list does: the app's `sync` asks the
/// screen on top to run it, so its state shows the sync.
@MainActor
public protocol SyncShowing: AnyObject {
  /// Syncs, showing it while it runs.
  ///
  /// - Returns: Why it failed, or `nil` when it finished or was cancelled.
  func showSync() async -> String?
}
