import FieldNotesModel
import Foundation

extension NotebooksViewModel {
  /// The name of the row that opens every note.
  public static let allNotesName = NoteScope.allNotesName
  /// The name of the row that opens the notes in no notebook.
  public static let unfiledName = NoteScope.unfiledName

  /// The rows, with the counts the store keeps of each notebook's notes, whatever the screen
  /// asks meanwhile: what a row number stands for.
  ///
  /// - Throws: ``NotebooksError/store(_:)`` when the store can't be read.
  /// - Complexity: O(*m* log *m*) for *m* notebooks; no note is read.
  public var rows: [NotebookRow] {
    get throws(NotebooksError) {
      do { return try rows(summary: store.summary, notebooks: store.savedNotebooks()) } catch {
        throw .store(error)
      }
    }
  }

  /// The rows of the notebooks, with their counts, in name order.
  private func rows(summary: LibrarySummary, notebooks: [Notebook]) -> [NotebookRow] {
    let notebooks = notebooks.sorted {
      $0.name.localizedStandardCompare($1.name) == .orderedAscending
    }
    let total = summary.total
    let unfiled = summary.count(in: nil)
    return [
      NotebookRow(
        scope: .allNotes, name: Self.allNotesName, symbolName: "tray.full",
        noteCount: total.notes, pinnedCount: total.pinned)
    ]
      + notebooks.map { notebook in
        let count = summary.count(in: notebook.id)
        return NotebookRow(
          scope: .notebook(notebook.id), name: notebook.name, symbolName: notebook.symbolName,
          noteCount: count.notes, pinnedCount: count.pinned)
      }
      + [
        NotebookRow(
          scope: .unfiled, name: Self.unfiledName, symbolName: "tray",
          noteCount: unfiled.notes, pinnedCount: unfiled.pinned)
      ]
  }
}
