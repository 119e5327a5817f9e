import Foundation

/// A conflict a sync found: the copy it kept of the text that lost, beside the note it
/// conflicts with.
public struct NoteConflict: Identifiable, Hashable, Sendable {
  /// Whether a note is a conflict copy: it names an original other than itself (a copy marked
  /// as its own original, another tool's doing, is no conflict).
  ///
  /// - Parameter note: The note, as the journal's conflict copies hold it.
  /// - Returns: Whether it is a copy waiting to be resolved.
  public static func isUnresolvedCopy(_ note: Note) -> Bool {
    note.conflictOf != nil && note.conflictOf != note.id
  }

  /// The copy, whose ``Note/conflictOf`` names the original.
  public var copy: Note
  /// The note it conflicts with, or `nil` when that note is gone (deleted since).
  public var original: Note?

  /// The copy's identifier.
  public var id: Note.ID { copy.id }

  /// Creates a conflict.
  ///
  /// - Parameters:
  ///   - copy: The copy.
  ///   - original: The note it conflicts with, if it is still there.
  public init(copy: Note, original: Note?) {
    self.copy = copy
    self.original = original
  }

  /// The copy's title without the mark a sync gave it, " (conflict 2026-11-29 12:00)" or
  /// " (conflict)": the title the losing text had.
  public var copyTitle: String { Self.unmarked(copy.title) }

  /// The title `keep both` gives the copy: its own without the mark, told apart from the
  /// original's (see ``title(_:toldApartFrom:)``).
  public var keptApartTitle: String {
    Self.title(copyTitle, toldApartFrom: original?.title)
  }

  /// A copy's title told apart from its original's: with " (2)" after it when the two would read
  /// the same, ignoring case (`heron` beside `Heron`); as it is otherwise.
  ///
  /// - Parameters:
  ///   - title: The copy's title, without its mark.
  ///   - original: The original's title, or `nil` when the original is gone.
  /// - Returns: The title.
  public static func title(_ title: String, toldApartFrom original: String?) -> String {
    guard let original, original.lowercased() == title.lowercased() else { return title }
    return title + " (2)"
  }

  /// A title without a conflict mark at its end; any other title as it is.
  ///
  /// - Parameter title: The title.
  /// - Returns: The title before ` (conflict…)`.
  public static func unmarked(_ title: String) -> String {
    guard title.hasSuffix(")"), let start = title.range(of: " (conflict", options: .backwards)
    else { return title }
    let inside = title[start.upperBound..<title.index(before: title.endIndex)]
    let isStamp =
      inside.isEmpty
      || (inside.first == " "
        && inside.dropFirst().allSatisfy { $0.isNumber || "-: ".contains($0) })
    return isStamp ? String(title[..<start.lowerBound]) : title
  }
}

/// How a conflict is resolved.
public enum ConflictResolution: String, CaseIterable, Hashable, Sendable {
  /// The original stays as it is; the copy goes to the trash.
  case keepOriginal = "original"
  /// The copy's title, text and tags become the original's (whose text is kept as a version);
  /// the copy goes to the trash.
  case keepCopy = "copy"
  /// Both stay, as separate notes: the copy loses its mark, and its title is told apart from
  /// the original's.
  case keepBoth = "both"
}
