import FieldNotesModel
import Testing

@testable import FieldNotesApp

@MainActor
@Suite struct RouterTests {
  @Test func theRootIsAlwaysTheNotebooksScreen() {
    let router = Router()
    #expect(router.current == .notebooks)
    #expect(!router.pop())
    #expect(router.current == .notebooks)
  }

  @Test func routesStackAndUnstack() {
    let router = Router()
    router.push(.noteList(.allNotes))
    router.push(.noteDetail(SampleNote.id))
    #expect(router.current == .noteDetail(SampleNote.id))
    #expect(router.pop())
    #expect(router.current == .noteList(.allNotes))
    router.push(.composer(.newNote(in: nil)))
    router.popToRoot()
    #expect(router.path.isEmpty)
    #expect(router.current == .notebooks)
  }

  private enum SampleNote {
    static let id = Note(title: "Heron").id
  }
}
