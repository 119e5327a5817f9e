import FieldNotesFormats
import FieldNotesModel
import Foundation

/// An import: what another library holds and the store does not, added in one transaction,
/// losing no text the library holds.
///
/// It lives beside the store rather than in it: it reads the store's notebooks and the
/// repository's answers, plans, and writes through the store's one streaming commit, so the
/// store keeps only what every screen needs.
public enum LibraryImport {
  /// What an import added, and what it left out because the store already had it.
  public struct Summary: Equatable, Sendable {
    /// The notes added.
    public var addedNotes: Int
    /// The notebooks added.
    public var addedNotebooks: Int
    /// The notes skipped because a note with the same identifier is here already.
    public var skippedNotes: Int
    /// The notes left out because an earlier note of the import gave their identifier and
    /// their text.
    public var repeatedNotes = 0
    /// The notes brought back from the trash, as they were deleted, because the import holds
    /// them (a backup restores what was deleted); by title, for the user.
    public var restoredFromTrash: [String] = []
    /// The identifiers of the notes here that an incoming note of the same id differs from.
    ///
    /// Each such incoming text is kept as a conflict copy of that note, for the conflict inbox.
    public var conflicting: [Note.ID] = []

    /// The places in the source, from 0, of the notes kept as conflict copies, in the order
    /// of ``conflicting``.
    public var conflictPlaces: [Int] = []

    /// How many files the import kept with the notes it added (``FieldNotesModel/NoteAttachment``).
    public var keptAttachments = 0

    /// The files a note here already keeps under a name, where the import's file of that name
    /// is another size: the note's is kept (an attachment is never replaced), and the import's
    /// is not brought in; by the note's place in the source, from 0, then by name.
    public var attachmentsNotReplaced: [Int: [String]] = [:]

    /// How many conflict copies the import kept.
    public var conflictCopies: Int { conflicting.count }
    /// The places in the source, from 0, of the notes added with an id of their own, because
    /// an earlier note of the import gave theirs with other text (counted in ``addedNotes``
    /// too).
    public var keptApartPlaces: [Int] = []
    /// How many notes were added with an id of their own (``keptApartPlaces``).
    public var keptApart: Int { keptApartPlaces.count }
    /// The places in the source, from 0, of the notes added in no notebook, since the notebook
    /// each names is neither in the store nor among the import's: the note is kept, and the
    /// user told where it went.
    public var notebooklessPlaces: [Int] = []
    /// The notebooks added under another name, since theirs was taken or opens something
    /// else: each name as imported, and as added.
    public var renamedNotebooks: [Rename] = []

    /// A notebook added under another name.
    public struct Rename: Equatable, Sendable {
      /// The name it had.
      public var from: String
      /// The name it was given.
      public var to: String
    }

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - addedNotes: The notes added.
    ///   - addedNotebooks: The notebooks added.
    ///   - skippedNotes: The notes skipped as already here.
    ///   - repeatedNotes: The notes left out as repeating an identifier of the import.
    public init(addedNotes: Int, addedNotebooks: Int, skippedNotes: Int, repeatedNotes: Int = 0) {
      self.addedNotes = addedNotes
      self.addedNotebooks = addedNotebooks
      self.skippedNotes = skippedNotes
      self.repeatedNotes = repeatedNotes
    }
  }

  /// Which of some notes are saved now, asked of the repository in one go: what an import
  /// would skip.
  ///
  /// - Parameters:
  ///   - ids: The notes' identifiers.
  ///   - store: The store.
  /// - Returns: Those saved.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  @MainActor
  public static func savedNoteIDs(among ids: [Note.ID], in store: NoteStore)
    throws(NoteStoreError) -> Set<Note.ID>
  {
    do { return try store.repository.savedNoteIDs(among: ids) } catch {
      throw .persistence(error)
    }
  }

  /// Adds what another library holds and this store does not, in one transaction, losing no
  /// text the library holds.
  ///
  /// The merge policy: a note whose identifier is already here with the same text (title,
  /// body and tags) is skipped; one whose text differs — a newer backup, an exported file edited
  /// since — is kept as a conflict copy of the note here (``FieldNotesModel/NoteConflict``), so
  /// the conflict inbox offers both and neither is lost; the note here is left as it is. A note
  /// whose identifier is a note's in the trash brings that note back as it was deleted (a
  /// backup restores what was deleted; ``Summary/restoredFromTrash`` names them), and
  /// its text, when it differs, is kept as a conflict copy of it too. A
  /// second note with an identifier the import has given already is left out when its text is
  /// the same, and, when it differs, kept as a conflict copy of the note here or, with no note
  /// here, added with an identifier of its own (``ImportPlan``), so no text read is dropped
  /// whatever the source gives, in whatever order. An incoming notebook whose name is taken, or
  /// opens something else (`all`, a number), is renamed "Name (2)", "Name (3)" and on; a note
  /// whose notebook is neither here nor imported goes in no notebook.
  ///
  /// A notebook's name meets the rules a typed one does (``FieldNotesModel/NotebookName``): one
  /// no rename mends (empty, on several lines, too long) fails the whole import, saying which.
  /// A note's tags are mapped by the one rule every way in follows
  /// (``FieldNotesModel/TagRules/mappedTags(_:)``), and it is held to the size limit, as
  /// everywhere; its title is taken as it is, as a sync takes it, so that an export of any store
  /// FieldNotes holds imports again.
  ///
  /// The notes are handed to the repository one by one as the source reads them, so an import
  /// holds its identifiers, never all its notes: a file larger than memory imports in one go.
  /// When some are here already, or an identifier comes twice, the source is read once more
  /// first, to decide what each note does.
  ///
  /// - Parameters:
  ///   - store: The store the library is added to.
  ///   - incoming: The library to merge: a ``FieldNotesModel/NoteLibrary``, or a file read as
  ///     it is written.
  ///   - timeZone: The time zone of the date in a conflict copy's title.
  ///   - progress: Told, while the notes are written, how many of the changes are written and
  ///     how many there are; by default nothing is told.
  /// - Returns: What was added and skipped.
  /// - Throws: ``LibraryImportError``; nothing was added then.
  /// - Complexity: O(*m*) lookups for *m* notes incoming, plus the renaming, plus one read of
  ///   each note here that the import names.
  @MainActor
  @discardableResult
  public static func merge(
    into store: NoteStore, _ incoming: some LibraryImportSource, timeZone: TimeZone = .current,
    progress: (_ written: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(LibraryImportError) -> Summary {
    // What the import does with each note is planned from what the store holds. Another
    // process committing between the plan and the write (the same import run twice at once, a
    // sync, a save) makes the plan stale: the write refuses it, and the import catches up with
    // what was committed and plans again. A store that keeps changing fails the import, which
    // saved nothing.
    var attempt = 1
    while true {
      // The stamp first, then the store caught up with it: what the plan reads, answers the
      // store kept included, is at least as new as the stamp the write checks.
      let stamp = store.repository.changeStamp
      do { try store.reload() } catch { throw .store(error) }
      do {
        return try mergePlanned(
          at: stamp, into: store, incoming, timeZone: timeZone, progress: progress)
      } catch .store(.persistence(.changedMeanwhile)) where attempt < maximumPlans {
        attempt += 1
      }
    }
  }

  /// How many times an import plans before it gives up on a store that keeps changing.
  static let maximumPlans = 5

  /// Merges a library planned at a change stamp of the store's repository: see
  /// ``merge(into:_:timeZone:progress:)``.
  @MainActor
  private static func mergePlanned(
    at stamp: Int?, into store: NoteStore, _ incoming: some LibraryImportSource,
    timeZone: TimeZone, progress: (_ written: Int, _ total: Int) -> Void
  ) throws(LibraryImportError) -> Summary {
    let notebooks: [Notebook]
    do { notebooks = try store.savedNotebooks() } catch { throw .store(error) }
    var seenNotebooks = Set(notebooks.map(\.id))
    let arrivingNotebooks = seenNotebooks.union(incoming.notebooks.map(\.id))
    let plan: ImportPlan
    do {
      plan = try Self.plan(for: incoming, in: store) {
        Self.arriving($0, amongNotebooks: arrivingNotebooks)
      }
    } catch {
      throw .store(.persistence(error))
    }
    var names = FreeNames(taken: notebooks.map(\.name))
    var addedNotebooks: [Notebook] = []
    var renames: [Summary.Rename] = []
    for var notebook in incoming.notebooks where seenNotebooks.insert(notebook.id).inserted {
      let name = notebook.name.trimmingCharacters(in: .whitespaces)
      switch NotebookName.problem(with: name) {
      case nil, .reserved?, .duplicate?: notebook.name = names.claim(name)
      case let problem?: throw .invalidNotebookName(name, problem)
      }
      if notebook.name != name { renames.append(.init(from: name, to: notebook.name)) }
      addedNotebooks.append(notebook)
    }
    let total =
      addedNotebooks.count + plan.added + plan.conflicting.count + plan.restoring.count
    var summary = Summary(
      addedNotes: plan.added, addedNotebooks: addedNotebooks.count, skippedNotes: plan.known,
      repeatedNotes: plan.repeated)
    summary.conflicting = plan.conflicting
    summary.conflictPlaces = plan.copyPlaces
    summary.restoredFromTrash = plan.restoring.sorted { $0.key < $1.key }.map(\.value.title)
    summary.keptApartPlaces = plan.apartIDs.keys.sorted()
    summary.renamedNotebooks = renames
    let (missingFiles, notReplaced) = try Self.missingFiles(of: incoming, skipped: plan, in: store)
    summary.attachmentsNotReplaced = notReplaced
    guard total > 0 || !missingFiles.isEmpty else { return summary }
    var tooLarge: Note?
    var keptAttachments = 0
    var notebookless: [Int] = []
    let noteCount = incoming.noteIDs.count
    do {
      try store.saveStreaming(
        { write throws(RepositoryError) in
          for notebook in addedNotebooks { try write(.saveNotebook(notebook)) }
          var place = 0
          keptAttachments = 0
          notebookless = []
          try incoming.forEachNote { incomingNote throws(RepositoryError) in
            defer { place += 1 }
            var note = Self.arriving(incomingNote, amongNotebooks: seenNotebooks)
            if note.notebookID != incomingNote.notebookID, plan.step(at: place).writesTheNoteRead {
              notebookless.append(place)
            }
            switch plan.step(at: place) {
            case .add: break
            case .addApart: note.id = plan.apartIDs[place] ?? note.id
            case .copy: note = NoteConflict.copy(of: note, in: note.notebookID, timeZone: timeZone)
            case .restore, .restoreWithCopy:
              if let trashed = plan.restoring[place] {
                try write(
                  .restoreTrashedNote(Self.arriving(trashed, amongNotebooks: seenNotebooks)))
              }
              guard plan.step(at: place) == .restoreWithCopy else { return }
              note = NoteConflict.copy(of: note, in: note.notebookID, timeZone: timeZone)
            case .skipKnown:
              for name in missingFiles[place] ?? [] {
                let attachment = try incoming.attachment(named: name, atPlace: place)
                try write(.saveAttachment(attachment, forNote: note.id))
                keptAttachments += 1
              }
              return
            case .skipRepeated: return
            }
            guard NoteDocument.isWithinLimit(note) else {
              tooLarge = note
              throw .writeFailed(reason: "a note is too large")
            }
            try write(.saveNote(note))
            // Each file is read as it is written, so the import holds one file's bytes at a time.
            for entry in incoming.attachments(atPlace: place) {
              let attachment = try incoming.attachment(named: entry.name, atPlace: place)
              try write(.saveAttachment(attachment, forNote: note.id))
              keptAttachments += 1
            }
          }
          guard place == noteCount else {
            throw .readFailed(reason: "the file changed while it was imported")
          }
        }, unchangedSince: stamp, progress: { progress(min($0, total), total) })
    } catch {
      if let tooLarge {
        throw .store(
          .noteTooLarge(title: tooLarge.title, bytes: NoteDocument.byteCount(of: tooLarge)))
      }
      throw .store(.persistence(error))
    }
    summary.keptAttachments = keptAttachments
    summary.notebooklessPlaces = notebookless
    return summary
  }

  /// The files of the notes skipped as here already that the note here doesn't keep yet, and
  /// those it keeps under a name whose incoming file is another size, by the note's place.
  ///
  /// A folder imported again once its pictures came, or imported before FieldNotes kept
  /// attachments, brings them to the notes it has. A file changed in the folder since is not
  /// brought in, since an attachment is never replaced (sizes are compared, no bytes read).
  @MainActor
  private static func missingFiles(
    of incoming: some LibraryImportSource, skipped plan: ImportPlan, in store: NoteStore
  ) throws(LibraryImportError) -> (missing: [Int: [String]], notReplaced: [Int: [String]]) {
    guard let steps = plan.steps else { return ([:], [:]) }
    let ids = incoming.noteIDs
    var missing: [Int: [String]] = [:]
    var notReplaced: [Int: [String]] = [:]
    for (place, step) in steps.enumerated() where step == .skipKnown && ids.indices.contains(place)
    {
      let files = incoming.attachments(atPlace: place)
      guard !files.isEmpty else { continue }
      let kept: [String: Int]
      do {
        kept = Dictionary(
          try store.journal.attachments(ofNote: ids[place]).map { ($0.name, $0.size) },
          uniquingKeysWith: { first, _ in first })
      } catch {
        throw .store(.persistence(error))
      }
      let new = files.map(\.name).filter { kept[$0] == nil }
      if !new.isEmpty { missing[place] = new }
      let changed = files.filter { file in kept[file.name].map { $0 != file.size } ?? false }
      if !changed.isEmpty { notReplaced[place] = changed.map(\.name) }
    }
    return (missing, notReplaced)
  }

  /// An incoming note as the store takes it: its tags by the one rule, and in no notebook when
  /// its own is neither here nor imported.
  private static func arriving(_ note: Note, amongNotebooks notebooks: Set<Notebook.ID>) -> Note {
    var note = note
    note.tags = TagRules.mappedTags(note.tags)
    if let id = note.notebookID, !notebooks.contains(id) { note.notebookID = nil }
    return note
  }
}

/// A library to import: its notebooks, its notes' identifiers, and its notes one by one, so
/// that a source larger than memory (a file read as it is imported) need not hold them.
public protocol LibraryImportSource {
  /// Every notebook: there are few.
  var notebooks: [Notebook] { get }
  /// Every note's identifier, in the order the notes come.
  var noteIDs: [Note.ID] { get }
  /// Hands each note over, in order; it may be called more than once, and gives the same
  /// notes each time.
  ///
  /// - Parameter body: Told each note; an error it throws stops the reading.
  /// - Throws: ``RepositoryError``: the body's, or the source's when it can't be read.
  func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError)

  /// The names and sizes of the files kept with the note at a place
  /// (``FieldNotesModel/NoteAttachment``): those a folder's note references, found beside it.
  ///
  /// - Parameter place: The note's place, from 0, in the order ``forEachNote(_:)`` gives them.
  /// - Returns: Its attachments' names and sizes.
  func attachments(atPlace place: Int) -> [NoteAttachment.Entry]

  /// One file kept with the note at a place, read now: an import asks for each as it writes
  /// it, so it holds one file's bytes at a time, however many the source has.
  ///
  /// - Parameters:
  ///   - name: The attachment's name, as ``attachments(atPlace:)`` lists it.
  ///   - place: The note's place, from 0.
  /// - Returns: The attachment.
  /// - Throws: ``RepositoryError`` when it can't be read (it changed since it was found); the
  ///   import then adds nothing.
  func attachment(named name: String, atPlace place: Int) throws(RepositoryError)
    -> NoteAttachment
}

extension LibraryImportSource {
  /// None: a source of notes alone (a JSON file, a journal) brings no files.
  ///
  /// - Parameter place: The note's place.
  /// - Returns: No attachments.
  public func attachments(atPlace place: Int) -> [NoteAttachment.Entry] { [] }

  /// None: a source of notes alone brings no files, so none is asked for.
  ///
  /// - Parameters:
  ///   - name: The name asked for.
  ///   - place: The note's place.
  /// - Returns: Never.
  /// - Throws: ``RepositoryError/readFailed(reason:)``, naming the file.
  public func attachment(named name: String, atPlace place: Int) throws(RepositoryError)
    -> NoteAttachment
  {
    throw .readFailed(reason: "the import holds no file \(name)")
  }
}

extension NoteLibrary: LibraryImportSource {
  /// Every note's identifier, oldest note first.
  public var noteIDs: [Note.ID] { notes.map(\.id) }

  /// Hands each note over, oldest first.
  ///
  /// - Parameter body: Told each note.
  /// - Throws: What the body throws.
  public func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError) {
    for note in notes { try body(note) }
  }
}

/// Notebook names not yet taken, handed out one by one: a name itself, or "Name (2)",
/// "Name (3)" and on.
///
/// Each name remembers the next number to try, so handing out *n* copies of one name costs
/// O(*n*), not O(*n*²).
struct FreeNames {
  private var taken: Set<String>
  private var nextNumber: [String: Int] = [:]

  init(taken names: [String]) {
    taken = Set(names.map { $0.lowercased() })
  }

  /// A free name for a notebook called `name`, which is then taken; a name that opens
  /// something else (`all`, a number) is never free.
  mutating func claim(_ name: String) -> String {
    var free = name
    if taken.contains(name.lowercased()) || Notebook.isReservedName(name) {
      var number = nextNumber[name.lowercased(), default: 2]
      while taken.contains("\(name) (\(number))".lowercased()) { number += 1 }
      nextNumber[name.lowercased()] = number + 1
      free = "\(name) (\(number))"
    }
    taken.insert(free.lowercased())
    return free
  }
}

/// Why an import added nothing.
public enum LibraryImportError: Error, Equatable, LocalizedError {
  /// The store refused the addition; nothing was added.
  case store(NoteStoreError)
  /// A notebook's name breaks a rule no rename mends (empty, several lines, too long).
  case invalidNotebookName(String, NotebookNameError)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .store(let error): error.errorDescription
    case .invalidNotebookName(let name, let problem):
      "The notebook \u{201C}\(Self.shortened(name))\u{201D} can't be imported: "
        + "\(problem.errorDescription ?? "its name breaks a rule") Nothing was imported."
    }
  }

  /// A name as a message quotes it: its first 40 characters.
  private static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : text.prefix(40) + "…"
  }
}
