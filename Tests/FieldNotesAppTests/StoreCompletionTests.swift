import FieldNotesPlatform
import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// Completion that knows the library: the hidden `fieldnotes __complete notebooks|tags|ids`
/// answers from the store without changing it and never fails aloud, and the bash and fish
/// scripts complete `--notebook`, `--tag`, a note's id and `mv`'s notebook with it.
@MainActor
@Suite struct StoreCompletionTests {
  /// A folder holding a store with notebooks `Field Work`, `Garden` and `*`, and two notes:
  /// “Heron at dusk” (in Field Work, tagged birds) and “Peas: sown” (in Garden, tagged veg).
  @MainActor
  final class Library {
    let folder = NSTemporaryDirectory() + "fieldnotes-store-completion-" + UUID().uuidString
    var store: String { folder + "/notes.sqlite" }

    init() async throws {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let setUp: [[String]] = [
        [
          "-q", "-c", "notebook new Field Work", "-c", "notebook new Garden", "-c",
          "notebook new *",
        ],
        ["add", "Heron at dusk", "--notebook", "Field Work", "--tag", "birds"],
        ["add", "Peas: sown", "--notebook", "Garden", "--tag", "veg"],
      ]
      for arguments in setUp {
        let console = RecordingConsole()
        let status = await FieldNotesApp.run(
          arguments: ["--store", store] + arguments, environment: [:], console: console,
          input: [Array("a line".utf8)])
        try #require(status == 0, "\(arguments): \(console.errors)")
      }
    }
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The hidden command's answer, status and errors.
    func complete(_ arguments: [String], environment: [String: String] = [:]) async -> (
      output: [String], errors: [String], status: Int32
    ) {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: [CompletionRequest.command] + arguments, environment: environment,
        console: console, input: [])
      return (console.output, console.errors, status)
    }
  }

  @Test func theHiddenCommandPrintsTheStoresNotebooksTagsAndIdsWithTitles() async throws {
    let library = try await Library()
    let notebooks = await library.complete(["notebooks", "--store", library.store])
    #expect(notebooks.output == ["*", "Field Work", "Garden"])
    #expect(notebooks.errors.isEmpty)
    #expect(notebooks.status == 0)
    #expect(
      await library.complete(["notebooks", "--store", library.store, "F"]).output == [
        "Field Work"
      ])
    #expect(
      await library.complete(["tags", "--store=\(library.store)"]).output == ["birds", "veg"])

    let ids = await library.complete(["ids", "--store", library.store]).output
    #expect(ids.count == 2)
    let heron = try #require(ids.first { $0.hasSuffix("\tHeron at dusk") })
    let id = String(heron.prefix { $0 != "\t" })
    #expect(id.count == 8 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
    // The id names the note from the shell.
    let shown = RecordingConsole()
    #expect(
      await FieldNotesApp.run(
        arguments: ["--store", library.store, "show", id], environment: [:], console: shown,
        input: []) == 0)
    #expect(shown.output.joined(separator: "\n").contains("Heron at dusk"))
    // A prefix is matched in either case.
    let typed = String(id.prefix(3)).uppercased()
    #expect(
      await library.complete(["ids", "--store", library.store, "--", typed]).output == [heron])
  }

  /// The default store is the one the other commands open, and it is read without being
  /// changed: a store no session has open stays one file.
  @Test func theDefaultStoreIsReadAndLeftAsItWas() async throws {
    let library = try await Library()
    let environment = ["HOME": library.folder, "XDG_DATA_HOME": library.folder + "/data"]
    let path = try StoreLocation.defaultPath(environment: environment)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: library.store, toPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let answer = await library.complete(["notebooks"], environment: environment)
    #expect(answer.output == ["*", "Field Work", "Garden"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    for file in ["-wal", "-shm"] {
      #expect(!FileManager.default.fileExists(atPath: path + file), "\(file) was left")
    }
  }

  /// Whatever goes wrong, the answer is nothing at all, with status 0: no store (none is made),
  /// a file that is no store (left as it was), a kind not known, a store in memory.
  @Test func anythingThatFailsAnswersNothingAndChangesNothing() async throws {
    let library = try await Library()
    let missing = library.folder + "/none/notes.sqlite"
    let notAStore = library.folder + "/notes.txt"
    try "not a store\n".write(toFile: notAStore, atomically: true, encoding: .utf8)
    let cases: [[String]] = [
      ["notebooks", "--store", missing], ["ids", "--store", notAStore],
      ["ids", "--store", library.folder], ["colours", "--store", library.store], [],
      ["tags", "--in-memory"], ["notebooks", "--demo"],
      ["notebooks", "--store"],
    ]
    for arguments in cases {
      let answer = await library.complete(arguments, environment: ["HOME": library.folder])
      #expect(answer.output.isEmpty, "\(arguments)")
      #expect(answer.errors.isEmpty, "\(arguments)")
      #expect(answer.status == 0, "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: library.folder + "/none"))
    #expect(try String(contentsOfFile: notAStore, encoding: .utf8) == "not a store\n")
  }

  /// The hidden command is no user's: `--help`, the man page and the commands leave it out.
  @Test func helpTheManPageAndTheCommandsNeverNameTheHiddenCommand() {
    #expect(!LaunchOptions.help.contains(CompletionRequest.command))
    #expect(
      !ManualPage.text(
        version: FieldNotesApp.version, date: FieldNotesApp.releaseDate,
        commands: FieldNotesApp.commandGroups()
      ).contains(CompletionRequest.command))
    #expect(!LaunchOption.commandNames.contains(CompletionRequest.command))
  }

  /// Sourced in bash, with the real `fieldnotes` found on `PATH`: `--notebook` completes the
  /// store's names (bash quotes them as file names, `-o filenames`), `--tag` its tags, a
  /// command naming a note its ids, `mv ID` a notebook, `tag ID +` a tag; a file named `*` in
  /// the folder is never offered or expanded.
  @Test func theBashFunctionCompletesNotebooksTagsAndIdsFromTheStore() async throws {
    let bash = try #require(InstalledProgram.path(of: "bash"), "bash is not installed")
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let library = try await Library()
    let script = library.folder + "/fieldnotes.bash"
    try CompletionScript.script(for: .bash).write(toFile: script, atomically: true, encoding: .utf8)
    for name in ["*", "Fieldwork.txt"] {
      #expect(FileManager.default.createFile(atPath: library.folder + "/" + name, contents: nil))
    }
    let ids = await library.complete(["ids", "--store", library.store]).output
      .map { String($0.prefix { $0 != "\t" }) }.sorted()
    let driver = """
      source "$1"
      PATH="$3:$PATH"
      cd "$2"
      complete_words() {
        COMP_WORDS=("$@")
        COMP_CWORD=$(( $# - 1 ))
        COMPREPLY=()
        _fieldnotes fieldnotes "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -
      }
      complete_words fieldnotes --store notes.sqlite add X --notebook F
      complete_words fieldnotes --store notes.sqlite add X --notebook '"Field W'
      complete_words fieldnotes --store notes.sqlite add X --notebook 'Field\\ '
      complete_words fieldnotes --store notes.sqlite ls --notebook ''
      complete_words fieldnotes --store=notes.sqlite add X --tag ''
      complete_words fieldnotes --store notes.sqlite show ''
      complete_words fieldnotes --store notes.sqlite rm ''
      complete_words fieldnotes --store notes.sqlite mv \(ids[0]) G
      complete_words fieldnotes --store notes.sqlite tag \(ids[0]) +b
      complete_words fieldnotes --store notes.sqlite tag \(ids[0]) -
      complete_words fieldnotes --store notes.sqlite --notebook '*'
      complete_words fieldnotes --store missing.sqlite show ''
      complete_words fieldnotes --in-memory show ''
      """
    let result = try InstalledProgram.run(
      bash, ["-s", "--", script, library.folder, binary.deletingLastPathComponent().path],
      input: driver)
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(
      result.output == [
        "Field Work", "Field Work", "Field Work", "*|Field Work|Garden", "birds|veg",
        ids.joined(separator: "|"), ids.joined(separator: "|"), "Garden", "+birds",
        "-birds|-veg", "*", "", "",
      ])
    #expect(!FileManager.default.fileExists(atPath: library.folder + "/missing.sqlite"))
  }

  /// fish runs the same hidden command: names complete whole, ids with their titles.
  @Test(.enabled(if: InstalledProgram.path(of: "fish") != nil, "fish is not installed"))
  func theFishScriptCompletesNotebooksTagsAndIdsFromTheStore() async throws {
    let fish = try #require(InstalledProgram.path(of: "fish"))
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let library = try await Library()
    let script = library.folder + "/fieldnotes.fish"
    try CompletionScript.script(for: .fish).write(toFile: script, atomically: true, encoding: .utf8)
    let store = library.store
    let completed = try InstalledProgram.run(
      fish,
      [
        "--no-config", "-c",
        "set PATH \(binary.deletingLastPathComponent().path) $PATH; source \(script); "
          + "complete -C 'fieldnotes --store \(store) add X --notebook F'; echo ==; "
          + "complete -C 'fieldnotes --store \(store) ls --tag v'; echo ==; "
          + "complete -C 'fieldnotes --store \(store) show '; echo ==; "
          + "complete -C 'fieldnotes --store \(store) mv 1234 G'",
      ])
    #expect(completed.errors.isEmpty, "\(completed.errors)")
    let answers = completed.output.split(separator: "==").map(Array.init)
    try #require(answers.count == 4, "\(completed.output)")
    // A name comes with the option's description, after a tab.
    let names = answers.map { $0.map { String($0.prefix { $0 != "\t" }) } }
    #expect(names[0] == ["Field Work"])
    #expect(names[1] == ["veg"])
    #expect(answers[2].count == 2)
    #expect(answers[2].contains { $0.hasSuffix("\tHeron at dusk") }, "\(answers[2])")
    #expect(names[3] == ["Garden"])
  }
}

/// Completion as a person meets it, at a pseudo-terminal.
///
/// tmux runs the shell, the script is sourced and Tab pressed; bash's store is the default
/// one, as a user's is.
@MainActor
@Suite(.enabled(if: TerminalDriver.isAvailable, "tmux is not installed"))
struct ShellCompletionAtATerminalTests {
  @Test func bashCompletesANotebookWithASpaceAndIdsAndNeverExpandsAStar() async throws {
    let bash = try #require(InstalledProgram.path(of: "bash"), "bash is not installed")
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [bash, "--norc", "--noprofile", "-i"])
    defer { terminal.close() }
    // The store where `fieldnotes` finds it in this home folder.
    let store = try StoreLocation.defaultPath(environment: ["HOME": terminal.home])
    for arguments in [
      ["-q", "-c", "notebook new Field Work", "-c", "notebook new Garden", "-c", "notebook new *"],
      ["add", "Heron at dusk", "--notebook", "Field Work"],
    ] {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: ["--store", store] + arguments, environment: [:], console: console,
        input: [Array("a line".utf8)])
      try #require(status == 0, "\(console.errors)")
    }
    for name in ["*", "Fieldwork.txt"] {
      #expect(FileManager.default.createFile(atPath: terminal.home + "/" + name, contents: nil))
    }
    let answer = RecordingConsole()
    _ = await FieldNotesApp.run(
      arguments: [CompletionRequest.command, "ids", "--store", store], environment: [:],
      console: answer, input: [])
    let heron = try #require(answer.output.first.map { String($0.prefix { $0 != "\t" }) })

    // The prompt is READY> (typed in two pieces, so the line typed doesn't show it).
    try terminal.type(
      "unset XDG_DATA_HOME; PATH=\(binary.deletingLastPathComponent().path):$PATH; "
        + "PS1='READY''> '; source <(fieldnotes --completion bash)", keys: ["Enter"])
    try terminal.waitFor("READY>", lastLineOnly: true)

    // One note: its id completes whole, and names it.
    try terminal.type("fieldnotes show ", keys: ["Tab"])
    try terminal.waitFor("READY> fieldnotes show \(heron)", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Heron at dusk")
    try terminal.waitFor("READY>", lastLineOnly: true)

    // A notebook with a space completes as one word, escaped, and is taken as one.
    try terminal.type("fieldnotes add X --notebook F", keys: ["Tab"])
    try terminal.waitFor("READY> fieldnotes add X --notebook Field\\ Work", lastLineOnly: true)
    try terminal.type(" </dev/null", keys: ["Enter"])
    try terminal.waitFor("Saved “X” in “Field Work”.")
    try terminal.waitFor("READY>", lastLineOnly: true)

    // Two notes: Tab lists both ids, and no file of the folder. Readline lists them at the
    // second Tab that adds nothing: the third when the first adds what both ids begin with.
    try terminal.type("fieldnotes show ", keys: ["Tab", "Tab", "Tab"])
    let ids = RecordingConsole()
    _ = await FieldNotesApp.run(
      arguments: [CompletionRequest.command, "ids", "--store", store], environment: [:],
      console: ids, input: [])
    let other = try #require(
      ids.output.map { String($0.prefix { $0 != "\t" }) }.first { $0 != heron })
    try terminal.waitFor(other)
    try terminal.waitFor(heron)
    try terminal.type("", keys: ["C-u"])

    // `*` is the notebook named so, escaped, never the folder's files.
    try terminal.type("fieldnotes ls --notebook *", keys: ["Tab"])
    try terminal.waitFor("READY> fieldnotes ls --notebook \\*", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])
    let screen = try terminal.screen()
    #expect(!screen.contains("Fieldwork.txt"), "\(screen)")
    try terminal.type("exit", keys: ["Enter"])
    try terminal.waitForExit()
  }

  /// zsh, with compinit: the same notebook completes escaped, and a note's id is offered with
  /// its title beside it.
  @Test(.enabled(if: InstalledProgram.path(of: "zsh") != nil, "zsh is not installed"))
  func zshCompletesANotebookWithASpaceAndIdsWithTheirTitles() async throws {
    let zsh = try #require(InstalledProgram.path(of: "zsh"))
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [zsh, "-f", "-i"])
    defer { terminal.close() }
    let store = terminal.home + "/notes.sqlite"
    for arguments in [
      ["-q", "-c", "notebook new Field Work", "-c", "notebook new Garden"],
      ["add", "Heron at dusk", "--notebook", "Field Work"],
      ["add", "Peas sown", "--notebook", "Garden"],
    ] {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: ["--store", store] + arguments, environment: [:], console: console,
        input: [Array("a line".utf8)])
      try #require(status == 0, "\(console.errors)")
    }
    let answer = RecordingConsole()
    _ = await FieldNotesApp.run(
      arguments: [CompletionRequest.command, "ids", "--store", store], environment: [:],
      console: answer, input: [])
    let ids = answer.output.map { String($0.prefix { $0 != "\t" }) }
    let heron = try #require(
      answer.output.first { $0.hasSuffix("Heron at dusk") }.map {
        String($0.prefix { $0 != "\t" })
      })
    let peas = try #require(ids.first { $0 != heron })

    try terminal.type(
      "PATH=\(binary.deletingLastPathComponent().path):$PATH; PS1='READY''> '; "
        + "autoload -U compinit; compinit -u -D; source <(fieldnotes --completion zsh)",
      keys: ["Enter"])
    try terminal.waitFor("READY>", lastLineOnly: true)
    try terminal.type("fieldnotes --store notes.sqlite add X --notebook F", keys: ["Tab"])
    try terminal.waitFor(
      "READY> fieldnotes --store notes.sqlite add X --notebook Field\\ Work", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])
    // The first Tab lists the ids, or, when both begin with the same digits (one run in
    // sixteen: they are random), puts those in; the second then lists them (or, listed, steps
    // into the list, which stays shown).
    try terminal.type("fieldnotes --store notes.sqlite show ", keys: ["Tab", "Tab"])
    try terminal.waitFor("\(heron)  -- Heron at dusk")
    try terminal.waitFor("\(peas)  -- Peas sown")
    try terminal.type("", keys: ["C-c"])
  }
}
