import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import NoteDetailLive
import NoteDetailScreen
import Testing

/// A note's page driven as the REPL drives it: the page, its summary, and its commands.
@MainActor
@Suite struct NoteDetailScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let history = DeletionHistory()

  func makeHarness(
    _ note: Note = SampleData.kingfisher,
    summarizer: any SummaryGenerating = CannedSummaryGenerator()
  ) throws -> (ScreenHarness<Route>, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let screen = NoteDetailScreen(
      model: NoteDetailViewModel(
        noteID: note.id, client: StoreNoteDetailClient(store: store, history: history),
        summarizer: summarizer),
      now: .fixed(SampleData.date(minutes: 60)), timeZone: TimeZone(identifier: "UTC") ?? .current)
    return (ScreenHarness(screen), store)
  }

  /// A note changed after it was written says when, beside when it was written.
  @Test func anEditedNoteSaysWhenItChanged() throws {
    var edited = SampleData.kingfisher
    edited.updatedAt = SampleData.date(minutes: 55)
    try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(edited.updatedAt))
      .perform(.updateNote(edited))
    let (harness, _) = try makeHarness()
    #expect(harness.lastDrawn?[1] == "Birds · #birds · written 50 min ago · changed 5 min ago")
  }

  @Test func drawsTheNoteThenItsSummary() async throws {
    let (harness, _) = try makeHarness()
    #expect(
      harness.lastDrawn == [
        "Kingfisher", "Birds · #birds · written 50 min ago", "",
        "A flash of blue under the bridge.",
      ])

    try await harness.run("summarize")

    #expect(harness.drawn.count == 3, "the page, then summarizing…, then the summary")
    #expect(harness.drawn[1].suffix(2) == ["", "Summary: summarizing…"])
    #expect(harness.lastDrawn?.last == "Summary: A short summary of Kingfisher.")
  }

  /// A note's properties are listed under its facts, each value as it reads (a list's items
  /// with commas between them); an edit of them alone is a version, and `diff` names them.
  @Test func thePropertiesAreListedAndTheirChangesKept() async throws {
    let (harness, store) = try makeHarness()
    var note = try #require(try store.note(withID: SampleData.kingfisher.id))
    note.properties = [
      NoteProperty(key: "status", rawValue: " 'draft'"),
      NoteProperty(key: "aliases", rawValue: "\n  - Alcedo\n  - Common kingfisher"),
    ]
    try store.perform(.updateNote(note))
    _ = try await harness.run("history")

    #expect(
      harness.lastDrawn == [
        "Kingfisher", "Birds · #birds · written 50 min ago · changed 1 h ago", "status: draft",
        "aliases: Alcedo, Common kingfisher", "", "A flash of blue under the bridge.",
      ])
    #expect(
      try await harness.run("history") == [
        "1 version of “Kingfisher” kept, newest first (`diff N` compares, `restore N` brings back):",
        "  1  saved 50 min ago  then properties",
      ])
    #expect(
      try await harness.run("diff") == [
        "--- version 1, saved 50 min ago", "+++ now", "status: none → draft",
        "aliases: none → Alcedo, Common kingfisher",
      ])
  }

  @Test func aPageOpenedFromASearchMarksEveryMatch() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let route = Route.noteDetail(SampleData.kingfisher.id, highlighting: ["KING", "blue"])
    let screen = try #require(
      NoteDetailScreen.registration { StoreNoteDetailClient(store: $0.store, history: $0.history) }
        .makeScreen(
          for: route,
          with: ScreenDependencies(
            store: store, now: .fixed(SampleData.date(minutes: 60)), ids: .incrementing(),
            timeZone: TimeZone(identifier: "UTC") ?? .current, summarizer: CannedSummaryGenerator(),
            history: history, session: SampleData.session(1),
            preferences: ScreenPreferences(noteListForm: .mvvm), editor: UnavailableTextEditor(),
            tables: UnavailableFeatureTables(), drafts: repository)))
    #expect(
      ScreenHarness(screen).lastDrawn == [
        "«King»fisher", "Birds · #birds · written 50 min ago", "",
        "A flash of «blue» under the bridge.",
      ])
  }

  @Test func aFailedSummaryIsShownAndFailsTheScriptLine() async throws {
    let (harness, _) = try makeHarness(summarizer: UnavailableSummaryGenerator())

    await #expect(throws: CommandLineError.self) { try await harness.run("summarize") }

    #expect(harness.lastDrawn?.last?.hasPrefix("Summary unavailable: ") == true)
  }

  @Test func movingToANotebookWorksOnThePage() async throws {
    let (harness, store) = try makeHarness()

    try await harness.run("move to plants")

    #expect(try store.note(withID: SampleData.kingfisher.id)?.notebookID == SampleData.plants.id)
    await #expect(throws: CommandLineError.usage("move to NOTEBOOK|none")) {
      try await harness.run("move Plants")
    }
  }

  /// A title changed in the composer leaves links naming the old one: the page says which
  /// notes, `relink` rewrites them and says how many, and the offer goes.
  @Test func thePageOffersToRelinkAfterATitleChangedElsewhere() async throws {
    let walk = Note(
      id: UUID(number: 0x21), title: "Walk", body: "[[Kingfisher]] at dusk.",
      createdAt: SampleData.date(minutes: 5))
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try store.perform(.addNote(walk))
    var retitled = SampleData.kingfisher
    retitled.title = "Kingfisher at the bridge"
    try store.perform(.updateNote(retitled))
    let (harness, _) = try makeHarness()

    #expect(
      harness.lastDrawn?.suffix(2) == [
        "1 note still links to its earlier title [[Kingfisher]]: \u{201C}Walk\u{201D}.",
        "  `relink` makes it link here (each keeps what it replaced as a version).",
      ])
    #expect(
      try await harness.run("relink") == [
        "Rewrote the links in 1 note to name \u{201C}Kingfisher at the bridge\u{201D} (its "
          + "old text is kept as a version)."
      ])
    #expect(harness.lastDrawn?.suffix(3) == ["", "Linked from:", "  1  Walk"])
    await #expect(
      throws: CommandLineError.refused("No note links to this note's earlier title.")
    ) { try await harness.run("relink") }
  }

  @Test func pinningAPinnedNoteSaysSoAndChangesNothing() async throws {
    let (harness, _) = try makeHarness(SampleData.heron)

    #expect(
      try await harness.run("pin") == ["\u{201C}Heron at the lake\u{201D} is already pinned."])
    await #expect(throws: CommandLineError.usage("pin (on a note's page, without N)")) {
      try await harness.run("pin 2")
    }
  }

  @Test func deletingLeavesThePageAndTheSharedHistoryCanUndoIt() async throws {
    let (harness, store) = try makeHarness()

    let printed = try await harness.run("delete")

    #expect(
      printed == ["Deleted \u{201C}Kingfisher\u{201D} (it is in the trash); `undo` restores it."])
    #expect(history.lastDeleted == SampleData.kingfisher)
    #expect(try store.note(withID: SampleData.kingfisher.id) == nil)
  }

  @Test func editOpensTheComposerOnThisNote() async throws {
    let (harness, _) = try makeHarness()
    try await harness.run("edit")
    #expect(harness.routes == [.editNote(SampleData.kingfisher.id)])
  }

  /// Every command on the page that acts on its note, as typed.
  static let commandsOnTheNote = [
    "pin", "unpin", "move to Plants", "delete", "summarize", "history", "diff", "diff 1",
    "restore 1", "edit", "edit --editor", "relink",
  ]

  /// Another FieldNotes (or a sync) deleted the note while its page was open.
  ///
  /// Every command on the note refuses with one error saying where it went, and does nothing:
  /// `edit` opens no composer (whose `save` made a new note), `delete` and `summarize` don't
  /// pass in silence, `history` names no “”.
  @Test func everyCommandOnAPageWhoseNoteIsGoneRefusesWithOneError() async throws {
    let summarizer = CannedSummaryGenerator()
    let (harness, store) = try makeHarness(summarizer: summarizer)
    let elsewhere = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try elsewhere.perform(.deleteNote(SampleData.kingfisher.id))
    try store.reload()
    let notes = store.notes

    for command in Self.commandsOnTheNote {
      await #expect(
        throws: CommandLineError.refused(
          "This note was deleted, and is in the trash: `back` leaves its page; `trash` on the "
            + "notebooks screen, then `restore N`, brings it back with its history."),
        "\(command)"
      ) { try await harness.run(command) }
    }

    #expect(harness.routes.isEmpty, "no composer opened")
    #expect(store.notes == notes, "no note made, moved or pinned")
    #expect(
      try store.journal.trashedNotes().map(\.id) == [SampleData.kingfisher.id],
      "the note is in the trash")
    #expect(summarizer.summarizedNotes.isEmpty)
    #expect(harness.lastDrawn == ["This note no longer exists. Type `back`."])
  }

  /// The same once the trash was emptied: the error says the note is gone for good.
  @Test func everyCommandOnAPageWhoseNoteWasDeletedForGoodRefuses() async throws {
    let (harness, store) = try makeHarness()
    let elsewhere = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try elsewhere.perform(.deleteNote(SampleData.kingfisher.id))
    // Another FieldNotes empties its trash: the repository's own change, as its trash writes it.
    try repository.commit(
      try elsewhere.journal.trashedNotes().filter { $0.id == SampleData.kingfisher.id }.map {
        .purgeTrashedNote($0)
      })
    try store.reload()

    for command in Self.commandsOnTheNote {
      await #expect(
        throws: CommandLineError.refused(
          "This note no longer exists (it was deleted for good): `back` leaves its page."),
        "\(command)"
      ) { try await harness.run(command) }
    }
    #expect(harness.routes.isEmpty)
  }
}

/// `history`, `diff` and `restore` as typed on a note's page.
@MainActor
@Suite struct NoteHistoryScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeHarness() throws -> (ScreenHarness<Route>, NoteStore) {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 55)))
    let screen = NoteDetailScreen(
      model: NoteDetailViewModel(
        noteID: SampleData.kingfisher.id,
        client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
        summarizer: CannedSummaryGenerator()),
      now: .fixed(SampleData.date(minutes: 60)), timeZone: TimeZone(identifier: "UTC") ?? .current)
    return (ScreenHarness(screen), store)
  }

  @Test func historyDiffAndRestoreSayWhatTheyDid() async throws {
    let (harness, store) = try makeHarness()
    #expect(
      try await harness.run("history") == [
        "“Kingfisher” has no earlier versions: it is as it was first saved."
      ])
    var note = try #require(try store.note(withID: SampleData.kingfisher.id))
    note.body += "\nIt dived twice."
    note.tags = ["birds", "river"]
    try store.perform(.updateNote(note))

    #expect(
      try await harness.run("history") == [
        "1 version of “Kingfisher” kept, newest first (`diff N` compares, `restore N` brings back):",
        "  1  saved 50 min ago  then tags, body +1 −0",
      ])
    #expect(
      try await harness.run("diff") == [
        "--- version 1, saved 50 min ago", "+++ now", "tags: #birds → #birds #river",
        "@@ -1 +1,2 @@", " A flash of blue under the bridge.", "+It dived twice.",
      ])
    #expect(
      try await harness.run("restore 1") == [
        "Restored version 1 of “Kingfisher”; the text it replaced is kept as version 2."
      ])
    #expect(
      try await harness.run("restore 1") == [
        "Version 1 holds this note's text already; nothing was restored."
      ])
    await #expect(throws: CommandLineError.usage("restore N (a number `history` lists)")) {
      try await harness.run("restore 0")
    }
    await #expect(
      throws: CommandLineError.usage("diff [N [M]] (N and M are numbers `history` lists)")
    ) {
      try await harness.run("diff 1 2 3")
    }
  }
}

/// A journal whose versions are numbered with gaps, as a damaged or hand-edited store's can
/// be: the one part of the store this test stands in for.
private final class GappedVersions: NoteJournal {
  let saved = InMemoryNoteRepository(SampleData.library)

  func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    [3, 120].map { number in
      NoteVersion(
        number: number, noteID: id, title: "Kingfisher", body: "v\(number)", tags: [],
        notebookID: nil, savedAt: SampleData.date(minutes: 0),
        replacedAt: SampleData.date(minutes: 1))
    }
  }
  func trashedNotes() throws(RepositoryError) -> [TrashedNote] { [] }
  func conflictCopies() throws(RepositoryError) -> [Note] { [] }
  func unreadableNotes() throws(RepositoryError) -> [UnreadableNote] { [] }
  func attachments(ofNote id: Note.ID) throws(RepositoryError) -> [NoteAttachment.Entry] { [] }
  func attachment(named name: String, ofNote id: Note.ID) throws(RepositoryError)
    -> NoteAttachment?
  { nil }
}

@MainActor
@Suite struct NoteHistoryDamagedStoreTests {
  @Test func versionNumbersWiderThanTheCountAreListedAligned() async throws {
    let journal = GappedVersions()
    let store = try NoteStore(
      repository: journal.saved, journal: journal,
      syncer: NoOpNoteSyncer(), now: .fixed())
    let screen = NoteDetailScreen(
      model: NoteDetailViewModel(
        noteID: SampleData.kingfisher.id,
        client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
        summarizer: CannedSummaryGenerator()),
      now: .fixed(SampleData.date(minutes: 60)), timeZone: TimeZone(identifier: "UTC") ?? .current)
    let lines = try await ScreenHarness<Route>(screen).run("history")
    #expect(lines.dropFirst().map { String($0.prefix(7)) } == ["  120  ", "    3  "])
  }
}
