extension CompletionScript {
  /// The fish script: a `complete` line for each option, with its description from the table.
  ///
  /// A value's choices are offered, a file or folder is completed as one, and text completes
  /// nothing. `add` is offered as the first word, and its options once it has been typed.
  static func fish(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    var lines = [
      "# fish completion for fieldnotes, written by `fieldnotes --completion fish` from its options.",
      "# Save it as ~/.config/fish/completions/fieldnotes.fish, or load it with:",
      "#   fieldnotes --completion fish | source",
      "complete -c fieldnotes -f",
    ]
    for (usage, summary) in LaunchOption.commandHelp {
      let name = usage.prefix { $0 != " " }
      lines.append(
        "complete -c fieldnotes -n 'test (count (commandline -opc)) -eq 1' -a \(name) -d "
          + fishQuoted(description(summary)))
    }
    for option in options {
      var line = "complete -c fieldnotes"
      if option.scope == .addition { line += " -n '__fish_seen_subcommand_from \(add)'" }
      if option.scope == .listing {
        line +=
          " -n '__fish_seen_subcommand_from \(LaunchOption.listCommand) "
          + "\(LaunchOption.searchCommand)'"
      }
      for name in option.names {
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
      }
      switch option.value?.completion {
      case .words(let words): line += " -x -a " + fishQuoted(words.joined(separator: " "))
      case .files: line += " -r -F"
      case .folders: line += " -x -a '(__fish_complete_directories)'"
      case .nothing: line += " -x"
      case nil: break
      }
      lines.append(line + " -d " + fishQuoted(description(option.summary)))
    }
    return lines
  }

  /// Text in fish's single quotes, where only a backslash and a quote are escaped.
  private static func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "'", with: "\\'") + "'"
  }
}
