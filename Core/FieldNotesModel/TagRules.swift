import Foundation

/// What a tag may be, how a typed tag is read, how another tool's tag and a `#tag` in a body
/// are read, and how tags are written: one rule for the composer, the editor, the tags screen,
/// an import and every place that shows a note's tags.
public enum TagRules {
  /// The longest tag, in characters.
  public static let maximumLength = 40

  /// A tag as typed, read the way it is stored: a leading `#` removed, lower-cased, accents
  /// composed (NFC, as ``mappedTag(_:)`` composes them).
  ///
  /// - Parameter word: The tag as typed, such as `#Birds`.
  /// - Returns: The tag, such as `birds`.
  public static func normalized(_ word: some StringProtocol) -> String {
    String(word.drop(while: { $0 == "#" })).lowercased().precomposedStringWithCanonicalMapping
  }

  /// Tags as FieldNotes writes them in a line: each after a `#`, separated by spaces, such as
  /// `#birds #lake`; empty for none.
  ///
  /// Every screen and the Markdown a script reads show tags so; a screen makes the line safe for
  /// its terminal (`terminalSafe`) before it prints it.
  ///
  /// - Parameter tags: The tags, in their order.
  /// - Returns: The line.
  public static func hashtags(_ tags: [String]) -> String {
    tags.map { "#" + $0 }.joined(separator: " ")
  }

  /// Why a tag can't be saved, if it can't.
  ///
  /// - Parameter tag: The tag, already normalized.
  /// - Returns: The problem, or `nil` when the tag is fine.
  public static func problem(with tag: String) -> TagProblem? {
    if tag.isEmpty { return .empty }
    if tag.count > maximumLength { return .tooLong(limit: maximumLength) }
    let isAllowed = { (character: Character) in
      character.isLetter || character.isNumber || character == "-" || character == "_"
    }
    return tag.allSatisfy(isAllowed) ? nil : .invalidCharacters
  }
}

// MARK: - Another tool's tags

extension TagRules {
  /// A tag another tool allows, as FieldNotes keeps it: the stated rule every way a note comes
  /// in by (an import, a `#tag` in a body written anywhere) holds a tag to.
  ///
  /// A leading `#` or `@` (jrnl's mark) is dropped and the tag lower-cased; every run of
  /// characters that are not letters, digits, `-` or `_` — the `/` of a nested tag, a dot, a
  /// space — becomes one `-`, and `-` is trimmed from both ends; the result is cut to
  /// ``maximumLength`` characters. So `#Projects/Garden` becomes `projects-garden`, `@work`
  /// becomes `work`, and a tag left empty is dropped. Accents are composed (NFC), so a tag
  /// typed with a decomposed `é` is the tag typed with the composed one.
  ///
  /// - Parameter tag: The tag as the other tool wrote it.
  /// - Returns: The tag, or `nil` when nothing of it is left.
  public static func mappedTag(_ tag: String) -> String? {
    // A tag as FieldNotes writes it, in ASCII, is kept as it is, with no composing or
    // lower-casing to find that out: nearly every tag of an export is one, and composing
    // them was 3% of the CPU time of an import of prose (issue 45).
    if (1...maximumLength).contains(tag.utf8.count), tag.utf8.allSatisfy(isPlainByte) {
      return tag
    }
    let word = tag.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
      .drop(while: { $0 == "#" || $0 == "@" })
    // A tag FieldNotes itself accepts (`a--b`, `-lead`) is kept as it is, so a library's tags
    // come back from its own export unchanged.
    let lowered = word.lowercased()
    if problem(with: lowered) == nil { return lowered }
    var mapped = ""
    var pendingDash = false
    for character in lowered {
      if character.isLetter || character.isNumber || character == "_" {
        if pendingDash, !mapped.isEmpty { mapped.append("-") }
        pendingDash = false
        mapped.append(character)
      } else {
        pendingDash = true
      }
    }
    let cut = String(mapped.prefix(maximumLength))
    let trimmed = String(cut.reversed().drop(while: { $0 == "-" }).reversed())
    return trimmed.isEmpty || problem(with: trimmed) != nil ? nil : trimmed
  }

  /// Whether a byte is of a tag FieldNotes keeps as it is: a lower-case ASCII letter, a digit,
  /// `-` or `_`.
  private static func isPlainByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }

  /// Tags from anywhere outside FieldNotes' composer, as the store keeps them.
  ///
  /// A JSON export's, another tool's file's or a journal's tags are each mapped by
  /// ``mappedTag(_:)``, each kept once, in order, those with nothing left dropped. Every way a
  /// note comes in holds its tags to this one rule, so every tag saved is one the composer
  /// accepts and a tag search finds.
  ///
  /// - Parameter tags: The tags as written.
  /// - Returns: The tags to keep.
  public static func mappedTags(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.compactMap(mappedTag).filter { seen.insert($0).inserted }
  }
}

// MARK: - What an import changed

extension TagRules {
  /// What ``mappedTag(_:)`` makes of a tag another tool wrote, when that is more than a change
  /// of its case, its accents' encoding or a leading `#`: `@work` is kept as `work`,
  /// `Projects/Garden` as `projects-garden`, and of `!!!` nothing is kept.
  ///
  /// - Parameter tag: The tag as the other tool wrote it.
  /// - Returns: The rename, or `nil` for a tag kept as it was written.
  public static func rename(of tag: String) -> TagRename? {
    let word = tag.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
      .drop(while: { $0 == "#" }).lowercased()
    let kept = mappedTag(tag)
    return word.isEmpty || kept == word ? nil : TagRename(written: tag, kept: kept)
  }

  /// The renames of tags another tool wrote (see ``rename(of:)``), each once, in order.
  ///
  /// - Parameter tags: The tags as written.
  /// - Returns: The renames.
  public static func renames(of tags: [String]) -> [TagRename] {
    var seen = Set<TagRename>()
    return tags.compactMap(rename(of:)).filter { seen.insert($0).inserted }
  }
}

/// A tag another tool wrote that FieldNotes keeps under another name, or drops.
public struct TagRename: Hashable, Sendable {
  /// The tag as written, such as `@work`.
  public var written: String
  /// The tag kept, such as `work`; `nil` when nothing of it was left.
  public var kept: String?

  /// Creates a rename.
  ///
  /// - Parameters:
  ///   - written: The tag as written.
  ///   - kept: The tag kept, or `nil` for none.
  public init(written: String, kept: String?) {
    self.written = written
    self.kept = kept
  }
}

/// Why a tag can't be saved.
public enum TagProblem: Hashable, Sendable {
  /// It is empty (a lone `#`).
  case empty
  /// It is longer than the limit.
  case tooLong(limit: Int)
  /// It holds something other than letters, digits, `-` and `_`.
  case invalidCharacters
}
