import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesText
import Foundation

/// Gives a note a new title and rewrites the links naming it in every note, in one transaction
/// through the store's one write path.
///
/// A link names the note when its title folds as the note's does, or as the name of the file
/// the note was imported under, and the note is the one such links name (the oldest of those
/// titled alike, ``FieldNotesModel/NoteLink/resolved(_:among:)``);
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
    var found = Set<Note.ID>()
    var linking: [Note] = []
    for name in try linkNames(of: saved, in: store) {
      for note in try store.page(NoteListQuery(scope: .allNotes, search: .links(name))).notes
      where note.id != noteID && found.insert(note.id).inserted {
        linking.append(note)
      }
    }
    return linking
  }

  /// The names links give the note by (``FieldNotesModel/NoteLink/keys(naming:among:)``): its
  /// title, and the name of the file it was imported under, each while links of that name
  /// name it among the notes titled so.
  private func linkNames(of saved: Note, in store: NoteStore) throws(NoteStoreError)
    -> [String]
  {
    var names: [String] = []
    for name in [saved.title] + (saved.keptFileStem.map { [$0] } ?? []) {
      let namesakes = try store.page(NoteListQuery(scope: .allNotes, search: .title(name)))
      if NoteLink.keys(naming: saved, among: namesakes.notes).contains(SearchFolding.fold(name)) {
        names.append(name)
      }
    }
    return names
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
    let keys = Set(try linkNames(of: saved, in: store).map(SearchFolding.fold))
    let linking = try linkingNotes(in: store)
    var renamed = saved
    renamed.title = title
    renamed.body = NoteLink.body(saved.body, renamingLinksTo: keys, as: title)
    try renamed.validateSize()
    let date = store.now()
    var edit = StoreEdit.replacing(saved, with: renamed, editedAt: date)
    try Self.rewrite(linking, linksNaming: keys, as: title, editedAt: date, into: &edit)
    return edit
  }

  /// Adds to an edit each note with its links naming any of some folded titles given another
  /// title, each replaced note's text kept as a version; a note with no such link is left out.
  static func rewrite(
    _ notes: [Note], linksNaming keys: Set<[UInt8]>, as title: String, editedAt date: Date,
    into edit: inout StoreEdit
  ) throws(NoteStoreError) {
    for note in notes {
      var rewritten = note
      rewritten.body = NoteLink.body(note.body, renamingLinksTo: keys, as: title)
      guard rewritten.body != note.body else { continue }
      try rewritten.validateSize()
      let replaced = StoreEdit.replacing(note, with: rewritten, editedAt: date)
      edit.changes += replaced.changes
      edit.savedNotes += replaced.savedNotes
    }
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

/// Makes the links naming a note's earlier title name its title now, in every note, in one
/// transaction through the store's one write path: what a title changed outside the note's page
/// (the composer, `$EDITOR`, a sync) left naming no note.
///
/// Nothing is rewritten while another note has the earlier title (folded as links compare
/// titles): the links name that note then. Every note rewritten keeps the text it replaced as a
/// version.
public struct RelinkNote: StoreChange, Hashable, Sendable {
  /// The note.
  public let noteID: Note.ID
  /// The title the links name.
  public let earlierTitle: String

  /// Names the note and the title its links named.
  ///
  /// - Parameters:
  ///   - noteID: The note.
  ///   - earlierTitle: The earlier title.
  public init(_ noteID: Note.ID, from earlierTitle: String) {
    self.noteID = noteID
    self.earlierTitle = earlierTitle
  }

  /// The notes whose links it rewrites, as the store reads them now.
  ///
  /// - Parameter store: The store.
  /// - Returns: The notes other than this one linking to the earlier title; none while another
  ///   note has it.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the notes can't be read.
  public func linkingNotes(in store: NoteStore) throws(NoteStoreError) -> [Note] {
    let namesakes = try store.page(NoteListQuery(scope: .allNotes, search: .title(earlierTitle)))
    guard NoteLink.resolved(NoteLink(title: earlierTitle), among: namesakes.notes) == nil else {
      return []
    }
    return try store.page(NoteListQuery(scope: .allNotes, search: .links(earlierTitle))).notes
      .filter { $0.id != noteID }
  }

  /// Works out the change: each note linking to the earlier title, those links rewritten.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written.
  /// - Throws: ``FieldNotesServices/NoteStoreError``: no such note, or a text too large.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    let saved = try store.savedNote(noteID)
    var edit = StoreEdit.none
    try RenameNote.rewrite(
      try linkingNotes(in: store), linksNaming: [SearchFolding.fold(earlierTitle)],
      as: saved.title, editedAt: store.now(), into: &edit)
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
