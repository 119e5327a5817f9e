import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

extension AppSession {
  /// Runs `sync`, `sync remote [URL|none]` and `sync folder PATH`.
  ///
  /// A screen that shows a sync (a note list) runs it, so its state shows the sync; elsewhere
  /// the store syncs and a line reports it. Scripts wait for it; a person gets the prompt back
  /// at once.
  func syncCommand(_ arguments: [String]) async throws(AppError) {
    if let first = arguments.first?.lowercased(), first == "remote" || first == "folder" {
      try await setRemote(Array(arguments.dropFirst()), folder: first == "folder")
      return
    }
    guard arguments.isEmpty else { throw .usage("sync, sync remote URL|none, or sync folder PATH") }
    // A store given its own syncer (as tests give one) syncs through it; a live store needs a
    // remote first.
    do {
      if let connection = dependencies.sync, try await connection.remote() == nil {
        throw SyncError.noRemote
      }
    } catch {
      throw .refused(Self.message(error))
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
      if failure == nil, !Task.isCancelled, let report = await dependencies.sync?.lastReport {
        for line in report.lines { output.print(line.terminalSafe) }
      }
      return failure
    }
    syncTask = task
    navigator.settle()
    guard !isInteractive else { return }
    if let failure = await task.value { throw .refused("sync failed: \(failure.terminalSafe)") }
  }

  /// Shows, sets or forgets the remote.
  private func setRemote(_ arguments: [String], folder: Bool) async throws(AppError) {
    guard let connection = dependencies.sync else { throw .refused("this store can't sync") }
    let value = arguments.joined(separator: " ")
    if folder, value.isEmpty { throw .usage("sync folder PATH") }
    do {
      if value.isEmpty {
        let remote = try await connection.remote()
        output.print(
          remote.map { "Syncing with \($0.terminalSafe)." }
            ?? "No sync remote is set: `sync remote URL` sets one.")
      } else if !folder, value.lowercased() == "none" {
        try await connection.use(nil)
        output.print("This store no longer syncs; its notes stay here.")
      } else {
        let remote = try await connection.use(folder ? .bareRepository(value) : .url(value))
        output.print("Syncing with \((remote ?? value).terminalSafe) from now on; `sync` to sync.")
      }
    } catch {
      throw .refused(Self.message(error))
    }
  }

  /// An error's message for the user, made safe to print.
  static func message(_ error: any Error) -> String {
    ((error as? any LocalizedError)?.errorDescription ?? "\(error)").terminalSafe
  }

  /// Syncs from a screen that shows no sync status, reporting the outcome in a line.
  private func syncStore() async -> String? {
    do {
      try await dependencies.store.refresh()
      return nil
    } catch is CancellationError {
      output.print("Sync cancelled.")
      return nil
    } catch {
      let line = TerminalStyle.error(MessageStyle.errorLine("sync failed: \(Self.message(error))"))
      if isInteractive { output.printError(line) }
      return Self.message(error)
    }
  }

}
