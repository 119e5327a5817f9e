import FieldNotesFormats
import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Every note a merge writes is within the size limit, so the other side can read it: a merge
/// of two notes near the limit never makes one the other side skips, and no text or tag is
/// dropped on the way.
@Suite struct MergeSizeLimitTests {
  let utc = TimeZone(identifier: "UTC") ?? .current

  /// A note whose file is `slack` bytes under the limit.
  static func nearTheLimit(slack: Int, tags: [String] = ["birds"]) -> Note {
    let title = "Heron"
    let room =
      NoteDocument.maximumBytes - slack
      - NoteDocument.byteCount(title: title, body: "", tags: tags)
    var note = syncNote(1, title, body: String(repeating: "a", count: room), tags: tags)
    note.updatedAt = SampleData.date(minutes: 0)
    return note
  }

  static func fits(_ note: Note?) -> Bool {
    note.map { NoteDocument.byteCount(of: $0) <= NoteDocument.maximumBytes } ?? true
  }

  @Test func tagsAddedOnBothSidesThatWouldNotFitTogetherBecomeAConflictCopy() throws {
    let base = Self.nearTheLimit(slack: 40)
    var ours = base
    ours.tags += ["kingfisher-and-heron-at-dusk"]
    ours.updatedAt = SampleData.date(minutes: 5)
    var theirs = base
    theirs.tags += ["river-crossing-by-the-mill"]
    theirs.updatedAt = SampleData.date(minutes: 9)
    #expect(Self.fits(ours) && Self.fits(theirs))
    var merged = base
    merged.tags = ThreeWayMerge.tags(base: base.tags, ours: ours.tags, theirs: theirs.tags)
    #expect(!Self.fits(merged), "the two sides' tags together are over the limit")

    let outcome = ThreeWayMerge.note(base: base, ours: ours, theirs: theirs, timeZone: utc)

    #expect(outcome.note == theirs, "the newer version stays the note, as it is")
    let copy = try #require(outcome.copy)
    #expect(copy.tags == ours.tags && copy.body == ours.body, "the older version is kept whole")
    #expect(Self.fits(outcome.note) && Self.fits(copy))
  }

  @Test func aCopyThatCannotCarryTheDateCarriesLessAndItsTextWhole() throws {
    // The title can take " (conflict)" but not the date; then neither.
    for slack in [20, 5] {
      let base = Self.nearTheLimit(slack: slack)
      var ours = base
      ours.body = String(ours.body.dropLast()) + "o"
      ours.updatedAt = SampleData.date(minutes: 5)
      var theirs = base
      theirs.body = String(theirs.body.dropLast()) + "t"
      theirs.updatedAt = SampleData.date(minutes: 9)

      let outcome = ThreeWayMerge.note(base: base, ours: ours, theirs: theirs, timeZone: utc)

      let copy = try #require(outcome.copy)
      #expect(copy.body == ours.body, "the older text is kept whole")
      #expect(Self.fits(copy), "slack \(slack)")
      #expect(copy.title == (slack == 20 ? "Heron (conflict)" : "Heron"), "slack \(slack)")
      #expect(copy.id != base.id)
    }
  }

  @Test func everyFileAMergeWritesIsReadBackOnTheOtherSide() throws {
    let base = Self.nearTheLimit(slack: 40)
    var ours = base
    ours.tags += ["kingfisher-and-heron-at-dusk"]
    ours.updatedAt = SampleData.date(minutes: 5)
    var theirs = base
    theirs.tags += ["river-crossing-by-the-mill"]
    theirs.updatedAt = SampleData.date(minutes: 9)
    let kind = SyncDocument.Kind.note(base.id)

    let merge = try SyncMerge(
      ours: [kind: SyncDocument.data(of: ours)], library: NoteLibrary(notes: [ours]),
      incoming: [
        kind: .init(base: SyncDocument.data(of: base), theirs: SyncDocument.data(of: theirs))
      ], protected: [], timeZone: utc)

    #expect(merge.conflictCount == 1)
    var tags = Set<String>()
    for (written, data) in merge.results {
      guard case .note(let id) = written, let data else { continue }
      let note = try SyncDocument.note(from: data, id: id)
      tags.formUnion(note.tags)
    }
    #expect(merge.results.count == 2, "the note and its copy")
    #expect(tags.isSuperset(of: ours.tags + theirs.tags), "no tag is lost")
  }
}
