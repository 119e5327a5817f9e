import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

/// The app-wide commands that work on the whole library: `export`, `import` and `reindex`.
///
/// They live outside the composition root so the app stays a list of parts as commands are
/// added; the app adds ``commands(for:)`` to its shell.
@MainActor
public struct LibraryCommands {
  /// The store the commands read and write.
  let store: NoteStore
  /// The store's file, which `export` never writes over; `nil` for notes kept in memory.
  let storePath: String?

  /// Creates the commands for a store.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - storePath: The store's file, or `nil` when the notes are kept in memory.
  public init(store: NoteStore, storePath: String?) {
    self.store = store
    self.storePath = storePath
  }

  /// The commands, for a shell whose screens navigate by `Route`.
  ///
  /// - Parameter route: The shell's route type.
  /// - Returns: `export`, `import` and `reindex`.
  public func commands<Route>(for route: Route.Type) -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["export"], usage: "export FILE",
        summary: "write every note to FILE (JSON, or Markdown for .md)", worksInModalScreens: false
      ) { shell, arguments throws(CommandLineError) in
        guard arguments.count == 1 else { throw .usage("export FILE") }
        shell.output.print(try export(to: PathCompletion.expandingTilde(arguments[0])))
        return .done
      }
      .completingPaths()
      .takingName(),
      ShellCommand(
        ["import"], usage: "import FILE",
        summary: "read notes exported as JSON; known notes are skipped", worksInModalScreens: false
      ) { shell, arguments throws(CommandLineError) in
        guard arguments.count == 1 else { throw .usage("import FILE") }
        shell.output.print(try importLibrary(from: PathCompletion.expandingTilde(arguments[0])))
        return .done
      }
      .completingPaths()
      .takingName(),
      ShellCommand(
        ["reindex"], usage: "reindex", summary: "rebuild the search index from the notes"
      ) { shell, arguments throws(CommandLineError) in
        guard arguments.isEmpty else { throw .usage("reindex") }
        shell.output.print(try rebuildSearchIndex())
        return .done
      },
    ]
  }

  /// Writes every note to a file: JSON, or Markdown when its name ends in `.md`.
  ///
  /// - Parameter path: The file.
  /// - Returns: What was written, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` naming the file and why.
  func export(to path: String) throws(CommandLineError) -> String {
    let library: NoteLibrary
    do throws(NoteStoreError) { library = try store.wholeLibrary() } catch {
      throw .refused(
        "nothing was exported: \(error.errorDescription ?? "the notes could not be read")")
    }
    let isMarkdown = path.lowercased().hasSuffix(".md")
    do {
      let data = isMarkdown ? LibraryArchive.markdown(library) : try LibraryArchive.json(library)
      let storeFiles = storePath.map(SQLiteNoteRepository.files(ofStoreAt:)) ?? []
      try AtomicFile.write(data, to: path, sparing: storeFiles)
    } catch let error as LibraryArchiveError {
      throw .refused(Self.fileMessage(path, error.errorDescription ?? ""))
    } catch {
      throw .refused(
        Self.fileMessage(path, (error as? AtomicFile.Failure)?.reason ?? "\(error)"))
    }
    return "Exported \(String(count: library.notes.count, noun: "note")) and "
      + "\(String(count: library.notebooks.count, noun: "notebook")) to \(path.terminalSafe)"
      + (isMarkdown ? " as Markdown." : ".")
  }

  /// Reads notes and notebooks from a JSON export; those already here are skipped.
  ///
  /// - Parameter path: The file.
  /// - Returns: What was imported, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` naming the file and why;
  ///   nothing was imported then.
  func importLibrary(from path: String) throws(CommandLineError) -> String {
    let summary: NoteStore.ImportSummary
    do {
      let incoming = try LibraryArchive.library(
        fromJSON: try AtomicFile.read(path, limit: LibraryArchive.maximumImportBytes))
      summary = try store.importLibrary(incoming, progress: Self.importProgress())
    } catch let error as LibraryArchiveError {
      throw .refused(Self.fileMessage(path, error.errorDescription ?? ""))
    } catch let error as LibraryImportError {
      throw .refused(error.errorDescription ?? "The notes were not imported.")
    } catch {
      throw .refused(
        Self.fileMessage(path, (error as? AtomicFile.Failure)?.reason ?? "cannot be read"))
    }
    return "Imported \(String(count: summary.addedNotes, noun: "note")) and "
      + "\(String(count: summary.addedNotebooks, noun: "notebook")); "
      + "skipped \(summary.skippedNotes) already here."
  }

  /// Rebuilds the store's search index from its notes.
  ///
  /// - Returns: What was rebuilt, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` saying why it was not.
  func rebuildSearchIndex() throws(CommandLineError) -> String {
    let count: Int
    do throws(NoteStoreError) { count = try store.rebuildSearchIndex() } catch {
      throw .refused("the search index was not rebuilt: \(error.errorDescription ?? "")")
    }
    return "Rebuilt the search index from \(String(count: count, noun: "note"))."
  }

  /// What an import says while it writes, on a terminal only: a line every 10,000 notes, on
  /// standard error, so a script's output is the result alone.
  private static func importProgress() -> (Int, Int) -> Void {
    guard isatty(STDERR_FILENO) != 0 else { return { _, _ in } }
    return { written, total in
      FileHandle.standardError.write(
        Data("Importing: \(written) of \(total) notes and notebooks written…\n".utf8))
    }
  }

  /// An error about a file: its path, then what is wrong with it.
  private static func fileMessage(_ path: String, _ reason: String) -> String {
    "\(path.terminalSafe): \(reason)"
  }
}
