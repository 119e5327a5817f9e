import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

extension AppSession {
  /// Runs `sync` and `sync folder PATH`.
  ///
  /// A screen that shows a sync (a note list) runs it, so its state shows the sync; elsewhere
  /// the store syncs and a line reports it. Scripts wait for it; a person gets the prompt back
  /// at once.
  func syncCommand(_ arguments: [String]) async throws(AppError) {
    if arguments.first?.lowercased() == "folder" {
      guard arguments.count >= 2 else { throw .usage("sync folder PATH") }
      guard let connection = dependencies.sync else {
        throw .notHere(command: "sync folder", hint: "this store can't sync")
      }
      let path = arguments.dropFirst().joined(separator: " ")
      await connection.useFolder(path)
      output.print("Syncing with \(path.terminalSafe) from now on; `sync` to sync.")
      return
    }
    guard arguments.isEmpty else { throw .usage("sync, or sync folder PATH") }
    if await dependencies.sync?.folderPath == nil {
      output.print(
        "No sync folder is set, so there is nothing to sync with: `sync folder PATH` sets one.")
    }
    guard syncTask == nil else {
      output.print("A sync is already running.")
      return
    }
    let screen = navigator.top
    let task = Task { @MainActor [unowned self] () -> String? in
      defer { syncTask = nil }
      let failure: String?
      switch await screen.sync() {
      case .finished?: failure = nil
      case .failed(let message)?: failure = message
      case nil: failure = await syncStore()
      }
      if failure == nil, let report = await dependencies.sync?.lastReport { announce(report) }
      return failure
    }
    syncTask = task
    navigator.settle()
    guard !isInteractive else { return }
    if let failure = await task.value { throw .refused("sync failed: \(failure.terminalSafe)") }
  }

  /// Syncs from a screen that shows no sync status, reporting the outcome in a line.
  private func syncStore() async -> String? {
    do {
      try await dependencies.store.refresh()
      if await dependencies.sync?.folderPath == nil { output.print("Synced.") }
      return nil
    } catch is CancellationError {
      output.print("Sync cancelled.")
      return nil
    } catch {
      let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
      if isInteractive { output.printError("error: sync failed: \(message)") }
      return message
    }
  }

  /// Prints what a sync did, and each entry it skipped.
  private func announce(_ report: SyncReport) {
    output.print(report.summary)
    for warning in report.warnings.prefix(10) { output.print("  skipped \(warning.terminalSafe)") }
    if report.warnings.count > 10 { output.print("  … and \(report.warnings.count - 10) more") }
  }
}
