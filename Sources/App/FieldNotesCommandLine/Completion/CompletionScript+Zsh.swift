extension CompletionScript {
  /// The zsh script: an `_arguments` specification of every option, its description from the
  /// table and its value's completion (`(slow flaky offline)`, `_files`, `_files -/`), with
  /// `add` as the first word and its options after it.
  ///
  /// It works from a folder of `$fpath` (as `_fieldnotes`) and sourced alike.
  static func zsh(_ options: [LaunchOption]) -> [String] {
    let add = LaunchOption.addCommand
    let specifications = { (scope: LaunchOption.Scope) in
      options.filter { $0.scope == scope }.map { "    " + zshSpecification(of: $0) }
    }
    return [
      "#compdef fieldnotes",
      "# zsh completion for fieldnotes, written by `fieldnotes --completion zsh` from its options.",
      "# Save it as _fieldnotes in a folder of $fpath, or load it with:",
      "#   source <(fieldnotes --completion zsh)",
      "_fieldnotes() {",
      "  local -a specifications",
      "  specifications=(",
    ] + specifications(.anywhere) + [
      "  )",
      "  if [[ ${words[2]} == \(add) ]]; then",
      "    specifications+=(",
    ] + specifications(.addition).map { "  " + $0 } + [
      "      '1:command:(\(add))'",
      "      '2:title: '",
      "    )",
      "  elif [[ ${words[2]} == (\(LaunchOption.listCommand)|\(LaunchOption.searchCommand)) ]]; then",
      "    specifications+=(",
    ]
      + options.filter { $0.scope == .listing || $0.isListingToo }.map {
        "      " + zshSpecification(of: $0)
      } + [
        "      '1:command:(\(LaunchOption.listCommand) \(LaunchOption.searchCommand))'",
        "      '*:query: '",
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
        }
      rest += ":\(escaped(value.placeholder)):\(action)"
    }
    return names + singleQuoted(rest)
  }
}
