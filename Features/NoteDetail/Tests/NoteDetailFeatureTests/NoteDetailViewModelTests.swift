import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import FieldNotesText
import Foundation
import NoteDetailFeature
import Testing

/// A note's page over notes in memory: its tests stub its one client and nothing else
/// (`NoteDetailLiveTests` plays the same model over a store, with other processes).
@MainActor
@Suite struct NoteDetailViewModelTests {
  static let edited = NoteVersion(
    of: SampleData.kingfisher, number: 1, replacedAt: SampleData.date(minutes: 30))

  func makeModel(_ client: any NoteDetailClient) -> NoteDetailViewModel {
    NoteDetailViewModel(
      noteID: SampleData.kingfisher.id, client: client, summarizer: CannedSummaryGenerator())
  }

  func makeClient() -> InMemoryNoteDetailClient {
    var later = SampleData.kingfisher
    later.body = "Seen twice at the bend."
    return InMemoryNoteDetailClient(
      notes: [later, SampleData.heron], notebooks: SampleData.library.notebooks,
      versions: [SampleData.kingfisher.id: [Self.edited]], now: SampleData.date(minutes: 90))
  }

  @Test func showsTheNoteWithItsNotebookAndFollowsEveryChange() throws {
    let client = makeClient()
    let model = makeModel(client)
    let recorder = StateRecorder(model, \.state)

    try model.setPinned(true)
    try model.move(toNotebookNamed: "none")

    let note = try #require(client.note(SampleData.kingfisher.id))
    #expect(note.isPinned && note.notebookID == nil)
    #expect(recorder.values.count == 3)
    #expect(recorder.values.last == .loaded(note, notebookName: nil, summary: .none))
  }

  @Test func deletingEmptiesThePageAndUndoBringsItBack() throws {
    let client = makeClient()
    let model = makeModel(client)
    let shown = try model.shownNote()

    try model.delete()
    #expect(model.state == .empty)
    #expect(throws: NoteDetailError.noteGone(inTrash: true)) { try model.setPinned(true) }
    try model.undoDelete()

    #expect(model.state == .loaded(shown, notebookName: "Birds", summary: .none))
    #expect(throws: NoteDetailError.nothingToUndo) { try model.undoDelete() }
  }

  @Test func restoringAVersionKeepsTheTextItReplaces() throws {
    let client = makeClient()
    let model = makeModel(client)
    let replaced = try model.shownNote()

    #expect(try model.restore(version: 1))

    #expect(client.note(SampleData.kingfisher.id)?.body == SampleData.kingfisher.body)
    #expect(client.versions(of: SampleData.kingfisher.id).last?.body == replaced.body)
    #expect(try model.comparison(from: 2).laterText.body == SampleData.kingfisher.body)
    #expect(try !model.restore(version: 1))
  }

  @Test func aFailedWriteChangesNothing() throws {
    let client = makeClient()
    let model = makeModel(client)
    client.writeFailure = .store(.persistence(.diskFull))

    #expect(throws: NoteDetailError.store(.persistence(.diskFull))) { try model.delete() }
    #expect(throws: NoteDetailError.store(.persistence(.diskFull))) {
      try model.restore(version: 1)
    }
    #expect(client.notes == makeClient().notes)
  }

  @Test func aPageWhoseNoteIsGoneAsksNothingMoreOfTheNotes() {
    var reads: [String] = []
    let client = UnimplementedNoteDetailClient { reads.append($0) }
    let model = makeModel(client)

    #expect(throws: NoteDetailError.noteGone(inTrash: false)) { try model.delete() }
    #expect(reads == ["NoteDetailClient.note(_:)", "NoteDetailClient.isInTrash(_:)"])
  }
}

/// A note's links and backlinks, over notes in memory: what the page lists, the rows `open N`
/// follows, and the state computed once per change.
@MainActor
@Suite struct NoteDetailLinksTests {
  static let day = Date(timeIntervalSinceReferenceDate: 800_000_000)
  static let pond = Note(
    id: UUID(number: 1), title: "The pond",
    body: "Saw [[Grey Heron|a heron]] and [[kingfisher#Diet]], not [[Otter]]; `[[Moss]]`.\n"
      + "Again: [[grey heron]], ![[pond.png]]",
    createdAt: day)
  static let heron = Note(id: UUID(number: 2), title: "Grey héron", createdAt: day)
  static let newerHeron = Note(
    id: UUID(number: 3), title: "grey heron", body: "[[The pond]]",
    createdAt: day.addingTimeInterval(60))
  static let kingfisher = Note(
    id: UUID(number: 4), title: "Kingfisher", body: "Back to [[the POND]].", createdAt: day)
  static let moss = Note(id: UUID(number: 5), title: "Moss", createdAt: day)

  func makeModel(_ client: InMemoryNoteDetailClient, showing id: Note.ID = pond.id)
    -> NoteDetailViewModel
  {
    NoteDetailViewModel(noteID: id, client: client, summarizer: CannedSummaryGenerator())
  }

  func makeClient() -> InMemoryNoteDetailClient {
    InMemoryNoteDetailClient(
      notes: [Self.pond, Self.heron, Self.newerHeron, Self.kingfisher, Self.moss])
  }

  @Test func thePageListsItsLinksTheNotesLinkingHereAndTheLinksToNoNote() {
    let model = makeModel(makeClient())

    #expect(
      model.state
        == .loaded(
          Self.pond, notebookName: nil, summary: .none,
          links: NoteConnections(
            links: [
              NoteConnections.Link(
                NoteLink(title: "Grey Heron", shownText: "a heron"), to: Self.heron),
              NoteConnections.Link(
                NoteLink(title: "kingfisher", heading: "Diet"), to: Self.kingfisher),
            ],
            unresolved: [NoteLink(title: "Otter")],
            backlinks: [Self.newerHeron, Self.kingfisher])),
      "the older of two notes titled alike is named; code and embeds are no links")
  }

  /// A wiki link to a file is no broken link while the note keeps that file, and is one else.
  ///
  /// `[[report.pdf]]` names a file, as an import reads it. A link naming a file the note
  /// doesn't keep (`[[Nope.x]]`, `[[map.png]]`) names nothing, and is listed with the links to
  /// no note, never left out of every list.
  @Test func aWikiLinkToAFileIsBrokenOnlyWhenTheNoteKeepsNoSuchFile() {
    let note = Note(
      title: "Trip",
      body: "See [[report.pdf]], [[img/chart.svg]], [[Nope.x]], [[map.png]] and [[Otter]].")
    let client = InMemoryNoteDetailClient(notes: [note])
    client.attachmentsByNote[note.id] = [
      NoteAttachment(name: "report.pdf", bytes: Data("%PDF".utf8)),
      NoteAttachment(name: "img/chart.svg", bytes: Data("<svg/>".utf8)),
    ]
    let model = makeModel(client, showing: note.id)

    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(
      connections.unresolved == [
        NoteLink(title: "Nope.x"), NoteLink(title: "map.png"), NoteLink(title: "Otter"),
      ])
  }

  @Test func openFollowsTheNumberedRowsLinksFirst() throws {
    let model = makeModel(makeClient())

    #expect(try model.linkedNote(atRow: 1) == Self.heron)
    #expect(try model.linkedNote(atRow: 3) == Self.newerHeron)
    #expect(try model.linkedNote(atRow: 4) == Self.kingfisher)
    #expect(throws: NoteDetailError.noLinkedRow(5, rowCount: 4)) {
      try model.linkedNote(atRow: 5)
    }
  }

  @Test func aNoteSharingItsTitleWithAnOlderOneHasNoBacklinks() throws {
    let model = makeModel(makeClient(), showing: Self.newerHeron.id)

    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(connections.backlinks.isEmpty, "links to its title name the older note")
    #expect(connections.links.map(\.note) == [Self.pond])
  }

  @Test func aTrashedNoteIsNoLinksAndAnEditIsFollowed() throws {
    let client = makeClient()
    let model = makeModel(client)
    try client.delete(Self.kingfisher.id)

    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(connections.unresolved.map(\.title) == ["kingfisher", "Otter"])
    #expect(connections.backlinks == [Self.newerHeron])

    client.notes.append(Note(id: UUID(number: 6), title: "Otter", createdAt: Self.day))
    guard case .loaded(_, _, _, let after) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(after.links.map(\.note.title) == ["Grey héron", "Otter"])
  }

  @Test func theStateIsComputedOncePerChange() throws {
    let client = makeClient()
    let model = makeModel(client)
    _ = model.state
    let before = model.stateComputations

    _ = model.state
    _ = model.state
    #expect(model.stateComputations == before, "nothing changed")

    try model.setPinned(true)
    _ = model.state
    _ = model.state
    #expect(model.stateComputations == before + 1)
  }
}

/// Renaming a note on its page rewrites the links naming it, keeping what each note held.
@MainActor
@Suite struct NoteDetailRenameTests {
  /// A title changed elsewhere (the composer's `title`, `$EDITOR`, a sync) leaves the links
  /// that named the old title naming no note: the page offers to rewrite them.
  @Test func aTitleChangedElsewhereOffersToRewriteTheLinksNamingTheOldOne() throws {
    let pond = NoteDetailLinksTests.pond
    let kingfisher = NoteDetailLinksTests.kingfisher
    let client = InMemoryNoteDetailClient(notes: [pond, kingfisher])
    let model = NoteDetailViewModel(
      noteID: pond.id, client: client, summarizer: CannedSummaryGenerator())
    var retitled = pond
    retitled.title = "The mill pond"
    // As the composer's save does: the text it replaced is kept as a version.
    client.versionsByNote[pond.id] = [
      NoteVersion(of: pond, number: 1, replacedAt: NoteDetailLinksTests.day)
    ]
    client.notes = [retitled, kingfisher]

    guard case .loaded(_, _, _, let offered) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(
      offered.earlierTitle == NoteConnections.EarlierTitle("The pond", linkedBy: [kingfisher]))
    #expect(offered.backlinks.isEmpty)

    #expect(try model.relink() == 1)

    let relinked = try #require(client.note(kingfisher.id))
    #expect(relinked.body == "Back to [[The mill pond]].")
    #expect(client.versions(of: kingfisher.id).map(\.body) == [kingfisher.body])
    guard case .loaded(_, _, _, let after) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(after.earlierTitle == nil)
    #expect(after.backlinks == [relinked])
    #expect(throws: NoteDetailError.nothingToRelink) { try model.relink() }
  }

  /// A title changed twice without a `relink` between: the links to both earlier titles are
  /// offered, the latest first, and each `relink` rewrites one.
  @Test func linksToEachEarlierTitleAreOfferedInTurn() throws {
    let pond = NoteDetailLinksTests.pond
    let morning = Note(id: UUID(number: 7), title: "Heron log", body: "See [[The pond]].")
    let evening = Note(id: UUID(number: 8), title: "Otter log", body: "See [[Mill pond]].")
    var mill = pond
    mill.title = "Mill pond"
    var lake = pond
    lake.title = "Lake"
    let client = InMemoryNoteDetailClient(
      notes: [lake, morning, evening],
      versions: [
        pond.id: [
          NoteVersion(of: pond, number: 1, replacedAt: NoteDetailLinksTests.day),
          NoteVersion(of: mill, number: 2, replacedAt: NoteDetailLinksTests.day),
        ]
      ])
    let model = NoteDetailViewModel(
      noteID: pond.id, client: client, summarizer: CannedSummaryGenerator())

    guard case .loaded(_, _, _, let first) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(first.earlierTitle == NoteConnections.EarlierTitle("Mill pond", linkedBy: [evening]))
    #expect(try model.relink() == 1)
    guard case .loaded(_, _, _, let second) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(second.earlierTitle == NoteConnections.EarlierTitle("The pond", linkedBy: [morning]))
    #expect(try model.relink() == 1)
    #expect(client.notes.map(\.body) == [pond.body, "See [[Lake]].", "See [[Lake]]."])
  }

  /// A note retitled at every save (hundreds of versions) would have its page ask after every
  /// title it ever had, each time its state is computed: only the three latest are looked at.
  @Test func onlyTheThreeLatestEarlierTitlesAreLookedAt() throws {
    let pond = NoteDetailLinksTests.pond
    let versions = (1...5).map { number in
      var titled = pond
      titled.title = "Pond \(number)"
      return NoteVersion(of: titled, number: number, replacedAt: NoteDetailLinksTests.day)
    }
    var now = pond
    now.title = "Pond now"
    let linkingTo = { (number: Int) in
      Note(
        id: UUID(number: 40 + number), title: "Log \(number)", body: "[[Pond \(number)]]",
        createdAt: NoteDetailLinksTests.day)
    }
    let client = InMemoryNoteDetailClient(
      notes: [now, linkingTo(1)], versions: [pond.id: versions])
    let model = NoteDetailViewModel(
      noteID: pond.id, client: client, summarizer: CannedSummaryGenerator())

    guard case .loaded(_, _, _, let tooOld) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(tooOld.earlierTitle == nil, "Pond 1 is the fifth latest")

    client.notes.append(linkingTo(3))
    guard case .loaded(_, _, _, let third) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(third.earlierTitle == NoteConnections.EarlierTitle("Pond 3", linkedBy: [linkingTo(3)]))
  }

  /// Links to a title another note has now name that note: they are not offered.
  @Test func linksToAnEarlierTitleAnotherNoteHasNowAreNotOffered() throws {
    let pond = NoteDetailLinksTests.pond
    var retitled = pond
    retitled.title = "The mill pond"
    let namesake = Note(id: UUID(number: 9), title: "The Pond", createdAt: .distantPast)
    let client = InMemoryNoteDetailClient(
      notes: [retitled, NoteDetailLinksTests.kingfisher, namesake],
      versions: [pond.id: [NoteVersion(of: pond, number: 1, replacedAt: .distantPast)]])
    let model = NoteDetailViewModel(
      noteID: pond.id, client: client, summarizer: CannedSummaryGenerator())

    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(connections.earlierTitle == nil)
    #expect(throws: NoteDetailError.nothingToRelink) { try model.relink() }
    #expect(client.note(NoteDetailLinksTests.kingfisher.id) == NoteDetailLinksTests.kingfisher)
  }

  @Test func renamingRewritesTheLinksNamingTheNoteAndKeepsTheirOldTextAsVersions() throws {
    let client = InMemoryNoteDetailClient(notes: [
      NoteDetailLinksTests.pond, NoteDetailLinksTests.heron, NoteDetailLinksTests.newerHeron,
      NoteDetailLinksTests.kingfisher,
    ])
    let model = NoteDetailViewModel(
      noteID: NoteDetailLinksTests.heron.id, client: client,
      summarizer: CannedSummaryGenerator())

    #expect(try model.rename(to: "  Grey heron (adult)  ") == 1)

    let pond = try #require(client.note(NoteDetailLinksTests.pond.id))
    #expect(
      pond.body
        == "Saw [[Grey heron (adult)|a heron]] and [[kingfisher#Diet]], not [[Otter]]; "
        + "`[[Moss]]`.\nAgain: [[Grey heron (adult)]], ![[pond.png]]")
    #expect(
      client.versions(of: NoteDetailLinksTests.pond.id).map(\.body) == [
        NoteDetailLinksTests.pond.body
      ])
    #expect(client.note(NoteDetailLinksTests.heron.id)?.title == "Grey heron (adult)")
    #expect(
      client.note(NoteDetailLinksTests.newerHeron.id) == NoteDetailLinksTests.newerHeron,
      "a note that only shares the old title keeps its text")
    guard case .loaded(_, _, _, let connections) = model.state else {
      Issue.record("no note shown")
      return
    }
    #expect(connections.backlinks == [pond])
    #expect(throws: NoteDetailError.titleRequired) { try model.rename(to: "  ") }
    #expect(throws: NoteDetailError.titleTaken("the POND")) { try model.rename(to: "the POND") }
    // A link can't name these: `[[New|Pipe]]` would link to "New", showing "Pipe".
    for title in ["New|Pipe", "Has#Hash", "T]]x", "[Draft]"] {
      #expect(throws: NoteDetailError.titleNotLinkable(title)) { try model.rename(to: title) }
    }
    #expect(client.note(NoteDetailLinksTests.heron.id)?.title == "Grey heron (adult)")
    #expect(client.note(NoteDetailLinksTests.pond.id) == pond, "no link rewritten again")
  }
}
