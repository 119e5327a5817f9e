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

  @Test func aChangeThatChangesNothingLeavesTheSettingsAndSaysWhy() {
    let settings = NoteListSettings(
      search: Self.heron, tag: "birds", showsPinnedOnly: true, sortOrder: .title)
    let cases: [(NoteListSettingsChange, String)] = [
      (.search(Self.heron), "The list already shows the search \u{201C}heron\u{201D}."),
      (.filter(.pinned), "The list already shows only pinned notes."),
      (.tag("#Birds"), "The list already shows notes tagged #birds."),
      (.sort(.title), "The list is already sorted by title."),
      (.showMore(drawn: [], hiddenCount: 0), "Every note of the list is shown."),
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

  @Test func anotherSearchStartsFromTheFirstRows() {
    let drawn = [UUID(), UUID()]
    var settings = NoteListSettings(shownRowCount: 400)
    settings.drawnAbove = drawn
    let searched = NoteListSettingsChange.search(Self.heron).applied(to: settings)
    #expect(searched == NoteListSettings(search: Self.heron))
  }

  @Test func moreShowsTheNextRowsBelowThoseDrawnAndAScriptsListShowsThemAll() {
    let drawn = [UUID(), UUID()]
    let more = NoteListSettingsChange.showMore(drawn: drawn, hiddenCount: 5)
      .applied(to: NoteListSettings())
    #expect(more.shownRowCount == 2 * NoteListSettings.rowLimit)
    #expect(more.drawnAbove == drawn)
    let whole = NoteListSettingsChange.showEveryRow(count: 1_000).applied(to: more)
    #expect(whole.shownRowCount == 1_000)
    #expect(whole.drawnAbove.isEmpty)
    let fewer = NoteListSettingsChange.showEveryRow(count: 3).applied(to: more)
    #expect(fewer.shownRowCount == more.shownRowCount, "rows shown are never taken away")
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
