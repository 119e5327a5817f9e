import FieldNotesModel

/// What the conflict inbox needs of the notes, and all it may do to them: the one data
/// dependency of ``ConflictsViewModel``.
///
/// A test hands the view model ``InMemoryConflictsClient`` (or ``UnimplementedConflictsClient``
/// for a step that must touch no data); the app hands it `StoreConflictsClient` (in
/// `ConflictsLive`), the live one. A read that fails says so (``ConflictsError/store(_:)``), and
/// the view model shows it as its state, ``ConflictsViewModel/State/failed(message:)``.
@MainActor
public protocol ConflictsClient: AnyObject {
  /// The unresolved conflicts, oldest first.
  ///
  /// A live client reads them where Observation sees it, so a view model's state follows a
  /// conflict resolved anywhere (another process, another machine and a sync).
  ///
  /// - Throws: ``ConflictsError/store(_:)`` when they can't be read.
  var conflicts: [NoteConflict] { get throws(ConflictsError) }

  /// Resolves a conflict, in one transaction that keeps every text it replaces (as a version or
  /// in the trash).
  ///
  /// - Parameters:
  ///   - conflict: The conflict, as it was listed.
  ///   - resolution: Which text to keep.
  /// - Throws: ``ConflictsError``; nothing changed then.
  func resolve(_ conflict: NoteConflict, _ resolution: ConflictResolution) throws(ConflictsError)
}
