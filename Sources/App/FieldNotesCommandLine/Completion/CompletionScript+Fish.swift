extension CompletionScript {
  /// The fish script: a `complete` line for each option, with its description from the table.
  ///
  /// A value's choices are offered, a file or folder is completed as one, and text completes
  /// nothing; `--notebook` and `--tag` offer the store's names, and a command naming a note its
  /// ids with their titles (the hidden `fieldnotes __complete`). The commands are offered as
  /// the first word, and `add`'s options once it has been typed.
  static func fish(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    let valueNames = options.filter { $0.value != nil }.flatMap(\.names).joined(separator: " ")
    var lines = [
      "# fish completion for fieldnotes, written by `fieldnotes --completion fish` from its options.",
      "# Save it as ~/.config/fish/completions/fieldnotes.fish, or load it with:",
      "#   fieldnotes --completion fish | source",
      "complete -c fieldnotes -f",
      "# The store's words (`fieldnotes \(CompletionRequest.command) KIND`, the store of --store), a",
      "# line each, an id with its title after a tab, as fish takes a description.",
      "function __fieldnotes_stored",
      "    set -l tokens (commandline -opc)",
      "    set -l store",
      "    set -l i (contains -i -- --store $tokens)",
      "    and test $i -lt (count $tokens)",
      "    and set store --store $tokens[(math $i + 1)]",
      "    contains -- --in-memory $tokens; or contains -- --demo $tokens; and set store --in-memory",
      "    command fieldnotes \(CompletionRequest.command) $argv[1] $store 2>/dev/null",
      "end",
      "# Whether the command is one of argv[2..] with argv[1] of its own words typed before this one.",
      "function __fieldnotes_words_typed",
      "    set -l tokens (commandline -opc)",
      "    set -l command",
      "    set -l count 0",
      "    set -l skip 0",
      "    for token in $tokens[2..-1]",
      "        if test $skip -eq 1",
      "            set skip 0",
      "        else if contains -- $token \(valueNames)",
      "            set skip 1",
      "        else if string match -q -- '-*' $token",
      "            continue",
      "        else if test -z \"$command\"",
      "            set command $token",
      "        else",
      "            set count (math $count + 1)",
      "        end",
      "    end",
      "    contains -- \"$command\" $argv[2..-1]; and test $count -eq $argv[1]",
      "end",
      "complete -c fieldnotes -n '__fieldnotes_words_typed 0 "
        + "\(LaunchOption.commandsNamingANote.joined(separator: " "))' "
        + "-a '(__fieldnotes_stored ids)'",
      "complete -c fieldnotes -n '__fieldnotes_words_typed 1 \(Subcommand.Name.mv.rawValue)' "
        + "-a '(__fieldnotes_stored notebooks)'",
      "complete -c fieldnotes -n '__fieldnotes_words_typed 0 "
        + "\(Subcommand.Name.allCases.filter(\.takesAPath).map(\.rawValue).joined(separator: " "))' "
        + "-F",
      "complete -c fieldnotes -n '__fieldnotes_words_typed 0 \(LaunchOption.helpCommand)' -f "
        + "-a \(fishQuoted(LaunchOption.commandNames.joined(separator: " ")))",
    ]
    for (usage, summary) in LaunchOption.commandHelp {
      let name = usage.prefix { $0 != " " }
      lines.append(
        "complete -c fieldnotes -n 'test (count (commandline -opc)) -eq 1' -a \(name) -d "
          + fishQuoted(description(summary)))
    }
    for option in options {
      var line = "complete -c fieldnotes"
      if option.scope == .addition {
        let commands =
          [add]
          + (option.isListingToo ? [LaunchOption.listCommand, LaunchOption.searchCommand] : [])
        line += " -n '__fish_seen_subcommand_from \(commands.joined(separator: " "))'"
      }
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
      case .stored(let kind): line += " -x -a '(__fieldnotes_stored \(kind.rawValue))'"
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
