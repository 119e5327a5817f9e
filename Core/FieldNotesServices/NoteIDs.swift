import FieldNotesModel
import FieldNotesQuery
import Foundation

/// Short ids for notes, and the note a typed id names: how a list shows a note so that it can
/// be named again after any redraw, and how a command finds it from the shell or the REPL.
///
/// A short id is the shortest prefix of the note's id that no other note shares, saved or in
/// the trash, and at least ``FieldNotesQuery/NoteIDPrefix/shortest`` digits, as git abbreviates
/// a hash: one digit more than it shares with the ids just before and after it in the order of
/// their digits (``FieldNotesQuery/NoteIDPrefix/init(telling:from:)``). A trashed note's id
/// counts, so that an id a list shows never names a note in the trash too. A store that keeps its ids in an
/// index (``NoteIDOrder``) is asked for those two, so a list costs what it shows however many
/// notes there are and however alike their ids.
@MainActor
public struct NoteIDs {
  private let store: NoteStore

  /// Makes the ids of a store's notes.
  ///
  /// - Parameter store: The store.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The shortest prefix of a note's id that no other saved note shares.
  ///
  /// - Parameter id: The note.
  /// - Returns: The prefix; the whole id when the store can't be read (never a prefix that
  ///   might name another note).
  public func shortID(of id: Note.ID) -> NoteIDPrefix {
    (try? shortIDs(of: [id]).first) ?? NoteIDPrefix(of: id, length: 32)
  }

  /// The short ids of the notes a list shows, read from the repository as they are now.
  ///
  /// - Parameter ids: The notes.
  /// - Returns: Each note's short id, in the same order.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: Two indexed lookups a note in a store that keeps its ids in order; for one
  ///   that holds its library (in memory), O(*n* log *n*) once in the number of notes, then
  ///   O(log *n*) a note.
  public func shortIDs(of ids: [Note.ID]) throws(NoteStoreError) -> [NoteIDPrefix] {
    let neighbours: [[Note.ID]]
    if let ordered = store.repository as? any NoteIDOrder {
      do { neighbours = try ordered.noteIDs(nextTo: ids) } catch { throw .persistence(error) }
    } else {
      let trashed: [TrashedNote]
      do { trashed = try store.journal.trashedNotes() } catch { throw .persistence(error) }
      neighbours = Self.noteIDs(
        nextTo: ids, among: try store.wholeLibrary().notes.map(\.id) + trashed.map(\.id))
    }
    return zip(ids, neighbours).map { NoteIDPrefix(telling: $0, from: $1) }
  }

  /// The ids next to each of some ids among a library's, found by sorting the library's once
  /// and searching it for each.
  private static func noteIDs(nextTo ids: [Note.ID], among saved: [Note.ID]) -> [[Note.ID]] {
    let sorted = saved.map(\.uuidString).sorted()
    return ids.map { id in
      let text = id.uuidString
      // The first saved id not below this one.
      var (low, high) = (0, sorted.count)
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < text { low = middle + 1 } else { high = middle }
      }
      let above = sorted[low...].first { $0 != text }
      return [low > 0 ? sorted[low - 1] : nil, above].compactMap { $0.flatMap(UUID.init) }
    }
  }

  /// The saved note a typed id names: its whole id, or a prefix no other note shares.
  ///
  /// - Parameter typed: The id as typed: hex digits, in either case, dashes or not.
  /// - Returns: The note.
  /// - Throws: ``NoteIDError``: not an id, fewer than four digits, no such note (or only one
  ///   in the trash), or several notes (listed, so the user can type more of the one meant).
  public func note(named typed: String) throws(NoteIDError) -> Note {
    guard let prefix = NoteIDPrefix(typed) else { throw .notAnID(typed) }
    // Fewer digits than a list shows name a note by chance, not by choice.
    guard prefix.digits.count >= NoteIDPrefix.shortest else { throw .tooShort(prefix) }
    let found: NotePage
    do {
      found = try store.repository.page(
        NoteListQuery(scope: .allNotes, search: .id(prefix), order: .oldest, limit: 5))
    } catch {
      throw .store(.persistence(error))
    }
    switch found.totalCount {
    case 0:
      // A note deleted a moment ago is looked for by the id a list showed: say where it went.
      if let trashed = try? store.journal.trashedNotes().first(where: { prefix.matches($0.id) }) {
        throw .inTrash(prefix, title: trashed.note.title)
      }
      throw .noNote(prefix)
    case 1:
      // A note in the trash whose id starts so too is meant as much as the saved one.
      let trashed =
        prefix.digits.count < 32
        ? ((try? store.journal.trashedNotes()) ?? []).filter {
          prefix.matches($0.id) && $0.id != found.notes[0].id
        } : []
      guard !trashed.isEmpty else { return found.notes[0] }
      let ids = [found.notes[0].id] + trashed.map(\.id)
      let shortIDs = (try? shortIDs(of: ids)) ?? ids.map { NoteIDPrefix(of: $0, length: 32) }
      throw .ambiguous(
        prefix, count: ids.count,
        candidates: [.init(id: shortIDs[0], title: found.notes[0].title)]
          + zip(trashed, shortIDs.dropFirst()).prefix(4).map {
            NoteIDError.Candidate(id: $1, title: $0.note.title, isTrashed: true)
          })
    default:
      // Each candidate by its own short id, which names it alone, however alike the ids.
      let ids = found.notes.map(\.id)
      let shortIDs = (try? shortIDs(of: ids)) ?? ids.map { NoteIDPrefix(of: $0, length: 32) }
      throw .ambiguous(
        prefix, count: found.totalCount,
        candidates: zip(found.notes, shortIDs).map {
          NoteIDError.Candidate(id: $1, title: $0.title)
        })
    }
  }
}

/// Why a typed id names no one note; each says so in a user's words.
public enum NoteIDError: Error, Hashable, LocalizedError {
  /// A note an ambiguous id could mean: its short id, which names it alone, and its title.
  public struct Candidate: Hashable, Sendable {
    /// Its short id: a prefix of its id that no other saved note shares.
    public var id: NoteIDPrefix
    /// Its title.
    public var title: String
    /// Whether it is in the trash.
    public var isTrashed: Bool

    /// Names a candidate.
    ///
    /// - Parameters:
    ///   - id: A prefix of its id.
    ///   - title: Its title.
    ///   - isTrashed: Whether it is in the trash; not by default.
    public init(id: NoteIDPrefix, title: String, isTrashed: Bool = false) {
      self.id = id
      self.title = title
      self.isTrashed = isTrashed
    }
  }

  /// Not hex digits.
  case notAnID(String)
  /// Fewer digits than ``FieldNotesQuery/NoteIDPrefix/shortest``, which a list never shows.
  case tooShort(NoteIDPrefix)
  /// No saved note's id starts so.
  case noNote(NoteIDPrefix)
  /// No saved note's id starts so, but a note in the trash's does: the id as typed, and its
  /// title.
  case inTrash(NoteIDPrefix, title: String)
  /// Several notes' ids start so: how many, and the first few.
  case ambiguous(NoteIDPrefix, count: Int, candidates: [Candidate])
  /// The store couldn't be read.
  case store(NoteStoreError)

  /// The message a user sees.
  public var errorDescription: String? {
    switch self {
    case .notAnID(let typed):
      "\u{201C}\(typed)\u{201D} is not a note's id: an id is hex digits, as lists show them"
    case .tooShort(let prefix):
      "\(prefix) is too short to name a note: type at least \(NoteIDPrefix.shortest) digits of its id"
    case .noNote(let prefix):
      "no note's id starts with \(prefix)"
    case .inTrash(let prefix, let title):
      "\u{201C}\(title)\u{201D} is in the trash: `fieldnotes restore \(prefix)` takes it out (in "
        + "the REPL, `trash`)"
    case .ambiguous(let prefix, let count, let candidates):
      "\(count) notes' ids start with \(prefix); type more of the one you mean: "
        + candidates.map {
          "\($0.id) \u{201C}\($0.title)\u{201D}" + ($0.isTrashed ? " (in the trash)" : "")
        }.joined(separator: ", ")
        + (count > candidates.count ? ", …" : "")
    case .store(let error):
      error.errorDescription
    }
  }
}
