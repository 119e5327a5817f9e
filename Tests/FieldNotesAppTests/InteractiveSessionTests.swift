import FieldNotesFormats
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesPlatform
import Foundation
import Testing

/// The interactive path, through a real pseudo-terminal: tmux runs `fieldnotes` and the test
/// types keys into it, as a person would.
@MainActor
@Suite(.serialized, .enabled(if: TerminalDriver.isAvailable, "tmux is not installed"))
struct InteractiveSessionTests {
  /// The tmux server outlives the client that started it, so it must hold no descriptor of
  /// this process: a pipe whose write end the tests close then reads as ended, rather than
  /// waiting for ever for a writer that is the server.
  ///
  /// The test waits for the end rather than reading once: a child another test starts at the
  /// same moment holds the pipe while it starts (until it closes what it inherited), which a
  /// single read once saw; the server, which lives on, would hold it for the whole wait.
  @Test func theTmuxServerHoldsNoDescriptorOfTheTests() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let terminal = try TerminalDriver(command: ["cat"])
    defer { terminal.close() }
    close(ends[1])

    // The pipe's end is an event: poll wakes when the last write end closes.
    var ended = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    let ready = poll(&ended, 1, 20_000)
    var byte: UInt8 = 0
    let read = ready == 1 ? Platform.read(ends[0], &byte, 1) : -1
    #expect(read == 0, "the pipe's write end is still open elsewhere after 20 s")
  }

  @Test func historyCompletionAndCtrlCDuringASlowSync() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let remote = NSTemporaryDirectory() + "fieldnotes-slow-sync-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: remote) }
    // Numbered ids, so the rows' short ids are known: the heron is the fourth id made.
    let terminal = try TerminalDriver(command: [
      "env", "FIELDNOTES_IDS=sequential", binary.path, "--demo", "--network-profile", "slow",
      "--sync-folder", remote,
    ])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    // Tab completes a notebook name.
    try terminal.type("open Bi", keys: ["Tab"])
    try terminal.waitFor("open Birds")
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")

    // Arrow-up brings back the previous line.
    try terminal.type("pin 2", keys: ["Enter"])
    try terminal.waitFor("  2 * a004  Heron at the lake")
    try terminal.type("", keys: ["Up"])
    try terminal.waitFor("Birds> pin 2", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])

    // Ctrl-C cancels a slow sync, which goes back to where it was.
    try terminal.type("sync", keys: ["Enter"])
    try terminal.waitFor("Syncing…")
    try terminal.type("", keys: ["C-c"])
    try terminal.waitFor("Cancelled.")
    let screen = try terminal.screen()
    let afterCancel = screen.components(separatedBy: "Syncing…").last ?? ""
    #expect(afterCancel.contains("Birds · 3 notes"))
    #expect(!afterCancel.contains("Sync failed"))

    // Ctrl-C with nothing running clears the line and keeps the session.
    // The line must be on the prompt before Ctrl-C: sent too early, it reaches the session
    // while no line is being read.
    try terminal.type("half a comm", keys: [])
    try terminal.waitFor("Birds> half a comm", lastLineOnly: true)
    try terminal.type("", keys: ["C-c"])
    try terminal.waitFor("^C")
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()
    // libedit's history file escapes spaces as \040.
    let history = try String(
      contentsOfFile: terminal.home + "/state/fieldnotes/history", encoding: .utf8
    )
    .replacingOccurrences(of: "\\040", with: " ")
    #expect(history.contains("pin 2"))
    #expect(!history.contains("half a comm"))
  }

  @Test func aNotesTextStaysOutOfTheHistoryFileWhichOnlyItsOwnerCanRead() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    for line in ["open Birds", "new", "title Secret heron", "body A private line", "cancel"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("Discard your changes?")
    try terminal.type("yes", keys: ["Enter"])
    try terminal.waitFor("Birds>", lastLineOnly: true)
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()

    let path = terminal.home + "/state/fieldnotes/history"
    let history = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
    #expect(history.contains("open Birds"))
    #expect(history.contains("new"))
    #expect(!history.contains("Secret"), "\(history)")
    #expect(!history.contains("private"))
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(permissions as? Int == 0o600)
  }

  /// Tab offers only what fits the command: file paths for `export`, nothing for a title.
  @Test func tabCompletesPathsForExportAndNeverFileNamesElsewhere() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try FileManager.default.createDirectory(
      atPath: terminal.home + "/exports", withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(atPath: terminal.home + "/titleworthy.txt", contents: Data()))
    try terminal.waitFor("fieldnotes>")

    try terminal.type("export \(terminal.home)/exp", keys: ["Tab"])
    try terminal.waitFor("export \(terminal.home)/exports/", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])
    // A folder with a space completes quoted, with `~`, and a name typed after it goes inside.
    try FileManager.default.createDirectory(
      atPath: terminal.home + "/my exports", withIntermediateDirectories: true)
    try terminal.type("export ~/my", keys: ["Tab"])
    try terminal.waitFor("export \"~/my exports/\"", lastLineOnly: true)
    try terminal.type("notes.json", keys: ["Enter"])
    try terminal.waitFor("Exported")
    #expect(FileManager.default.fileExists(atPath: terminal.home + "/my exports/notes.json"))
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.type("new", keys: ["Enter"])
    try terminal.waitFor("New note in Birds")
    // Started in the home folder, file-name completion would offer titleworthy.txt here.
    try terminal.type("title title", keys: ["Tab", "Enter"])
    try terminal.waitFor("title: title")
    #expect(!(try terminal.screen()).contains("titleworthy"))
  }

  /// A name with a space completes inside the quote the user opened, and the quote is closed.
  @Test func aQuotedNameCompletesInsideItsQuote() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    try terminal.type("open \"Fi", keys: ["Tab"])
    try terminal.waitFor("fieldnotes> open \"Field trips\"", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Field trips>", lastLineOnly: true)
  }

  /// A name ending the line completes without quotes, from any of its words: `open Field t`,
  /// Tab, is `open Field trips`, which opens it.
  @Test func aNameCompletesToItsEndFromAnyOfItsWords() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    try terminal.type("open Field t", keys: ["Tab"])
    try terminal.waitFor("fieldnotes> open Field trips", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Field trips>", lastLineOnly: true)
  }

  /// Leaving closes the store, so SQLite folds its journal back in and removes `-wal`/`-shm`.
  @Test func quittingClosesTheStoreCleanly() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-clean-exit-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try TerminalDriver(command: [binary.path, "--store", folder + "/notes.sqlite"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    try terminal.type("notebook new Birds", keys: ["Enter"])
    try terminal.waitFor("Birds")
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.sqlite"])
  }

  /// A half-typed line survives a sync that redraws the list several times while it runs.
  @Test func aHalfTypedLineSurvivesEveryRedrawOfAnAsynchronousSync() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-sync-redraw-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try TerminalDriver(command: [
      binary.path, "--demo", "--network-profile", "slow", "--sync-folder", folder,
    ])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")

    try terminal.type("sync", keys: ["Enter"])
    try terminal.waitFor("Syncing…")
    try terminal.type("search kingf", keys: [])
    try terminal.waitFor("Synced")

    try terminal.waitFor("Birds> search kingf", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Showing: search “kingf”")
  }

  /// At a terminal, Tab completes a search's notebook inside the quote it opened, a qualifier
  /// without a space after its colon, and a tag; the matches then show in colour.
  @Test func aSearchCompletesAtATerminalAndShowsItsMatchesInColour() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open all", keys: ["Enter"])
    try terminal.waitFor("All Notes · 7 notes")

    // Text before the word that isn't ASCII doesn't throw the completion off.
    try terminal.type("search héron 鳥 in:\"Fi", keys: ["Tab"])
    try terminal.waitFor("All Notes> search héron 鳥 in:\"Field trips\"", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])
    try terminal.type("search in:\"Fi", keys: ["Tab"])
    try terminal.waitFor("All Notes> search in:\"Field trips\"", lastLineOnly: true)
    try terminal.type("ta", keys: ["Tab"])
    try terminal.waitFor("search in:\"Field trips\" tag:", lastLineOnly: true)
    // #plans and #plants share `plan`, which Tab puts in; one more letter tells them apart.
    try terminal.type("pl", keys: ["Tab"])
    try terminal.waitFor("search in:\"Field trips\" tag:plan", lastLineOnly: true)
    try terminal.type("s", keys: ["Tab"])
    try terminal.waitFor("search in:\"Field trips\" tag:plans", lastLineOnly: true)
    try terminal.type("OR estuary", keys: ["Enter"])
    try terminal.waitFor("Showing: search “in:\"Field trips\" tag:plans OR estuary”")
    try terminal.waitFor("Estuary walk, Saturday")
    let screen = try terminal.screenWithEscapes()
    #expect(screen.contains("\u{1B}[1m\u{1B}[33mEstuary"), "the match, in colour")
    #expect(!screen.contains("«"), "no marks where there is colour")
  }

  /// Typed accented, CJK and emoji text is kept, and a notebook with such a name can be
  /// opened (its name becomes the prompt), whatever locale the terminal was started in.
  @Test(arguments: ["LANG=C.UTF-8", "LANG=C", "LC_ALL=C"])
  func internationalTextIsTypedSavedAndShownInThePrompt(_ locale: String) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: ["env", locale, binary.path, "--in-memory"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    for line in ["notebook new Café", "open Café", "new", "title 鳥 🐦 naïve"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("title: 鳥 🐦 naïve")
    try terminal.type("save", keys: ["Enter"])
    try terminal.waitFor("Saved \u{201C}鳥 🐦 naïve\u{201D}.")
    try terminal.waitFor("Café>", lastLineOnly: true)
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()
  }

  /// At 40 columns, wide characters are counted as two, names stay aligned and rows are cut to
  /// the width; resizing, and stopping and continuing (Ctrl-Z, `fg`), draw the typed line again.
  @Test func aNarrowTerminalGetsAlignedCutLinesAndResizingKeepsTheTypedLine() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: ["env", "LANG=C.UTF-8", "FIELDNOTES_IDS=sequential", binary.path, "--in-memory"],
      columns: 40)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    for line in [
      "notebook new 鳥の観察ノート", "notebook new Café", "open Café", "new",
      "title 鳥が二羽、池のほとりで静かに羽を休めていた長い午後",
      "body Two birds resting by the pond for the whole long afternoon.",
      "save",
    ] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("Saved")
    try terminal.type("back", keys: ["Enter"])
    // The notebooks screen drawn before the note was saved shows "No Notebook 0 notes" too:
    // wait for the one drawn after it, with the note counted.
    try terminal.waitFor("Café            1 note")
    try terminal.waitFor("No Notebook     0 notes")
    let notebooks = try terminal.screen().split(separator: "\n").map(String.init)
    let expected = [
      "  1  All Notes       1 note",
      "  2  Café            1 note",
      "  3  鳥の観察ノート  0 notes",
      "  4  No Notebook     0 notes",
    ]
    let last = try #require(notebooks.lastIndex(of: "Notebooks"))
    #expect(Array(notebooks[(last + 1)...].prefix(4)) == expected)

    try terminal.type("open Café", keys: ["Enter"])
    try terminal.waitFor("Café · 1 note")
    let rows = try terminal.screen().split(separator: "\n").map(String.init)
    let heading = try #require(rows.lastIndex { $0.hasPrefix("Café · 1 note") })
    let list = Array(rows[(heading + 1)...].prefix(2))
    #expect(
      list == [
        "  1   a003  鳥が二羽、池のほ… · just now",
        "      Two birds resting by the pond for…",
      ])

    try terminal.type("search 鳥", keys: [])
    try terminal.resize(columns: 60)
    try terminal.waitFor("Café> search 鳥", lastLineOnly: true)
    try terminal.send(signal: SIGTSTP)
    try terminal.send(signal: SIGCONT)
    try terminal.waitFor("Café> search 鳥", lastLineOnly: true)
    try terminal.type("が", keys: ["Enter"])
    try terminal.waitFor("Showing: search “鳥が”")
  }

  /// Ctrl-R finds an earlier line, and Enter runs it at once, as in sqlite3's shell.
  @Test func reverseSearchThenEnterRunsTheLineFound() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: ["env", "LANG=C.UTF-8", binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Plants", keys: ["Enter"])
    try terminal.waitFor("Plants · 2 notes")
    try terminal.type("back", keys: ["Enter"])
    try terminal.waitFor("fieldnotes>", lastLineOnly: true)
    try terminal.type("", keys: ["C-r"])
    try terminal.type("Pla", keys: [])
    // Enter only once the search has read these keys itself (libedit shows `bck:Pla`), as a
    // person types it: waiting on the screen, not on the clock.
    try terminal.waitFor("Pla", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Plants>", lastLineOnly: true)
  }

  /// Colour at a terminal (dim dates, highlighted matches, red errors); none under `NO_COLOR`
  /// or `TERM=dumb`.
  @Test(arguments: [("", true), ("NO_COLOR=1", false), ("TERM=dumb", false)])
  func colourOnlyWhereWanted(_ setting: String, _ coloured: Bool) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let command =
      ["env", "LANG=C.UTF-8"] + (setting.isEmpty ? [] : [setting]) + [binary.path, "--demo"]
    let terminal = try TerminalDriver(command: command)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.type("search heron", keys: ["Enter"])
    try terminal.waitFor("Showing: search “heron”")
    try terminal.type("bogus", keys: ["Enter"])
    try terminal.waitFor("unknown command 'bogus'")
    let screen = try terminal.screenWithEscapes()
    #expect(screen.contains("\u{1B}[2m") == coloured, "dim dates")
    #expect(screen.contains("\u{1B}[1m\u{1B}[33mHeron") == coloured, "the match")
    #expect(screen.contains("\u{1B}[31merror:") == coloured, "the error")
  }

  /// Output taller than the window goes through `PAGER`; shorter output, and every script,
  /// is printed as it is.
  @Test func longOutputIsPagedAtATerminalAndNeverInAScript() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let pager = "PAGER=sed 's/^/paged: /'"
    let terminal = try TerminalDriver(
      command: ["env", "\"\(pager)\"", binary.path, "--demo"], rows: 30)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")
    #expect(try !terminal.screen().contains("paged:"), "a short list is printed")
    try terminal.type("help", keys: ["Enter"])
    try terminal.waitFor("paged: Anywhere:")
    try terminal.waitFor("Birds>", lastLineOnly: true)

    let script = try BuiltProduct.run(
      binary, arguments: ["--demo"], input: "help\n",
      environment: ["PAGER": "sed 's/^/paged: /'", "LINES": "5"])
    #expect(script.output.contains("Anywhere:"))
    #expect(!script.output.contains { $0.hasPrefix("paged:") })
  }

  /// Text erased with Ctrl-U stays erased when the line is drawn again (a resize, Ctrl-Z and
  /// `fg`, a sync's message printed above it): it never comes back to run at Enter.
  @Test func erasedTextNeverComesBackWhenTheLineIsDrawnAgain() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"], columns: 100, rows: 30)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open all", keys: ["Enter"])
    try terminal.waitFor("All Notes>", lastLineOnly: true)
    try terminal.type("delete 3", keys: ["C-u"])
    try terminal.resize(columns: 80)
    try terminal.type("state", keys: [])
    try terminal.waitFor("All Notes> state", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("NoteListViewModel.state = loaded(7 rows)")
    #expect(try !terminal.screen().contains("Deleted"))
  }

  /// Ctrl-C while a body is typed ends the body there: the composer's prompt is back at once,
  /// so the next line is typed (and runs) where the prompt says.
  @Test func ctrlCInABodyGivesTheComposersPromptBack() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    for line in ["open all", "new", "body", "line one"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("...>", lastLineOnly: true)
    try terminal.type("", keys: ["C-c"])
    try terminal.waitFor("Body entry cancelled; the body is as it was.")
    try terminal.waitFor("All Notes/compose>", lastLineOnly: true)
  }

  /// In a body's lines Tab is a tab: one pasted into the body is kept, not taken for
  /// completion.
  @Test func aTabInABodyLineIsKept() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-tab-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let terminal = try TerminalDriver(command: [binary.path, "--store", store])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    for line in ["open all", "new", "title Columns", "body"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("...>", lastLineOnly: true)
    try terminal.type("heron\t3", keys: ["Enter"])
    try terminal.type(".", keys: ["Enter"])
    try terminal.type("save", keys: ["Enter"])
    try terminal.waitFor("Saved \u{201C}Columns\u{201D}.")
    #expect(try SQLiteNoteRepository(path: store).load().notes.map(\.body) == ["heron\t3"])
  }

  /// A sync that fails while the user types on the notebooks screen says so above the line
  /// being typed, and the prompt and the line come back below it.
  @Test func aSyncThatFailsInTheBackgroundGivesThePromptBack() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let remote = NSTemporaryDirectory() + "fieldnotes-offline-" + UUID().uuidString + ".git"
    defer { try? FileManager.default.removeItem(atPath: remote) }
    let terminal = try TerminalDriver(
      command: [
        binary.path, "--demo", "--network-profile", "offline", "--sync-folder", remote,
      ])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("sync", keys: ["Enter"])
    try terminal.type("hel", keys: [])
    try terminal.waitFor("error: sync failed: the network is unavailable")
    try terminal.waitFor("fieldnotes> hel", lastLineOnly: true)
  }

  /// In a narrow window a note's page and a message break at spaces, never inside a word.
  @Test func aNarrowWindowBreaksANoteAndAMessageAtSpaces() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"], columns: 40, rows: 30)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open all", keys: ["Enter"])
    try terminal.type("show 1", keys: ["Enter"])
    try terminal.waitFor("twenty minutes, still as a post.")
    #expect(try terminal.screen().contains("A grey heron stood in the shallows for\n"))
    try terminal.type("frobnicate", keys: ["Enter"])
    try terminal.waitFor("error: unknown command 'frobnicate';")
    try terminal.waitFor("All Notes/note>", lastLineOnly: true)
    #expect(try terminal.screen().contains("\ntype `help`\n"))
  }

  /// A `PAGER` that can't be started never drops the output: it is printed instead.
  @Test func aPagerThatCantStartLeavesTheOutputPrinted() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: ["env", "PAGER=no-such-pager", binary.path, "--demo"], rows: 20)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("help", keys: ["Enter"])
    try terminal.waitFor("Anywhere:")
    try terminal.waitFor("fieldnotes>", lastLineOnly: true)
  }

  /// A real editor at the terminal: vi gets the terminal for the note's file, the change made
  /// in it is saved byte for byte, and the session's prompt and line editing come back.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vi"), "no vi here"))
  func aNoteIsFixedInViAtTheTerminalAndTheSessionGoesOn() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-vi-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let lines = (1...200).map { "Line \($0)" }
    _ = try BuiltProduct.run(
      binary, arguments: ["--store", store],
      input: (["open all", "new", "title Heron", "body"] + lines + [".", "save"])
        .joined(separator: "\n") + "\n",
      environment: ["HOME": folder, "TZ": "UTC"])
    let terminal = try TerminalDriver(
      command: ["env", "VISUAL=/usr/bin/vi", binary.path, "--store", store], rows: 30)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open all", keys: ["Enter"])
    try terminal.type("edit 1 --editor", keys: ["Enter"])
    try terminal.waitFor("# Heron")

    try terminal.type("/^Line 3$", keys: ["Enter"])
    try terminal.type("ccLine three, fixed in vi", keys: ["Escape"])
    try terminal.type(":wq", keys: ["Enter"])
    try terminal.waitFor("Saved \u{201C}Heron\u{201D}.")
    try terminal.waitFor("All Notes>", lastLineOnly: true)
    try terminal.type("show 1", keys: ["Enter"])
    try terminal.waitFor("Line three, fixed in vi")

    var expected = lines
    expected[2] = "Line three, fixed in vi"
    #expect(
      try SQLiteNoteRepository(path: store).load().notes.map(\.body)
        == [expected.joined(separator: "\n")])
  }

  /// A signal gives the terminal back as it was (libedit had turned echo and line buffering
  /// off), and a line of the body typed and not yet entered is kept with the draft.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func aSignalRestoresTheTerminalAndKeepsTheLineBeingTyped() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-tty-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let first = try TerminalDriver(command: [
      "stty", "-a", ">", folder + "/before.txt", ";", binary.path, "--store", store, ";",
      "stty", "-a", ">", folder + "/after.txt",
    ])
    defer { first.close() }
    try first.waitFor("fieldnotes>")
    for line in ["open all", "new", "title Typed to the last key", "body", "first line"] {
      try first.type(line, keys: ["Enter"])
    }
    try first.type("half typed", keys: [])
    try first.waitFor("half typed")
    try first.sendToShellsChild(signal: SIGTERM)
    try first.waitForExit()

    let before = try String(contentsOfFile: folder + "/before.txt", encoding: .utf8)
    let after = try String(contentsOfFile: folder + "/after.txt", encoding: .utf8)
    #expect(after.contains(" icanon") && after.contains(" echo "), "after: \(after)")
    #expect(before.contains(" icanon") && before.contains(" echo "), "before: \(before)")

    let second = try TerminalDriver(command: [binary.path, "--store", store])
    defer { second.close() }
    try second.waitFor("fieldnotes>")
    for line in ["open all", "new", "draft 1"] { try second.type(line, keys: ["Enter"]) }
    try second.waitFor("title: Typed to the last key")
    let shown = try second.screen()
    #expect(shown.contains("body:  2 lines\n    first line\n    half typed\n"), "\(shown)")
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalKeepsTheUnsavedNoteAsADraftOfferedBackNextTime(_ signal: Int32) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let first = try TerminalDriver(command: [binary.path, "--store", store])
    defer { first.close() }
    try first.waitFor("fieldnotes>")
    for line in ["open all", "new", "title Kept through a signal"] {
      try first.type(line, keys: ["Enter"])
    }
    try first.waitFor("title: Kept through a signal")

    try first.send(signal: signal)
    try first.waitForExit()

    let second = try TerminalDriver(command: [binary.path, "--store", store])
    defer { second.close() }
    try second.waitFor("fieldnotes>")
    try second.type("open all", keys: ["Enter"])
    try second.type("new", keys: ["Enter"])
    try second.waitFor("A draft of this note was kept when FieldNotes stopped")
    #expect(try second.screen().contains("“Kept through a signal”, kept "))
    #expect(try second.screen().contains(" at /dev/"), "the session is named by its terminal")
    try second.type("draft 1", keys: ["Enter"])
    try second.waitFor("title: Kept through a signal")
  }
}

/// A long import shows its progress at a terminal, and says nothing of it to a script.
@MainActor
@Suite(.enabled(if: TerminalDriver.isAvailable, "tmux is not installed"))
struct ImportProgressAtATerminalTests {
  @Test func aLongImportShowsItsProgressAtATerminalOnly() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-import-progress-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/notes.json"
    let library = NoteLibrary(
      notes: (0..<12_000).map {
        Note(title: "Note \($0)", createdAt: Date(timeIntervalSince1970: 0))
      })
    try LibraryArchive.json(library).write(to: URL(fileURLWithPath: file))

    let terminal = try TerminalDriver(command: [binary.path, "--store", folder + "/a.sqlite"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("import \(file)", keys: ["Enter"])
    try terminal.waitFor("Imported 12000 notes")
    #expect(
      try terminal.screen().contains("Importing: 10000 of 12000 notes and notebooks written…"))

    let script = try BuiltProduct.run(
      binary, arguments: ["--store", folder + "/b.sqlite"], input: "import \(file)\n",
      environment: ["HOME": folder])
    #expect(script.errors == [])
    #expect(script.output.contains { $0.hasPrefix("Imported 12000 notes") })
  }
}
