import FieldNotesFormats
import FieldNotesModel
import Foundation

/// The merge rules of a sync, for one note or notebook given its three versions.
///
/// The versions are the one both sides last agreed on (the base), ours and theirs; `nil` is a
/// version that doesn't exist: not yet written, or deleted.
///
/// - The same on both sides, or changed on one side only: that side's version.
/// - Deleted on one side and edited on the other: the edit survives; the deleting side never
///   saw it.
/// - Changed on both sides: merged field by field. Tags merge as sets (an addition or a removal
///   on either side stands), the pin, the notebook and the dates take the side that changed
///   them, the edit date the later one. Only when both sides changed the title or the body
///   differently is there a conflict: the later edit keeps the note and the other is kept as a
///   copy, titled "Title (conflict 2026-11-29 12:00)", so no text is ever dropped. Identical
///   content never makes a copy, and the copy's identifier comes from its content, so merging
///   the same conflict twice (on two machines, or after an interrupted sync) makes one copy.
/// - A conflict copy deleted on one side and kept as a note of its own on the other (two
///   resolutions) survives as an edit the deleting side never saw, unless the merged note
///   holds its text (``holdsText(of:_:)``): ``SyncMerge`` then removes it, so the text is kept
///   once, as the note.
/// - Every outcome is within the size limit (``FieldNotesModel/NoteDocument/maximumBytes``), so
///   the other side can read it: a merge that would be larger than both versions allow is kept
///   as a conflict instead, and a copy whose title can't carry the date carries less of it.
enum ThreeWayMerge {
  /// What merging one note gave.
  struct NoteOutcome: Equatable {
    /// The note, or `nil` when it is deleted.
    var note: Note?
    /// The copy kept of the other side's text, when both changed it.
    var copy: Note?
    /// Whether both sides changed the note (merged or in conflict).
    var changedOnBothSides: Bool
  }

  /// Merges three versions of one note.
  ///
  /// - Parameters:
  ///   - base: The version both sides last agreed on.
  ///   - ours: This side's version.
  ///   - theirs: The other side's version.
  ///   - timeZone: The time zone of the date in a conflict copy's title.
  /// - Returns: The merged note, and the copy kept when both sides changed its text.
  static func note(base: Note?, ours: Note?, theirs: Note?, timeZone: TimeZone) -> NoteOutcome {
    if ours == theirs || theirs == base {
      return NoteOutcome(note: ours, changedOnBothSides: false)
    }
    if ours == base { return NoteOutcome(note: theirs, changedOnBothSides: false) }
    guard let ours else { return NoteOutcome(note: theirs, changedOnBothSides: true) }
    guard let theirs else { return NoteOutcome(note: ours, changedOnBothSides: true) }
    let theirsIsNewer =
      theirs.updatedAt != ours.updatedAt
      ? theirs.updatedAt > ours.updatedAt
      : (theirs.title, theirs.body) > (ours.title, ours.body)
    let (newer, older) = theirsIsNewer ? (theirs, ours) : (ours, theirs)
    var merged = ours
    let title = pick(base.map(\.title), ours.title, theirs.title)
    let body = pick(base.map(\.body), ours.body, theirs.body)
    merged.title = title ?? newer.title
    merged.body = body ?? newer.body
    merged.tags = tags(base: base?.tags, ours: ours.tags, theirs: theirs.tags)
    merged.properties =
      pick(base.map(\.properties), ours.properties, theirs.properties) ?? newer.properties
    merged.isPinned = pick(base.map(\.isPinned), ours.isPinned, theirs.isPinned) ?? newer.isPinned
    merged.notebookID =
      pick(base.map(\.notebookID), ours.notebookID, theirs.notebookID) ?? newer.notebookID
    merged.createdAt =
      pick(base.map(\.createdAt), ours.createdAt, theirs.createdAt)
      ?? min(ours.createdAt, theirs.createdAt)
    merged.updatedAt = max(ours.updatedAt, theirs.updatedAt)
    // A conflict resolved on one side (its mark cleared) stays resolved.
    merged.conflictOf = pick(base.map(\.conflictOf), ours.conflictOf, theirs.conflictOf) ?? nil
    let mergedFits = fits(merged)
    guard title == nil || body == nil || !mergedFits else {
      return NoteOutcome(note: merged, changedOnBothSides: true)
    }
    // A conflict of text, or a merge too large to keep (both sides' tags on a note near the
    // limit): the newer version keeps the note as it is, the older is kept as a copy.
    return NoteOutcome(
      note: mergedFits ? merged : newer,
      copy: conflictCopy(of: older, in: merged.notebookID, timeZone: timeZone),
      changedOnBothSides: true)
  }

  /// Whether a note is within the size limit every way in applies, so the other side reads it.
  static func fits(_ note: Note) -> Bool {
    NoteDocument.byteCount(of: note) <= NoteDocument.maximumBytes
  }

  /// The copy kept of a version that lost a conflict, in the merged note's notebook: the one
  /// rule for every conflict copy, a sync's or an import's
  /// (``FieldNotesModel/NoteConflict/copy(of:in:timeZone:)``).
  static func conflictCopy(of version: Note, in notebookID: Notebook.ID?, timeZone: TimeZone)
    -> Note
  {
    NoteConflict.copy(of: version, in: notebookID, timeZone: timeZone)
  }

  /// Whether a note holds a conflict copy's text, so the copy would be that text a second time:
  /// the same body and tags, and the copy's title but for its mark and the " (2)" that
  /// `keep both` may have told it apart by.
  ///
  /// - Parameters:
  ///   - copy: The copy, marked or kept as a note of its own.
  ///   - note: The note it conflicted with, as merged.
  /// - Returns: `true` when nothing of the copy's text is missing from the note.
  static func holdsText(of copy: Note, _ note: Note) -> Bool {
    let title = NoteConflict.unmarked(copy.title)
    return copy.body == note.body && Set(copy.tags) == Set(note.tags)
      && (title == note.title
        || title == NoteConflict.title(note.title, toldApartFrom: note.title))
  }

  /// Merges three versions of one notebook; when both sides renamed it, ours wins.
  static func notebook(base: Notebook?, ours: Notebook?, theirs: Notebook?) -> Notebook? {
    if ours == theirs || theirs == base { return ours }
    if ours == base { return theirs }
    guard let ours else { return theirs }
    guard let theirs else { return ours }
    var merged = ours
    merged.name = pick(base.map(\.name), ours.name, theirs.name) ?? ours.name
    merged.symbolName =
      pick(base.map(\.symbolName), ours.symbolName, theirs.symbolName) ?? ours.symbolName
    return merged
  }

  /// The value of a field both sides may have changed: the changed one, or `nil` when both
  /// changed it differently.
  private static func pick<Value: Equatable>(_ base: Value?, _ ours: Value, _ theirs: Value)
    -> Value?
  {
    if ours == theirs { return ours }
    if let base, base == ours { return theirs }
    if let base, base == theirs { return ours }
    return nil
  }

  /// Tags merged as sets: ours in order, then theirs that are new, less any either side removed.
  static func tags(base: [String]?, ours: [String], theirs: [String]) -> [String] {
    let base = Set(base ?? [])
    let removed = base.subtracting(ours).union(base.subtracting(theirs))
    var merged = ours.filter { !removed.contains($0) }
    for tag in theirs where !removed.contains(tag) && !merged.contains(tag) { merged.append(tag) }
    return merged
  }
}
