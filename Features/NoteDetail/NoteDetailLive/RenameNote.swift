import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesText

/// Gives a note a new title and rewrites the links naming it in every note, in one transaction
/// through the store's one write path.
///
/// A link names the note when its title folds as the note's does and the note is the one such
/// links name (the oldest of those titled alike, ``FieldNotesModel/NoteLink/resolved(_:among:)``);
/// only the title inside each such link changes, its heading and shown text kept. Every note
/// rewritten keeps the text it replaced as a version, as every save does. The notes are found
/// as `links:` finds them: through the search index.
public struct RenameNote: StoreChange, Hashable, Sendable {
  /// The note.
  public let noteID: Note.ID
  /// Its new title.
  public let title: String

  /// Names the note and its new title.
  ///
  /// - Parameters:
  ///   - noteID: The note.
  ///   - title: The new title.
  public init(_ noteID: Note.ID, to title: String) {
    self.noteID = noteID
    self.title = title
  }

  /// The notes whose links the rename rewrites, as the store reads them now: none when the
  /// note's links name an older note of the same title.
  ///
  /// - Parameter store: The store.
  /// - Returns: The notes, other than the renamed one, linking to it.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the notes can't be read.
  public func linkingNotes(in store: NoteStore) throws(NoteStoreError) -> [Note] {
    let saved = try store.savedNote(noteID)
    let link = NoteLink(title: saved.title)
    let namesakes = try store.page(NoteListQuery(scope: .allNotes, search: .title(saved.title)))
    guard NoteLink.resolved(link, among: namesakes.notes)?.id == noteID else { return [] }
    return try store.page(NoteListQuery(scope: .allNotes, search: .links(saved.title))).notes
      .filter { $0.id != noteID }
  }

  /// Works out the change: the note retitled (its own links to itself rewritten too), and each
  /// note linking to it with those links rewritten.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written; nothing when the title is the note's already.
  /// - Throws: ``FieldNotesServices/NoteStoreError``: no such note, or a text too large.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    let saved = try store.savedNote(noteID)
    guard saved.title != title else { return .none }
    let key = SearchFolding.fold(saved.title)
    let linking = try linkingNotes(in: store)
    var renamed = saved
    renamed.title = title
    renamed.body = NoteLink.body(saved.body, renamingLinksTo: key, as: title)
    try renamed.validateSize()
    let date = store.now()
    var edit = StoreEdit.replacing(saved, with: renamed, editedAt: date)
    for note in linking {
      var rewritten = note
      rewritten.body = NoteLink.body(note.body, renamingLinksTo: key, as: title)
      guard rewritten.body != note.body else { continue }
      try rewritten.validateSize()
      let replaced = StoreEdit.replacing(note, with: rewritten, editedAt: date)
      edit.changes += replaced.changes
      edit.savedNotes += replaced.savedNotes
    }
    return edit
  }

  /// The note deleted meanwhile.
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: ``FieldNotesServices/NoteStoreError/noteNotFound(_:)``, or `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? {
    do { return try store.note(withID: noteID) == nil ? .noteNotFound(noteID) : nil } catch {
      return error
    }
  }
}
