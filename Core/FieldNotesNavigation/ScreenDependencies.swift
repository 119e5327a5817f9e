import FieldNotesModel
import FieldNotesServices
import Foundation

/// Everything FieldNotes' screens are made with, composed once by the app and handed to each
/// screen's registration.
///
/// Every field is required: a test that forgets one doesn't compile, rather than running
/// against a silent default.
@MainActor
public struct ScreenDependencies {
  /// The one store every screen reads.
  public let store: NoteStore
  /// Where new values get their dates.
  public let now: DateProvider
  /// Where new values get their identifiers.
  public let ids: IDGenerator
  /// The time zone dates are shown in.
  public let timeZone: TimeZone
  /// The summary service a note's page uses.
  public let summarizer: any SummaryGenerating
  /// The notes deleted in this session, shared so `undo` works from any screen and either form
  /// of the list.
  public let history: DeletionHistory
  /// This run of FieldNotes, which keeps one draft per note when it has to stop.
  public let session: DraftSession
  /// The session's choices of how screens are drawn.
  public let preferences: ScreenPreferences
  /// The user's editor, which the composer hands a draft to.
  public let editor: any TextEditing
  /// Where a feature that owns data keeps its own tables: the store's file, or memory beside
  /// a store in memory.
  ///
  /// A feature's live client reaches them through this alone.
  public let tables: any FeatureTables
  /// Where the drafts of notes being written are kept when FieldNotes has to stop: the store's
  /// file, or memory beside a store in memory; the composer's live client keeps them here.
  public let drafts: any DraftRepository

  /// Creates the dependencies.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone dates are shown in.
  ///   - summarizer: The summary service.
  ///   - history: The session's deleted notes.
  ///   - session: This run of FieldNotes.
  ///   - preferences: The session's choices of how screens are drawn.
  ///   - editor: The user's editor.
  ///   - tables: Features' own tables; ``FieldNotesServices/UnavailableFeatureTables`` for none.
  ///   - drafts: Where drafts are kept.
  public init(
    store: NoteStore, now: DateProvider, ids: IDGenerator, timeZone: TimeZone,
    summarizer: any SummaryGenerating, history: DeletionHistory, session: DraftSession,
    preferences: ScreenPreferences, editor: any TextEditing, tables: any FeatureTables,
    drafts: any DraftRepository
  ) {
    self.store = store
    self.now = now
    self.ids = ids
    self.timeZone = timeZone
    self.summarizer = summarizer
    self.history = history
    self.session = session
    self.preferences = preferences
    self.editor = editor
    self.tables = tables
    self.drafts = drafts
  }
}
