import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteListFeature
import NotebooksFeature
import Observation
import Testing

// The starting points of the exercises in docs/Exercises.md. Each test is switched off with
// `.disabled`: remove the trait, run it (`swift test --filter ExercisesTests.Exercise1`), watch it
// fail, then make it pass. The solutions are in `Solutions/`, in the `Solutions` namespace (so a
// type you write here never clashes with one of theirs), and `swift test` runs them, so they
// can't drift from the code. Write the types an exercise asks for (`TagTally`, `WordCountScreen`…)
// in this file, or in new files beside it: this file imports every module the solutions use.

/// Exercise 1 (★): write this test.
@MainActor
@Suite struct Exercise1 {
  @Test(.disabled("Exercise 1: write this test, then remove this trait"))
  func renamingANotebookToATakenNameIsRefusedAndChangesNothing() throws {
    // 1. Make a store over SampleData.library and a NotebooksViewModel on it; load it.
    // 2. Start a StateRecorder on the model's state.
    // 3. Rename "Plants" to "birds" (any case) and expect the error that says the name is taken.
    // 4. Expect the recorder to have seen one value only, and the store to be unchanged.
    Issue.record("not written yet")
  }
}

/// Exercise 2 (★): record the transitions of a search.
@MainActor
@Suite struct Exercise2 {
  @Test(.disabled("Exercise 2: write this test, then remove this trait"))
  func aSearchNarrowsTheListThenFindsNothingThenClears() throws {
    // A NoteListViewModel over all notes: search "flash", then "zzz", then "" — and expect the
    // exact sequence of states (loaded with one row, empty because nothing matches, loaded again).
    Issue.record("not written yet")
  }
}

/// Exercise 3 (★★): hold a sync in flight.
@MainActor
@Suite struct Exercise3 {
  @Test(.disabled("Exercise 3: write this test, then remove this trait"))
  func aFailedRefreshKeepsTheRowsAndARetrySucceeds() async throws {
    // With a GatedNoteSyncer: refresh, wait until it is syncing, check the list says so, make it
    // fail, check the rows stayed and the list says why; refresh again, let it succeed.
    Issue.record("not written yet")
  }
}

/// Exercise 4 (★★): a rule as a pure function, test first.
@Suite struct Exercise4 {
  @Test(.disabled("Exercise 4: write TagTally and this test, then remove this trait"))
  func tagsAreTalliedMostUsedFirstThenByName() {
    // Write `TagTally.counts(of: [Note]) -> [(tag: String, count: Int)]`: every tag once, with how
    // many notes carry it, the most used first and ties by name. Test it on SampleData's notes.
    Issue.record("not written yet")
  }
}

/// Exercise 5 (★★★): add a view model and its screen.
@MainActor
@Suite struct Exercise5 {
  @Test(
    .disabled(
      "Exercise 5: write WordCountViewModel, WordCountScreen and this test, then remove this trait"
    ))
  func theWordCountScreenCountsEveryNoteOrOneTagsNotes() async throws {
    // Write a `WordCountViewModel` (state: counted(tag:notes:words:); action: count(tag:), which
    // refuses a tag no note has) and a `WordCountScreen` made from it that draws
    // "Words · 4 notes, 21 words" and has a command `tag [TAG]` calling the model. Test the
    // model's states, then drive the screen with ScreenHarness.
    Issue.record("not written yet")
  }
}
