/// How screens print what they show: as text for a person, or as JSON or Markdown for a
/// script (`--format FORMAT`, the REPL's `output FORMAT`, like sqlite3's `.mode`).
///
/// A view is drawn for a ``TerminalContext``, which carries the format, so it stays a function
/// of its state: the screens that draw records (``ScreenCapabilities/drawsRecords``) print them in the
/// format, and every other screen, message and question stays text.
public enum OutputFormat: String, CaseIterable, Equatable, Sendable {
  /// One JSON array per drawing, one object a line inside it.
  case json
  /// One JSON object a line (JSON Lines), nothing around them.
  case jsonl
  /// Markdown: a heading per record, then its text.
  case markdown
  /// The screens as a person reads them: the default.
  case text

  /// Whether it is a script's format (JSON, JSON Lines, Markdown): standard output then holds
  /// the records screens draw, and nothing else.
  public var isForScripts: Bool { self != .text }

  /// Every format's name, text last: the choices of `--format` and `output`.
  public static var names: [String] { allCases.map(\.rawValue) }

  /// The format's name as a sentence says it: `text`, `JSON`, `JSON Lines`, `Markdown`.
  public var name: String {
    switch self {
    case .text: "text"
    case .json: "JSON"
    case .jsonl: "JSON Lines"
    case .markdown: "Markdown"
    }
  }

  /// Records given as JSON objects, laid out as this format lays them out: one array (`[`,
  /// an object a line, `]`; `[]` for none) for ``json``, an object a line for the others.
  ///
  /// - Parameter objects: Each record as a JSON object on one line.
  /// - Returns: The lines.
  public func lines(ofJSONObjects objects: [String]) -> [String] {
    guard self == .json else { return objects }
    guard !objects.isEmpty else { return ["[]"] }
    return ["["]
      + objects.enumerated().map { index, object in
        "  " + object + (index < objects.count - 1 ? "," : "")
      } + ["]"]
  }
}
