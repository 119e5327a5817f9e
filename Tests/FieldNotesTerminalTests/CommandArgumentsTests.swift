import FieldNotesTerminal
import Testing

/// A command's arguments are declared once: its usage is written from the declaration, and a
/// line giving too few or too many is refused with that usage before the work runs.
@MainActor
@Suite struct CommandArgumentsTests {
  /// A screen whose commands record what their work was given.
  @MainActor
  final class Shelf: TerminalScreen {
    typealias Route = Place
    var given: [[String]] = []
    var promptTitle: String? { nil }
    var viewName: String { "ShelfView" }
    func render(in terminal: TerminalContext) -> [String] { [] }
    var stateLine: String { "" }
    static let helpHeading = "Shelf"
    static let directions = "open a shelf first"
    static let commands: [ScreenCommand<Shelf>] = [
      command(["pin"], .one("N")), command(["rename"], .two("TAG", "NEWTAG")),
      command(["tag"], .optional("TAG")), command(["add"], .text("TEXT")),
      command(["undo"], .none),
    ]

    static func command(_ names: [String], _ arguments: CommandArguments) -> ScreenCommand<Shelf> {
      ScreenCommand(names, arguments: arguments, summary: "a command") {
        shelf, given, _ throws(ScreenError) in
        shelf.given.append(given)
        return .stay
      }
    }
  }

  @Test func theUsageIsWrittenFromTheDeclaration() {
    #expect(
      Shelf.commands.map(\.usage) == [
        "pin N", "rename TAG NEWTAG", "tag [TAG]", "add TEXT", "undo",
      ])
  }

  @Test(arguments: [
    ("pin", [[], ["1", "2"]], [["3"]]),
    ("rename", [["a"], ["a", "b", "c"]], [["a", "b"]]),
    ("tag", [["a", "b"]], [[], ["a"]]),
    ("add", [[]], [["one"], ["a", "b", "c"]]),
    ("undo", [["now"]], [[]]),
  ])
  func aLineOfTheWrongLengthNeverReachesTheWork(
    name: String, refused: [[String]], accepted: [[String]]
  ) async throws {
    let shelf = Shelf()
    let command = try #require(Shelf.commands.first { $0.name == name })

    for arguments in refused {
      await #expect(throws: ScreenError.usage(command.usage)) {
        _ = try await command.run(shelf, arguments, CommandContext())
      }
    }
    for arguments in accepted { _ = try await command.run(shelf, arguments, CommandContext()) }

    #expect(shelf.given == accepted)
  }

  @Test func eachKindOfWordIsCheckedBeforeTheWork() {
    let keep = CommandArguments([.choice(["original", "copy", "both"]), .optional(.number("N"))])
    let move = CommandArguments([.word("N"), .literal("to"), .text("NOTEBOOK|none")])
    let diff = CommandArguments(
      [.optional(.number("N")), .optional(.number("M"))], aside: "numbers `history` lists")

    #expect(keep.usage(of: "keep") == "keep original|copy|both [N]")
    #expect(keep.accepts(["Copy"]) && keep.accepts(["both", "2"]))
    #expect(
      !keep.accepts(["mine"]) && !keep.accepts(["copy", "0"]) && !keep.accepts(["copy", "x"]))
    // A number is digits alone, as a row number is read.
    #expect(!keep.accepts(["copy", "+1"]) && !keep.accepts(["copy", "1.0"]))
    #expect(keep.accepts(["copy", "01"]))
    #expect(move.usage(of: "move") == "move N to NOTEBOOK|none")
    #expect(move.accepts(["2", "TO", "Field", "trips"]) && !move.accepts(["2", "into", "Birds"]))
    #expect(diff.usage(of: "diff") == "diff [N [M]]")
    #expect(diff.refusal(of: "diff") == "diff [N [M]] (numbers `history` lists)")
    #expect(diff.accepts([]) && diff.accepts(["3", "1"]) && !diff.accepts(["3", "1", "2"]))
    #expect(["7", "x"].number(at: 0) == 7 && ["7", "x"].number(at: 1) == 0)
  }

  /// A flag may come anywhere, once; the work is given it after the other words.
  @Test func aFlagMayComeAnywhereOnce() {
    let edit = CommandArguments([.word("N"), .flag("--editor")])

    #expect(edit.usage(of: "edit") == "edit N [--editor]")
    #expect(edit.fitted(["3"]) == ["3"])
    #expect(edit.fitted(["3", "--editor"]) == ["3", "--editor"])
    #expect(edit.fitted(["--EDITOR", "3"]) == ["3", "--editor"])
    #expect(edit.fitted(["--editor", "3", "--editor"]) == nil)
    #expect(edit.fitted(["--editor"]) == nil)
    #expect(edit.fitted(["3", "--save"]) == nil)
  }
}
