import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation

/// Every dependency of the app, built once at start and handed to screen models through their
/// initializers.
///
/// `live(storePath:)` is what `swift run fieldnotes` uses; `inMemory(_:)` and `demo` keep
/// everything in memory; tests build one with fixed dates and identifiers.
@MainActor
public struct AppDependencies {
  /// The one store every screen reads.
  public let store: NoteStore
  /// The summary service the note detail uses.
  public let summarizer: any SummaryGenerating
  /// Where new values get their dates.
  public let now: DateProvider
  /// Where new values get their identifiers.
  public let ids: IDGenerator
  /// The time zone dates are shown in.
  public let timeZone: TimeZone
  /// Where the notes are kept, for messages: a path, or "memory".
  public let storeDescription: String

  /// Creates the dependencies from their parts.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - summarizer: The summary service; none available by default.
  ///   - now: The date source; the system clock by default.
  ///   - ids: The identifier source; random by default.
  ///   - timeZone: The time zone dates are shown in; the system's by default.
  ///   - storeDescription: Where the notes are kept.
  public init(
    store: NoteStore, summarizer: any SummaryGenerating = UnavailableSummaryGenerator(),
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current,
    storeDescription: String = "memory"
  ) {
    self.store = store
    self.summarizer = summarizer
    self.now = now
    self.ids = ids
    self.timeZone = timeZone
    self.storeDescription = storeDescription
  }

  /// The dependencies of a real session: the SQLite store at a path.
  ///
  /// - Parameters:
  ///   - storePath: The store file; created if missing.
  ///   - syncer: The sync service.
  ///   - summarizer: The summary service.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  /// - Returns: The dependencies.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store cannot be opened or read.
  public static func live(
    storePath: String, syncer: any NoteSyncing = NoOpNoteSyncer(),
    summarizer: any SummaryGenerating = UnavailableSummaryGenerator(),
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current
  ) throws(NoteStoreError) -> AppDependencies {
    let repository: SQLiteNoteRepository
    do { repository = try SQLiteNoteRepository(path: storePath) } catch {
      throw .persistence(error)
    }
    let store = try NoteStore(repository: repository, syncer: syncer, now: now)
    return AppDependencies(
      store: store, summarizer: summarizer, now: now, ids: ids, timeZone: timeZone,
      storeDescription: storePath)
  }

  /// Dependencies that keep everything in memory.
  ///
  /// - Parameters:
  ///   - library: What the store holds at first.
  ///   - syncer: The sync service.
  ///   - summarizer: The summary service.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  /// - Returns: The dependencies.
  public static func inMemory(
    _ library: NoteLibrary = NoteLibrary(), syncer: any NoteSyncing = NoOpNoteSyncer(),
    summarizer: any SummaryGenerating = UnavailableSummaryGenerator(),
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current
  ) -> AppDependencies {
    let store = NoteStore(
      notes: library.notes, notebooks: library.notebooks, syncer: syncer, now: now)
    return AppDependencies(
      store: store, summarizer: summarizer, now: now, ids: ids, timeZone: timeZone)
  }
}
