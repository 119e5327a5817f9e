import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTesting
import FieldNotesText
import Foundation
import NoteDetailFeature
import NoteDetailLive
import Testing

/// A link names the oldest of the notes that share its title, over a SQLite store as among
/// plain arrays (`NoteLink.resolved(_:among:)`): whether that note is pinned or not, and
/// whichever of them share its date.
@MainActor
@Suite struct LinkToASharedTitleTests {
  /// Twelve notes titled as the link names, in cases and accents that fold alike, on four
  /// dates, some pinned; and notes of other titles.
  func notes(oldestIsPinned: Bool) -> [Note] {
    let titles = ["Heron", "heron", "Héron", "HERON"]
    var notes = (0..<12).map { number in
      Note(
        id: UUID(number: 0x100 + (number * 7) % 12), title: titles[number % 4],
        body: "Seen \(number).", createdAt: SampleData.date(minutes: 5 + number % 4),
        isPinned: number % 3 == 0)
    }
    // The oldest of all, alone on its date.
    notes.append(
      Note(
        id: UUID(number: 0x1FF), title: "héron", body: "First.",
        createdAt: SampleData.date(minutes: 1), isPinned: oldestIsPinned))
    notes += (0..<5).map { number in
      Note(title: "Heron \(number)", createdAt: SampleData.date(minutes: number))
    }
    return notes
  }

  @Test(arguments: [false, true])
  func aLinkNamesTheOldestNoteOfItsTitle(oldestIsPinned: Bool) throws {
    let file = TemporaryStoreFile()
    let notes = notes(oldestIsPinned: oldestIsPinned)
    try SQLiteNoteRepository(path: file.path).commit(notes.map { .saveNote($0) })
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    let client = StoreNoteDetailClient(store: store, history: DeletionHistory())

    for link in [NoteLink(title: "heron"), NoteLink(title: "HÉRON")] {
      #expect(try client.note(namedBy: link)?.id == UUID(number: 0x1FF))
      #expect(NoteLink.resolved(link, among: notes)?.id == UUID(number: 0x1FF))
    }
    // Without the oldest, the oldest of those left: several share its date, so the first by id.
    let rest = notes.filter { $0.id != UUID(number: 0x1FF) }
    try store.perform(.deleteNote(UUID(number: 0x1FF)))
    let expected = NoteLink.resolved(NoteLink(title: "heron"), among: rest)?.id
    #expect(expected != nil)
    #expect(try client.note(namedBy: NoteLink(title: "heron"))?.id == expected)
  }
}
