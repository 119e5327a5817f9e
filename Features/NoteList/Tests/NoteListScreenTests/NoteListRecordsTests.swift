import FieldNotesFormats
import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// A note list in a script's format prints its rows' records, the same in both forms.
@MainActor
@Suite struct NoteListRecordsTests {
  static func context(_ format: OutputFormat) -> TerminalContext {
    TerminalContext(columns: nil, rows: nil, style: .plain, format: format)
  }

  @Test(arguments: [OutputFormat.json, .jsonl, .markdown])
  func bothFormsPrintTheSameRecordsFor200GeneratedCases(_ format: OutputFormat) {
    var random = SeededRandomNumberGenerator(seed: 20_261_130)
    for _ in 0..<200 {
      let library = NoteListEquivalenceTests.makeLibrary(&random)
      let forms = NoteListForms(
        store: NoteStore(notes: library.notes, notebooks: library.notebooks, now: .fixed()))
      let settings = NoteListEquivalenceTests.makeSettings(&random)
      let mvvm = forms.list(.mvvm, settings: settings)
      let mv = forms.list(.mv, settings: settings)
      let lines = mvvm.render(in: Self.context(format))
      #expect(lines == mv.render(in: Self.context(format)), "settings \(settings)")
      if format == .jsonl { #expect(lines.count == mvvm.drawn.rows.count) }
    }
  }

  /// Each row is its note's whole record, its notebook named; nothing else is printed.
  @Test func jsonIsTheRowsRecordsInTheListsOrder() throws {
    let notebook = Notebook(id: UUID(number: 0x100), name: "Birds")
    let heron = Note(
      id: UUID(number: 1), title: "Heron", body: "Grey.", createdAt: SampleData.date(minutes: -5),
      notebookID: notebook.id, tags: ["birds"], isPinned: true)
    let wren = Note(id: UUID(number: 2), title: "Wren", createdAt: SampleData.date(minutes: -1))
    let store = NoteStore(notes: [heron, wren], notebooks: [notebook], now: .fixed())
    let list = NoteListForms(store: store).list(.mvvm, settings: NoteListSettings())

    #expect(
      list.render(in: Self.context(.json)) == [
        "[",
        "  " + NoteRecord(heron, notebook: "Birds").json + ",",
        "  " + NoteRecord(wren, notebook: nil).json,
        "]",
      ])
    let empty = NoteListForms(store: NoteStore(notes: [])).list(.mvvm, settings: NoteListSettings())
    #expect(empty.render(in: Self.context(.json)) == ["[]"])
    #expect(empty.render(in: Self.context(.jsonl)) == [])
  }
}
