import Foundation

/// A service that hands a file's text to the editor the user chose and brings back what they
/// left in it: `$VISUAL`, else `$EDITOR`, else `vi`, as git chooses.
///
/// It is a dependency like the store and the summarizer: the app composes the live one
/// (``FieldNotesServicesLive`` starts the editor on the terminal), and a view model's tests
/// use a double (`ScriptedTextEditor` in FieldNotesTesting) that edits on cue, so a test of
/// the composer never starts a program.
public protocol TextEditing: Sendable {
  /// Opens text in the editor and returns the text as the editor left it.
  ///
  /// - Parameters:
  ///   - text: The file's bytes, as the editor is given them.
  ///   - fileName: A name for the file, whose extension tells the editor what it holds, such
  ///     as `note.md`.
  /// - Returns: The file's bytes once the editor exited cleanly.
  /// - Throws: ``TextEditingError`` when there is no editor to start, it could not be
  ///   started, or it failed; nothing the editor wrote is returned then. An editor that
  ///   failed after it wrote the file (a signal, or a status such as `:cq`'s) leaves it as a
  ///   leftover edit (``TextEditingError/endedAfterWriting(_:_:)``), to be kept as a draft.
  func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data

  /// The files of edits still there because FieldNotes stopped while their editor ran (a
  /// crash, a kill), or because the editor died after writing, which no running edit holds:
  /// their text is the user's, to be kept in this store.
  ///
  /// Only this store's: a file another store's FieldNotes (or one with a store in memory) gave
  /// the editor is never among them, so its text never lands in the wrong library.
  ///
  /// - Returns: The files, oldest name first.
  func leftoverEdits() -> [LeftoverEdit]

  /// Removes a leftover edit's file, once what it holds is kept elsewhere.
  ///
  /// - Parameter edit: The leftover edit.
  func forget(_ edit: LeftoverEdit)

  /// The files of edits another store's FieldNotes (or one with a store in memory) left: never
  /// taken here, and named, so the user knows their text is kept and where.
  ///
  /// - Returns: Their paths.
  func leftoverEditsOfOtherStores() -> [String]

  /// Holds unsaved text FieldNotes is writing itself (the composer's) in a file of this store's
  /// own, as an edit running: while the session lives no other takes it, and once it stops —
  /// killed outright, with no chance to keep anything — the file is a leftover edit
  /// (``leftoverEdits()``), whose text the next session keeps as a draft.
  ///
  /// - Parameters:
  ///   - text: The text, as the editor would be given it.
  ///   - fileName: The file's name, as ``edit(_:fileName:)`` is given it: it says which note the
  ///     text is of.
  ///   - held: The file a call before returned, whose text this replaces whole (never half
  ///     written); `nil` for a new file.
  /// - Returns: The file, held until ``letGo(_:)``; `nil` where no file can be kept (no folder
  ///   for this store's files, or a store in memory, whose text goes with it).
  /// - Throws: ``TextEditingError/fileProblem(_:)`` when it couldn't be written; a file held
  ///   before is as it was then.
  func hold(_ text: Data, fileName: String, replacing held: HeldText?) throws(TextEditingError)
    -> HeldText?

  /// Adds text at the end of a held file, as the lines of a body being typed come: each costs
  /// what it adds, where replacing the file whole would cost the whole body at every line.
  ///
  /// - Parameters:
  ///   - more: The text to add.
  ///   - held: The file.
  /// - Throws: ``TextEditingError/fileProblem(_:)`` when it couldn't be added; the file then
  ///   holds its text before, or that and part of what was added, never less.
  func hold(appending more: Data, to held: HeldText) throws(TextEditingError)

  /// Removes a held file, once its text is kept elsewhere (saved, or kept as a draft) or the
  /// user threw it away.
  ///
  /// - Parameter held: The file.
  func letGo(_ held: HeldText)
}

extension TextEditing {
  /// None: an editor that leaves no files behind.
  public func leftoverEdits() -> [LeftoverEdit] { [] }

  /// Nothing to remove.
  ///
  /// - Parameter edit: The leftover edit.
  public func forget(_ edit: LeftoverEdit) {}

  /// None: an editor that leaves no files behind.
  public func leftoverEditsOfOtherStores() -> [String] { [] }

  /// None: an editor that keeps no files.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fileName: The file's name.
  ///   - held: The file a call before returned.
  /// - Returns: `nil`.
  /// - Throws: Never.
  public func hold(_ text: Data, fileName: String, replacing held: HeldText?)
    throws(TextEditingError) -> HeldText?
  { nil }

  /// Nothing is held: always throws.
  ///
  /// - Parameters:
  ///   - more: The text.
  ///   - held: The file.
  /// - Throws: Always ``TextEditingError/fileProblem(_:)``.
  public func hold(appending more: Data, to held: HeldText) throws(TextEditingError) {
    throw .fileProblem("this editor keeps no files")
  }

  /// Nothing to remove.
  ///
  /// - Parameter held: The file.
  public func letGo(_ held: HeldText) {}
}

/// A file ``TextEditing/hold(_:fileName:replacing:)`` keeps unsaved text in, held by this
/// session until it lets go of it (``TextEditing/letGo(_:)``) or ends.
public struct HeldText: Sendable {
  /// Where the file is.
  public var path: String
  /// What keeps it held — the live editor's lock on it — released when the last copy goes, or
  /// when the session ends however it ends; `nil` for a test's file, which no lock holds.
  package var holder: (any AnyObject & Sendable)?

  /// Names a held file.
  ///
  /// - Parameters:
  ///   - path: Where it is.
  ///   - holder: What keeps it held, if anything.
  package init(path: String, holder: (any AnyObject & Sendable)?) {
    self.path = path
    self.holder = holder
  }
}

/// A file an editor was given that is still there because FieldNotes stopped while the editor
/// ran.
public struct LeftoverEdit: Hashable, Sendable {
  /// The name it was given, as ``TextEditing/edit(_:fileName:)`` got it, such as `note.md`.
  public var fileName: String
  /// What the file holds now.
  public var text: Data
  /// Where it is, for ``TextEditing/forget(_:)``; unique among the leftover edits, so each is
  /// kept as a draft of its own.
  public var path: String
  /// When the editor last wrote it.
  public var modifiedAt: Date

  /// Creates a leftover edit.
  ///
  /// - Parameters:
  ///   - fileName: The name the edit was given.
  ///   - text: What the file holds.
  ///   - path: Where it is.
  ///   - modifiedAt: When the editor last wrote it.
  public init(fileName: String, text: Data, path: String, modifiedAt: Date) {
    self.fileName = fileName
    self.text = text
    self.path = path
    self.modifiedAt = modifiedAt
  }
}

/// Why editing in the user's editor gave nothing back.
public enum TextEditingError: Error, Hashable, LocalizedError {
  /// No editor is set and there is no terminal to run `vi` on (a script).
  case noEditor
  /// The editor could not be started: why.
  case cannotStart(String)
  /// The editor exited with this status (`:cq` in vi).
  case failed(status: Int32)
  /// This signal ended the editor before it changed the file.
  case killed(signal: Int32)
  /// The editor failed after it wrote the file — a signal (a crash, an out-of-memory kill) or an
  /// exit status (`:cq`, or an editor whose plugin failed after `:wq`): the file is left as it
  /// was, as git keeps `COMMIT_EDITMSG`, for its text to be kept.
  case endedAfterWriting(EditorEnding, LeftoverEdit)
  /// The file handed to the editor could not be written or read back: why.
  case fileProblem(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .noEditor:
      "No editor is set, and vi can't run here (there is no terminal, or TERM is dumb): set "
        + "VISUAL or EDITOR."
    case .cannotStart(let reason):
      "The editor could not be started: \(reason)."
    case .failed(let status):
      // An exit status is the editor's answer (`:cq` in vi asks for it): what it wrote is
      // discarded, as `git commit` aborts.
      "The editor exited with status \(status), so nothing it wrote was taken."
    case .killed(let signal):
      "The editor was ended by signal \(signal), so nothing it wrote was taken."
    case .endedAfterWriting(let ending, let leftover):
      "The editor \(ending.phrase) after it wrote the file, which is kept at \(leftover.path)."
    case .fileProblem(let reason):
      "The file for the editor could not be used: \(reason)."
    }
  }
}

/// How an editor that didn't hand its file back ended.
public enum EditorEnding: Hashable, Sendable {
  /// It exited with this status (`:cq` in vi gives 1).
  case status(Int32)
  /// This signal ended it.
  case signal(Int32)

  /// How it ended, as a message says it: "exited with status 1", "was ended by signal 11".
  public var phrase: String {
    switch self {
    case .status(let status): "exited with status \(status)"
    case .signal(let signal): "was ended by signal \(signal)"
    }
  }
}

/// The editor used where none may run: every edit throws ``TextEditingError/noEditor``.
public struct UnavailableTextEditor: TextEditing {
  /// Creates an editor that is never there.
  public init() {}

  /// Throws ``TextEditingError/noEditor``.
  ///
  /// - Parameters:
  ///   - text: The text that was to be edited.
  ///   - fileName: Its file's name.
  /// - Returns: Never returns.
  /// - Throws: Always ``TextEditingError/noEditor``.
  public func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data {
    throw .noEditor
  }
}
