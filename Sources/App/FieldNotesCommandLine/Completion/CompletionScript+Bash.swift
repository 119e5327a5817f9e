extension CompletionScript {
  /// The bash script: a function `complete -F` calls, which completes an option's value after
  /// it (its choices, files or folders, or nothing for text), otherwise the option names, and
  /// `add` as the first word.
  ///
  /// Every answer is read from `compgen` a line at a time into `COMPREPLY`, never through an
  /// unquoted `$(…)`, which would split a name at spaces and expand `*`, `?` or `[…]` in it
  /// into other files' names. It runs in bash 3.2, macOS's.
  static func bash(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    var lines = [
      "# bash completion for fieldnotes, written by `fieldnotes --completion bash` from its options.",
      "# Load it with: source <(fieldnotes --completion bash)",
      "# compgen's answers, a line each, as they are: never split at spaces or expanded as patterns.",
      "_fieldnotes_reply() {",
      "  local line",
      "  COMPREPLY=()",
      "  while IFS= read -r line; do COMPREPLY+=(\"$line\"); done < <(compgen \"$@\")",
      "}",
      "_fieldnotes() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=",
      "  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  # The title after `\(add)` is the user's to type.",
      "  if (( COMP_CWORD == 2 )) && [[ ${COMP_WORDS[1]} == \(add) ]]; then",
      "    COMPREPLY=()",
      "    return",
      "  fi",
      "  case $prev in",
    ]
    let withValues = options.compactMap { option in option.value.map { (option, $0.completion) } }
    // Options completed alike share one branch: `--store|--script|--init)`.
    var branches: [(names: [String], completion: LaunchOption.Value.Completion)] = []
    for (option, completion) in withValues {
      if let index = branches.firstIndex(where: { $0.completion == completion }) {
        branches[index].names += option.names
      } else {
        branches.append((option.names, completion))
      }
    }
    for (names, completion) in branches {
      lines.append("    \(names.joined(separator: "|")))")
      switch completion {
      case .words(let words):
        lines.append(
          "      _fieldnotes_reply -W \(singleQuoted(words.joined(separator: " "))) -- \"$cur\"")
      case .files, .folders:
        lines += [
          "      compopt -o filenames 2>/dev/null",
          "      _fieldnotes_reply \(completion == .files ? "-f" : "-d") -- \"$cur\"",
        ]
      case .nothing:
        lines.append("      COMPREPLY=()")
      }
      lines.append("      return ;;")
    }
    let names = { (scope: LaunchOption.Scope) in
      options.filter { $0.scope == scope }.flatMap(\.names).joined(separator: " ")
    }
    let commands = LaunchOption.commandNames.joined(separator: " ")
    let listingNames = options.filter { $0.scope == .listing || $0.isListingToo }
      .flatMap(\.names).joined(separator: " ")
    lines += [
      "  esac",
      "  local words=\(singleQuoted(names(.anywhere)))",
      "  (( COMP_CWORD == 1 )) && words+=\(singleQuoted(" " + commands))",
      "  [[ ${COMP_WORDS[1]} == \(add) ]] && words+=\(singleQuoted(" " + names(.addition)))",
      "  [[ ${COMP_WORDS[1]} == \(LaunchOption.listCommand) || ${COMP_WORDS[1]} == "
        + "\(LaunchOption.searchCommand) ]] && words+=\(singleQuoted(" " + listingNames))",
      "  _fieldnotes_reply -W \"$words\" -- \"$cur\"",
      "}",
      "complete -F _fieldnotes fieldnotes",
    ]
    return lines
  }
}
