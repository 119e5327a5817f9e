/// A new feature's name, checked, with every spelling the generated code uses.
///
/// `Stats` gives the folder `Features/Stats`, the modules `StatsFeature` and `StatsScreen`, the
/// place `StatsPlace`, the command `stats` on the notebooks screen, and the words `Stats` and
/// `stats` in what the screen draws.
struct FeatureName: Hashable, Sendable {
  /// The longest name accepted: every generated line then fits in 100 columns.
  static let maximumLength = 24

  /// The longest name of a feature owning data, whose entry and error types share lines.
  static let maximumLengthOwningData = 14

  /// The name as typed, such as `Stats` or `NoteStats`.
  let name: String

  /// Checks a name on its own, before the package is read.
  ///
  /// - Parameter name: The name as typed.
  /// - Throws: ``NewFeatureError/invalidName(_:_:)`` saying what is wrong with it.
  init(_ name: String) throws(NewFeatureError) {
    guard !name.isEmpty else { throw .usage }
    guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw .invalidName(name, "use only the letters A–Z and a–z and the digits 0–9")
    }
    guard name.first?.isUppercase == true else {
      let suggestion =
        name.first?.isLetter == true
        ? " (try \(name.prefix(1).uppercased() + name.dropFirst()))" : ""
      throw .invalidName(name, "start it with a capital letter\(suggestion)")
    }
    guard name.count <= Self.maximumLength else {
      throw .invalidName(name, "use at most \(Self.maximumLength) characters")
    }
    for suffix in ["Feature", "Screen", "Tests", "ViewModel", "View"] where name.hasSuffix(suffix) {
      let rest = name.dropLast(suffix.count)
      throw .invalidName(
        name, "leave out \(suffix): the modules add it" + (rest.isEmpty ? "" : " (try \(rest))"))
    }
    self.name = name
  }

  /// The feature's folder, such as `Features/Stats`.
  var folder: String { "Features/\(name)" }

  /// The view-model module, such as `StatsFeature`.
  var featureModule: String { name + "Feature" }

  /// The terminal screen module, such as `StatsScreen`; also its screen's class.
  var screenModule: String { name + "Screen" }

  /// The live client's module of a feature owning data, such as `StatsLive`.
  var liveModule: String { name + "Live" }

  /// The client protocol of a feature owning data, such as `StatsClient`.
  var client: String { name + "Client" }

  /// The live client's class, over the feature's own table, such as `SQLiteStatsClient`.
  var liveClient: String { "SQLite" + name + "Client" }

  /// The prefix of every table the feature owns, such as `stats_` (see `FeatureSchema`).
  var tablePrefix: String { name.lowercased() + "_" }

  /// The view model's class, such as `StatsViewModel`.
  var viewModel: String { name + "ViewModel" }

  /// The view's type, such as `StatsView`.
  var view: String { name + "View" }

  /// The screen's navigation key, such as `StatsPlace`: the feature's own, so no file outside
  /// its folder learns of it.
  var place: String { name + "Place" }

  /// The command that opens the screen from the notebooks screen: the name in lower case.
  var command: String { name.lowercased() }

  /// The name as words in a sentence: `Stats`, `Note stats`, `URL tools`.
  var title: String {
    var words: [String] = []
    var word = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      let previous = index > 0 ? characters[index - 1] : nil
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let startsWord =
        character.isUppercase
        && (previous.map { !$0.isUppercase } ?? false
          || (previous?.isUppercase == true && next?.isLowercase == true))
      if startsWord, !word.isEmpty {
        words.append(word)
        word = ""
      }
      word.append(character)
    }
    words.append(word)
    return words.enumerated().map { index, word in
      let isAcronym = word.count > 1 && word.allSatisfy { !$0.isLowercase }
      return index == 0 || isAcronym ? word : word.lowercased()
    }.joined(separator: " ")
  }

  /// The name as words in the middle of a sentence: `stats`, `note stats`, `URL tools`.
  var lowercaseTitle: String {
    guard let first = title.split(separator: " ").first,
      !(first.count > 1 && first.allSatisfy { !$0.isLowercase })
    else { return title }
    return title.prefix(1).lowercased() + title.dropFirst()
  }
}
