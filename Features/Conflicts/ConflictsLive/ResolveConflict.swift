import FieldNotesModel
import FieldNotesServices

/// Resolves the conflict of a copy a sync kept, in one transaction through the store's one
/// write path.
///
/// The copy is trashed, the original given its text, or the copy kept as a note of its own
/// (see ``FieldNotesModel/ConflictResolution``). No text is lost: a trashed copy is in the
/// trash, and an original's replaced text is kept as a version.
public struct ResolveConflict: StoreChange, Hashable, Sendable {
  /// The conflict copy.
  public let copyID: Note.ID
  /// How it is resolved.
  public let resolution: ConflictResolution
  /// The texts the user was shown, which the write expects to find saved; `nil` to resolve
  /// the conflict as the store holds it when it is written.
  private let shown: NoteConflict?

  /// Names the resolution of a conflict as the store holds it when it is written: for a
  /// caller that showed no texts (a sync's test, a script).
  ///
  /// - Parameters:
  ///   - copyID: The conflict copy.
  ///   - resolution: How it is resolved.
  public init(_ copyID: Note.ID, _ resolution: ConflictResolution) {
    self.copyID = copyID
    self.resolution = resolution
    shown = nil
  }

  /// Names the resolution of the texts the user was shown: when either changed since (another
  /// process edited the copy or the original), the write is refused and nothing changes.
  ///
  /// - Parameters:
  ///   - conflict: The conflict as it was shown.
  ///   - resolution: How it is resolved.
  public init(_ conflict: NoteConflict, _ resolution: ConflictResolution) {
    copyID = conflict.id
    self.resolution = resolution
    shown = conflict
  }

  /// Works out the change from the texts shown, or from the copy and its original as the store
  /// reads them now.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written.
  /// - Throws: ``FieldNotesServices/NoteStoreError``: no conflict left to resolve, no original
  ///   to keep, or a text too large.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    let id = copyID
    let conflict: NoteConflict
    if let shown {
      conflict = shown
    } else {
      // A copy gone (resolved, or deleted, elsewhere) has no conflict left to resolve.
      guard let copy = try store.note(withID: id), let originalID = copy.conflictOf else {
        throw .notAConflict(id)
      }
      conflict = NoteConflict(copy: copy, original: try store.note(withID: originalID))
    }
    let copy = conflict.copy
    guard copy.conflictOf != nil, copy.conflictOf != id else { throw .notAConflict(id) }
    // Each write below expects the texts as they were shown: one changed since is refused.
    let trashCopy = StoreEdit(
      changes: [.expectNote(id, copy), .trashNote(id, at: store.now())], removedNotes: [copy])
    switch (resolution, conflict.original) {
    case (.keepOriginal, nil):
      // Trashing the copy would leave neither text among the notes.
      throw .conflictOriginalGone(id)
    case (.keepOriginal, _?):
      return trashCopy
    case (.keepCopy, let original?):
      var kept = original
      kept.title = conflict.copyTitle
      kept.body = copy.body
      kept.tags = copy.tags
      try kept.validateSize()
      var edit = StoreEdit.replacing(original, with: kept, editedAt: store.now())
      edit.changes += trashCopy.changes
      edit.removedNotes = [copy]
      return edit
    case (.keepBoth, _), (.keepCopy, nil):
      var kept = copy
      kept.conflictOf = nil
      kept.title = conflict.keptApartTitle
      try kept.validateSize()
      return StoreEdit.replacing(copy, with: kept, editedAt: store.now())
    }
  }

  /// The conflict resolved meanwhile (by another process, or a sync), or the copy deleted.
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: The reason, or `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? {
    do {
      let conflicts = try StoreConflictsClient.conflicts(in: store)
      if !conflicts.contains(where: { $0.id == copyID }) { return .notAConflict(copyID) }
      return try store.note(withID: copyID) == nil ? .noteNotFound(copyID) : nil
    } catch {
      return error
    }
  }
}
