import FieldNotesPlatform
import FieldNotesTerminal

extension LaunchOptions {
  /// The text of `--help`, with the default store of the platform it runs on.
  public static var help: String { help(on: .current) }

  /// The text of `--help` on a platform, whose default store it names.
  ///
  /// Its usage and its OPTIONS are written from the table of options
  /// (``LaunchOption/all(on:)``), as the completion scripts and the man page are.
  ///
  /// - Parameter platform: The platform.
  /// - Returns: The text.
  public static func help(on platform: HostPlatform) -> String {
    let table = LaunchOption.all(on: platform)
    var lines = ["OVERVIEW: FieldNotes — \(overview), in your terminal.", ""]
    lines += usageLines(table)
    lines += [
      "",
      "`fieldnotes add` saves one note and exits: its body is standard input when that is not a",
      "terminal (`echo \"Grey, by the weir.\" | fieldnotes add Heron --tag birds`).",
      "",
      "COMMANDS (each runs once and exits; ID is a note's id, or a prefix no other note shares,",
      "as lists show them):",
    ]
    lines += LaunchOption.commandHelp.flatMap { usage, summary in
      labelled("  " + usage, [summary])
    }
    lines += [
      "",
      "OPTIONS:",
    ]
    lines += optionLines(table.filter { $0.scope == .anywhere })
    lines += ["", "OPTIONS OF `fieldnotes add`:"]
    lines += optionLines(table.filter { $0.scope == .addition })
    lines += ["", "OPTIONS OF `fieldnotes ls` AND `fieldnotes search`:"]
    lines += optionLines(table.filter { $0.scope == .listing || $0.isListingToo })
    lines += [
      "",
      "With a terminal on both ends FieldNotes is interactive: type `help`. Otherwise it reads",
      "commands from standard input. Exit status: 0 when every command succeeded, 1 when one",
      "failed, 64 for a bad command line.",
      "",
      "At a terminal, typed lines are kept in $XDG_STATE_HOME/fieldnotes/history (or",
      "~/.local/state/fieldnotes/history), output taller than the window goes through $PAGER (else",
      "less -R), and colour is used unless NO_COLOR is set or TERM is dumb.",
      "",
      "`new --editor`, `edit N --editor` and the composer's `editor` write the note in $VISUAL,",
      "else $EDITOR, else vi (at a terminal), run through the shell as git runs it; a script gets",
      "the editor too when EDITOR is set.",
    ]
    return lines.joined(separator: "\n")
  }

  /// The text of `fieldnotes help COMMAND`: how the command is written and what it does, from
  /// the same table as `--help`'s COMMANDS, with the options only it takes.
  ///
  /// - Parameter name: The command, as `--help` lists it (`rm`, `ls`, `help`).
  /// - Returns: The text; the whole help for a name that is no command's.
  public static func help(forCommand name: String) -> String {
    guard
      let command = LaunchOption.commandHelp.first(where: {
        $0.usage.hasPrefix(name + " ") || $0.usage == name
      })
    else { return help }
    let table = LaunchOption.all(on: .current)
    let own: [LaunchOption] =
      switch name {
      case LaunchOption.addCommand: table.filter { $0.scope == .addition }
      case LaunchOption.listCommand, LaunchOption.searchCommand:
        table.filter { $0.scope == .listing || $0.isListingToo }
      default: []
      }
    var lines = ["USAGE: fieldnotes \(command.usage)", ""]
    lines += command.summary.wrapped(toColumns: width)
    if !own.isEmpty { lines += ["", "OPTIONS:"] + optionLines(own) }
    lines += [
      "",
      "Options such as --store PATH and --format FORMAT go before the command or after it;",
      "`fieldnotes --help` lists them, and every command. Exit status: 0 when done, 1 when",
      "refused (the reason on standard error), 64 for a command line not understood.",
    ]
    return lines.joined(separator: "\n")
  }

  /// What FieldNotes is, in a few words: the help's overview and the man page's NAME.
  static let overview = "notebooks, notes and a composer"

  /// The columns `--help` is laid out in.
  private static let width = 92
  /// The column an option's summary starts at.
  private static let summaryColumn = 22

  /// `USAGE:` and a line for each way to run `fieldnotes`, wrapped under its first word.
  private static func usageLines(_ table: [LaunchOption]) -> [String] {
    LaunchOption.synopses.enumerated().flatMap { index, synopsis in
      let start = (index == 0 ? "USAGE: " : "       ") + "fieldnotes"
      let indent = String(repeating: " ", count: start.count + 1)
      var lines = [start]
      for word in synopsis.words(in: table) {
        if lines[lines.count - 1].count + 1 + word.count > width, lines[lines.count - 1] != start {
          lines.append(indent + word)
        } else {
          lines[lines.count - 1] += " " + word
        }
      }
      return lines
    }
  }

  /// Each option's names and value, then its summary and details wrapped beside them.
  private static func optionLines(_ options: [LaunchOption]) -> [String] {
    options.flatMap { option in
      labelled(
        "  " + option.names.joined(separator: ", ")
          + (option.value.map { " " + $0.placeholder } ?? ""),
        [option.summary] + option.details)
    }
  }

  /// A label (an option, a command), then its paragraphs wrapped beside it, or under it when
  /// the label is too wide.
  private static func labelled(_ label: String, _ paragraphs: [String]) -> [String] {
    let indent = String(repeating: " ", count: summaryColumn)
    let text = paragraphs.flatMap { $0.wrapped(toColumns: width - summaryColumn) }
    guard label.count + 2 <= summaryColumn else {
      return [label] + text.map { indent + $0 }
    }
    let first =
      label + String(repeating: " ", count: summaryColumn - label.count) + (text.first ?? "")
    return [first] + text.dropFirst().map { indent + $0 }
  }
}
