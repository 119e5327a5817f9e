import FieldNotesPlatform

/// What a completion script asks `fieldnotes` for while the user presses Tab: the hidden
/// command `fieldnotes __complete notebooks|tags|ids [--store PATH] [PREFIX]`, as gh and
/// kubectl complete from their own data.
///
/// It is no user's command: `--help`, the man page and the list of commands leave it out, and
/// it never fails aloud. Its answer is one word a line (an id followed by a tab and the note's
/// title), read from the store without changing it; anything it can't read answers nothing, so
/// no error ever lands in the line being typed.
public struct CompletionRequest: Equatable, Sendable {
  /// The word that starts the hidden command, the first argument.
  public static let command = "__complete"

  /// Which words are asked for.
  public enum Kind: String, CaseIterable, Sendable {
    /// Notebooks' names, as `--notebook` and `mv ID` take them.
    case notebooks
    /// Tags, without their `#`, as `--tag` takes them.
    case tags
    /// Notes' ids, as `show`, `rm`, `pin` and the other commands naming a note take them.
    case ids
  }

  /// Which words; `nil` for a kind this version doesn't know, which is answered with nothing.
  public var kind: Kind?
  /// The store `--store` names, if given; the default store otherwise.
  public var storePath: String?
  /// Whether the store is in memory (`--in-memory`, `--demo`), which holds nothing to complete.
  public var isInMemory = false
  /// What the word being completed starts with, as the shell read it (unquoted).
  public var prefix = ""

  /// Reads the hidden command's arguments.
  ///
  /// Anything not understood is let pass, never refused: completion must not fail aloud. It
  /// is `nil` when the first argument is not ``command``.
  ///
  /// - Parameter arguments: The arguments after the program name.
  public init?(arguments: [String]) {
    guard arguments.first == Self.command else { return nil }
    var remaining = arguments.dropFirst()
    kind = remaining.popFirst().flatMap(Kind.init(rawValue:))
    while let argument = remaining.popFirst() {
      switch argument {
      case "--store": storePath = remaining.popFirst()
      case "--in-memory", "--demo": isInMemory = true
      case "--": prefix = remaining.popFirst() ?? ""
      default:
        if argument.hasPrefix("--store=") {
          storePath = String(argument.dropFirst("--store=".count))
        } else {
          prefix = argument
        }
      }
    }
  }

  /// The store to read: the one `--store` names, or the default one the other commands open;
  /// `nil` for a store in memory, or when there is no home folder to find the default in.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The store's path.
  public func storePath(environment: [String: String]) -> String? {
    guard !isInMemory else { return nil }
    return storePath ?? (try? StoreLocation.defaultPath(environment: environment))
  }

  /// The candidates the answer prints, a line each: the words that start with ``prefix`` (ids
  /// in either case), each followed by a tab and its description when it has one.
  ///
  /// A word or description holding a line break or a tab, which would break the answer's
  /// lines, is left out or has them made spaces.
  ///
  /// - Parameter words: Every word the store holds of this kind, with its description.
  /// - Returns: The lines.
  public func lines(of words: [(word: String, description: String?)]) -> [String] {
    words.compactMap { word, description in
      guard !word.isEmpty, !word.contains(where: \.isNewline), !word.contains("\t"),
        kind == .ids
          ? word.lowercased().hasPrefix(prefix.lowercased()) : word.hasPrefix(prefix)
      else { return nil }
      guard let description, !description.isEmpty else { return word }
      let flat = String(description.map { $0.isNewline || $0 == "\t" ? " " : $0 })
      return word + "\t" + flat
    }
  }
}
