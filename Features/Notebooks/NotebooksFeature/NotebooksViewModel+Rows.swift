import FieldNotesModel
import Foundation

extension NotebooksViewModel {
  /// The name of the row that opens every note.
  public static let allNotesName = NoteScope.allNotesName
  /// The name of the row that opens the notes in no notebook.
  public static let unfiledName = NoteScope.unfiledName

  /// The rows, counted from the store in one pass over the notes, whatever the screen asks
  /// meanwhile: what a row number stands for.
  ///
  /// - Complexity: O(*n* + *m* log *m*) for *n* notes and *m* notebooks.
  public var rows: [NotebookRow] {
    var counts: [Notebook.ID?: (notes: Int, pinned: Int)] = [:]
    var pinnedTotal = 0
    let notes = store.notes
    for index in notes.indices {
      let notebookID = notes[index].notebookID
      counts[notebookID, default: (0, 0)].notes += 1
      if notes[index].isPinned {
        counts[notebookID, default: (0, 0)].pinned += 1
        pinnedTotal += 1
      }
    }
    let notebooks = store.notebooks.sorted {
      $0.name.localizedStandardCompare($1.name) == .orderedAscending
    }
    let unfiled = counts[nil] ?? (0, 0)
    return [
      NotebookRow(
        scope: .allNotes, name: Self.allNotesName, symbolName: "tray.full",
        noteCount: store.notes.count, pinnedCount: pinnedTotal)
    ]
      + notebooks.map { notebook in
        let count = counts[notebook.id] ?? (0, 0)
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
