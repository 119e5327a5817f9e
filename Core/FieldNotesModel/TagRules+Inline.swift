import FieldNotesText

// MARK: - Tags written in a body

extension TagRules {
  /// Every `#tag` written in a body, as written: the one rule the composer, the editor and an
  /// import read a note's text by.
  ///
  /// A `#` is a tag's when it starts a word or follows punctuation or a symbol of any script
  /// (`(#heron)`, `«#lake»`, `。#鳥`) — not `#`, `&` (`&#39;`) or `/`, which write other things —
  /// and the tag is the letters, digits, `_`, `-` and `/` after it, at least one a letter: so
  /// `C#`, `a#b` and `#1` are none. Nothing in a code span, a fenced code block, an HTML
  /// comment or a link's address (`https://…/#part`, `www.…/#top`, `](…#section)`) is a tag.
  ///
  /// - Parameter text: The body.
  /// - Returns: The tags in the order written, repeats and all, such as `Projects/Garden`:
  ///   ``mappedTag(_:)`` makes each one FieldNotes keeps.
  public static func inlineTags(in text: some StringProtocol) -> [String] {
    var tags: [String] = []
    let prose = MarkdownProse.lines(of: MarkdownProse.withoutComments(Substring(text)))
    for line in prose where line.contains("#") {
      var inCode = false
      var previous: Character = " "
      var index = line.startIndex
      while index < line.endIndex {
        let character = line[index]
        if character == "`" { inCode.toggle() }
        if !inCode, previous.isWhitespace || previous == "(", isAddress(line[index...]) {
          let end = line[index...].firstIndex(where: { $0.isWhitespace || $0 == ")" })
          index = end ?? line.endIndex
          previous = " "
          continue
        }
        if !inCode, character == "#", previous.isWhitespace || isPunctuation(previous) {
          let word = line[line.index(after: index)...].prefix {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/"
          }
          if word.contains(where: \.isLetter) { tags.append(String(word)) }
          index = word.endIndex
          previous = "#"
          continue
        }
        previous = character
        index = line.index(after: index)
      }
    }
    return tags
  }

  /// The tags a note is saved with: those listed, then each `#tag` of its body (see
  /// ``inlineTags(in:)``) mapped by ``mappedTag(_:)``, each kept once.
  ///
  /// The composer's save, the editor's and an import's all give a note its tags so, and none
  /// changes the body.
  ///
  /// - Parameters:
  ///   - listed: The tags given for the note (the composer's `tags`, a front matter's), as
  ///     the store keeps them, in their order.
  ///   - body: The body.
  /// - Returns: The listed tags, then the inline ones not among them, in the order written.
  public static func tags(_ listed: [String], addingInlineTagsOf body: some StringProtocol)
    -> [String]
  {
    var seen = Set<String>()
    let inline = inlineTags(in: body).compactMap(mappedTag)
    return (listed + inline).filter { seen.insert($0).inserted }
  }

  /// The tags a body writes, as a save keeps them: a note whose text writes one keeps it
  /// whatever its listed tags say, since every save reads it back (``tags(_:addingInlineTagsOf:)``).
  ///
  /// So taking one off a note, or renaming it there, lasts only until the text no longer
  /// writes it: every command that would is refused, or leaves that note as it is, and says so.
  ///
  /// - Parameter body: The body.
  /// - Returns: Its inline tags, mapped.
  public static func tagsWritten(in body: some StringProtocol) -> Set<String> {
    Set(mappedTags(inlineTags(in: body)))
  }

  /// Whether a character is punctuation or a symbol a tag may follow, in any script; `#`, `&`
  /// (`&#39;`) and `/` excepted, which write other things.
  private static func isPunctuation(_ character: Character) -> Bool {
    guard !"#&/".contains(character) else { return false }
    return character.isPunctuation || character.isSymbol
  }

  /// Whether text starts with a link's address: a scheme and `://`, or `www.`.
  private static func isAddress(_ text: Substring) -> Bool {
    if text.hasPrefix("www.") { return true }
    let scheme = text.prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    return !scheme.isEmpty && text[scheme.endIndex...].hasPrefix("://")
  }
}
