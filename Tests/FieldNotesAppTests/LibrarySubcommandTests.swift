import Foundation
import Testing

/// `fieldnotes sync`, `import PATH` and `export PATH`, run through the binary with a home of
/// their own: each is the REPL's command run once; its answer is on standard output, its
/// progress and errors on standard error, and its status 0, 1 or 64.
@Suite struct LibrarySubcommandTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-library-commands-" + UUID().uuidString

  var environment: [String: String] { ["HOME": folder + "/home", "TZ": "UTC", "NO_COLOR": "1"] }

  func run(_ arguments: [String], input: String = "") throws -> BuiltProduct.Result {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    return try BuiltProduct.run(
      binary, arguments: arguments, input: input, environment: environment)
  }

  @Test func syncSendsTheNotesToTheRemoteAndBringsThemToAnotherStore() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let remote = folder + "/remote.git"
    let added = try run(["add", "Heron", "--store", folder + "/a.sqlite"], input: "Grey.\n")
    #expect(added.status == 0, "\(added.errors)")

    let sent = try run(["sync", "--store", folder + "/a.sqlite", "--sync-folder", remote])
    #expect(sent.status == 0, "\(sent.errors)")
    #expect(sent.output.isEmpty, "progress and the account are notices: \(sent.output)")
    #expect(sent.errors.contains { $0.hasPrefix("Synced:") }, "\(sent.errors)")

    let fetched = try run(["--store", folder + "/b.sqlite", "sync", "--sync-folder", remote])
    #expect(fetched.status == 0, "\(fetched.errors)")
    let again = try run(["sync", "--store", folder + "/b.sqlite"])
    #expect(again.status == 0, "the remote is the store's now: \(again.errors)")
    let listed = try run(["ls", "--store", folder + "/b.sqlite", "--format", "jsonl"])
    #expect(listed.output.count == 1 && listed.output[0].contains(#""title":"Heron""#))
  }

  @Test func syncWithoutARemoteIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let refused = try run(["sync", "--store", folder + "/a.sqlite"])
    #expect(refused.status == 1)
    #expect(refused.output.isEmpty)
    #expect(refused.errors.count == 1 && refused.errors[0].hasPrefix("error: "), "\(refused)")
  }

  @Test func exportThenImportGivesTheNotesBackInTheNotebookNamed() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/a.sqlite"
    _ = try run(["add", "Heron", "--tag", "birds", "--store", store], input: "Grey.\n")
    _ = try run(["add", "Wren", "--store", store], input: "Loud.\n")

    let exported = try run(["export", folder + "/notes/", "--store", store])
    #expect(exported.status == 0, "\(exported.errors)")
    #expect(exported.output.first?.hasPrefix("Exported 2 notes and 0 notebooks to ") == true)

    let other = folder + "/b.sqlite"
    let imported = try run([
      "import", folder + "/notes", "--notebook", "Old notes", "--store", other,
    ])
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(imported.output.contains("Imported 2 notes and 1 notebook; skipped 0 already here."))
    let listed = try run(["ls", "--notebook", "Old notes", "--store", other, "--format", "jsonl"])
    #expect(listed.output.count == 2, "\(listed)")

    let twice = try run(["import", folder + "/notes", "--store", other])
    #expect(twice.output.contains("Imported 0 notes and 0 notebooks; skipped 2 already here."))
  }

  @Test func aPathMissingOrNotThereIsAnError() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/a.sqlite"
    let missing = try run(["import", "--store", store])
    #expect(missing.status == 64)
    #expect(missing.errors.first?.hasPrefix("error: import needs a path") == true, "\(missing)")
    let nowhere = try run(["import", folder + "/nowhere", "--store", store])
    #expect(nowhere.status == 1 && nowhere.output.isEmpty)
    #expect(nowhere.errors.count == 1 && nowhere.errors[0].contains("nothing was imported"))
    let tagged = try run(["import", folder, "--tag", "birds", "--store", store])
    #expect(tagged.status == 64 && tagged.errors.first?.contains("--tag") == true)
  }

  /// `fieldnotes help COMMAND`, as git's: the command's usage and what it does; `help` alone
  /// is `--help`; a name no command has gets the closest one, and status 64.
  @Test func helpExplainsACommandAndNamesTheClosestToAnUnknownOne() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let rm = try run(["help", "rm"])
    #expect(rm.status == 0)
    #expect(rm.output.first == "USAGE: fieldnotes rm ID", "\(rm.output)")
    #expect(rm.output.contains { $0.hasPrefix("Move a note to the trash") })
    let ls = try run(["help", "ls"])
    #expect(ls.output.contains { $0.hasPrefix("  --sort ") }, "ls's own options: \(ls.output)")
    let importing = try run(["help", "import"])
    #expect(importing.output.first == "USAGE: fieldnotes import PATH [--notebook NAME]")

    let whole = try run(["help"])
    let option = try run(["--help"])
    #expect(whole.status == 0 && whole.output == option.output && !whole.output.isEmpty)

    let unknown = try run(["help", "rn"])
    #expect(unknown.status == 64 && unknown.output.isEmpty)
    #expect(
      unknown.errors == [
        "error: there is no command called 'rn' (did you mean 'rm'?); a command of the REPL is "
          + "explained in it: fieldnotes -c \"help rn\"; see `fieldnotes --help`"
      ])
  }
}

/// A script's answer through the binary: the screen a script ends on, printed once on standard
/// output, in the format asked for.
@Suite struct ScriptAnswerThroughTheBinaryTests {
  @Test func aScriptPrintsTheListItEndsOnAndNothingElse() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-script-answer-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let environment = ["HOME": folder, "TZ": "UTC", "NO_COLOR": "1"]
    for (title, body) in [("Heron", "Grey, by the weir."), ("Wren", "Loud.")] {
      let added = try BuiltProduct.run(
        binary, arguments: ["add", title, "--store", store], input: body + "\n",
        environment: environment)
      #expect(added.status == 0, "\(added.errors)")
    }

    let json = try BuiltProduct.run(
      binary, arguments: ["--store", store, "--format", "json", "-c", "open all"], input: "",
      environment: environment)
    #expect(json.status == 0 && json.errors.isEmpty, "\(json.errors)")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.joined(separator: "\n").utf8))
        as? [[String: Any]], "\(json.output)")
    #expect(array.compactMap { $0["title"] as? String } == ["Wren", "Heron"])

    let quiet = try BuiltProduct.run(
      binary, arguments: ["--store", store, "--quiet", "-c", "open all", "-c", "search heron"],
      input: "", environment: environment)
    #expect(quiet.status == 0, "\(quiet.errors)")
    #expect(quiet.output.first == "All Notes · 1 note · newest first", "\(quiet.output)")
    #expect(quiet.output.filter { $0.hasPrefix("All Notes") }.count == 1)
  }
}
