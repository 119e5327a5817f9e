import FieldNotesModel
import Foundation

extension NoteStore {
  /// What an import added, and what it left out because the store already had it.
  public struct ImportSummary: Equatable, Sendable {
    /// The notes added.
    public var addedNotes: Int
    /// The notebooks added.
    public var addedNotebooks: Int
    /// The notes skipped because a note with the same identifier is here already.
    public var skippedNotes: Int
  }

  /// Adds what another library holds and this store does not, in one transaction.
  ///
  /// The merge policy: a note or notebook whose identifier is already here is skipped (the
  /// copy here wins); an incoming notebook whose name is taken, or opens something else
  /// (`all`, a number), is renamed "Name (2)", "Name (3)" and on; a note whose notebook is
  /// neither here nor imported goes in no notebook.
  ///
  /// A notebook's name meets the rules a typed one does (``FieldNotesModel/NotebookName``): one
  /// no rename mends (empty, on several lines, too long) fails the whole import, saying which.
  /// A note is held to the size limit, as everywhere; its title and tags are taken as they
  /// are, as a sync takes them, so that an export of any store FieldNotes holds imports again.
  ///
  /// - Parameters:
  ///   - incoming: The library to merge, such as a JSON export.
  ///   - progress: Told, while the notes are written, how many of the changes are written and
  ///     how many there are; by default nothing is told.
  /// - Returns: What was added and skipped.
  /// - Throws: ``LibraryImportError``; nothing was added then.
  /// - Complexity: O(*m*) lookups for *m* notes incoming, plus the renaming.
  @discardableResult
  public func importLibrary(
    _ incoming: NoteLibrary, progress: (_ written: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(LibraryImportError) -> ImportSummary {
    var seenNotebooks = Set(notebooks.map(\.id))
    var seenNotes: Set<Note.ID>
    do { seenNotes = try repository.savedNoteIDs(among: incoming.notes.map(\.id)) } catch {
      throw .store(.persistence(error))
    }
    var names = FreeNames(taken: notebooks.map(\.name))
    var addition = NoteLibrary()
    for var notebook in incoming.notebooks where seenNotebooks.insert(notebook.id).inserted {
      let name = notebook.name.trimmingCharacters(in: .whitespaces)
      switch NotebookName.problem(with: name) {
      case nil, .reserved?, .duplicate?: notebook.name = names.claim(name)
      case let problem?: throw .invalidNotebookName(name, problem)
      }
      addition.notebooks.append(notebook)
    }
    for var note in incoming.notes where seenNotes.insert(note.id).inserted {
      if let id = note.notebookID, !seenNotebooks.contains(id) { note.notebookID = nil }
      addition.notes.append(note)
    }
    if !addition.notes.isEmpty || !addition.notebooks.isEmpty {
      do { try perform(.addLibrary(addition), progress: progress) } catch { throw .store(error) }
    }
    return ImportSummary(
      addedNotes: addition.notes.count, addedNotebooks: addition.notebooks.count,
      skippedNotes: incoming.notes.count - addition.notes.count)
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
