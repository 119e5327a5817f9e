import FieldNotesModel

/// What the trash needs of the notes, and all it may do to them: the one data dependency of
/// ``TrashViewModel``.
///
/// The trash owns its data through this client, as each concern in isowords has a client of its
/// own: the view model names no store, so a test hands it the client it means —
/// ``InMemoryTrashClient`` to play out a scene, ``UnimplementedTrashClient`` to prove a step
/// touches nothing — and the app hands it `StoreTrashClient` (in `TrashLive`), the live one, beside this file.
///
/// A read that fails says so (``TrashError/store(_:)``), and the view model shows it as its
/// state, ``TrashViewModel/State/failed(message:)``: a screen never draws an old answer as a
/// new one.
@MainActor
public protocol TrashClient: AnyObject {
  /// The trashed notes, deleted last first.
  ///
  /// A live client reads them where Observation sees it, so a view model's state read inside
  /// `withObservationTracking` follows every change to the trash, made anywhere.
  ///
  /// - Throws: ``TrashError/store(_:)`` when the trash can't be read.
  var trashedNotes: [TrashedNote] { get throws(TrashError) }

  /// The files kept with a trashed note (the images and PDFs an import kept with it), by
  /// name, with their sizes and not their bytes: they stay with it in the trash, come back with
  /// a restore, and go with it when the trash is emptied.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: Its attachments; none for a note that keeps none.
  /// - Throws: ``TrashError/store(_:)`` when they can't be read.
  func attachments(of note: TrashedNote) throws(TrashError) -> [NoteAttachment.Entry]

  /// Reads again what another process may have changed, so what follows is counted against it.
  func refresh()

  /// Puts a trashed note back: in its notebook, or in no notebook when that notebook is gone.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: The note as it is now among the notes.
  /// - Throws: ``TrashError``; nothing changed then.
  func restore(_ note: TrashedNote) throws(TrashError) -> Note

  /// Deletes trashed notes for good, with their versions: only the entries given (a note
  /// restored since, or deleted again since, is another entry and stays).
  ///
  /// - Parameter entries: The entries the user was asked about.
  /// - Throws: ``TrashError``; nothing was deleted then.
  func purge(_ entries: [TrashedNote]) throws(TrashError)

  /// The name of a notebook, for saying where a restored note went.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil` when there is no such notebook.
  func notebookName(_ id: Notebook.ID) -> String?
}
