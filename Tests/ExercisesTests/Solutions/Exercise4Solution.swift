import FieldNotesModel
import FieldNotesTesting
import Testing

extension Solutions {
  /// Solution to exercise 4: a rule with no UI and no store is a pure function over values, so
  /// its test needs nothing but values.
  enum TagTally {
    /// Every tag once, with how many notes carry it: the most used first, ties by name.
    ///
    /// - Parameter notes: The notes to count.
    /// - Returns: The tags and their counts.
    static func counts(of notes: [Note]) -> [(tag: String, count: Int)] {
      var counts: [String: Int] = [:]
      for note in notes {
        for tag in Set(note.tags) { counts[tag, default: 0] += 1 }
      }
      return counts.map { (tag: $0.key, count: $0.value) }.sorted {
        $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag
      }
    }
  }

  @Suite struct Exercise4 {
    @Test func tagsAreTalliedMostUsedFirstThenByName() {
      let tally = TagTally.counts(of: SampleData.library.notes)
      #expect(tally.map(\.tag) == ["birds", "lake", "plants"])
      #expect(tally.map(\.count) == [2, 1, 1])
    }

    @Test func aTagRepeatedOnOneNoteCountsOnce() {
      let note = Note(title: "Twice", tags: ["moss", "moss"])
      #expect(TagTally.counts(of: [note]).map(\.count) == [1])
      #expect(TagTally.counts(of: []).isEmpty)
    }
  }
}
