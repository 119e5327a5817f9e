import FieldNotesModel
import FieldNotesPersistence
import Foundation
import Testing

/// `fieldnotes add`: a note from the shell in one command, as jrnl and nb take one, through the
/// composer's rules; its body is standard input.
@Suite struct AddCommandTests {
  @Test func aNoteIsAddedWithItsBodyFromStandardInputExactly() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let environment = ["HOME": folder, "TZ": "UTC"]
    _ = try BuiltProduct.run(
      binary, arguments: ["--store", store], input: "notebook new Birds\n",
      environment: environment)

    let added = try BuiltProduct.run(
      binary,
      arguments: [
        "add", "The heron's nest", "--notebook", "birds", "--tag", "#Birds", "--tag", "lake",
        "--store", store,
      ], input: "Grey,  by the weir.\n\tSecond line \"quoted\" C:\\temp\n", environment: environment
    )

    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output == ["Saved \u{201C}The heron's nest\u{201D} in \u{201C}Birds\u{201D}."])
    let library = try SQLiteNoteRepository(path: store).load()
    let note = try #require(library.notes.first)
    #expect(note.title == "The heron's nest")
    #expect(note.body == "Grey,  by the weir.\n\tSecond line \"quoted\" C:\\temp")
    #expect(note.tags == ["birds", "lake"])
    #expect(note.notebookID == library.notebooks.first?.id)
  }

  @Test(
    arguments: [
      (
        ["add", "Untitled?", "--notebook", "Fungi"],
        "error: there is no notebook called “Fungi”; nothing was saved", 1
      ),
      (["add", " "], "error: a note needs a title; nothing was saved", 1),
      (
        ["add", "Bad tag", "--tag", "a!b"],
        "error: the tag “a!b” may hold only letters, digits, - and _; nothing was saved", 1
      ),
      (
        ["add"],
        "error: add needs a title: fieldnotes add \"Title\" [--notebook NAME]; see `fieldnotes --help`",
        64
      ),
      (["add", "Tagged", "--tag"], "error: --tag needs a value; see `fieldnotes --help`", 64),
      (
        ["add", "Both", "-c", "list"],
        "error: add can't be combined with --script or -c; see `fieldnotes --help`", 64
      ),
    ] as [([String], String, Int32)])
  func aNoteTheComposerWouldRefuseIsRefusedAndNothingSaved(
    _ arguments: [String], _ said: String, _ status: Int32
  ) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"

    let result = try BuiltProduct.run(
      binary, arguments: arguments + ["--store", store], input: "A body.\n",
      environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == status)
    #expect(result.errors.first == said)
    let notes = (try? SQLiteNoteRepository(path: store).load().notes) ?? []
    #expect(notes.isEmpty)
    // A note the composer refused keeps its body, read once from standard input, as a draft.
    if status == 1 {
      #expect(
        Array(result.errors.dropFirst()) == [
          "Kept the unsaved note as a draft; `new` (in `fieldnotes`) offers it back."
        ])
      let drafts = try SQLiteNoteRepository(path: store).keptDrafts(forNote: nil)
      #expect(drafts.map(\.body) == ["A body."])
    } else {
      // A command line not understood saves nothing, and gives the body back whole.
      #expect(
        Array(result.errors.dropFirst()) == [
          "The body on standard input was not saved; here it is whole:", "A body.",
        ])
    }
  }

  /// A body larger than a note may be, piped in, is read to its end: given back whole after a
  /// command line not understood (never cut, never cut inside a character and called not
  /// UTF-8), and kept whole as a draft when the composer says the note is too large.
  @Test func aBodyLargerThanANoteIsGivenBackOrKeptWhole() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let body = "a" + String(repeating: "\u{20AC}", count: 700_000) + "\nlast line"

    let refused = try BuiltProduct.run(
      binary, arguments: ["add", "T", "--tga", "y", "--store", store], input: body + "\n",
      environment: ["HOME": folder, "TZ": "UTC"])
    #expect(refused.status == 64)
    #expect(Array(refused.errors.dropFirst(2)).joined(separator: "\n") == body)

    let tooLarge = try BuiltProduct.run(
      binary, arguments: ["add", "Euro", "--store", store], input: body + "\n",
      environment: ["HOME": folder, "TZ": "UTC"])
    #expect(tooLarge.status == 1)
    #expect(try SQLiteNoteRepository(path: store).keptDrafts(forNote: nil).map(\.body) == [body])
  }

  /// `fieldnotes add Heron at the weir`, as a jrnl user types an entry: the words are one title.
  @Test func wordsAfterAddAreOneTitle() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"

    let result = try BuiltProduct.run(
      binary, arguments: ["add", "Heron", "at", "the", "weir", "--tag", "birds", "--store", store],
      input: "Grey.\n", environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == 0, "\(result.errors)")
    let notes = try SQLiteNoteRepository(path: store).load().notes
    #expect(notes.map(\.title) == ["Heron at the weir"])
  }

  /// A body that isn't UTF-8 (a Latin-1 file piped in) can't be a note; it is kept, byte for
  /// byte, in a file of the user's, and the error says where: the pipe can't be read again.
  @Test(arguments: [false, true])
  func aBodyThatIsNotTextIsKeptAsItCame(storeOpens: Bool) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let store = storeOpens ? folder + "/notes.sqlite" : folder + "/myfile.txt"
    if !storeOpens { try Data("my own text\n".utf8).write(to: URL(fileURLWithPath: store)) }
    let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" precious\n".utf8)

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", store, "add", "Latin"], inputBytes: bytes,
      environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == 1)
    let line = try #require(
      result.errors.first { $0.hasPrefix("It is kept as it came in ") }, "\(result.errors)")
    let path = String(
      line.dropFirst("It is kept as it came in ".count).prefix { $0 != " " })
    #expect(path.hasPrefix(folder + "/.local/state/fieldnotes/unsaved/"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "byte for byte")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "the user's alone")
    if storeOpens {
      #expect(try SQLiteNoteRepository(path: store).load().notes.isEmpty, "nothing was saved")
    }
  }

  /// A title that isn't UTF-8 (typed in another encoding) is refused with the command line,
  /// not saved with its bytes replaced; the body piped in is given back whole.
  @Test func aTitleThatIsNotTextIsRefusedAndTheBodyGivenBack() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let store = folder + "/notes.sqlite"
    // The shell makes the byte: a process's arguments are bytes, which Foundation can't pass.
    let result = try BuiltProduct.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "\"$0\" --store \"$1\" add \"$(printf 'Caf\\351')\"", binary.path, store],
      input: "Kept whole.\n", environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == 64)
    #expect(
      result.errors == [
        "error: argument 4 is not UTF-8 text; nothing was done; see `fieldnotes --help`",
        "The body on standard input was not saved; here it is whole:", "Kept whole.",
      ], "\(result.errors)")
    let notes = (try? SQLiteNoteRepository(path: store).load().notes) ?? []
    #expect(notes.isEmpty, "nothing saved with a replaced byte")
  }

  /// A store that can't be opened (a file of the user's that is no store, or one another
  /// process holds beyond the busy timeout) saves nothing and leaves the file as it was; the
  /// note, its body piped in and read once, is given back whole, title and tags with it.
  @Test func aStoreThatCantBeOpenedGivesTheNoteBack() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let notAStore = folder + "/myfile.txt"
    try Data("my own text\n".utf8).write(to: URL(fileURLWithPath: notAStore))

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", notAStore, "add", "Lost", "--tag", "heron", "--tag", "weir"],
      input: "line one of my note\nline two\n", environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == 1)
    #expect(
      Array(result.errors.dropFirst()) == [
        "The note was not saved; here it is whole, its body after a blank line:", "title: Lost",
        "tags: heron, weir", "", "line one of my note", "line two",
      ], "\(result.errors)")
    #expect(try String(contentsOfFile: notAStore, encoding: .utf8) == "my own text\n")
  }

  /// Where the text can't be kept as a draft (a store in memory, a store that can't be
  /// written), `add` gives it back whole on standard error with the error: piped in, it is
  /// read once, and would be gone.
  @Test func aBodyThatCantBeKeptIsGivenBackWithTheError() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-add-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let result = try BuiltProduct.run(
      binary, arguments: ["add", "Bad tag", "--tag", "a!b", "--in-memory"],
      input: "The only copy.\nSecond line.\n", environment: ["HOME": folder, "TZ": "UTC"])

    #expect(result.status == 1)
    #expect(result.errors.first?.hasSuffix("; nothing was saved") == true)
    #expect(result.errors.contains("The only copy."), "\(result.errors)")
    #expect(result.errors.contains("Second line."), "\(result.errors)")
  }
}
