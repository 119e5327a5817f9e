import FieldNotesServices
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Which editor runs, chosen as git chooses: `VISUAL` (not on a dumb terminal), then `EDITOR`,
/// then `vi` where there is a terminal for it; and how it is run.
@Suite struct ExternalEditorTests {
  @Test(
    arguments: [
      (["VISUAL": "code --wait", "EDITOR": "nano"], true, "code --wait"),
      (["VISUAL": "code --wait", "EDITOR": "nano", "TERM": "dumb"], true, "nano"),
      (["VISUAL": "", "EDITOR": "nano"], true, "nano"),
      (["EDITOR": "ed"], false, "ed"),
      ([:], true, "vi"),
      (["TERM": "dumb"], true, nil),
      ([:], false, nil),
    ] as [([String: String], Bool, String?)])
  func theEditorIsChosenAsGitChoosesIt(
    _ environment: [String: String], _ hasTerminal: Bool, _ command: String?
  ) {
    #expect(ExternalEditor.command(environment: environment, hasTerminal: hasTerminal) == command)
  }

  /// The command goes through the shell with the file's path as its last word, so an editor
  /// given with its own flags runs, and a path with spaces reaches it whole.
  @Test func theCommandRunsThroughTheShellWithThePathWhole() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes editor " + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": "perl -pi -e s/grey/silver/"],
      hasTerminal: false, folder: folder, owner: .inMemory)

    let edited = try await editor.edit(Data("A grey heron.".utf8), fileName: "note.md")

    #expect(String(decoding: edited, as: UTF8.self) == "A silver heron.")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    await #expect(
      throws: TextEditingError.cannotStart("the shell found no command “no-such-editor”")
    ) {
      try await ExternalEditor(
        environment: ["PATH": "/usr/bin:/bin", "EDITOR": "no-such-editor"], hasTerminal: false,
        folder: folder, owner: .inMemory
      ).edit(Data(), fileName: "note.md")
    }
  }

  /// A file whose edit is still running (its lock held) is never taken for a leftover; once no
  /// one holds it, it is, and `forget` removes it and its lock, and marks the folder to stay.
  @Test func onlyAnEditNoOneHoldsIsALeftover() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-leftover-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: [:], hasTerminal: false, folder: folder,
      owner: .store(path: folder + "/notes.sqlite"))
    try FileManager.default.createDirectory(
      atPath: editor.folder, withIntermediateDirectories: true)
    let path = editor.folder + "/1a2b3c4d-note-x.md"
    try Data("---\n---\n# Kept\n".utf8).write(to: URL(fileURLWithPath: path))

    let running = try #require(ExternalEditor.hold(lockOf: path))
    #expect(editor.leftoverEdits().isEmpty, "another edit holds it")
    // Unlocked, not only closed: a child another test starts meanwhile holds a copy of the
    // descriptor until it runs its program, and with it the lock.
    ExternalEditor.release(lock: running)

    let leftovers = editor.leftoverEdits()
    #expect(leftovers.map(\.fileName) == ["note-x.md"])
    #expect(
      leftovers.first.map { String(decoding: $0.text, as: UTF8.self) } == "---\n---\n# Kept\n")
    for leftover in leftovers { editor.forget(leftover) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: editor.folder) == [
        ExternalEditor.mayStillBeSavedInto
      ])
  }

  /// A store's folder of held text alone goes once its text is let go, and a session's start
  /// removes every other store's empty one as it looks through them: a start reads one folder
  /// for each store with files left or an editor's marker, not one for every store ever opened
  /// (460 on a machine that ran the bench, 8% of a start).
  @Test func aStoresFolderGoesOnceEmpty() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-empty-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func editor(_ name: String) -> ExternalEditor {
      ExternalEditor(
        environment: ["PATH": "/usr/bin:/bin", "EDITOR": "true"], hasTerminal: false,
        folder: folder, owner: .store(path: folder + "/" + name + ".sqlite"))
    }
    let first = editor("first")
    let held = try #require(
      try first.hold(Data("# Held\n".utf8), fileName: "new-note.md", replacing: nil))
    #expect(FileManager.default.fileExists(atPath: held.path))
    first.letGo(held)
    #expect(!FileManager.default.fileExists(atPath: first.folder), "held text let go")

    let (empty, left, other) = (editor("empty"), editor("left"), editor("other"))
    try FileManager.default.createDirectory(atPath: empty.folder, withIntermediateDirectories: true)
    let (path, lock) = try left.write(Data("# Left\n".utf8), named: "new-note.md")
    ExternalEditor.release(lock: lock)
    #expect(other.leftoverEditsOfOtherStores() == [path])
    #expect(!FileManager.default.fileExists(atPath: empty.folder), "another store's, empty")
    #expect(FileManager.default.fileExists(atPath: path), "another store's file stays")
    for leftover in left.leftoverEdits() { left.forget(leftover) }
    #expect(left.leftoverEdits().isEmpty)
    #expect(FileManager.default.fileExists(atPath: left.folder), "an editor may still save")
    #expect(other.leftoverEditsOfOtherStores().isEmpty)
    #expect(FileManager.default.fileExists(atPath: left.folder), "so another start keeps it")
  }

  /// A file another store's session lets go of between the listing of the folders and the
  /// taking of its lock is not named as left over (found by an outside check: a start named a
  /// file already gone, 3 times in 300).
  @Test func aFileLetGoOfWhileFoldersAreListedIsNoLeftover() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-leftover-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func editor(_ name: String) -> ExternalEditor {
      ExternalEditor(
        environment: [:], hasTerminal: false, folder: folder,
        owner: .store(path: folder + "/" + name + ".sqlite"))
    }
    let (holding, other) = (editor("holding"), editor("other"))
    let held = try #require(
      try holding.hold(Data("# Held\n".utf8), fileName: "new-note.md", replacing: nil))
    // An editor was given a file in the folder once, so it stays when the held file goes.
    #expect(
      FileManager.default.createFile(
        atPath: holding.folder + "/" + ExternalEditor.mayStillBeSavedInto, contents: nil))

    let named = other.leftoverEditsOfOtherStores { holding.letGo(held) }

    #expect(named.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: held.path + ExternalEditor.lockSuffix))
  }

  /// A file handed to an editor is locked from before it exists: another session of the store
  /// looking for leftovers at any moment never takes it, so it can't keep the text the file
  /// held before the editor wrote and then remove the file with what the editor wrote (found
  /// with three sessions starting at once on a busy machine: one note's text was gone).
  @Test func aFileForTheEditorIsNeverALeftoverWhileItsEditRuns() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-leftover-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let owner = ExternalEditor.Owner.store(path: folder + "/notes.sqlite")
    let running = ExternalEditor(environment: [:], hasTerminal: false, folder: folder, owner: owner)
    let other = ExternalEditor(environment: [:], hasTerminal: false, folder: folder, owner: owner)

    let (path, lock) = try running.write(Data("# Template\n".utf8), named: "new-note.md")

    #expect(FileManager.default.fileExists(atPath: path))
    #expect(other.leftoverEdits().isEmpty, "the lock is held as soon as the file is there")
    #expect(ExternalEditor.hold(lockOf: path) == nil)
    ExternalEditor.release(lock: lock)
    #expect(other.leftoverEdits().map(\.path) == [path], "once no one holds it, it is left over")
  }

  /// Each store's files are its own: another store's session, or one in memory, never takes
  /// them, and names them instead; so are the files a FieldNotes before stores had folders left
  /// at the top.
  @Test func aLeftoverIsTakenOnlyByAnEditorOfItsOwnStore() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-leftover-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func editor(_ owner: ExternalEditor.Owner) -> ExternalEditor {
      ExternalEditor(environment: [:], hasTerminal: false, folder: folder, owner: owner)
    }
    let first = editor(.store(path: folder + "/first.sqlite"))
    let second = editor(.store(path: folder + "/second.sqlite"))
    let memory = editor(.inMemory)
    try FileManager.default.createDirectory(
      atPath: first.folder, withIntermediateDirectories: true)
    let left = first.folder + "/1a2b3c4d-new-note.md"
    let older = folder + "/5e6f7a8b-new-note.md"
    try Data("# Mine\n".utf8).write(to: URL(fileURLWithPath: left))
    try Data("# From before\n".utf8).write(to: URL(fileURLWithPath: older))

    #expect(second.leftoverEdits().isEmpty)
    #expect(memory.leftoverEdits().isEmpty)
    #expect(second.leftoverEditsOfOtherStores() == [older, left])
    #expect(memory.leftoverEditsOfOtherStores() == [older, left])
    #expect(first.leftoverEditsOfOtherStores() == [older])
    #expect(first.leftoverEdits().map(\.path) == [left])
    #expect(FileManager.default.fileExists(atPath: left), "nothing is taken by looking")
  }

  /// A store's folder is named from the store file's resolved path, so any way of writing it
  /// (relative, with `..`, through a link) names one folder, before the file exists as after.
  @Test func oneStoreHasOneFolderHoweverItsPathIsWritten() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-paths-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link", withDestinationPath: folder + "/real")
    let names = [
      folder + "/real/notes.sqlite", folder + "/link/notes.sqlite",
      folder + "/real/../real/notes.sqlite", folder + "/real//notes.sqlite",
    ].map { ExternalEditor.folderName(of: .store(path: $0)) }
    #expect(Set(names).count == 1, "\(names)")
    #expect(names[0].hasPrefix("store-"))
    #expect(
      ExternalEditor.folderName(of: .store(path: folder + "/real/other.sqlite")) != names[0])
    #expect(ExternalEditor.folderName(of: .inMemory) != ExternalEditor.folderName(of: .inMemory))
  }

  /// An editor running a shell command, with no terminal, for a store in a folder.
  static func storeEditor(_ command: String, in folder: String) -> ExternalEditor {
    ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": command], hasTerminal: false,
      folder: folder, owner: .store(path: folder + "/notes.sqlite"))
  }

  /// An editor that wrote the file and then died by a signal leaves the file, with what it
  /// wrote, for its text to be kept; one that died before writing leaves nothing.
  @Test func anEditorKilledAfterWritingLeavesItsFileAsALeftover() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func editor(_ command: String) -> ExternalEditor { Self.storeEditor(command, in: folder) }

    await #expect(throws: TextEditingError.killed(signal: 9)) {
      try await editor("kill -KILL $$ #").edit(Data("A note.".utf8), fileName: "note.md")
    }
    #expect(editor(":").leftoverEdits().isEmpty)

    let crashing = editor("printf 'Written.' > \"$1\"; kill -SEGV $$ #")
    await #expect {
      try await crashing.edit(Data("A note.".utf8), fileName: "note.md")
    } throws: { error in
      guard case .endedAfterWriting(.signal(let signal), let leftover) = error as? TextEditingError
      else { return false }
      return signal == SIGSEGV && leftover.text == Data("Written.".utf8)
        && leftover.fileName == "note.md" && FileManager.default.fileExists(atPath: leftover.path)
    }
    #expect(crashing.leftoverEdits().map(\.text) == [Data("Written.".utf8)])
  }

  /// A plain command is `exec`'d, so the editor is the process waited for (an `ed` that lives
  /// through Ctrl-C isn't taken for ended by it); shell syntax runs through the shell as is.
  @Test(arguments: [
    ("vi", "exec vi \"$@\""), ("code --wait", "exec code --wait \"$@\""),
    ("/usr/bin/vim -n", "exec /usr/bin/vim -n \"$@\""),
    ("vim -c 'set tw=72'", "vim -c 'set tw=72' \"$@\""), ("cd /tmp && vi", "cd /tmp && vi \"$@\""),
  ])
  func aPlainCommandIsTheEditorProcessItself(_ command: String, _ script: String) {
    #expect(ExternalEditor.script(running: command) == script)
  }

  /// What the editor leaves is taken only as a plain file within a note's size: a larger one,
  /// or a link, is refused, and stays where it is so nothing the user wrote is lost.
  @Test(arguments: [
    ("truncate -s 2M", "more than the 1114112 a note may hold"),
    ("ln -sf /etc/hostname", "something other than a file"),
  ])
  func aFileTooLargeOrALinkIsRefusedAndKept(_ command: String, _ said: String) async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": command], hasTerminal: false,
      folder: folder, owner: .inMemory)

    await #expect {
      try await editor.edit(Data("A note.".utf8), fileName: "note.md")
    } throws: { error in
      guard case .fileProblem(let reason) = error as? TextEditingError else { return false }
      return reason.contains(said)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: editor.folder)
    #expect(left.count == 1 && left[0].hasSuffix("-note.md"), "\(left)")
    #expect(editor.leftoverEdits().isEmpty, "and never taken for a draft later")
  }

  /// An editor that exits with a status after writing (`:cq`, or a plugin failing after
  /// `:wq`) leaves its file as a leftover too, for its text to be kept; one that wrote nothing
  /// leaves nothing.
  @Test func anEditorExitingWithAStatusAfterWritingLeavesItsFile() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func editor(_ command: String) -> ExternalEditor { Self.storeEditor(command, in: folder) }
    await #expect(throws: TextEditingError.failed(status: 1)) {
      try await editor("exit 1 #").edit(Data("A note.".utf8), fileName: "note.md")
    }
    await #expect {
      try await editor("printf 'Written.' > \"$1\"; exit 1 #").edit(
        Data("A note.".utf8), fileName: "note.md")
    } throws: { error in
      guard case .endedAfterWriting(.status(1), let leftover) = error as? TextEditingError
      else { return false }
      return leftover.text == Data("Written.".utf8)
    }
    #expect(editor(":").leftoverEdits().map(\.text) == [Data("Written.".utf8)])
  }

  /// Text that isn't UTF-8 is never taken (its letters would be lost): the file stays, named,
  /// and no later session takes it either.
  @Test func textThatIsNotUTF8IsLeftInItsFile() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: ["PATH": "/usr/bin:/bin", "EDITOR": "printf 'caf\\351' > \"$1\" #"],
      hasTerminal: false, folder: folder, owner: .store(path: folder + "/notes.sqlite"))
    await #expect {
      try await editor.edit(Data("A note.".utf8), fileName: "note.md")
    } throws: { error in
      guard case .fileProblem(let reason) = error as? TextEditingError else { return false }
      return reason.contains("not UTF-8")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: editor.folder)
    #expect(left.filter { $0.hasSuffix(".md") }.count == 1)
    #expect(editor.leftoverEdits().isEmpty)
  }

  /// A store's folder an editor was given a file in stays for a save after FieldNotes took what
  /// the editor wrote.
  ///
  /// Such a save comes from an editor that returns at once (`code` without `--wait`) or one
  /// left running when FieldNotes stopped. The folder stays, marked, and the next session takes
  /// what it saves; a store in memory's goes, as no later session reads it (found by an
  /// outside check: the first build removed the folder as the edit ended, and such a save
  /// failed).
  @Test func aFolderAnEditorWasGivenAFileInStaysForItsLaterSave() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let given = folder + "/given.txt"
    for owner in [ExternalEditor.Owner.store(path: folder + "/notes.sqlite"), .inMemory] {
      let editor = ExternalEditor(
        environment: ["PATH": "/usr/bin:/bin", "EDITOR": "printf '%s' \"$1\" > '\(given)' #"],
        hasTerminal: false, folder: folder, owner: owner)
      #expect(try await editor.edit(Data("Old.".utf8), fileName: "note.md") == Data("Old.".utf8))
      guard owner != .inMemory else {
        #expect(!FileManager.default.fileExists(atPath: editor.folder))
        continue
      }
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: editor.folder) == [
          ExternalEditor.mayStillBeSavedInto
        ])
      // The editor saves after it returned.
      let path = try String(contentsOfFile: given, encoding: .utf8)
      try Data("Saved later.".utf8).write(to: URL(fileURLWithPath: path))
      #expect(
        editor.leftoverEdits().map { String(decoding: $0.text, as: UTF8.self) } == [
          "Saved later."
        ])
    }
  }

  /// A folder another session removes while a file is being written in it is made again, as
  /// often as that happens (found by an outside check: two sessions of one store editing in
  /// turn, 3,000 edits each, failed one edit with "can't be made").
  @Test func aFolderRemovedWhileAFileIsWrittenIsMadeAgain() throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-editor-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editor = ExternalEditor(
      environment: [:], hasTerminal: false, folder: folder,
      owner: .store(path: folder + "/notes.sqlite"))
    var removals = 0
    let (path, lock) = try editor.write(Data("# Kept\n".utf8), named: "new-note.md") {
      guard removals < 3 else { return }
      removals += 1
      rmdir(editor.folder)
    }
    defer { ExternalEditor.release(lock: lock) }
    #expect(removals == 3)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Kept\n")
  }
}
