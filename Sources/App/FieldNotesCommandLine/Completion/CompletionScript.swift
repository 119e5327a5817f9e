/// A shell's completion script for `fieldnotes`, written from the table of options
/// (``LaunchOption/all(on:)``), as `fieldnotes --completion SHELL` prints it.
///
/// Every option of the table is completed; an option with fixed choices completes them, one
/// taking a file or a folder completes paths, one taking a notebook or a tag completes the
/// store's (asked of the hidden ``CompletionRequest/command``), and one taking other text
/// completes nothing. The commands are completed as the first word, a note's id after one
/// that names a note, and each command's own options after it.
public enum CompletionScript {
  /// A shell FieldNotes writes a completion script for.
  public enum Shell: String, CaseIterable, Sendable {
    /// GNU bash (`complete -F`).
    case bash
    /// zsh (`_arguments`, from `$fpath` or sourced).
    case zsh
    /// fish (`complete -c`).
    case fish

    /// Every shell's name, in order: the choices of `--completion`.
    public static var names: [String] { allCases.map(\.rawValue) }
  }

  /// The completion script of a shell.
  ///
  /// - Parameters:
  ///   - shell: The shell.
  ///   - options: The options to complete; the whole table by default.
  /// - Returns: The script, ending with a newline.
  public static func script(
    for shell: Shell, options: [LaunchOption] = LaunchOption.all()
  ) -> String {
    let lines =
      switch shell {
      case .bash: bash(options)
      case .zsh: zsh(options)
      case .fish: fish(options)
      }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A summary as a shell shows it beside an option: one line, without the backticks that mark
  /// a command in `--help`.
  static func description(_ summary: String) -> String {
    summary.replacingOccurrences(of: "`", with: "")
  }

  /// Text in single quotes, for bash or zsh: a quote inside ends the quotes, is escaped, and
  /// starts them again.
  static func singleQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
