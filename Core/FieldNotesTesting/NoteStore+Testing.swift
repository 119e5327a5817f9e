import FieldNotesModel
import FieldNotesServices

extension NoteStore {
  /// A store over a repository in memory whose changes are stamped, as the SQLite store's are,
  /// with a clock that moves a minute with each date it gives: where a test of what the store
  /// keeps (versions, the trash) starts, so each save has a date of its own.
  ///
  /// - Parameters:
  ///   - repository: The repository; one holding the sample library by default.
  ///   - minutes: The minute, after ``SampleData/date(minutes:)``'s start, the clock starts at.
  /// - Returns: The store.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the repository can't be read.
  public static func stamped(
    _ repository: InMemoryNoteRepository = InMemoryNoteRepository(
      SampleData.library, stampsChanges: true),
    from minutes: Int = 100
  ) throws(NoteStoreError) -> NoteStore {
    try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: minutes)))
  }
}
