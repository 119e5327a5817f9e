import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesText
import Foundation
import Observation

/// The view model of a note's page: one note in full, with its summary once asked for, its
/// links and the notes linking to it, its history (every version a save replaced), and the
/// actions on that one note (pin, move, delete and undo, restore a version, open a link).
///
/// It reaches the notes through ``NoteDetailClient`` alone, so its tests hand it notes in memory.
/// ``state`` is derived from the client, again whenever the notes changed, so the page follows a
/// change made anywhere (a sync, another screen); only the summary is the model's own. Every action on the
/// note takes it from ``state`` (``shownNote()``), so once the page shows none (another
/// FieldNotes or a sync deleted it) every one refuses with the same error.
@MainActor
@Observable
public final class NoteDetailViewModel {
  /// What the page shows.
  public enum State: Hashable, Sendable {
    /// The note, the name of its notebook (`nil` for none), where its summary stands, and its
    /// links and backlinks.
    case loaded(
      Note, notebookName: String?, summary: Summary, links: NoteConnections = .none)
    /// The note is gone (deleted here, or by a sync).
    case empty
    /// The note could not be read: why; `list` reads it again.
    case failed(message: String)
  }

  /// Where a note's summary stands.
  public enum Summary: Hashable, Sendable {
    /// None was asked for.
    case none
    /// The summarizer is working.
    case summarizing
    /// The summary.
    case summarized(String)
    /// The summarizer failed, for the reason given.
    case failed(message: String)
  }

  /// The note this page shows.
  public let noteID: Note.ID

  private var summary = Summary.none
  @ObservationIgnored private let client: any NoteDetailClient
  @ObservationIgnored private let summarizer: any SummaryGenerating

  /// Opens a note's page.
  ///
  /// - Parameters:
  ///   - noteID: The note.
  ///   - client: The notes, their versions, and the ways to change them.
  ///   - summarizer: What writes its summary.
  public init(noteID: Note.ID, client: any NoteDetailClient, summarizer: any SummaryGenerating) {
    self.noteID = noteID
    self.client = client
    self.summarizer = summarizer
  }

  /// How many times ``state`` has been computed: what a test counts per change.
  @ObservationIgnored package private(set) var stateComputations = 0

  /// The state last computed, and the client's revision and the summary it was computed from.
  @ObservationIgnored private var computed: (revision: Int, summary: Summary, state: State)?

  /// What the page shows now.
  ///
  /// It is computed once per change of what it is computed from: the notes (the client's
  /// ``NoteDetailClient/revision``) and the summary; read again with neither changed, it is the
  /// state computed last. A failed read is not kept: the next read tries again.
  public var state: State {
    let revision = client.revision
    if let computed, computed.revision == revision, computed.summary == summary {
      return computed.state
    }
    let state = computeState()
    stateComputations += 1
    if case .failed = state {
      computed = nil
    } else {
      computed = (revision, summary, state)
    }
    return state
  }

  private func computeState() -> State {
    let found: Note?
    let connections: NoteConnections
    do throws(NoteDetailError) {
      found = try client.note(noteID)
      connections = try found.map(connections(of:)) ?? .none
    } catch {
      return .failed(message: error.errorDescription ?? "The note could not be read.")
    }
    guard let note = found else { return .empty }
    let notebookName = note.notebookID.flatMap(client.notebookName)
    return .loaded(note, notebookName: notebookName, summary: summary, links: connections)
  }

  /// A note's links, each note and each unresolved title once, and the notes linking to it.
  ///
  /// A note links here when one of its links names this note (by its title, or by the name of
  /// the file it was imported under): links to this note's title name the note of that title
  /// written first, so a note sharing its title with an older one has no
  /// backlinks (its links are the older one's). The note's own links to itself are not listed
  /// as backlinks.
  private func connections(of note: Note) throws(NoteDetailError) -> NoteConnections {
    let kept = try client.attachments(of: note.id)
    let keptNames = Set(kept.map(\.name))
    var links: [NoteConnections.Link] = []
    var unresolved: [NoteLink] = []
    var seen: Set<[UInt8]> = []
    for link in NoteLink.links(in: note.body) where seen.insert(link.titleKey).inserted {
      if let target = try client.note(namedBy: link) {
        if !links.contains(where: { $0.note.id == target.id }) {
          links.append(NoteConnections.Link(link, to: target))
        }
      } else if !AttachmentReference.isAttachmentPath(link.title)
        || !keptNames.contains(link.title)
      {
        // `[[report.pdf]]` names a file kept with the note, not a note: it is no broken link
        // while the note keeps that file, and names nothing when it doesn't.
        unresolved.append(link)
      }
    }
    var backlinks: [Note] = []
    // By its title, and by the name of the file it was imported under, each while links of
    // that name name it; by title, as each list comes.
    let names = [note.title] + (note.keptFileStem.map { [$0] } ?? [])
    for name in names {
      guard try client.note(namedBy: NoteLink(title: name))?.id == note.id else { continue }
      for linking in try client.notes(linkingTo: name)
      where linking.id != note.id && !backlinks.contains(where: { $0.id == linking.id }) {
        backlinks.append(linking)
      }
    }
    if names.count > 1 {
      backlinks.sort {
        NoteSortOrder.titleKey($0.title).lexicographicallyPrecedes(NoteSortOrder.titleKey($1.title))
      }
    }
    let referenced = Set(AttachmentReference.references(in: note.body).map(\.name))
    let attachments = kept.map {
      AttachmentRow(name: $0.name, size: $0.size, isReferenced: referenced.contains($0.name))
    }
    return NoteConnections(
      links: links, unresolved: unresolved, backlinks: backlinks,
      earlierTitle: try earlierTitle(of: note), attachments: attachments)
  }

  /// How many of the titles a note had before, latest first, its page looks for links to:
  /// each costs two questions of the store every time the page's state is computed, and a note
  /// retitled at every save would otherwise ask them of every version.
  static let earlierTitlesLookedAt = 3

  /// The notes still linking to a title the note had before, the latest such title first.
  ///
  /// Those are links that named the note and name nothing since, its title having changed
  /// (folded as links compare titles) and no note having that title now. A title changed twice
  /// without a `relink` between leaves links to both; each is offered in turn, latest first,
  /// among the ``earlierTitlesLookedAt`` latest.
  private func earlierTitle(of note: Note) throws(NoteDetailError) -> NoteConnections
    .EarlierTitle?
  {
    var seen: Set<[UInt8]> = [SearchFolding.fold(note.title)]
    let versions = try client.versions(of: note.id).sorted { $0.number > $1.number }
    for version in versions where seen.insert(SearchFolding.fold(version.title)).inserted {
      guard seen.count <= Self.earlierTitlesLookedAt + 1 else { break }
      // The notes linking to the title first: the search index answers that from a few rows,
      // where finding whether a note has the title, or keeps a file of that name, may read
      // every note's file record, so it is asked only of a title something links to.
      let linking = try client.notes(linkingTo: version.title).filter { $0.id != note.id }
      guard !linking.isEmpty, try client.note(namedBy: NoteLink(title: version.title)) == nil
      else { continue }
      return NoteConnections.EarlierTitle(version.title, linkedBy: linking)
    }
    return nil
  }

  /// Writes one of the note's attachments to a new file, as ``state`` numbers them: never over
  /// a file there, never making a folder.
  ///
  /// - Parameters:
  ///   - row: The attachment's number, from 1.
  ///   - path: The file to write.
  /// - Returns: The attachment written.
  /// - Throws: ``NoteDetailError/noAttachmentRow(_:rowCount:)`` for a number the page doesn't
  ///   show; ``NoteDetailError/fileNotWritten(_:)`` when the file is there already or can't be
  ///   written; ``NoteDetailError/noteGone(inTrash:)``. Nothing was written then.
  @discardableResult
  public func saveAttachment(atRow row: Int, to path: String) throws(NoteDetailError)
    -> AttachmentRow
  {
    _ = try shownNote()
    guard case .loaded(_, _, _, let connections) = state else {
      throw .noAttachmentRow(row, rowCount: 0)
    }
    let rows = connections.attachments
    guard rows.indices.contains(row - 1) else {
      throw .noAttachmentRow(row, rowCount: rows.count)
    }
    let shown = rows[row - 1]
    guard let attachment = try client.attachment(named: shown.name, of: noteID) else {
      throw .noAttachmentRow(row, rowCount: rows.count)
    }
    try client.createFile(attachment.bytes, at: path)
    return shown
  }

  /// The note of a numbered row of the page's links and backlinks, as ``state`` shows them.
  ///
  /// - Parameter row: The row's number, from 1.
  /// - Returns: The note.
  /// - Throws: ``NoteDetailError/noLinkedRow(_:rowCount:)`` for a number the page doesn't show;
  ///   ``NoteDetailError/noteGone(inTrash:)`` once the page shows no note.
  public func linkedNote(atRow row: Int) throws(NoteDetailError) -> Note {
    _ = try shownNote()
    guard case .loaded(_, _, _, let connections) = state else {
      throw .noLinkedRow(row, rowCount: 0)
    }
    let rows = connections.rows
    guard rows.indices.contains(row - 1) else {
      throw .noLinkedRow(row, rowCount: rows.count)
    }
    return rows[row - 1]
  }

  /// The note the page shows: the one every action on the page acts on.
  ///
  /// Every action asks for it first, so none acts on a note the page no longer shows; `edit`
  /// asks for it too, so no composer opens for a note that is gone.
  ///
  /// - Returns: The note, as ``state`` shows it.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` when ``state`` is ``State/empty``,
  ///   saying whether the note is in the trash; ``NoteDetailError/store(_:)`` when the note
  ///   can't be read (``State/failed(message:)``).
  public func shownNote() throws(NoteDetailError) -> Note {
    guard let note = try client.note(noteID) else {
      throw .noteGone(inTrash: try client.isInTrash(noteID))
    }
    return note
  }

  // MARK: - Summary

  /// Asks the summarizer: the summary is ``Summary/summarizing`` at once, and the task that is
  /// returned sets it when the summarizer answers.
  ///
  /// Cancelling the task returns the summary to ``Summary/none``. A failure is held in
  /// ``state``, not thrown.
  ///
  /// - Returns: The task writing the summary; await its value to wait for it.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)``; nothing is asked then.
  @discardableResult
  public func summarize() throws(NoteDetailError) -> Task<Void, Never> {
    let note = try shownNote()
    summary = .summarizing
    return Task { [summarizer] in
      do {
        let text = try await summarizer.summary(for: note)
        summary = .summarized(text)
      } catch is CancellationError {
        summary = .none
      } catch {
        summary = .failed(
          message: (error as? any LocalizedError)?.errorDescription ?? "\(error)")
      }
    }
  }

  // MARK: - Actions

  /// Pins or unpins the note, unless it already is as asked.
  ///
  /// - Parameter isPinned: Whether the note should be pinned.
  /// - Returns: Whether the note changed; `false` when it already was as asked.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``;
  ///   nothing changed then.
  @discardableResult
  public func setPinned(_ isPinned: Bool) throws(NoteDetailError) -> Bool {
    _ = try shownNote()
    return try client.setPinned(noteID, isPinned)
  }

  /// Gives the note a new title, and every link naming it in any note the same title, in one
  /// transaction: each note rewritten keeps the text it replaced as a version.
  ///
  /// Links name the note when it is the oldest of the notes titled alike; when an older note
  /// has its title, the links are that note's, and none is rewritten.
  ///
  /// - Parameter title: The new title; spaces at its ends are dropped.
  /// - Returns: How many other notes' links were rewritten.
  /// - Throws: ``NoteDetailError/titleRequired`` for a blank title,
  ///   ``NoteDetailError/titleNotLinkable(_:)`` for one holding `|`, `#`, `[` or `]`,
  ///   ``NoteDetailError/titleTaken(_:)`` for another note's title,
  ///   ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``; nothing changed
  ///   then.
  @discardableResult
  public func rename(to title: String) throws(NoteDetailError) -> Int {
    _ = try shownNote()
    let trimmed = title.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw .titleRequired }
    guard !trimmed.contains(where: "|#[]".contains) else { throw .titleNotLinkable(trimmed) }
    if let namesake = try client.note(namedBy: NoteLink(title: trimmed)), namesake.id != noteID {
      throw .titleTaken(trimmed)
    }
    return try client.rename(noteID, to: trimmed)
  }

  /// Makes the links naming the note's earlier title (``NoteConnections/earlierTitle``) name
  /// its title now, in one transaction: each note rewritten keeps the text it replaced as a
  /// version.
  ///
  /// - Returns: How many notes were rewritten.
  /// - Throws: ``NoteDetailError/nothingToRelink`` when the page offers none,
  ///   ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``; nothing changed
  ///   then.
  @discardableResult
  public func relink() throws(NoteDetailError) -> Int {
    _ = try shownNote()
    guard case .loaded(_, _, _, let connections) = state,
      let earlier = connections.earlierTitle
    else { throw .nothingToRelink }
    return try client.relink(noteID, from: earlier.title)
  }

  /// Moves the note into a notebook, or out of every notebook.
  ///
  /// - Parameter notebookID: The destination, or `nil` for no notebook.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``;
  ///   nothing changed then.
  public func move(to notebookID: Notebook.ID?) throws(NoteDetailError) {
    _ = try shownNote()
    try client.move(noteID, to: notebookID)
  }

  /// Moves the note into the notebook a typed name stands for (`none` for no notebook).
  ///
  /// - Parameter name: The notebook's name, ignoring case, or `none`.
  /// - Returns: The destination, or `nil` for no notebook.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)``, or ``NoteDetailError/store(_:)`` (for no
  ///   notebook of that name too); nothing changed then.
  @discardableResult
  public func move(toNotebookNamed name: String) throws(NoteDetailError) -> Notebook? {
    _ = try shownNote()
    let destination = try client.notebook(named: name)
    try move(to: destination?.id)
    return destination
  }

  /// The name of a notebook, for saying where a version was.
  ///
  /// - Parameter id: The notebook, or `nil` for none.
  /// - Returns: Its name; `nil` for no notebook, or one deleted since.
  public func notebookName(of id: Notebook.ID?) -> String? {
    id.flatMap(client.notebookName)
  }

  /// The notebooks' names, for completing a destination.
  public var notebookNames: [String] { client.notebookNames }

  /// Deletes the note, remembering it so that `undo` on any screen restores it exactly.
  ///
  /// - Returns: The note deleted.
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``;
  ///   nothing changed then.
  @discardableResult
  public func delete() throws(NoteDetailError) -> Note {
    let note = try shownNote()
    try client.delete(noteID)
    return note
  }

  /// Restores the note deleted last, on any screen, with its identity and dates.
  ///
  /// - Throws: ``NoteDetailError/nothingToUndo``, or ``NoteDetailError/store(_:)`` when it
  ///   cannot be saved (it can then still be restored).
  public func undoDelete() throws(NoteDetailError) {
    guard try client.undoDelete() != nil else { throw .nothingToUndo }
  }

  // MARK: - History

  /// The note's versions, newest first, each with what the save that replaced it changed.
  ///
  /// Once the note is gone its versions are where it is: in the trash with it, back with it
  /// when it is restored.
  ///
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` once the page shows no note.
  public var versionHistory: [NoteVersion.Entry] {
    get throws(NoteDetailError) {
      let note = try shownNote()
      return NoteVersion.history(of: try client.versions(of: noteID), current: note)
    }
  }

  /// The numbers of the note's versions, newest first, read without comparing their texts
  /// (``versionHistory`` compares each with the next, a line diff per version).
  ///
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` once the page shows no note.
  public var versionNumbers: [Int] {
    get throws(NoteDetailError) {
      _ = try shownNote()
      return try client.versions(of: noteID).map(\.number).reversed()
    }
  }

  /// What changed from a version to a later text: to another version, or to the note now.
  ///
  /// - Parameters:
  ///   - number: The earlier version.
  ///   - later: The later version, or `nil` for the note now.
  /// - Returns: The version compared, the text it is compared with, and their body's diff.
  /// - Throws: ``NoteDetailError/store(_:)`` with ``FieldNotesServices/NoteStoreError/versionNotFound(_:number:)``
  ///   for a number the note has no version of, or ``NoteDetailError/noteGone(inTrash:)``.
  public func comparison(from number: Int, to later: Int? = nil) throws(NoteDetailError)
    -> VersionComparison
  {
    let note = try shownNote()
    let version = try self.version(number)
    let newer = try later.map { number throws(NoteDetailError) in try self.version(number) }
    let text = newer?.applied(to: note) ?? note
    return VersionComparison(
      earlier: version, later: newer, laterText: text,
      diff: LineDiff(from: version.body, to: text.body))
  }

  /// Makes a version the note's text; the text it replaces is kept as the newest version.
  ///
  /// - Parameter number: The version.
  /// - Returns: Whether the note changed; `false` when the version is its text already
  ///   (nothing is written then).
  /// - Throws: ``NoteDetailError/noteGone(inTrash:)`` or ``NoteDetailError/store(_:)``;
  ///   nothing changed then (another process's edit since the page read the note is refused,
  ///   not written over).
  @discardableResult
  public func restore(version number: Int) throws(NoteDetailError) -> Bool {
    _ = try shownNote()
    let before = try client.versions(of: noteID).count
    try client.restoreVersion(noteID, number: number)
    // The version is restored: when the versions can't be read after it, it changed the note.
    return (try? client.versions(of: noteID).count) != before
  }

  /// One of the note's versions, read alone.
  private func version(_ number: Int) throws(NoteDetailError) -> NoteVersion {
    guard let version = try client.version(number, of: noteID) else {
      throw .store(.versionNotFound(noteID, number: number))
    }
    return version
  }
}

/// A version of a note beside a later text of it: what `diff` shows.
public struct VersionComparison: Hashable, Sendable {
  /// The earlier version.
  public var earlier: NoteVersion
  /// The later version, or `nil` when compared with the note now.
  public var later: NoteVersion?
  /// The later text: that version's, or the note now.
  public var laterText: Note
  /// The bodies' diff, from the earlier to the later.
  public var diff: LineDiff
}
