import FieldNotesModel
import FieldNotesServices
import FieldNotesText
import Foundation

/// What a note's page needs of the notes, and all it may do to them: the one data dependency of
/// ``NoteDetailViewModel``, its history (versions, restore) included.
///
/// The view model names no store: a test hands it ``InMemoryNoteDetailClient`` to play out a
/// scene, or ``UnimplementedNoteDetailClient`` to prove a step touches nothing, and the app hands
/// it `StoreNoteDetailClient` (in `NoteDetailLive`), which reads the store and writes through its
/// one write path, where every replaced text is kept as a version.
@MainActor
public protocol NoteDetailClient: AnyObject {
  /// A note as the notes hold it now, or `nil` once it is deleted.
  ///
  /// A live client reads it where Observation sees it, so the page follows a change made
  /// anywhere: a sync, another screen, another process.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note.
  /// - Throws: ``NoteDetailError/store(_:)`` when it can't be read: the page's state is then
  ///   ``NoteDetailViewModel/State/failed(message:)``.
  func note(_ id: Note.ID) throws(NoteDetailError) -> Note?

  /// A number that changes whenever the notes change, anywhere: the page's state is computed
  /// again only when it has.
  ///
  /// A live client reads it where Observation sees it, so reading it tells an observer of
  /// every change.
  var revision: Int { get }

  /// The note a link names: of the notes whose title folds as the link's does (case and
  /// accents aside), the one written first (``FieldNotesModel/NoteLink/resolved(_:among:)``).
  ///
  /// - Parameter link: The link.
  /// - Returns: The note, or `nil` when no note outside the trash has the title.
  /// - Throws: ``NoteDetailError/store(_:)`` when the notes can't be read.
  func note(namedBy link: NoteLink) throws(NoteDetailError) -> Note?

  /// The notes whose bodies link to a title (the query `links:TITLE`), by title.
  ///
  /// - Parameter title: The title.
  /// - Returns: The notes, in title order.
  /// - Throws: ``NoteDetailError/store(_:)`` when the notes can't be read.
  func notes(linkingTo title: String) throws(NoteDetailError) -> [Note]

  /// Whether a deleted note is in the trash (or was deleted for good).
  ///
  /// - Parameter id: The note.
  /// - Returns: `true` when it is in the trash.
  /// - Throws: ``NoteDetailError/store(_:)`` when the trash can't be read.
  func isInTrash(_ id: Note.ID) throws(NoteDetailError) -> Bool

  /// A notebook's name.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil` when there is no such notebook.
  func notebookName(_ id: Notebook.ID) -> String?

  /// Every notebook's name, for completing a destination.
  var notebookNames: [String] { get }

  /// The notebook a typed name stands for.
  ///
  /// - Parameter name: The name, ignoring case, or `none`.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteDetailError/store(_:)`` when no notebook has the name.
  func notebook(named name: String) throws(NoteDetailError) -> Notebook?

  /// Gives a note a new title and rewrites the title in every link naming it, in one
  /// transaction; each note rewritten keeps the text it replaced as a version.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: The new title.
  /// - Returns: How many other notes' links were rewritten.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func rename(_ id: Note.ID, to title: String) throws(NoteDetailError) -> Int

  /// Rewrites the links naming an earlier title of a note to name its title now, in every
  /// note, in one write: each note rewritten keeps the text it replaced as a version.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: The title its links named before.
  /// - Returns: How many notes were rewritten.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func relink(_ id: Note.ID, from title: String) throws(NoteDetailError) -> Int

  /// Pins or unpins a note.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether it should be pinned.
  /// - Returns: Whether it changed; `false` when it already was as asked.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteDetailError) -> Bool

  /// Moves a note into a notebook, or out of every notebook.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - notebookID: The destination, or `nil`.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(NoteDetailError)

  /// Deletes a note to the trash, remembered so that `undo` on any screen restores it.
  ///
  /// - Parameter id: The note.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func delete(_ id: Note.ID) throws(NoteDetailError)

  /// Restores the note deleted last, on any screen.
  ///
  /// - Returns: The note restored, or `nil` when there is none to restore.
  /// - Throws: ``NoteDetailError/store(_:)``; it can then still be restored.
  func undoDelete() throws(NoteDetailError) -> Note?

  /// A note's versions: each text a save replaced.
  ///
  /// - Parameter id: The note.
  /// - Returns: The versions, by number.
  /// - Throws: ``NoteDetailError/store(_:)`` when they can't be read.
  func versions(of id: Note.ID) throws(NoteDetailError) -> [NoteVersion]

  /// One of a note's versions, read alone.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version; `nil` when there is none of that number.
  /// - Throws: ``NoteDetailError/store(_:)`` when it can't be read.
  func version(_ number: Int, of id: Note.ID) throws(NoteDetailError) -> NoteVersion?

  /// Makes a version a note's text; the text it replaces is kept as the newest version.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - number: The version.
  /// - Throws: ``NoteDetailError/store(_:)``; nothing changed then.
  func restoreVersion(_ id: Note.ID, number: Int) throws(NoteDetailError)

  /// The names and sizes of the files kept with a note (what an import found its text
  /// referencing), by name; their bytes are not read.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes.
  /// - Throws: ``NoteDetailError/store(_:)`` when they can't be read.
  func attachments(of id: Note.ID) throws(NoteDetailError) -> [NoteAttachment.Entry]

  /// One file kept with a note, bytes and all: read only to write it out.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: ``NoteDetailError/store(_:)`` when it can't be read.
  func attachment(named name: String, of id: Note.ID) throws(NoteDetailError) -> NoteAttachment?

  /// Writes a new file, never over one there and never making a folder.
  ///
  /// - Parameters:
  ///   - data: The whole content.
  ///   - path: The file.
  /// - Throws: ``NoteDetailError/fileNotWritten(_:)``; nothing was written then.
  func createFile(_ data: Data, at path: String) throws(NoteDetailError)
}

extension NoteDetailClient {
  /// One of a note's versions, found among all of them: for clients that read them at once.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version; `nil` when there is none of that number.
  /// - Throws: ``NoteDetailError/store(_:)`` when the versions can't be read.
  public func version(_ number: Int, of id: Note.ID) throws(NoteDetailError) -> NoteVersion? {
    try versions(of: id).first { $0.number == number }
  }
}
