import FieldNotesPlatform
import FieldNotesTerminal

/// The man page of `fieldnotes` (section 1, in roff), as `fieldnotes --man` prints it.
///
/// Its SYNOPSIS and OPTIONS are written from the table of options
/// (``LaunchOption/all(on:)``), as `--help` and the completion scripts are, and its COMMANDS
/// from the commands of the REPL, so it says what the program does.
public enum ManualPage {
  /// The page.
  ///
  /// - Parameters:
  ///   - version: The version it documents.
  ///   - date: The day that version was made, `YYYY-MM-DD`, for the page's header.
  ///   - options: The options; the whole table by default.
  ///   - commands: The REPL's commands, a heading (`Anywhere`, `In a note list`) and its
  ///     commands for each group.
  /// - Returns: The page, in roff, ending with a newline; it renders with no warning from
  ///   groff or mandoc (`ManualPageTests`).
  public static func text(
    version: String, date: String, options: [LaunchOption] = LaunchOption.all(),
    commands: [(heading: String, commands: [CommandHelp])]
  ) -> String {
    var page = [
      #".\" The man page of fieldnotes, written by `fieldnotes --man`; view it with"#,
      #".\" fieldnotes --man | man -l -      (Linux: man-db)"#,
      #".\" fieldnotes --man | mandoc -a     (macOS, and wherever man is mandoc's)"#,
      // The date as written, its hyphens plain: mandoc reads `YYYY-MM-DD`, not `\-`.
      ".TH FIELDNOTES 1 \"\(date)\" \(Roff.argument("FieldNotes \(version)")) \"User Commands\"",
      // No hyphenation, and ragged right, so paths and options stay whole and evenly spaced.
      ".nh",
      ".ad l",
      ".SH NAME",
      "fieldnotes \\- \(Roff.escaped(LaunchOptions.overview)) in your terminal",
      ".SH SYNOPSIS",
    ]
    page += synopsis(options)
    page += section("DESCRIPTION", description)
    page.append(".SH SHELL COMMANDS")
    page.append(
      Roff.marked(
        "Each runs once and exits; ID is a note's id, or a prefix of it no other note shares, "
          + "as lists show them."))
    for (usage, summary) in LaunchOption.commandHelp {
      page += [".TP", Roff.bold(Roff.escaped(usage)), Roff.marked(summary)]
    }
    page.append(".SH OPTIONS")
    page += optionItems(options.filter { $0.scope == .anywhere })
    page.append(".SS \(Roff.argument("Options of fieldnotes add"))")
    page += optionItems(options.filter { $0.scope == .addition })
    page.append(".SS \(Roff.argument("Options of fieldnotes ls and fieldnotes search"))")
    page += optionItems(options.filter { $0.scope == .listing || $0.isListingToo })
    page.append(".SH COMMANDS")
    page.append(
      Roff.marked(
        "Typed at the prompt, or given by a script, `-c` or standard input. `help` lists the "
          + "commands usable where you are; `help COMMAND` explains one."))
    for group in commands where !group.commands.isEmpty {
      page.append(".SS \(Roff.argument(group.heading))")
      for command in group.commands {
        page += [".TP", Roff.bold(Roff.escaped(command.usage)), Roff.marked(command.summary)]
      }
    }
    page += section("FILES", files)
    page += section("ENVIRONMENT", environment)
    page += section("EXIT STATUS", exitStatuses)
    page.append(".SH EXAMPLES")
    for (what, example) in examples {
      page += [".PP", Roff.marked(what), ".PP", ".RS", ".nf", Roff.escaped(example), ".fi", ".RE"]
    }
    page += section("SEE ALSO", [("", "sqlite3(1), git(1), less(1)")])
    return withoutParagraphsOpeningSections(page).joined(separator: "\n") + "\n"
  }

  /// The page without a paragraph break straight after a section heading, where it breaks
  /// nothing and mandoc warns of it (`.PP` after `.SH` or `.SS`).
  static func withoutParagraphsOpeningSections(_ lines: [String]) -> [String] {
    var kept: [String] = []
    for line in lines {
      if line == ".PP", let previous = kept.last,
        previous.hasPrefix(".SH ") || previous.hasPrefix(".SS ")
      {
        continue
      }
      kept.append(line)
    }
    return kept
  }

  /// Each way to run `fieldnotes` as a paragraph: names in bold, values in italics.
  private static func synopsis(_ options: [LaunchOption]) -> [String] {
    LaunchOption.synopses.flatMap { synopsis -> [String] in
      let text = { (key: LaunchOption.Key) -> String in
        guard let option = options.first(where: { $0.key == key }) else { return "" }
        // `\&` after `...` keeps roff from taking it for the end of a sentence.
        return Roff.bold(Roff.escaped(option.longName))
          + (option.value.map { " " + Roff.italic(Roff.escaped($0.placeholder)) } ?? "")
          + (option.isRepeatable ? #"...\&"# : "")
      }
      let groups = synopsis.groups.map { $0.map(text).joined(separator: " | ") }
      let words =
        synopsis.isChoice
        ? [groups.joined(separator: " | ")]
        : (synopsis.leading.isEmpty ? [] : [leading(synopsis.leading)])
          + groups.map { "[" + $0 + "]" }
      return [".PP", Roff.bold("fieldnotes")] + words
    }
  }

  /// The words before a synopsis's options: the subcommand in bold, its argument in italics.
  private static func leading(_ text: String) -> String {
    text.split(separator: " ").map { word in
      word.allSatisfy(\.isUppercase)
        ? Roff.italic(Roff.escaped(String(word))) : Roff.bold(Roff.escaped(String(word)))
    }.joined(separator: " ")
  }

  /// Each option as a tagged paragraph: its names and value, then its summary and details.
  private static func optionItems(_ options: [LaunchOption]) -> [String] {
    options.flatMap { option -> [String] in
      let names = option.names.map { Roff.bold(Roff.escaped($0)) }.joined(separator: ", ")
      let value = option.value.map { " " + Roff.italic(Roff.escaped($0.placeholder)) } ?? ""
      return [".TP", names + value] + ([option.summary] + option.details).map(Roff.marked)
    }
  }

  /// A section of tagged paragraphs, or of plain ones where a tag is empty.
  private static func section(_ name: String, _ items: [(tag: String, text: String)]) -> [String] {
    [".SH \(name)"]
      + items.flatMap { item in
        item.tag.isEmpty
          ? [".PP", Roff.marked(item.text)]
          : [".TP", Roff.bold(Roff.escaped(item.tag)), Roff.marked(item.text)]
      }
  }
}
