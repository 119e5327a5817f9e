import FieldNotesModel
import FieldNotesQuery
import Foundation
import NoteListFeature
import Testing

/// What `search`, `filter`, `tag`, `sort` and `more` do to a list's settings in both forms, and
/// what the list says when one changes nothing: values, with no terminal and no store.
@Suite struct NoteListSettingsChangeTests {
  static let heron = NoteSearch(literally: "heron")

  @Test func aFilterReplacesTheOtherAndAllClearsBoth() {
    let pinned = NoteListFilter.pinned.applied(to: NoteListSettings())
    #expect(pinned == NoteListSettings(showsPinnedOnly: true))
    let both = NoteListFilter.untagged.applied(to: pinned)
    #expect(both == NoteListSettings(showsPinnedOnly: true, showsUntaggedOnly: true))
    #expect(NoteListFilter.all.applied(to: both) == NoteListSettings())
  }

  /// A place in the list's order, as `more` takes it from the last row drawn.
  static let place = NoteListPosition(
    of: Note(id: UUID(number: 7), title: "Heron", createdAt: Date(timeIntervalSince1970: 0)),
    in: .newest)

  @Test func aChangeThatChangesNothingLeavesTheSettingsAndSaysWhy() {
    let settings = NoteListSettings(
      search: Self.heron, tag: "birds", showsPinnedOnly: true, sortOrder: .title)
    let cases: [(NoteListSettingsChange, String)] = [
      (.search(Self.heron), "The list already shows the search \u{201C}heron\u{201D}."),
      (.filter(.pinned), "The list already shows only pinned notes."),
      (.tag("#Birds"), "The list already shows notes tagged #birds."),
      (.sort(.title), "The list is already sorted by title."),
      (.showMore(after: 200, following: nil, hiddenCount: 0), "Every note of the list is shown."),
    ]
    for (change, message) in cases {
      #expect(change.applied(to: settings) == settings, "\(change)")
      #expect(change.unchangedMessage == message)
    }
    #expect(NoteListSettingsChange.search(.none).unchangedMessage == "There is no search to clear.")
    #expect(NoteListSettingsChange.tag(nil).unchangedMessage == "There is no tag to clear.")
    #expect(
      NoteListSettingsChange.filter(.all).unchangedMessage == "The list already shows every note.")
  }

  @Test func aTagIsShownInTheFormTagsTakeAndAnEmptyOneClearsIt() {
    let tagged = NoteListSettingsChange.tag("#Birds").applied(to: NoteListSettings())
    #expect(tagged.tag == "birds")
    #expect(NoteListSettingsChange.tag("").applied(to: tagged).tag == nil)
    #expect(NoteListSettingsChange.tag(nil).applied(to: tagged).tag == nil)
  }

  @Test func anotherSearchFilterTagOrOrderStartsFromTheFirstRows() {
    var settings = NoteListSettings(shownRowCount: 400)
    (settings.firstShownRow, settings.firstShownAfter) = (600, Self.place)
    let searched = NoteListSettingsChange.search(Self.heron).applied(to: settings)
    #expect(searched == NoteListSettings(search: Self.heron))
    let changes: [NoteListSettingsChange] = [.filter(.pinned), .tag("birds"), .sort(.title)]
    for change in changes {
      #expect(change.applied(to: settings).firstShownRow == 0, "\(change)")
      #expect(change.applied(to: settings).firstShownAfter == nil, "\(change)")
    }
  }

  @Test func moreShowsTheRowsAfterTheLastDrawnAndAScriptsListShowsThemAll() {
    let more = NoteListSettingsChange.showMore(after: 200, following: Self.place, hiddenCount: 5)
      .applied(to: NoteListSettings())
    #expect(more.shownRowCount == NoteListSettings.rowLimit, "a page, however far down")
    #expect(more.firstShownRow == 200)
    #expect(more.firstShownAfter == Self.place, "read from where the rows above ended")
    let further = NoteListSettingsChange.showMore(after: 400, following: nil, hiddenCount: 5)
      .applied(to: more)
    #expect(further.firstShownRow == 400)
    #expect(further.firstShownAfter == nil, "no place: by number")
    let whole = NoteListSettingsChange.showEveryRow.applied(to: more)
    #expect(whole.shownRowCount == NoteListSettings.everyRow, "however many rows it holds")
    #expect(whole.firstShownRow == 0, "every row, from the first")
    #expect(whole.firstShownAfter == nil, "every row, from the first")
    #expect(NoteListSettingsChange.showEveryRow.applied(to: whole) == whole)
  }

  @Test func aListIsTitledByItsScopeAndSaysItsOrder() {
    #expect(NoteScope.allNotes.listTitle(notebookName: nil) == NoteScope.allNotesName)
    #expect(NoteScope.unfiled.listTitle(notebookName: nil) == NoteScope.unfiledName)
    #expect(NoteScope.notebook(UUID()).listTitle(notebookName: "Birds") == "Birds")
    #expect(NoteScope.notebook(UUID()).listTitle(notebookName: nil) == "(deleted notebook)")
    #expect(NoteScope.tagged("lake").listTitle(notebookName: nil) == "Tagged #lake")
    #expect(
      NoteSortOrder.allCases.map(\.listDescription)
        == ["newest first", "oldest first", "by title", "last changed first"])
  }
}
