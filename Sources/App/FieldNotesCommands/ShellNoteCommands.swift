import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import Foundation

/// What the one-shot commands of the shell (`fieldnotes rm ID`, `pin`, `mv`, `tag`, `restore`)
/// need of the store before they run the REPL's own lines: the note a typed id names, the tags
/// `tag` leaves it with, the trash's row of a trashed note; and how those lines are run once.
///
/// Nothing here changes a note: each change is the REPL's command, run by ``runQuietly(_:in:
/// console:)``, so its rules and its answer are the REPL's.
@MainActor
public struct ShellNoteCommands {
  private let store: NoteStore

  /// Reads what the commands need from a store.
  ///
  /// - Parameter store: The store.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The saved note a typed id names: its whole id, or a prefix no other note shares.
  ///
  /// - Parameter typed: The id as typed.
  /// - Returns: The note.
  /// - Throws: ``ShellCommandRefusal`` with ``FieldNotesServices/NoteIDError``'s words.
  public func note(named typed: String) throws(ShellCommandRefusal) -> Note {
    do { return try NoteIDs(store: store).note(named: typed) } catch {
      throw ShellCommandRefusal(error.errorDescription ?? "no such note")
    }
  }

  /// The short id a list shows for a note, for a message that names it.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its shortest unique prefix.
  public func shortID(of id: Note.ID) -> NoteIDPrefix {
    NoteIDs(store: store).shortID(of: id)
  }

  /// The tags a note has after `tag`'s changes, as typed for the composer, whose rules then
  /// apply; `nil` when they change nothing.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - added: The tags to add, as typed.
  ///   - removed: The tags to take off, as typed.
  /// - Returns: The tags, or `nil`.
  /// - Throws: ``ShellCommandRefusal`` for a tag to take off that the note doesn't have, or
  ///   that its text writes (`#heron`), which a save would read back.
  public func tags(of note: Note, adding added: [String], removing removed: [String])
    throws(ShellCommandRefusal) -> [String]?
  {
    // Each word is read as the composer reads its `tags` line: commas or spaces between tags.
    let words = { (typed: [String]) in
      typed.flatMap { $0.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) }
    }
    var tags = note.tags
    // A tag the text writes comes back with the save, which reads the text's tags as import does.
    let written = TagRules.tagsWritten(in: note.body)
    for typed in words(removed) {
      let tag = TagRules.normalized(typed)
      guard let index = tags.firstIndex(of: tag) else {
        throw ShellCommandRefusal(
          "\u{201C}\(note.title.terminalSafe)\u{201D} has no tag #\(tag.terminalSafe); nothing "
            + "was changed")
      }
      guard !written.contains(tag) else {
        throw ShellCommandRefusal(
          "\u{201C}\(note.title.terminalSafe)\u{201D} has #\(tag.terminalSafe) written in its "
            + "text, which makes it a tag: edit the text to take it off; nothing was changed")
      }
      tags.remove(at: index)
    }
    for typed in words(added) where !tags.contains(TagRules.normalized(typed)) {
      tags.append(typed)
    }
    return tags == note.tags ? nil : tags
  }

  /// The row of the trash a typed id names: the trash lists the store's trashed notes in
  /// their order, so its `restore N` puts that note back.
  ///
  /// - Parameter typed: The id as typed.
  /// - Returns: The row, from 1.
  /// - Throws: ``ShellCommandRefusal`` when the id names no one trashed note; one still among
  ///   the notes is said to be, with how to bring back one of its versions.
  public func trashRow(named typed: String) throws(ShellCommandRefusal) -> Int {
    guard let prefix = NoteIDPrefix(typed) else {
      throw ShellCommandRefusal(NoteIDError.notAnID(typed).errorDescription ?? "not an id")
    }
    guard prefix.digits.count >= NoteIDPrefix.shortest else {
      throw ShellCommandRefusal(NoteIDError.tooShort(prefix).errorDescription ?? "too short")
    }
    let trashed: [TrashedNote]
    do { trashed = try store.journal.trashedNotes() } catch {
      throw ShellCommandRefusal(error.errorDescription ?? "the trash can't be read")
    }
    let rows = trashed.indices.filter { prefix.matches(trashed[$0].id) }
    switch rows.count {
    case 1: return rows[0] + 1
    case 0:
      let note = try note(named: typed)
      throw ShellCommandRefusal(
        "\u{201C}\(note.title.terminalSafe)\u{201D} is not in the trash; `fieldnotes history "
          + "\(prefix)` lists its versions, and `fieldnotes restore \(prefix) VERSION` brings "
          + "one back")
    default:
      // Each by its own short id, which names it alone, however alike the ids.
      let shown = rows.prefix(5).map { trashed[$0] }
      let ids =
        (try? NoteIDs(store: store).shortIDs(of: shown.map(\.id)))
        ?? shown.map { NoteIDPrefix(of: $0.id, length: 32) }
      throw ShellCommandRefusal(
        "\(rows.count) trashed notes' ids start with \(prefix); type more of the one you mean: "
          + zip(ids, shown).map { "\($0) \u{201C}\($1.note.title.terminalSafe)\u{201D}" }
          .joined(separator: ", ") + (rows.count > shown.count ? ", …" : ""))
    }
  }

  /// The list `ls -n N` draws: All Notes with the search (checked first by the REPL's own
  /// `search`, which says why one is refused) and the order, showing its first N rows.
  ///
  /// - Parameters:
  ///   - search: The search as typed; empty for none.
  ///   - order: The order's name; newest first when `nil`.
  ///   - count: How many rows.
  ///   - now: Where relative dates in the search are counted from.
  ///   - timeZone: The time zone of dates in the search.
  /// - Returns: The list's place, or `nil` for a search the query language refuses.
  public func firstRows(
    searching search: String, order: String?, count: Int, now: Date, timeZone: TimeZone
  ) -> Route? {
    let context = NoteQuery.Context(notebooks: store.notebooks, now: now, timeZone: timeZone)
    guard
      let parsed = try? search.isEmpty ? NoteSearch.none : NoteSearch(parsing: search, in: context)
    else { return nil }
    return .noteList(
      .allNotes,
      NoteListSettings(
        search: parsed, sortOrder: order.flatMap(NoteSortOrder.init(rawValue:)) ?? .newest,
        shownRowCount: count))
  }

  /// Runs the REPL's lines once, as a quiet script does, stopping at the first that fails.
  ///
  /// - Parameters:
  ///   - lines: The lines.
  ///   - session: The session to run them in, quiet, with the format asked for.
  ///   - console: Where an error goes.
  /// - Returns: 0 when every line was done, 1 when one failed (its error on standard error,
  ///   with no line number: the user typed one command) or unsaved work could not be kept.
  public static func runQuietly(
    _ lines: [String], in session: any LineSession, console: any ConsoleOutput
  ) async -> Int32 {
    session.start()
    for line in lines {
      let outcome = await session.runLine(Array(line.utf8))
      await session.waitForBackgroundWork()
      if case .failed(let error) = outcome {
        console.printError(MessageStyle.errorLine(error.message))
        _ = session.preserveUnsavedWork()
        return 1
      }
    }
    return session.preserveUnsavedWork() ? 0 : 1
  }
}

/// Why a one-shot command of the shell did nothing, in the user's words.
public struct ShellCommandRefusal: Error {
  /// What is wrong.
  public var message: String

  /// Creates the refusal.
  ///
  /// - Parameter message: What is wrong.
  public init(_ message: String) { self.message = message }
}

/// A console that rewords the lines of ordinary output on their way to another, such as the
/// REPL's "`undo` restores it" where the shell has no `undo`.
public final class RewritingConsole: ConsoleOutput {
  private let base: any ConsoleOutput
  private let rewrite: (String) -> String

  /// Creates the console.
  ///
  /// - Parameters:
  ///   - base: Where the lines go.
  ///   - rewrite: What each line of ordinary output becomes; errors pass as they are.
  public init(_ base: any ConsoleOutput, rewrite: @escaping (String) -> String) {
    self.base = base
    self.rewrite = rewrite
  }

  /// Prints the line reworded.
  public func print(_ line: String) { base.print(rewrite(line)) }
  /// Prints the error as it is.
  public func printError(_ line: String) { base.printError(line) }
  /// Prints the lines reworded, at once.
  public func print(lines: [String]) { base.print(lines: lines.map(rewrite)) }
}
