import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The merge rules, one note at a time, on values.
@Suite struct ThreeWayMergeTests {
  let utc = TimeZone(identifier: "UTC") ?? .current
  let base = syncNote(1, "Heron", body: "Grey heron.", tags: ["birds"])

  func merge(_ ours: Note?, _ theirs: Note?, base: Note?? = .none) -> ThreeWayMerge.NoteOutcome {
    ThreeWayMerge.note(base: base ?? self.base, ours: ours, theirs: theirs, timeZone: utc)
  }

  @Test func aChangeOnOneSideOnlyIsTaken() {
    var edited = base
    edited.body = "Two herons."
    #expect(merge(edited, base).note == edited)
    #expect(merge(base, edited).note == edited)
    #expect(merge(edited, base).changedOnBothSides == false)
  }

  @Test func differentFieldsOfOneNoteMerge() {
    var ours = base
    ours.title = "Grey heron"
    ours.updatedAt = SampleData.date(minutes: 5)
    var theirs = base
    theirs.body = "Standing in the shallows."
    theirs.isPinned = true
    theirs.tags = ["birds", "lake"]
    theirs.updatedAt = SampleData.date(minutes: 9)
    let outcome = merge(ours, theirs)
    var expected = base
    expected.title = "Grey heron"
    expected.body = "Standing in the shallows."
    expected.isPinned = true
    expected.tags = ["birds", "lake"]
    expected.updatedAt = SampleData.date(minutes: 9)
    #expect(outcome == .init(note: expected, copy: nil, changedOnBothSides: true))
  }

  /// A property edited on the other machine survives an edit of the text here: properties
  /// merge as a field of their own, the side that changed them winning.
  @Test func propertiesChangedOnOneSideMergeWithTheOtherSidesText() {
    var ours = base
    ours.body = "Two herons."
    ours.updatedAt = SampleData.date(minutes: 9)
    var theirs = base
    theirs.properties = [NoteProperty(key: "status", rawValue: " draft")]
    theirs.updatedAt = SampleData.date(minutes: 5)
    let merged = merge(ours, theirs).note
    #expect(merged?.body == "Two herons.")
    #expect(merged?.properties == [NoteProperty(key: "status", rawValue: " draft")])
  }

  @Test func tagsMergeAsSets() {
    #expect(
      ThreeWayMerge.tags(base: ["a", "b", "c"], ours: ["a", "c", "d"], theirs: ["b", "c", "e"])
        == ["c", "d", "e"])
    #expect(ThreeWayMerge.tags(base: nil, ours: ["a"], theirs: ["b", "a"]) == ["a", "b"])
  }

  @Test func conflictingTextKeepsTheLaterEditAndACopyOfTheOther() {
    var ours = base
    ours.body = "Ours."
    ours.isPinned = true
    ours.updatedAt = SampleData.date(minutes: 5)
    var theirs = base
    theirs.body = "Theirs."
    theirs.updatedAt = SampleData.date(minutes: 9)
    let outcome = merge(ours, theirs)
    #expect(outcome.note?.body == "Theirs.")
    #expect(outcome.note?.isPinned == true)
    let copy = outcome.copy
    #expect(copy?.body == "Ours.")
    #expect(copy?.title == "Heron (conflict 2026-11-29 12:05)")
    #expect(copy?.isPinned == false)
    #expect(copy?.id != base.id)
    // The same conflict merged again, here or on another machine, gives the same copy.
    #expect(merge(ours, theirs).copy == copy)
    #expect(merge(theirs, ours).copy == copy)
  }

  @Test func identicalContentNeverMakesACopy() {
    var ours = base
    ours.body = "Same."
    ours.updatedAt = SampleData.date(minutes: 5)
    var theirs = ours
    theirs.updatedAt = SampleData.date(minutes: 7)
    let outcome = merge(ours, theirs)
    #expect(outcome.copy == nil)
    #expect(outcome.note?.updatedAt == SampleData.date(minutes: 7))
    // Added on both sides with no common version (a restored export): still no copy.
    #expect(merge(ours, theirs, base: .some(nil)).copy == nil)
  }

  @Test func anEditTheDeletingSideNeverSawSurvivesTheDeletion() {
    var edited = base
    edited.body = "Edited after the other side deleted it."
    #expect(merge(nil, edited).note == edited)
    #expect(merge(edited, nil).note == edited)
    // Deleted after seeing the note as it is: the deletion stands.
    #expect(merge(nil, base).note == nil)
    #expect(merge(base, nil).note == nil)
  }

  @Test func notebooksMergeByFieldAndARenameOutlivesADeletion() {
    let base = Notebook(id: UUID(number: 0xB1), name: "Birds", symbolName: "bird")
    var renamed = base
    renamed.name = "Waders"
    var symbol = base
    symbol.symbolName = "leaf"
    #expect(
      ThreeWayMerge.notebook(base: base, ours: renamed, theirs: symbol)
        == Notebook(id: base.id, name: "Waders", symbolName: "leaf"))
    #expect(ThreeWayMerge.notebook(base: base, ours: nil, theirs: renamed) == renamed)
    #expect(ThreeWayMerge.notebook(base: base, ours: nil, theirs: base) == nil)
  }

  /// A conflict copy resolved with `keep both` on one side (its mark cleared, its title told
  /// apart) while the other side edited its text stays resolved, with both changes.
  @Test func aCopyResolvedOnOneSideStaysResolvedWhenTheOtherEditedIt() {
    var copy = base
    copy.conflictOf = UUID(number: 99)
    var edited = copy
    edited.body = "Grey heron, then it flew."
    edited.updatedAt = SampleData.date(minutes: 2)
    var resolved = copy
    resolved.conflictOf = nil
    resolved.title = "Heron (2)"
    resolved.updatedAt = SampleData.date(minutes: 3)
    let outcome = ThreeWayMerge.note(base: copy, ours: edited, theirs: resolved, timeZone: utc)
    #expect(outcome.note?.conflictOf == nil)
    #expect(outcome.note?.title == "Heron (2)")
    #expect(outcome.note?.body == "Grey heron, then it flew.")
    #expect(outcome.copy == nil)
  }

  /// With no version both sides agreed on (stores that never synced, an export restored on
  /// each), a conflict mark on one side only is not brought back on the side that resolved it,
  /// whichever side holds it and whichever edit is later.
  @Test func aMergeWithoutABaseNeverRevivesAResolvedConflictMark() {
    var marked = base
    marked.conflictOf = UUID(number: 99)
    var resolved = base
    for (markedAt, resolvedAt) in [(2, 3), (3, 2)] {
      marked.updatedAt = SampleData.date(minutes: markedAt)
      resolved.updatedAt = SampleData.date(minutes: resolvedAt)
      for (ours, theirs) in [(marked, resolved), (resolved, marked)] {
        let outcome = merge(ours, theirs, base: .some(nil))
        #expect(outcome.note?.conflictOf == nil, "marked at \(markedAt), resolved at \(resolvedAt)")
        #expect(outcome.note?.body == base.body)
        #expect(outcome.copy == nil)
      }
    }
  }

  /// A note holds a copy's text when nothing of it is missing: the same body and tags, and the
  /// copy's title but for its mark and the " (2)" `keep both` tells it apart by.
  @Test func aNoteHoldsACopysTextOnlyWhenNothingOfItIsMissing() {
    var copy = base
    copy.title = "Heron (conflict 2026-11-29 12:05)"
    copy.conflictOf = UUID(number: 99)
    var keptBoth = copy
    keptBoth.title = "Heron (2)"
    keptBoth.conflictOf = nil
    for held in [copy, keptBoth, base] {
      #expect(ThreeWayMerge.holdsText(of: held, base), "\(held.title)")
    }
    var other = keptBoth
    other.body = "Grey heron, then it flew."
    var retagged = keptBoth
    retagged.tags = ["birds", "lake"]
    var retitled = keptBoth
    retitled.title = "heron (2)"
    var renamed = keptBoth
    renamed.title = "Heron (3)"
    for apart in [other, retagged, retitled, renamed] {
      #expect(!ThreeWayMerge.holdsText(of: apart, base), "\(apart.title), \(apart.tags)")
    }
  }

  /// The copy a conflict keeps names the note it conflicts with.
  @Test func aConflictCopyNamesItsOriginal() {
    var ours = base
    ours.body = "Ours."
    ours.updatedAt = SampleData.date(minutes: 2)
    var theirs = base
    theirs.body = "Theirs."
    theirs.updatedAt = SampleData.date(minutes: 3)
    let outcome = ThreeWayMerge.note(base: base, ours: ours, theirs: theirs, timeZone: utc)
    #expect(outcome.copy?.conflictOf == base.id)
    #expect(outcome.copy?.body == "Ours.")
    #expect(outcome.copy.map { NoteConflict(copy: $0, original: nil).copyTitle } == "Heron")
  }
}
