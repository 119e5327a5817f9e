import FieldNotesModel
import FieldNotesNavigation
import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

/// Every dependency of the app, built once at start and handed to view models through their
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
  /// The user's editor, which the composer hands a draft to.
  public let editor: any TextEditing
  /// Where new values get their dates.
  public let now: DateProvider
  /// Where new values get their identifiers.
  public let ids: IDGenerator
  /// The time zone dates are shown in.
  public let timeZone: TimeZone
  /// The store file, or `nil` when the notes are kept in memory.
  public let storePath: String?
  /// This run of FieldNotes, which keeps one draft per note when it has to stop: started when
  /// the dependencies were made, at the terminal of standard input if there is one.
  public let session: DraftSession
  /// The sync connection the store syncs through, when the store is a real repository.
  let sync: SyncConnection?
  /// Features' own tables: in the store's file, or in memory for the session when the notes
  /// are; made once, so every screen of a feature that owns data sees the same rows.
  public let tables: any FeatureTables
  /// Where the drafts of notes being written are kept when FieldNotes has to stop: the store's
  /// own repository (the SQLite store is all four of its parts), or, beside notes kept in
  /// memory, memory for the session, gone with it as the notes are.
  public let drafts: any DraftRepository
  /// The store's search index, which `reindex` rebuilds and whose repairs at start are said:
  /// the store's own repository, or, beside notes kept in memory, none.
  public let searchIndex: any SearchIndexUpkeep
  /// The record of what `export FILE` wrote where (in FieldNotes' state folder), so an export
  /// replaces only a file it wrote; `nil` where there is none, when only a file already holding
  /// the same bytes is replaced.
  public var exportRecord: String?
  /// Where the records of what each `export FOLDER/` wrote are kept (in FieldNotes' state
  /// folder); `nil` where there is none, when each is kept in its exported folder.
  public var folderExportRecords: String?

  /// Creates the dependencies from their parts.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - drafts: Where drafts are kept: usually the store's repository.
  ///   - searchIndex: The store's search index: usually the store's repository.
  ///   - summarizer: The summary service; ``FieldNotesServices/UnavailableSummaryGenerator``
  ///     for none.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  ///   - storePath: The store file, or `nil` for notes kept in memory.
  ///   - editor: The user's editor; ``FieldNotesServices/UnavailableTextEditor`` for none.
  public init(
    store: NoteStore, drafts: any DraftRepository, searchIndex: any SearchIndexUpkeep,
    summarizer: any SummaryGenerating,
    now: DateProvider, ids: IDGenerator, timeZone: TimeZone, storePath: String? = nil,
    editor: any TextEditing
  ) {
    self.init(
      store: store, drafts: drafts, searchIndex: searchIndex, summarizer: summarizer, now: now,
      ids: ids,
      timeZone: timeZone, storePath: storePath, sync: nil, editor: editor)
  }

  init(
    store: NoteStore, drafts: any DraftRepository, searchIndex: any SearchIndexUpkeep,
    summarizer: any SummaryGenerating,
    now: DateProvider, ids: IDGenerator, timeZone: TimeZone, storePath: String?,
    sync: SyncConnection?, editor: any TextEditing
  ) {
    self.store = store
    self.drafts = drafts
    self.searchIndex = searchIndex
    self.summarizer = summarizer
    self.editor = editor
    self.now = now
    self.ids = ids
    self.timeZone = timeZone
    self.storePath = storePath
    self.sync = sync
    tables = storePath.map { SQLiteFeatureTables(path: $0) } ?? SQLiteFeatureTables.inMemory()
    // Its identity is never shown (its start and terminal are), so it doesn't come from `ids`,
    // whose numbering the transcripts rely on.
    session = DraftSession(id: UUID(), startedAt: now(), terminal: TerminalDevice.ofStandardInput)
  }

  /// What the screens are made with: these dependencies, with the session's own undo history
  /// and drawing preferences.
  ///
  /// - Parameter preferences: The session's choices of how screens are drawn.
  /// - Returns: The screens' dependencies.
  public func screens(preferences: ScreenPreferences) -> ScreenDependencies {
    ScreenDependencies(
      store: store, now: now, ids: ids, timeZone: timeZone, summarizer: summarizer,
      history: DeletionHistory(), session: session, preferences: preferences, editor: editor,
      tables: tables, drafts: drafts)
  }

  /// The dependencies of a real session: the SQLite store at a path, the git syncer (its
  /// repository beside the store, at `PATH.sync`) and the extractive summarizer.
  ///
  /// - Parameters:
  ///   - storePath: The store file; created if missing.
  ///   - network: The simulated network sync goes through, or `nil` for none.
  ///   - summarizer: The summary service.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  ///   - editor: The user's editor; by default none, as for a script or a test.
  /// - Returns: The dependencies.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store cannot be opened or read.
  public static func live(
    storePath: String, network: NetworkSimulation? = nil,
    summarizer: any SummaryGenerating = ExtractiveSummaryGenerator(),
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current,
    editor: any TextEditing = UnavailableTextEditor()
  ) throws(NoteStoreError) -> AppDependencies {
    let repository: SQLiteNoteRepository
    do { repository = try SQLiteNoteRepository(path: storePath) } catch {
      throw .persistence(error)
    }
    return try live(
      repository: repository, storePath: storePath,
      syncRepository: StoreLocation.syncRepositoryPath(ofStoreAt: storePath), network: network,
      summarizer: summarizer, now: now, ids: ids, timeZone: timeZone, editor: editor)
  }

  /// The dependencies of an in-memory session (`--in-memory`, `--demo`): an in-memory SQLite
  /// store, so sync and everything else work as with a file, and nothing is saved (its sync
  /// repository goes in the temporary folder).
  ///
  /// - Parameters:
  ///   - library: What the store holds at first.
  ///   - network: The simulated network sync goes through, or `nil` for none.
  ///   - summarizer: The summary service.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  ///   - editor: The user's editor; by default none, as for a script or a test.
  /// - Returns: The dependencies.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store cannot be made.
  public static func memory(
    _ library: NoteLibrary = NoteLibrary(), network: NetworkSimulation? = nil,
    summarizer: any SummaryGenerating = ExtractiveSummaryGenerator(),
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current,
    editor: any TextEditing = UnavailableTextEditor()
  ) throws(NoteStoreError) -> AppDependencies {
    let repository: SQLiteNoteRepository
    do {
      repository = try SQLiteNoteRepository.inMemory()
      try repository.commit(
        library.notebooks.map { .saveNotebook($0) } + library.notes.map { .saveNote($0) })
    } catch {
      throw .persistence(error)
    }
    return try live(
      repository: repository, storePath: nil,
      syncRepository: NSTemporaryDirectory() + "fieldnotes-memory-\(UUID().uuidString).sync",
      network: network, summarizer: summarizer, now: now, ids: ids, timeZone: timeZone,
      editor: editor)
  }

  private static func live(
    repository: SQLiteNoteRepository, storePath: String?, syncRepository: String,
    network: NetworkSimulation?, summarizer: any SummaryGenerating, now: DateProvider,
    ids: IDGenerator, timeZone: TimeZone, editor: any TextEditing
  ) throws(NoteStoreError) -> AppDependencies {
    let sync = SyncConnection(
      repository: repository, repositoryPath: syncRepository, network: network, now: now,
      timeZone: timeZone)
    let store = try NoteStore(repository: repository, syncer: sync, now: now)
    return AppDependencies(
      store: store, drafts: repository, searchIndex: repository, summarizer: summarizer,
      now: now, ids: ids,
      timeZone: timeZone, storePath: storePath, sync: sync, editor: editor)
  }

  /// Dependencies that keep everything in memory: the notes, and the drafts beside them.
  ///
  /// - Parameters:
  ///   - library: What the store holds at first.
  ///   - syncer: The sync service.
  ///   - summarizer: The summary service.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  ///   - editor: The user's editor.
  /// - Returns: The dependencies.
  public static func inMemory(
    _ library: NoteLibrary, syncer: any NoteSyncing, summarizer: any SummaryGenerating,
    now: DateProvider, ids: IDGenerator, timeZone: TimeZone, editor: any TextEditing
  ) -> AppDependencies {
    let store = NoteStore(
      notes: library.notes, notebooks: library.notebooks, syncer: syncer, now: now)
    // The drafts are kept for the session and go with it, as the notes do: none is promised
    // past it.
    return AppDependencies(
      store: store, drafts: MemoryNoteRepository(), searchIndex: MemoryNoteRepository(),
      summarizer: summarizer, now: now, ids: ids,
      timeZone: timeZone, editor: editor)
  }
}
