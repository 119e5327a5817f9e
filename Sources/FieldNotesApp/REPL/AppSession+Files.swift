import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

extension AppSession {
  /// `export FILE`: JSON, or Markdown when FILE ends in `.md`.
  func export(_ arguments: [String]) throws(AppError) {
    guard arguments.count == 1 else { throw .usage("export FILE") }
    let path = PathCompletion.expandingTilde(arguments[0])
    let library = NoteLibrary(
      notebooks: dependencies.store.notebooks, notes: dependencies.store.notes)
    let isMarkdown = path.lowercased().hasSuffix(".md")
    do {
      let data = isMarkdown ? LibraryArchive.markdown(library) : try LibraryArchive.json(library)
      let storeFiles = dependencies.storePath.map(SQLiteNoteRepository.files(ofStoreAt:)) ?? []
      try AtomicFile.write(data, to: path, sparing: storeFiles)
    } catch let error as LibraryArchiveError {
      throw .refused(fileMessage(path, error.errorDescription ?? ""))
    } catch {
      throw .refused(fileMessage(path, (error as? AtomicFile.Failure)?.reason ?? "\(error)"))
    }
    output.print(
      "Exported \(String(count: library.notes.count, noun: "note")) and "
        + "\(String(count: library.notebooks.count, noun: "notebook")) to \(path.terminalSafe)"
        + (isMarkdown ? " as Markdown." : "."))
  }

  /// `import FILE`: notes and notebooks from a JSON export; those already here are skipped.
  func importLibrary(_ arguments: [String]) throws(AppError) {
    guard arguments.count == 1 else { throw .usage("import FILE") }
    let path = PathCompletion.expandingTilde(arguments[0])
    let summary: NoteStore.ImportSummary
    do {
      let incoming = try LibraryArchive.library(
        fromJSON: try AtomicFile.read(path, limit: LibraryArchive.maximumImportBytes))
      summary = try dependencies.store.importLibrary(incoming)
    } catch let error as LibraryArchiveError {
      throw .refused(fileMessage(path, error.errorDescription ?? ""))
    } catch let error as LibraryImportError {
      throw .refused(error.errorDescription ?? "The notes were not imported.")
    } catch {
      throw .refused(fileMessage(path, (error as? AtomicFile.Failure)?.reason ?? "cannot be read"))
    }
    output.print(
      "Imported \(String(count: summary.addedNotes, noun: "note")) and "
        + "\(String(count: summary.addedNotebooks, noun: "notebook")); "
        + "skipped \(summary.skippedNotes) already here.")
  }

  /// An error about a file: its path, then what is wrong with it.
  private func fileMessage(_ path: String, _ reason: String) -> String {
    "\(path.terminalSafe): \(reason)"
  }
}
