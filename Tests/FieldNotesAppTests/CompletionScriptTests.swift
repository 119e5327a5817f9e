import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// `fieldnotes --completion SHELL`: each script is valid for its shell, completes every option
/// of the table, and completes values as the table says (choices, files, folders).
@MainActor
@Suite struct CompletionScriptTests {
  /// A folder holding one shell's script, removed afterwards.
  final class Scratch {
    let path = NSTemporaryDirectory() + "fieldnotes-completion-" + UUID().uuidString
    init() {
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes the shell's script and returns its path.
    func script(for shell: CompletionScript.Shell) throws -> String {
      let file = path + "/fieldnotes.\(shell.rawValue)"
      try CompletionScript.script(for: shell).write(toFile: file, atomically: true, encoding: .utf8)
      return file
    }
  }

  @Test(arguments: CompletionScript.Shell.allCases)
  func theScriptIsPrintedAndTheRunSucceeds(_ shell: CompletionScript.Shell) async {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--completion", shell.rawValue], environment: [:], console: console, input: [])
    #expect(status == 0)
    #expect(console.errors.isEmpty)
    #expect(console.output.joined(separator: "\n") + "\n" == CompletionScript.script(for: shell))
  }

  @Test func anUnknownShellIsAUsageError() async {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--completion", "tcsh"], environment: [:], console: console, input: [])
    #expect(status == FieldNotesApp.usageExitStatus)
    #expect(
      console.errors == ["error: --completion takes bash, zsh or fish; see `fieldnotes --help`"])
    #expect(console.output.isEmpty)
  }

  /// Each script names every option of the table, as its shell spells an option.
  @Test(arguments: CompletionScript.Shell.allCases)
  func everyScriptCompletesEveryOption(_ shell: CompletionScript.Shell) {
    let script = CompletionScript.script(for: shell)
    for name in LaunchOption.all().flatMap(\.names) {
      let spelled =
        switch shell {
        case .bash, .zsh: name
        case .fish: name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
        }
      #expect(script.contains(spelled), "\(shell) leaves out \(name)")
    }
    #expect(script.contains(LaunchOption.addCommand))
    for case .choices(let words)? in LaunchOption.all().map(\.value) {
      #expect(script.contains(words.joined(separator: " ")), "\(shell): \(words)")
    }
  }

  @Test func theBashScriptIsValidBash() throws {
    let bash = try #require(InstalledProgram.path(of: "bash"), "bash is not installed")
    let scratch = Scratch()
    let checked = try InstalledProgram.run(bash, ["-n", try scratch.script(for: .bash)])
    #expect(checked.status == 0, "\(checked.errors)")
    #expect(checked.errors.isEmpty)
  }

  // Without zsh on the machine there is nothing to check the script with; `.ci/run` installs it.
  @Test(.enabled(if: InstalledProgram.path(of: "zsh") != nil, "zsh is not installed"))
  func theZshScriptIsValidZsh() throws {
    let zsh = try #require(InstalledProgram.path(of: "zsh"))
    let scratch = Scratch()
    let checked = try InstalledProgram.run(zsh, ["-n", try scratch.script(for: .zsh)])
    #expect(checked.status == 0, "\(checked.errors)")
    #expect(checked.errors.isEmpty)
  }

  // Without fish on the machine there is nothing to check the script with; `.ci/run` installs it.
  @Test(.enabled(if: InstalledProgram.path(of: "fish") != nil, "fish is not installed"))
  func theFishScriptIsValidFishAndCompletesChoicesAndOptions() throws {
    let fish = try #require(InstalledProgram.path(of: "fish"))
    let scratch = Scratch()
    let script = try scratch.script(for: .fish)
    let checked = try InstalledProgram.run(fish, ["-n", script])
    #expect(checked.status == 0, "\(checked.errors)")
    #expect(checked.errors.isEmpty)

    let completed = try InstalledProgram.run(
      fish,
      [
        "--no-config", "-c",
        "source \(script); complete -C 'fieldnotes --net'; complete -C 'fieldnotes --network-profile f'",
      ])
    #expect(completed.errors.isEmpty, "\(completed.errors)")
    #expect(
      completed.output.map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
        "--network-profile", "flaky",
      ])
  }

  /// A file name that holds `*`, `?` or `[…]` is offered as it is, never expanded as a pattern
  /// into other files' names: `--store *<Tab>` offers the file named `*` alone.
  @Test func theBashFunctionNeverExpandsAFileNameAsAPattern() throws {
    let bash = try #require(InstalledProgram.path(of: "bash"), "bash is not installed")
    let scratch = Scratch()
    let script = try scratch.script(for: .bash)
    let files = scratch.path + "/files"
    try FileManager.default.createDirectory(
      atPath: files + "/[n]otes", withIntermediateDirectories: true)
    for name in ["*", "note?.md", "notes.md", "notes.sqlite"] {
      #expect(FileManager.default.createFile(atPath: files + "/" + name, contents: Data()))
    }
    let driver = """
      source "$1"
      complete_words() {
        COMP_WORDS=("$@")
        COMP_CWORD=$(( $# - 1 ))
        COMPREPLY=()
        _fieldnotes fieldnotes "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -
      }
      cd "$2"
      complete_words fieldnotes --store ''
      complete_words fieldnotes --init '*'
      complete_words fieldnotes --script "$2/note"
      complete_words fieldnotes --sync-folder '['
      """
    let result = try InstalledProgram.run(bash, ["-s", "--", script, files], input: driver)
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(
      result.output == [
        "*|[n]otes|note?.md|notes.md|notes.sqlite",
        "*",
        "\(files)/note?.md|\(files)/notes.md|\(files)/notes.sqlite",
        "[n]otes",
      ])
  }

  /// Sourced in bash, the script registers a function for `fieldnotes` (`complete -p`), which,
  /// given the words typed, completes options, the commands, choices, files and folders (after
  /// `--store`, `import` and `export`), and after `help` the commands.
  @Test func theBashFunctionCompletesOptionsChoicesAndPaths() throws {
    let bash = try #require(InstalledProgram.path(of: "bash"), "bash is not installed")
    let scratch = Scratch()
    let script = try scratch.script(for: .bash)
    let files = scratch.path + "/files"
    try FileManager.default.createDirectory(
      atPath: files + "/notes folder", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: files + "/notes.sqlite", contents: Data()))
    let driver = """
      source "$1"
      spec=$(complete -p fieldnotes) || exit 1
      echo "$spec"
      function=${spec#*-F }
      function=${function%% *}
      complete_words() {
        COMP_WORDS=("$@")
        COMP_CWORD=$(( $# - 1 ))
        COMPREPLY=()
        "$function" fieldnotes "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        # Sorted, as bash shows them.
        printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -
      }
      complete_words fieldnotes --net
      complete_words fieldnotes --network-profile f
      complete_words fieldnotes --completion ''
      complete_words fieldnotes a
      complete_words fieldnotes add ''
      complete_words fieldnotes add Title --no
      complete_words fieldnotes --no
      complete_words fieldnotes --seed ''
      complete_words fieldnotes --store "$2/no"
      complete_words fieldnotes --sync-folder "$2/"
      complete_words fieldnotes r
      complete_words fieldnotes t
      complete_words fieldnotes ls heron --s
      complete_words fieldnotes search heron --sort ''
      complete_words fieldnotes rm e621 --so
      complete_words fieldnotes s
      complete_words fieldnotes import "$2/no"
      complete_words fieldnotes --store s export "$2/notes "
      complete_words fieldnotes help r
      """
    let result = try InstalledProgram.run(bash, ["-s", "--", script, files], input: driver)
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(
      result.output == [
        "complete -F _fieldnotes fieldnotes",
        "--network-profile",
        "flaky",
        "bash|fish|zsh",
        "add",
        "",
        "--no-init|--no-summaries|--notebook",
        "--no-init|--no-summaries",
        "",
        "\(files)/notes folder|\(files)/notes.sqlite",
        "\(files)/notes folder",
        "restore|rm",
        "tag|tags|trash",
        "--script|--seed|--sort|--store|--sync-folder|--sync-remote",
        "newest|oldest|title|updated",
        "",
        "search|show|sync",
        "\(files)/notes folder|\(files)/notes.sqlite",
        "\(files)/notes folder",
        "restore|rm",
      ])
  }
}
