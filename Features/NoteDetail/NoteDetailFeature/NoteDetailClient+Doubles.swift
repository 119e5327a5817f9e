import FieldNotesModel
import FieldNotesServices
import FieldNotesText
import Foundation
import Observation

/// Notes held in memory, for tests and previews: a test sets what is there, and reads what the
/// view model did to it.
@MainActor
@Observable
public final class InMemoryNoteDetailClient: NoteDetailClient {
  // The revision moves before the notes do, so an observer told of the change (before it is
  // made) reads the old revision with the old notes, never the old revision with new notes.
  /// The notes.
  public var notes: [Note] { willSet { revision += 1 } }
  /// The notebooks.
  public var notebooks: [Notebook] { willSet { revision += 1 } }
  /// How many times the notes or notebooks changed.
  public private(set) var revision = 0
  /// The notes in the trash, deleted last first.
  public private(set) var trash: [Note] = []
  /// Each note's versions, by number.
  public var versionsByNote: [Note.ID: [NoteVersion]]
  /// What every write throws, when a test sets it: a store that can't be written.
  public var writeFailure: NoteDetailError?
  /// The files kept with each note, by name.
  public var attachmentsByNote: [Note.ID: [NoteAttachment]] = [:] { willSet { revision += 1 } }
  /// How many times an attachment's bytes were read (``attachment(named:of:)``): a page that
  /// only lists them reads none.
  public private(set) var attachmentByteReads = 0
  /// The files written outside the store, by path: a test puts one there to stand for a file of
  /// the user's, which a new file may not replace.
  public var writtenFiles: [String: Data] = [:]
  /// When a restored version's replaced text is said to have been replaced.
  private let now: Date

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - notes: The notes there are.
  ///   - notebooks: The notebooks there are.
  ///   - versions: Each note's versions.
  ///   - now: The date a version restored here keeps as when it replaced the text.
  public init(
    notes: [Note] = [], notebooks: [Notebook] = [], versions: [Note.ID: [NoteVersion]] = [:],
    now: Date = Date(timeIntervalSinceReferenceDate: 0)
  ) {
    self.notes = notes
    self.notebooks = notebooks
    self.versionsByNote = versions
    self.now = now
  }

  /// The note, or `nil` once deleted.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note.
  public func note(_ id: Note.ID) -> Note? { notes.first { $0.id == id } }

  /// The oldest note whose title folds as the link's does.
  ///
  /// - Parameter link: The link.
  /// - Returns: The note, or `nil`.
  public func note(namedBy link: NoteLink) -> Note? { NoteLink.resolved(link, among: notes) }

  /// The notes whose bodies link to the title, by title.
  ///
  /// - Parameter title: The title.
  /// - Returns: The notes.
  public func notes(linkingTo title: String) -> [Note] {
    let key = SearchFolding.fold(title)
    return notes.filter { NoteLink.body($0.body, linksTo: key) }.sorted {
      NoteSortOrder.titleKey($0.title).lexicographicallyPrecedes(NoteSortOrder.titleKey($1.title))
    }
  }

  /// Retitles the note and rewrites the links naming it, keeping each replaced text as a
  /// version.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: The new title.
  /// - Returns: How many other notes' links were rewritten.
  /// - Throws: ``writeFailure``, or ``NoteDetailError/store(_:)`` with `noteNotFound`.
  public func rename(_ id: Note.ID, to title: String) throws(NoteDetailError) -> Int {
    guard let current = note(id) else { throw .store(.noteNotFound(id)) }
    if let writeFailure { throw writeFailure }
    let keys = NoteLink.keys(naming: current, among: notes)
    var rewritten = 0
    var changed: [Note] = []
    for note in notes {
      var edited = note
      if note.id == id { edited.title = title }
      edited.body = NoteLink.body(note.body, renamingLinksTo: keys, as: title)
      guard edited != note else { continue }
      if note.id != id { rewritten += 1 }
      let next = (versions(of: note.id).map(\.number).max() ?? 0) + 1
      versionsByNote[note.id, default: []].append(
        NoteVersion(of: note, number: next, replacedAt: now))
      changed.append(edited)
    }
    notes = notes.map { note in changed.first { $0.id == note.id } ?? note }
    return rewritten
  }

  /// Rewrites the links naming `title` in every other note, each keeping a version.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: Its earlier title.
  /// - Returns: How many notes were rewritten.
  /// - Throws: ``writeFailure``, or ``NoteDetailError/store(_:)`` for no such note.
  public func relink(_ id: Note.ID, from title: String) throws(NoteDetailError) -> Int {
    guard let current = note(id) else { throw .store(.noteNotFound(id)) }
    if let writeFailure { throw writeFailure }
    let key = SearchFolding.fold(title)
    var changed: [Note] = []
    for note in notes where note.id != id {
      var edited = note
      edited.body = NoteLink.body(note.body, renamingLinksTo: key, as: current.title)
      guard edited != note else { continue }
      let next = (versions(of: note.id).map(\.number).max() ?? 0) + 1
      versionsByNote[note.id, default: []].append(
        NoteVersion(of: note, number: next, replacedAt: now))
      changed.append(edited)
    }
    notes = notes.map { note in changed.first { $0.id == note.id } ?? note }
    return changed.count
  }

  /// Whether the note was deleted here.
  ///
  /// - Parameter id: The note.
  /// - Returns: `true` when it is in ``trash``.
  public func isInTrash(_ id: Note.ID) -> Bool { trash.contains { $0.id == id } }

  /// The notebook's name.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil`.
  public func notebookName(_ id: Notebook.ID) -> String? {
    notebooks.first { $0.id == id }?.name
  }

  /// The notebooks' names.
  public var notebookNames: [String] { notebooks.map(\.name) }

  /// The notebook of that name, ignoring case; `nil` for `none`.
  ///
  /// - Parameter name: The name.
  /// - Returns: The notebook.
  /// - Throws: ``NoteDetailError/store(_:)`` with `noNotebookNamed` for no such notebook.
  public func notebook(named name: String) throws(NoteDetailError) -> Notebook? {
    if name.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    guard let notebook = notebooks.first(where: { $0.name.lowercased() == name.lowercased() })
    else { throw .store(.noNotebookNamed(name)) }
    return notebook
  }

  /// Pins or unpins the note.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether it should be pinned.
  /// - Returns: Whether it changed.
  /// - Throws: ``writeFailure``.
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteDetailError) -> Bool {
    guard note(id)?.isPinned != isPinned else { return false }
    try change(id) { $0.isPinned = isPinned }
    return true
  }

  /// Moves the note.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - notebookID: The destination.
  /// - Throws: ``writeFailure``.
  public func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(NoteDetailError) {
    try change(id) { $0.notebookID = notebookID }
  }

  /// Moves the note to ``trash``.
  ///
  /// - Parameter id: The note.
  /// - Throws: ``writeFailure``.
  public func delete(_ id: Note.ID) throws(NoteDetailError) {
    if let writeFailure { throw writeFailure }
    guard let note = note(id) else { return }
    notes.removeAll { $0.id == id }
    trash.insert(note, at: 0)
  }

  /// Takes the note deleted last out of ``trash``.
  ///
  /// - Returns: The note, or `nil` when the trash is empty.
  /// - Throws: ``writeFailure``.
  public func undoDelete() throws(NoteDetailError) -> Note? {
    if let writeFailure { throw writeFailure }
    guard !trash.isEmpty else { return nil }
    let note = trash.removeFirst()
    notes.append(note)
    return note
  }

  /// The note's versions.
  ///
  /// - Parameter id: The note.
  /// - Returns: The versions.
  public func versions(of id: Note.ID) -> [NoteVersion] { versionsByNote[id] ?? [] }

  /// Makes the version the note's text, keeping the text it replaces as the newest version;
  /// a version that is the note's text already writes nothing.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - number: The version.
  /// - Throws: ``writeFailure``, or ``NoteDetailError/store(_:)`` with `versionNotFound`.
  public func restoreVersion(_ id: Note.ID, number: Int) throws(NoteDetailError) {
    guard let current = note(id),
      let version = versions(of: id).first(where: { $0.number == number })
    else { throw .store(.versionNotFound(id, number: number)) }
    let restored = version.applied(to: current)
    guard restored != current else { return }
    if let writeFailure { throw writeFailure }
    let next = (versions(of: id).map(\.number).max() ?? 0) + 1
    versionsByNote[id, default: []].append(NoteVersion(of: current, number: next, replacedAt: now))
    notes = notes.map { $0.id == id ? restored : $0 }
  }

  /// The names and sizes of the files kept with the note.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes.
  public func attachments(of id: Note.ID) -> [NoteAttachment.Entry] {
    (attachmentsByNote[id] ?? []).map(\.entry)
  }

  /// One file kept with the note, counted in ``attachmentByteReads``.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  public func attachment(named name: String, of id: Note.ID) -> NoteAttachment? {
    attachmentByteReads += 1
    return attachmentsByNote[id]?.first { $0.name == name }
  }

  /// Writes the file into ``writtenFiles``, unless a file is at its path.
  ///
  /// - Parameters:
  ///   - data: The content.
  ///   - path: The file.
  /// - Throws: ``NoteDetailError/fileNotWritten(_:)`` when ``writtenFiles`` has the path.
  public func createFile(_ data: Data, at path: String) throws(NoteDetailError) {
    guard writtenFiles[path] == nil else {
      throw .fileNotWritten(NewFileError(path: path, reason: "is there already"))
    }
    writtenFiles[path] = data
  }

  private func change(_ id: Note.ID, _ edit: (inout Note) -> Void) throws(NoteDetailError) {
    if let writeFailure { throw writeFailure }
    notes = notes.map { note in
      guard note.id == id else { return note }
      var note = note
      edit(&note)
      return note
    }
  }
}

/// A client that fails every use: what a test hands the view model when the step it tests must
/// not touch the notes, so a step that does is reported (through `report`, which a test points
/// at `Issue.record`) rather than passing against a silent default.
@MainActor
public final class UnimplementedNoteDetailClient: NoteDetailClient {
  private let report: (String) -> Void

  /// Creates the client.
  ///
  /// - Parameter report: Told the member used, as `NoteDetailClient.delete(_:)`.
  public init(report: @escaping (String) -> Void) {
    self.report = report
  }

  /// Reports the read; no note.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: `nil`.
  public func note(_ id: Note.ID) -> Note? { reported("note(_:)", nil) }

  /// Reports the read; no change yet.
  public var revision: Int { reported("revision", 0) }

  /// Reports the read; no note.
  ///
  /// - Parameter link: Ignored.
  /// - Returns: `nil`.
  public func note(namedBy link: NoteLink) -> Note? { reported("note(namedBy:)", nil) }

  /// Reports the read; no note.
  ///
  /// - Parameter title: Ignored.
  /// - Returns: No note.
  public func notes(linkingTo title: String) -> [Note] { reported("notes(linkingTo:)", []) }

  /// Reports the read; not in the trash.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: `false`.
  public func isInTrash(_ id: Note.ID) -> Bool { reported("isInTrash(_:)", false) }

  /// Reports the read; no notebook.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: `nil`.
  public func notebookName(_ id: Notebook.ID) -> String? { reported("notebookName(_:)", nil) }

  /// Reports the read; no notebook.
  public var notebookNames: [String] { reported("notebookNames", []) }

  /// Reports the request, and refuses it.
  ///
  /// - Parameter name: Ignored.
  /// - Returns: Never.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func notebook(named name: String) throws(NoteDetailError) -> Notebook? {
    throw refusal("notebook(named:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - id: Ignored.
  ///   - title: Ignored.
  /// - Returns: Never.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func rename(_ id: Note.ID, to title: String) throws(NoteDetailError) -> Int {
    throw refusal("rename(_:to:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - id: Ignored.
  ///   - title: Ignored.
  /// - Returns: Never.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func relink(_ id: Note.ID, from title: String) throws(NoteDetailError) -> Int {
    throw refusal("relink(_:from:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - id: Ignored.
  ///   - isPinned: Ignored.
  /// - Returns: Never.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteDetailError) -> Bool {
    throw refusal("setPinned(_:_:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - id: Ignored.
  ///   - notebookID: Ignored.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(NoteDetailError) {
    throw refusal("move(_:to:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameter id: Ignored.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func delete(_ id: Note.ID) throws(NoteDetailError) { throw refusal("delete(_:)") }

  /// Reports the request, and refuses it.
  ///
  /// - Returns: Never.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func undoDelete() throws(NoteDetailError) -> Note? { throw refusal("undoDelete()") }

  /// Reports the read; no version.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: No version.
  public func versions(of id: Note.ID) -> [NoteVersion] { reported("versions(of:)", []) }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - id: Ignored.
  ///   - number: Ignored.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func restoreVersion(_ id: Note.ID, number: Int) throws(NoteDetailError) {
    throw refusal("restoreVersion(_:number:)")
  }

  /// Reports the read; no attachment.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: No attachment.
  public func attachments(of id: Note.ID) -> [NoteAttachment.Entry] {
    reported("attachments(of:)", [])
  }

  /// Reports the read; no attachment.
  ///
  /// - Parameters:
  ///   - name: Ignored.
  ///   - id: Ignored.
  /// - Returns: No attachment.
  public func attachment(named name: String, of id: Note.ID) -> NoteAttachment? {
    reported("attachment(named:of:)", nil)
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - data: Ignored.
  ///   - path: Ignored.
  /// - Throws: ``NoteDetailError/notProvided(_:)``.
  public func createFile(_ data: Data, at path: String) throws(NoteDetailError) {
    throw refusal("createFile(_:at:)")
  }

  private func reported<Value>(_ member: String, _ value: Value) -> Value {
    report("NoteDetailClient.\(member)")
    return value
  }

  private func refusal(_ member: String) -> NoteDetailError {
    report("NoteDetailClient.\(member)")
    return .notProvided("NoteDetailClient.\(member)")
  }
}
