import FieldNotesModel
import FieldNotesTerminal

extension AppSession {
  /// The words that could complete what is being typed, for tab completion: command names
  /// first, then what each command takes (notebook names, sort orders, subcommands).
  ///
  /// - Parameters:
  ///   - lineBefore: The line before the word being completed.
  ///   - word: The part of the word typed so far.
  /// - Returns: The candidates that start with `word`, ignoring case, sorted.
  public func completions(lineBefore: String, word: String) -> [String] {
    let words = (try? CommandTokenizer.words(in: lineBefore)) ?? []
    let candidates: [String]
    if bodyLines != nil {
      candidates = []
    } else if let command = words.first.map({ $0.lowercased() }) {
      candidates = arguments(after: command, words.dropFirst().map { $0.lowercased() })
    } else {
      let composing = if case .composer = currentScreen { true } else { false }
      candidates = CommandCatalog.all
        .filter { composing ? [.composer, .anywhere].contains($0.place) : $0.place != .composer }
        .map(\.name)
    }
    let folded = unquoted(word).lowercased()
    return Set(candidates.filter { unquoted($0).lowercased().hasPrefix(folded) }).sorted()
  }

  private func arguments(after command: String, _ previous: [String]) -> [String] {
    let composing = if case .composer = currentScreen { true } else { false }
    let names = dependencies.store.notebooks.map { quotedIfNeeded($0.name) }
    switch (command, previous.count) {
    case ("open", 0), ("cd", 0): return names + ["all", "none"]
    case ("notebook", 0): return composing ? names + ["none"] : ["new", "rename", "delete"]
    case ("notebook", 1) where ["rename", "delete"].contains(previous[0]): return names
    case ("notebook", 2) where previous[0] == "delete": return ["--force", "--keep-notes"]
    case ("move", 1), ("mv", 1): return ["to"]
    case ("move", 2), ("mv", 2): return names + ["none"]
    case ("sort", 0): return NoteSortOrder.allCases.map(\.rawValue)
    case ("filter", 0): return ["pinned", "all"]
    case ("mode", 0): return ["mv", "mvvm"]
    case ("trace", 0): return ["on", "off"]
    case ("tag", 0): return Array(Set(dependencies.store.notes.flatMap(\.tags)))
    case ("help", 0), ("?", 0): return CommandCatalog.all.map(\.name)
    default: return []
    }
  }

  private func unquoted(_ word: String) -> String {
    word.first == "\"" || word.first == "'" ? String(word.dropFirst()) : word
  }

  private func quotedIfNeeded(_ name: String) -> String {
    name.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" })
      ? "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : name
  }
}
