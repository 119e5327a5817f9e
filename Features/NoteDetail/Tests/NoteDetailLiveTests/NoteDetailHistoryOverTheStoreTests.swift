import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import FieldNotesText
import Foundation
import NoteDetailFeature
import NoteDetailLive
import Testing

/// A note's history on its page: the versions, newest first, with what each save changed, a
/// comparison, and a restore that keeps what it replaces.
@MainActor
@Suite struct NoteDetailHistoryOverTheStoreTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let store: NoteStore
  let model: NoteDetailViewModel

  init() throws {
    store = try .stamped(repository)
    model = NoteDetailViewModel(
      noteID: SampleData.kingfisher.id,
      client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
      summarizer: CannedSummaryGenerator())
  }

  func edit(_ change: (inout Note) -> Void) throws {
    var note = try #require(try store.note(withID: SampleData.kingfisher.id))
    change(&note)
    try store.perform(.updateNote(note))
  }

  @Test func theHistorySaysWhatEachSaveChanged() throws {
    try edit { $0.body += "\nIt dived twice." }
    try edit { $0.title = "Kingfisher at the bridge" }
    try model.move(to: nil)

    let changes = try model.versionHistory.map { "\($0.version.number): \($0.changes)" }
    #expect(
      try model.versionHistory.map(\.changes) == [
        NoteChanges(title: false, tags: false, notebook: true, linesAdded: 0, linesRemoved: 0),
        NoteChanges(title: true, tags: false, notebook: false, linesAdded: 0, linesRemoved: 0),
        NoteChanges(title: false, tags: false, notebook: false, linesAdded: 1, linesRemoved: 0),
      ], "\(changes)")
    #expect(try model.versionHistory.map(\.version.number) == [3, 2, 1])
  }

  @Test func aComparisonIsWithNowOrWithALaterVersion() throws {
    try edit { $0.body += "\nIt dived twice." }
    try edit { $0.title = "Kingfisher at the bridge" }

    let withNow = try model.comparison(from: 1)
    #expect(withNow.later == nil)
    #expect(withNow.laterText.title == "Kingfisher at the bridge")
    #expect(
      withNow.diff.unified() == [
        "@@ -1 +1,2 @@", " A flash of blue under the bridge.", "+It dived twice.",
      ])
    let between = try model.comparison(from: 1, to: 2)
    #expect(between.laterText.title == "Kingfisher")
    #expect(throws: NoteDetailError.store(.versionNotFound(SampleData.kingfisher.id, number: 7))) {
      try model.comparison(from: 1, to: 7)
    }
  }

  @Test func aRestoreKeepsWhatItReplacesAndARestoreOfTheTextNowWritesNothing() throws {
    try edit { $0.body = "Gone downstream." }
    #expect(try model.restore(version: 1))
    #expect(try store.note(withID: SampleData.kingfisher.id)?.body == SampleData.kingfisher.body)
    #expect(try model.versionHistory.map(\.version.body).first == "Gone downstream.")
    let commits = repository.commitCount
    #expect(try model.restore(version: 1) == false, "version 1 is the text already")
    #expect(repository.commitCount == commits, "nothing was written")
  }

  /// A version is its tags as much as its text: `restore N` brings back the version's tags in
  /// place of the note's current ones, which are kept in the version the restore makes, even
  /// when the tags are all that changed.
  @Test func aRestoreBringsBackTheVersionsTags() throws {
    try edit { $0.tags = ["blue", "river"] }
    #expect(try model.restore(version: 1))
    #expect(try store.note(withID: SampleData.kingfisher.id)?.tags == SampleData.kingfisher.tags)
    #expect(try model.versionHistory.first?.version.tags == ["blue", "river"])

    try edit {
      $0.body = "Gone downstream."
      $0.tags = ["gone"]
    }
    #expect(try model.restore(version: 2))
    let restored = try #require(try store.note(withID: SampleData.kingfisher.id))
    #expect(restored.tags == ["blue", "river"])
    #expect(restored.body == SampleData.kingfisher.body)
  }
}

/// Renaming a note over the store: the note and every note linking to it written in one
/// commit, each keeping the text it replaced as a version.
@MainActor
@Suite struct RenameOverTheStoreTests {
  @Test func aRenameRewritesTheLinkingNotesInOneCommitKeepingTheirVersions() throws {
    let linking = Note(
      id: UUID(number: 0x11), title: "Walk", body: "Saw the [[kingfisher under the bridge]].",
      createdAt: SampleData.date(minutes: 1))
    let selfLinking = Note(
      id: UUID(number: 0x12), title: "Index", body: "[[Walk#Start|start]], [[walk]]",
      createdAt: SampleData.date(minutes: 2))
    var library = SampleData.library
    library.notes += [linking, selfLinking]
    let repository = InMemoryNoteRepository(library)
    let store = try NoteStore.stamped(repository)
    let model = NoteDetailViewModel(
      noteID: linking.id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
      summarizer: CannedSummaryGenerator())
    let commits = repository.commitCount

    #expect(try model.rename(to: "River walk") == 1)

    #expect(repository.commitCount == commits + 1, "one transaction")
    let index = try #require(try store.note(withID: selfLinking.id))
    #expect(index.body == "[[River walk#Start|start]], [[River walk]]")
    #expect(try store.journal.versions(ofNote: selfLinking.id).map(\.body) == [selfLinking.body])
    #expect(try store.journal.versions(ofNote: linking.id).map(\.title) == ["Walk"])
  }

  /// A title changed as the composer changes it (an update, its old text kept as a version):
  /// the page offers the notes still linking to the old title, and `relink` rewrites them in
  /// one commit, each keeping a version.
  @Test func aTitleChangedInTheComposerIsOfferedAndRelinkedInOneCommit() throws {
    let walk = Note(
      id: UUID(number: 0x11), title: "Walk", body: "Along the river.",
      createdAt: SampleData.date(minutes: 1))
    let index = Note(
      id: UUID(number: 0x12), title: "Index", body: "[[Walk#Start|start]], [[walk]], `[[Walk]]`",
      createdAt: SampleData.date(minutes: 2))
    var library = SampleData.library
    library.notes += [walk, index]
    let repository = InMemoryNoteRepository(library)
    let store = try NoteStore.stamped(repository)
    let model = NoteDetailViewModel(
      noteID: walk.id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
      summarizer: CannedSummaryGenerator())
    var retitled = walk
    retitled.title = "River walk"
    try store.perform(.updateNote(retitled))

    guard case .loaded(_, _, _, let offered) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(offered.earlierTitle?.title == "Walk")
    #expect(offered.earlierTitle?.linkedBy.map(\.id) == [index.id])
    let commits = repository.commitCount

    #expect(try model.relink() == 1)

    #expect(repository.commitCount == commits + 1, "one transaction")
    let relinked = try #require(try store.note(withID: index.id))
    #expect(relinked.body == "[[River walk#Start|start]], [[River walk]], `[[Walk]]`")
    #expect(try store.journal.versions(ofNote: index.id).map(\.body) == [index.body])
    guard case .loaded(_, _, _, let after) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(after.earlierTitle == nil)
    #expect(after.backlinks.map(\.id) == [index.id])
  }

  /// A note imported from `10 note 2.md` is linked to by its file's name too: a rename
  /// rewrites those links as well, so they name it by its new title, the name its file is
  /// exported under from then on.
  @Test func aRenameRewritesTheLinksNamingTheFileANoteWasImportedFrom() throws {
    let two = Note(
      id: UUID(number: 0x21), title: "Custom title 2: with colon", body: "Two.",
      createdAt: SampleData.date(minutes: 1),
      importedFile: ImportedFile(name: "10 note 2.md", title: "Custom title 2: with colon"))
    let linking = Note(
      id: UUID(number: 0x22), title: "Index",
      body: "[[10 note 2]], [[10 NOTE 2#Top|top]], [[custom title 2: with colon]], [[Other]]",
      createdAt: SampleData.date(minutes: 2))
    var library = SampleData.library
    library.notes += [two, linking]
    let repository = InMemoryNoteRepository(library)
    let store = try NoteStore.stamped(repository)
    let model = NoteDetailViewModel(
      noteID: two.id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
      summarizer: CannedSummaryGenerator())

    #expect(try model.rename(to: "Two") == 1)

    let index = try #require(try store.note(withID: linking.id))
    #expect(index.body == "[[Two]], [[Two#Top|top]], [[Two]], [[Other]]")
    #expect(try store.journal.versions(ofNote: linking.id).map(\.body) == [linking.body])
  }

  /// Over the store, a link naming the file a note was imported from is followed on the page,
  /// and the page of that note lists the linking note as a backlink.
  @Test func aLinkNamingAnImportedFileIsFollowedAndListedAsABacklink() throws {
    let two = Note(
      id: UUID(number: 0x31), title: "Custom title 2: with colon", body: "Two.",
      createdAt: SampleData.date(minutes: 1),
      importedFile: ImportedFile(name: "10 note 2.md", title: "Custom title 2: with colon"))
    let linking = Note(
      id: UUID(number: 0x32), title: "Index", body: "[[10 note 2]] and [[Missing]]",
      createdAt: SampleData.date(minutes: 2))
    var library = SampleData.library
    library.notes += [two, linking]
    let store = try NoteStore.stamped(InMemoryNoteRepository(library))
    func connections(of id: Note.ID) -> NoteConnections? {
      let model = NoteDetailViewModel(
        noteID: id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
        summarizer: CannedSummaryGenerator())
      guard case .loaded(_, _, _, let connections) = model.state else { return nil }
      return connections
    }

    #expect(connections(of: linking.id)?.links.map(\.note.id) == [two.id])
    #expect(connections(of: linking.id)?.unresolved == [NoteLink(title: "Missing")])
    #expect(connections(of: two.id)?.backlinks.map(\.id) == [linking.id])
  }
}
