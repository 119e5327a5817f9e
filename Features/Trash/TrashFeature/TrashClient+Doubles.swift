import FieldNotesModel
import FieldNotesServices
import Observation

/// A trash held in memory, for tests and previews: what is in it is a value a test sets, and
/// what the view model did to it is there to read.
@MainActor
@Observable
public final class InMemoryTrashClient: TrashClient {
  /// The trashed notes, deleted last first.
  public var trashedNotes: [TrashedNote]
  /// The notebooks a restored note may go back to.
  public var notebooks: [Notebook]
  /// The files kept with each trashed note, by the note's identifier.
  public var attachments: [Note.ID: [NoteAttachment.Entry]] = [:]
  /// The notes restored, in the order they were.
  public private(set) var restored: [Note] = []
  /// How many times the view model asked to read again.
  public private(set) var refreshes = 0

  /// Creates the trash.
  ///
  /// - Parameters:
  ///   - trashedNotes: What is in it, deleted last first.
  ///   - notebooks: The notebooks there are.
  public init(trashedNotes: [TrashedNote] = [], notebooks: [Notebook] = []) {
    self.trashedNotes = trashedNotes
    self.notebooks = notebooks
  }

  /// The files ``attachments`` keeps for the note.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: Its attachments, or none.
  /// - Throws: Never: a trash in memory can't fail to read.
  public func attachments(of note: TrashedNote) throws(TrashError) -> [NoteAttachment.Entry] {
    attachments[note.id] ?? []
  }

  /// Counts the request; nothing else changes what is here.
  public func refresh() {
    refreshes += 1
  }

  /// Takes the entry out and gives its note back, in no notebook when its notebook is gone.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: The note as restored.
  /// - Throws: ``TrashError/store(_:)`` with `notInTrash` when the entry isn't here.
  public func restore(_ note: TrashedNote) throws(TrashError) -> Note {
    guard let index = trashedNotes.firstIndex(where: { $0.id == note.id }) else {
      throw .store(.notInTrash(note.id))
    }
    var restoredNote = trashedNotes.remove(at: index).note
    if let notebookID = restoredNote.notebookID, notebookName(notebookID) == nil {
      restoredNote.notebookID = nil
    }
    restored.append(restoredNote)
    return restoredNote
  }

  /// Takes out the entries given that are still here, as they were asked about.
  ///
  /// - Parameter entries: The entries.
  /// - Throws: Never: a trash in memory can't fail to write.
  public func purge(_ entries: [TrashedNote]) throws(TrashError) {
    trashedNotes.removeAll { entries.contains($0) }
  }

  /// The notebook's name.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil`.
  public func notebookName(_ id: Notebook.ID) -> String? {
    notebooks.first { $0.id == id }?.name
  }
}

/// A trash that fails every use: what a test hands the view model when the step it tests must
/// not touch the trash's data, so a step that does is reported (through `report`, which a test
/// points at `Issue.record`) rather than passing against a silent default.
@MainActor
public final class UnimplementedTrashClient: TrashClient {
  private let report: (String) -> Void

  /// Creates the client.
  ///
  /// - Parameter report: Told the member used, as `TrashClient.restore(_:)`.
  public init(report: @escaping (String) -> Void) {
    self.report = report
  }

  /// Reports the read, and answers an empty trash.
  public var trashedNotes: [TrashedNote] {
    report("TrashClient.trashedNotes")
    return []
  }

  /// Reports the read, and answers none.
  public func attachments(of note: TrashedNote) throws(TrashError) -> [NoteAttachment.Entry] {
    report("TrashClient.attachments(of:)")
    return []
  }

  /// Reports the request.
  public func refresh() {
    report("TrashClient.refresh()")
  }

  /// Reports the restore, and refuses it.
  ///
  /// - Throws: ``TrashError/notProvided(_:)``.
  public func restore(_ note: TrashedNote) throws(TrashError) -> Note {
    report("TrashClient.restore(_:)")
    throw .notProvided("TrashClient.restore(_:)")
  }

  /// Reports the purge, and refuses it.
  ///
  /// - Throws: ``TrashError/notProvided(_:)``.
  public func purge(_ entries: [TrashedNote]) throws(TrashError) {
    report("TrashClient.purge(_:)")
    throw .notProvided("TrashClient.purge(_:)")
  }

  /// Reports the read, and knows no notebook.
  public func notebookName(_ id: Notebook.ID) -> String? {
    report("TrashClient.notebookName(_:)")
    return nil
  }
}
