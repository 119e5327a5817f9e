extension CompletionScript {
  /// The bash script: a function `complete -F` calls, which completes an option's value after
  /// it (its choices, files or folders, the store's notebooks or tags, or nothing for text), a
  /// note's id after a command that names one (and a notebook after `mv ID`), otherwise the
  /// option names, and the commands as the first word.
  ///
  /// The store's words come from the hidden `fieldnotes __complete`, read a line at a time and
  /// quoted by bash as file names are, so a notebook named `Field Work` goes in as one word.
  /// Every answer is read from `compgen` a line at a time into `COMPREPLY`, never through an
  /// unquoted `$(…)`, which would split a name at spaces and expand `*`, `?` or `[…]` in it
  /// into other files' names. It runs in bash 3.2, macOS's.
  static func bash(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    let valueNames = options.filter { $0.value != nil }.flatMap(\.names).joined(separator: "|")
    let naming = LaunchOption.commandsNamingANote
    let pathNames = Subcommand.Name.allCases.filter(\.takesAPath).map(\.rawValue)
      .joined(separator: "|")
    var lines = [
      "# bash completion for fieldnotes, written by `fieldnotes --completion bash` from its options.",
      "# Load it with: source <(fieldnotes --completion bash)",
      "# compgen's answers, a line each, as they are: never split at spaces or expanded as patterns.",
      "_fieldnotes_reply() {",
      "  local line",
      "  COMPREPLY=()",
      "  while IFS= read -r line; do COMPREPLY+=(\"$line\"); done < <(compgen \"$@\")",
      "}",
      "# A word as typed, without its quotes or backslashes: what a name typed so far starts with.",
      "_fieldnotes_unquoted() {",
      "  local word=$1",
      "  case $word in",
      "    \\\"*) word=${word#\\\"}; word=${word%\\\"} ;;",
      "    \\'*) word=${word#\\'}; word=${word%\\'} ;;",
      "    *) word=${word//\\\\/} ;;",
      "  esac",
      "  printf '%s' \"$word\"",
      "}",
      "# The store's names (`fieldnotes \(CompletionRequest.command) KIND`, the store of --store), a",
      "# line each, kept when they start with what is typed, after SIGN (tag's + or -); bash quotes",
      "# each one as a file name (-o filenames), so a name with a space goes in as one word.",
      "_fieldnotes_stored() {",
      "  local kind=$1 word sign=${3-} line i store=()",
      "  word=$(_fieldnotes_unquoted \"$2\")",
      "  for (( i = 1; i < COMP_CWORD; i++ )); do",
      "    case ${COMP_WORDS[i]} in",
      "      --store)",
      "        [[ ${COMP_WORDS[i+1]} == = ]] && (( i++ ))",
      "        store=(--store \"$(_fieldnotes_unquoted \"${COMP_WORDS[i+1]}\")\") ;;",
      "      --store=*)",
      "        store=(--store \"$(_fieldnotes_unquoted \"${COMP_WORDS[i]#--store=}\")\") ;;",
      "      --in-memory|--demo) store=(--in-memory) ;;",
      "    esac",
      "  done",
      "  COMPREPLY=()",
      "  [[ $kind == ids ]] || compopt -o filenames 2>/dev/null",
      "  while IFS= read -r line; do",
      "    line=${line%%$'\\t'*}",
      "    [[ $line == \"$word\"* ]] && COMPREPLY+=(\"$sign$line\")",
      "  done < <(command fieldnotes \(CompletionRequest.command) \"$kind\" "
        + "${store[@]+\"${store[@]}\"} -- \"$word\" 2>/dev/null)",
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
      case .stored(let kind):
        lines.append("      _fieldnotes_stored \(kind.rawValue) \"$cur\"")
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
      "  # The command, the first word that is no option or option's value, and how many of its",
      "  # own words come before the one typed: a note's id first, then mv's notebook.",
      "  local i command= position=0",
      "  for (( i = 1; i < COMP_CWORD; i++ )); do",
      "    case ${COMP_WORDS[i]} in",
      "      \(valueNames))",
      "        [[ ${COMP_WORDS[i+1]} == = ]] && (( i++ ))",
      "        (( i++ )) ;;",
      "      -*) [[ $command == \(Subcommand.Name.tag.rawValue) ]] && (( position++ )) ;;",
      "      *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else (( position++ )); fi ;;",
      "    esac",
      "  done",
      "  if [[ $cur != -* ]] && (( position == 0 )); then",
      "    case $command in",
      "      \(naming.joined(separator: "|"))) _fieldnotes_stored ids \"$cur\"; return ;;",
      "      \(pathNames)) compopt -o filenames 2>/dev/null; _fieldnotes_reply -f -- \"$cur\"; "
        + "return ;;",
      "      \(LaunchOption.helpCommand)) _fieldnotes_reply -W \(singleQuoted(commands)) -- \"$cur\"; "
        + "return ;;",
      "    esac",
      "  fi",
      "  if [[ $command == \(Subcommand.Name.mv.rawValue) && $cur != -* ]] "
        + "&& (( position == 1 )); then",
      "    _fieldnotes_stored notebooks \"$cur\"",
      "    return",
      "  fi",
      "  if [[ $command == \(Subcommand.Name.tag.rawValue) && $cur == [+-]* ]] "
        + "&& (( position >= 1 )); then",
      "    _fieldnotes_stored tags \"${cur:1}\" \"${cur:0:1}\"",
      "    return",
      "  fi",
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
