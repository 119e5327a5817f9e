import FieldNotesModel
import FieldNotesServices
import Foundation

/// A small, fixed library for tests: two notebooks and four notes with predictable identifiers
/// and dates.
public enum SampleData {
  /// The "Birds" notebook.
  public static let birds = Notebook(id: UUID(number: 0xB1), name: "Birds", symbolName: "bird")
  /// The "Plants" notebook.
  public static let plants = Notebook(id: UUID(number: 0xB2), name: "Plants", symbolName: "leaf")

  /// A pinned note in Birds.
  public static let heron = Note(
    id: UUID(number: 0xA1), title: "Heron at the lake", body: "Grey heron, still as a post.",
    createdAt: date(minutes: 0), notebookID: birds.id, tags: ["birds", "lake"], isPinned: true)
  /// An unpinned note in Birds.
  public static let kingfisher = Note(
    id: UUID(number: 0xA2), title: "Kingfisher", body: "A flash of blue under the bridge.",
    createdAt: date(minutes: 10), notebookID: birds.id, tags: ["birds"])
  /// A note in Plants.
  public static let moss = Note(
    id: UUID(number: 0xA3), title: "Moss on the north wall", body: "Thick after the rain.",
    createdAt: date(minutes: 20), notebookID: plants.id, tags: ["plants"])
  /// A note in no notebook.
  public static let shoppingList = Note(
    id: UUID(number: 0xA4), title: "Field kit", body: "Binoculars, hand lens, pencil.",
    createdAt: date(minutes: 30))

  /// The whole sample library.
  public static var library: NoteLibrary {
    NoteLibrary(notebooks: [birds, plants], notes: [heron, kingfisher, moss, shoppingList])
  }

  /// A session of FieldNotes with a readable identity, started some minutes before the
  /// reference date at a terminal of its number.
  ///
  /// - Parameter number: Which session; its identifier spells it.
  /// - Returns: The session.
  public static func session(_ number: Int) -> DraftSession {
    DraftSession(
      id: UUID(number: 0x5E55_0000 + number), startedAt: date(minutes: -number),
      terminal: "/dev/pts/\(number)")
  }

  /// The reference date plus some minutes.
  ///
  /// - Parameter minutes: Minutes after ``FieldNotesServices/DateProvider/referenceDate``.
  /// - Returns: The date.
  public static func date(minutes: Int) -> Date {
    DateProvider.referenceDate.addingTimeInterval(TimeInterval(minutes * 60))
  }
}
