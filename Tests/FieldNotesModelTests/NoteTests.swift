import FieldNotesModel
import Foundation
import Testing

@Suite struct NoteTests {
  @Test func initializerUsesTheSeedDefaults() {
    let note = Note(title: "Heron")
    #expect(note.body == "")
    #expect(note.notebookID == nil)
    #expect(note.tags == [])
    #expect(note.isPinned == false)
    #expect(note.updatedAt == note.createdAt)
  }

  @Test func addTagAppendsOnce() {
    var heron = Note(title: "Heron")
    heron.addTag("birds")
    heron.addTag("birds")
    heron.addTag("lake")
    #expect(heron.tags == ["birds", "lake"])
  }

  @Test func addingTagLeavesTheOriginalUnchanged() {
    let heron = Note(title: "Heron", tags: ["birds"])
    let tagged = heron.addingTag("lake")
    #expect(heron.tags == ["birds"])
    #expect(tagged.tags == ["birds", "lake"])
    #expect(tagged.id == heron.id)
  }

  @Test func codableRoundTripKeepsEveryField() throws {
    let note = Note(
      title: "Émile's \"notes\" 🦉", body: "line one\nline two",
      createdAt: Date(timeIntervalSinceReferenceDate: 1234.5678),
      notebookID: UUID(), tags: ["a", "b"], isPinned: true,
      updatedAt: Date(timeIntervalSinceReferenceDate: 9999.25))
    let data = try JSONEncoder().encode(note)
    #expect(try JSONDecoder().decode(Note.self, from: data) == note)
  }

  @Test func notebookDefaultsToTheClosedBookSymbol() {
    #expect(Notebook(name: "Birds").symbolName == "book.closed")
  }

  @Test func libraryRoundTripsThroughJSON() throws {
    let birds = Notebook(name: "Birds")
    let library = NoteLibrary(
      notebooks: [birds], notes: [Note(title: "Heron", notebookID: birds.id)])
    let data = try JSONEncoder().encode(library)
    #expect(try JSONDecoder().decode(NoteLibrary.self, from: data) == library)
  }
}
