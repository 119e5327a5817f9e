extension LaunchOption {
  /// One way to run `fieldnotes`, as the usage shows it: what comes first, then groups of
  /// options, each group either one option or options of which one may be given.
  public struct Synopsis: Equatable, Sendable {
    /// What comes after `fieldnotes` before the options, such as `add TITLE`; empty for none.
    public var leading: String
    /// The groups of options, in order.
    public var groups: [[Key]]
    /// Whether the groups are alternatives of which exactly one is given (`--help | --man`),
    /// rather than each one optional.
    public var isChoice = false
  }

  /// Every way to run `fieldnotes`: a session, `add`, and the options that print and exit.
  ///
  /// Every option is in exactly one of them (a test checks it), so the usage names them all.
  public static let synopses = [
    Synopsis(
      leading: "\(addCommand) TITLE", groups: [[.notebook], [.tag], [.store]]),
    Synopsis(leading: "\(showCommand) ID", groups: []),
    Synopsis(
      leading: "\(listCommand) [QUERY...]", groups: [[.notebook], [.tag], [.sort], [.limit]]),
    Synopsis(
      leading: "\(searchCommand) QUERY...", groups: [[.notebook], [.tag], [.sort], [.limit]]),
    Synopsis(
      leading: "",
      groups: [
        [.store, .inMemory, .demo], [.syncRemote, .syncFolder], [.networkProfile], [.seed],
        [.noSummaries], [.script, .command], [.echo], [.bail], [.quiet], [.initFile, .noInit],
        [.format],
      ]),
    Synopsis(leading: "", groups: [[.completion], [.manual], [.version], [.help]], isChoice: true),
  ]

  /// This option as a synopsis writes it: its long name and its value, `...` after one that
  /// may be repeated (`--command CMD...`).
  public var synopsisText: String {
    longName + (value.map { " " + $0.placeholder } ?? "") + (isRepeatable ? "..." : "")
  }
}

extension LaunchOption.Synopsis {
  /// The synopsis's words after `fieldnotes`, each group bracketed (`[--store PATH | --demo]`),
  /// or for a choice the options between bars.
  ///
  /// - Parameter table: The options, looked up by key.
  /// - Returns: The words, to be laid out on lines.
  func words(in table: [LaunchOption]) -> [String] {
    let text = { (key: LaunchOption.Key) in
      table.first { $0.key == key }?.synopsisText ?? ""
    }
    if isChoice {
      return [groups.map { $0.map(text).joined(separator: " | ") }.joined(separator: " | ")]
    }
    return (leading.isEmpty ? [] : [leading])
      + groups.map { "[" + $0.map(text).joined(separator: " | ") + "]" }
  }
}
