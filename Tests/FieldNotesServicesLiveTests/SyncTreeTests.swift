import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The rules of the trees a sync commits, on values: what isn't FieldNotes' is the remote's as
/// it is; a note's path takes the merged file, or, with no note there, the side that changed it.
@Suite struct SyncTreeTests {
  /// A note's kind, by number.
  func note(_ number: Int) -> SyncDocument.Kind { .note(UUID(number: number)) }

  /// A note's file holding a made-up blob.
  func file(_ object: String, _ number: Int) -> GitTreeEntry {
    SyncTree.file(object, for: note(number))
  }

  /// The name of a note's file.
  func name(_ number: Int) -> String { "\(UUID(number: number).uuidString.lowercased()).md" }

  @Test func aListingSplitsFieldNotesFilesFromTheRestAndLeavesOutNamesWithASlash() {
    let tree = SyncTree(
      top: [
        .file("r1", named: "README.md"), .folder("t1", named: "notes"),
        .folder("t2", named: "docs"), .file("x1", named: "bad/name"),
      ],
      folderEntries: [
        .file("n1", named: "notes/" + name(1)), .file("m1", named: "notes/meeting.md"),
        .folder("s1", named: "notes/2023"), .file("b1", named: "notebooks/list.txt"),
        .file("x2", named: "notes/bad/name"),
      ])
    #expect(Set(tree.top.values.map(\.name)) == ["README.md", "docs"])
    #expect(tree.files == [note(1): file("n1", 1)])
    #expect(Set((tree.others["notes"] ?? [:]).values.map(\.name)) == ["meeting.md", "2023"])
    #expect(tree.others["notebooks"]?.values.map(\.name) == ["list.txt"])
  }

  @Test func theLocalTreeReplacesTheStoresFilesAndKeepsWhatItIsAskedTo() {
    var previous = SyncTree()
    previous.top[Data("README.md".utf8)] = .file("r1", named: "README.md")
    previous.files[note(1)] = file("old1", 1)  // deleted here
    previous.files[note(2)] = file("old2", 2)  // edited here
    previous.files[note(3)] = file("odd3", 3)  // never read as a note
    previous.others["notes"] = [Data("meeting.md".utf8): .file("m1", named: "meeting.md")]

    let tree = previous.local(
      files: [note(2): file("new2", 2), note(4): file("new4", 4)], keeping: [note(3)])

    #expect(
      tree.files == [note(2): file("new2", 2), note(3): file("odd3", 3), note(4): file("new4", 4)])
    #expect(tree.others == previous.others)
    #expect(tree.top == previous.top)
  }

  @Test func whatIsNotFieldNotesIsTheRemotesAsItIs() {
    var theirs = SyncTree()
    theirs.top[Data("README.md".utf8)] = .file("r2", named: "README.md")
    theirs.others["notes"] = [Data("meeting.md".utf8): .file("m2", named: "meeting.md")]
    theirs.files[note(1)] = file("theirs1", 1)
    var ours = SyncTree()
    ours.top[Data("README.md".utf8)] = .file("r1", named: "README.md")
    ours.others["notes"] = [
      Data("meeting.md".utf8): .file("m1", named: "meeting.md"),
      Data("old.md".utf8): .file("o1", named: "old.md"),
    ]

    let merged = SyncTree.merged(
      theirs: theirs, ours: ours, files: [note(1): file("merged1", 1)], changedSinceBase: [])

    #expect(merged.top == theirs.top)
    #expect(merged.others == theirs.others)
    #expect(merged.files == [note(1): file("merged1", 1)])
  }

  @Test func aNotesPathWithNoNoteAfterTheMergeTakesTheSideThatChangedIt() {
    var theirs = SyncTree()
    theirs.files[note(1)] = file("unchanged1", 1)  // deleted here
    theirs.files[note(2)] = file("garbage2", 2)  // changed there
    var ours = SyncTree()
    ours.files[note(3)] = file("unreadable3", 3)  // a note this store can't read
    let changed = SyncTree.changedPaths([
      GitTreeChange(
        path: "notes/" + name(2), old: nil,
        new: GitTreeChange.Entry(mode: "100644", object: "garbage2"))
    ])

    let merged = SyncTree.merged(theirs: theirs, ours: ours, files: [:], changedSinceBase: changed)

    #expect(merged.files == [note(2): file("garbage2", 2), note(3): file("unreadable3", 3)])
  }

  /// A note the merge read on both sides and removed (a conflict copy the note here holds the
  /// text of) leaves the tree, though the remote changed it since the base.
  @Test func aNoteTheMergeRemovedLeavesTheTreeThoughTheRemoteChangedIt() {
    var theirs = SyncTree()
    theirs.files[note(1)] = file("keptBoth1", 1)
    theirs.files[note(2)] = file("changed2", 2)
    let changed = SyncTree.changedPaths(
      [1, 2].map {
        GitTreeChange(
          path: "notes/" + name($0), old: nil,
          new: GitTreeChange.Entry(mode: "100644", object: "x"))
      })

    let merged = SyncTree.merged(
      theirs: theirs, ours: SyncTree(), files: [:], changedSinceBase: changed,
      removing: [note(1)])

    #expect(merged.files == [note(2): file("changed2", 2)])
  }

  @Test func changedPathsHoldEveryFolderAboveAChange() {
    let changes = ["notes/a.md/inside/deep.md", "README.md"].map {
      GitTreeChange(path: $0, old: nil, new: GitTreeChange.Entry(mode: "100644", object: "x"))
    }
    #expect(
      SyncTree.changedPaths(changes) == [
        "notes", "notes/a.md", "notes/a.md/inside", "notes/a.md/inside/deep.md", "README.md",
      ])
  }
}
