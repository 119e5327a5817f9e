extension CompletionScript {
  /// The zsh script: an `_arguments` specification of every option, its description from the
  /// table and its value's completion (`(slow flaky offline)`, `_files`, `_files -/`), with
  /// `add` as the first word and its options after it; `--notebook` and `--tag` complete the
  /// store's names, and a command naming a note its ids, each with its title (the hidden
  /// `fieldnotes __complete`).
  ///
  /// It works from a folder of `$fpath` (as `_fieldnotes`) and sourced alike.
  static func zsh(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    let naming = LaunchOption.commandsNamingANote.joined(separator: "|")
    let pathNames = Subcommand.Name.allCases.filter(\.takesAPath).map(\.rawValue)
    let valueNames = options.filter { $0.value != nil }.flatMap(\.names).joined(separator: "|")
    let specifications = { (scope: LaunchOption.Scope) in
      options.filter { $0.scope == scope }.map { "    " + zshSpecification(of: $0) }
    }
    return [
      "#compdef fieldnotes",
      "# zsh completion for fieldnotes, written by `fieldnotes --completion zsh` from its options.",
      "# Save it as _fieldnotes in a folder of $fpath, or load it with:",
      "#   source <(fieldnotes --completion zsh)",
      "# The store's words (`fieldnotes \(CompletionRequest.command) KIND`, the store of --store), a",
      "# line each: names added as they are (quoted as they go in), ids with their titles. The",
      "# kind comes last, after the options _arguments gives for compadd.",
      "_fieldnotes_stored() {",
      "  local kind=${@[-1]} line i",
      "  local -a found store",
      "  i=${words[(I)--store]}",
      "  (( i > 0 )) && store=(--store ${(Q)words[i+1]})",
      "  [[ -n ${words[(r)--(in-memory|demo)]} ]] && store=(--in-memory)",
      "  for line in ${(f)\"$(command fieldnotes \(CompletionRequest.command) $kind $store "
        + "2>/dev/null)\"}; do",
      "    if [[ $kind == ids ]]; then found+=(\"${line%%$'\\t'*}:${line#*$'\\t'}\")",
      "    else found+=(\"$line\"); fi",
      "  done",
      "  if [[ $kind == ids ]]; then _describe -t notes note found \"${@[1,-2]}\"",
      "  else compadd \"${@[1,-2]}\" -a found; fi",
      "}",
      "_fieldnotes() {",
      "  # The command: the first word that is no option or option's value.",
      "  local command i",
      "  for (( i = 2; i < CURRENT; i++ )); do",
      "    case ${words[i]} in",
      "      (\(valueNames)) (( i++ )) ;;",
      "      (-*) ;;",
      "      (*) command=${words[i]}; break ;;",
      "    esac",
      "  done",
      "  local -a specifications",
      "  specifications=(",
    ] + specifications(.anywhere) + [
      "  )",
      "  if [[ $command == \(add) ]]; then",
      "    specifications+=(",
    ] + specifications(.addition).map { "  " + $0 } + [
      "      '1:command:(\(add))'",
      "      '2:title: '",
      "    )",
      "  elif [[ $command == (\(LaunchOption.listCommand)|\(LaunchOption.searchCommand)) ]]; then",
      "    specifications+=(",
    ]
      + options.filter { $0.scope == .listing || $0.isListingToo }.map {
        "      " + zshSpecification(of: $0)
      } + [
        "      '1:command:(\(LaunchOption.listCommand) \(LaunchOption.searchCommand))'",
        "      '*:query: '",
        "    )",
        "  elif [[ $command == (\(naming)) ]]; then",
        "    specifications+=(",
        "      '1:command:(\(naming.replacingOccurrences(of: "|", with: " ")))'",
        "      '2:note:_fieldnotes_stored ids'",
        "    )",
        "    [[ $command == \(Subcommand.Name.mv.rawValue) ]] && "
          + "specifications+=('3:notebook:_fieldnotes_stored notebooks')",
        "  elif [[ $command == (\(pathNames.joined(separator: "|"))) ]]; then",
        "    specifications+=('1:command:(\(pathNames.joined(separator: " ")))' '2:path:_files')",
        "  elif [[ $command == \(LaunchOption.helpCommand) ]]; then",
        "    specifications+=(",
        "      '1:command:(\(LaunchOption.helpCommand))'",
        "      '2:command:(\(LaunchOption.commandNames.joined(separator: " ")))'",
        "    )",
        "  else",
        "    specifications+=('1:command:(\(LaunchOption.commandNames.joined(separator: " ")))')",
        "  fi",
        "  _arguments -s : $specifications",
        "}",
        "if [[ ${funcstack[1]} == _fieldnotes ]]; then",
        "  _fieldnotes \"$@\"",
        "else",
        "  compdef _fieldnotes fieldnotes",
        "fi",
      ]
  }

  /// One option as `_arguments` takes it: `'*'{-c,--command}'[Run CMD…]:CMD: '`.
  private static func zshSpecification(of option: LaunchOption) -> String {
    let escaped = { (text: String) in
      var text = text
      for special in ["\\", "[", "]", ":"] {
        text = text.replacingOccurrences(of: special, with: "\\" + special)
      }
      return text
    }
    var names =
      option.names.count == 1 ? option.longName : "{\(option.names.joined(separator: ","))}"
    if option.isRepeatable { names = "'*'" + names }
    var rest = "[\(escaped(description(option.summary)))]"
    if let value = option.value {
      let action =
        switch value.completion {
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .files: "_files"
        case .folders: "_files -/"
        case .nothing: " "
        case .stored(let kind): "_fieldnotes_stored \(kind.rawValue)"
        }
      rest += ":\(escaped(value.placeholder)):\(action)"
    }
    return names + singleQuoted(rest)
  }
}
