import FieldNotesNavigation
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

/// The app-wide `sync` command: `sync`, `sync remote [URL|none]` and `sync folder PATH`, and the
/// sync it runs in the background.
///
/// A screen that shows a sync (a note list, whose capabilities hold a `refresh`) runs it, so
/// its state shows the sync; elsewhere the store syncs and a line reports it. Scripts wait for
/// it; a person gets the prompt back at once.
@MainActor
public final class SyncCommands: ShellBackgroundWork {
  private let store: NoteStore
  private let connection: SyncConnection?
  private var task: Task<String?, Never>?

  /// Creates the command for a store.
  ///
  /// - Parameters:
  ///   - store: The store to sync.
  ///   - connection: The store's sync connection, or `nil` for a store given its own syncer
  ///     (as tests give one), which syncs without a remote to set.
  public init(store: NoteStore, connection: SyncConnection?) {
    self.store = store
    self.connection = connection
  }

  /// The command, for a shell whose screens navigate by `Route`.
  ///
  /// - Parameter route: The shell's route type.
  /// - Returns: `sync`.
  public func commands<Route>(for route: Route.Type) -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["sync"], usage: "sync", summary: "sync with the remote (`sync remote URL` sets it)",
        worksInModalScreens: false
      ) { [unowned self] shell, arguments, _ throws(CommandLineError) in
        try await run(arguments, in: shell)
        return .done
      }
      .completing { _, previous in previous.isEmpty ? ["remote", "folder"] : [] }
    ]
  }

  /// Waits for the sync running, as a script does before its next line.
  public func waitForBackgroundWork() async { _ = await task?.value }

  /// Cancels the sync running (Ctrl-C): the list shows what it showed before.
  ///
  /// - Returns: Whether a sync was running.
  public func cancelBackgroundWork() -> Bool {
    guard let task, !task.isCancelled else { return false }
    task.cancel()
    return true
  }

  private func run<Route>(_ arguments: [String], in shell: CommandShell<Route>)
    async throws(CommandLineError)
  {
    if let first = arguments.first?.lowercased(), first == "remote" || first == "folder" {
      try await setRemote(Array(arguments.dropFirst()), folder: first == "folder", in: shell)
      return
    }
    guard arguments.isEmpty else { throw .usage("sync, sync remote URL|none, or sync folder PATH") }
    do {
      if let connection, try await connection.remote() == nil { throw SyncError.noRemote }
    } catch {
      throw .refused(Self.message(error))
    }
    guard task == nil else {
      shell.output.print("A sync is already running.")
      return
    }
    // A screen that shows the sync while it runs (a note list) runs it; else the store syncs.
    let showing = shell.navigator.top.capabilities.refresh
    task = Task { @MainActor [unowned self] () -> String? in
      defer { task = nil }
      let failure: String? =
        if let showing { await showing() } else { await syncStore(in: shell) }
      if failure == nil, !Task.isCancelled, let report = await connection?.lastReport {
        // What a script reads on standard output is what it asked for: the sync's account,
        // like its progress, is a notice there, on standard error.
        for line in report.lines {
          if shell.printsForAScript {
            shell.output.printError(line.terminalSafe)
          } else {
            shell.output.print(line.terminalSafe)
          }
        }
      }
      return failure
    }
    shell.navigator.settle()
    guard !shell.isInteractive, let task else { return }
    // A script waits for the sync, and sees the list say it is syncing meanwhile.
    if let failure = await shell.navigator.drawingChanges(while: { await task.value }) {
      throw .refused("sync failed: \(failure.terminalSafe)")
    }
  }

  /// Shows, sets or forgets the remote.
  private func setRemote<Route>(
    _ arguments: [String], folder: Bool, in shell: CommandShell<Route>
  ) async throws(CommandLineError) {
    guard let connection else { throw .refused("this store can't sync") }
    let value = arguments.joined(separator: " ")
    if folder, value.isEmpty { throw .usage("sync folder PATH") }
    do {
      if value.isEmpty {
        let remote = try await connection.remote()
        shell.output.print(
          remote.map { "Syncing with \($0.terminalSafe)." }
            ?? "No sync remote is set: `sync remote URL` sets one.")
      } else if !folder, value.lowercased() == "none" {
        try await connection.use(nil)
        shell.output.print("This store no longer syncs; its notes stay here.")
      } else {
        let remote = try await connection.use(folder ? .bareRepository(value) : .url(value))
        shell.output.print(
          "Syncing with \((remote ?? value).terminalSafe) from now on; `sync` to sync.")
      }
    } catch {
      throw .refused(Self.message(error))
    }
  }

  /// Syncs from a screen that shows no sync status, reporting the outcome in a line.
  private func syncStore<Route>(in shell: CommandShell<Route>) async -> String? {
    do {
      try await store.refresh()
      return nil
    } catch is CancellationError {
      // Ctrl-C cancelled it, and the session has said `Cancelled.` already.
      return nil
    } catch {
      let line = MessageStyle.errorLine("sync failed: \(Self.message(error))")
      if shell.isInteractive { shell.output.printError(shell.terminal.style.error(line)) }
      return Self.message(error)
    }
  }

  /// An error's message for the user, made safe to print.
  ///
  /// - Parameter error: The error.
  /// - Returns: Its description, safe for the terminal.
  public static func message(_ error: any Error) -> String {
    ((error as? any LocalizedError)?.errorDescription ?? "\(error)").terminalSafe
  }
}
