import FieldNotesModel
import FieldNotesServices

/// The live ``FieldNotesServices/SummaryGenerating``: an extractive summarizer that works
/// offline and gives the same summary for the same text every time.
///
/// It ranks the body's sentences by the frequency of their words (stop words removed), keeps
/// the best one or two in their original order, and caps the length. A body of one or two
/// sentences is summarised by its first sentence.
///
/// - Complexity: O(*n*) in the length of the body.
public struct ExtractiveSummaryGenerator: SummaryGenerating {
  /// The longest summary, in characters.
  public static let maximumLength = 280
  /// How many sentences a summary keeps.
  public static let sentenceCount = 2

  /// Creates the summarizer.
  public init() {}

  /// Summarises a note's body.
  ///
  /// - Parameter note: The note to summarise.
  /// - Returns: One or two sentences of the body, at most ``maximumLength`` characters.
  /// - Throws: ``FieldNotesServices/SummaryError/emptyBody`` when the body has no words.
  public func summary(for note: Note) async throws -> String {
    try Self.summarize(note.body)
  }

  /// Summarises a text.
  ///
  /// - Parameter text: The text to summarise.
  /// - Returns: One or two of its sentences, at most ``maximumLength`` characters.
  /// - Throws: ``FieldNotesServices/SummaryError/emptyBody`` when the text has no words.
  public static func summarize(_ text: String) throws(SummaryError) -> String {
    let sentences = Self.sentences(in: text)
    guard !sentences.isEmpty else { throw .emptyBody }
    guard sentences.count > sentenceCount else { return capped(sentences[0].text) }
    var frequencies: [String: Int] = [:]
    for sentence in sentences {
      for word in sentence.words { frequencies[word, default: 0] += 1 }
    }
    let scored = sentences.enumerated().map { index, sentence -> (index: Int, score: Double) in
      let total = sentence.words.reduce(0) { $0 + (frequencies[$1] ?? 0) }
      // Dividing by the length favours dense sentences without letting one word decide.
      return (index, Double(total) / Double(max(sentence.words.count, 4)))
    }
    let chosen = scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
      .prefix(sentenceCount).map(\.index).sorted()
    return capped(chosen.map { sentences[$0].text }.joined(separator: " "))
  }

  private struct Sentence {
    var text: String
    var words: [String]
  }

  /// Splits text at `.`, `!`, `?` and line breaks, keeping sentences with at least one word.
  private static func sentences(in text: String) -> [Sentence] {
    var sentences: [Sentence] = []
    var current = ""
    func finish() {
      let trimmed = current.trimmingSpaces
      let words = Self.words(in: trimmed)
      if !words.isEmpty || trimmed.contains(where: \.isLetter) {
        sentences.append(Sentence(text: trimmed, words: words))
      }
      current = ""
    }
    for character in text {
      if character.isNewline {
        finish()
      } else {
        current.append(character)
        if character == "." || character == "!" || character == "?" || character == "。" {
          finish()
        }
      }
    }
    finish()
    return sentences.filter { !$0.text.isEmpty }
  }

  private static func words(in sentence: String) -> [String] {
    sentence.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
      .filter { $0.count > 1 && !stopWords.contains($0) }
  }

  private static func capped(_ text: String) -> String {
    guard text.count > maximumLength else { return text }
    return String(text.prefix(maximumLength - 1)).trimmingSpaces + "…"
  }

  private static let stopWords: Set<String> = [
    "a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at",
    "be", "because", "been", "before", "being", "but", "by", "can", "could", "did", "do", "does",
    "for", "from", "had", "has", "have", "he", "her", "here", "him", "his", "how", "i", "if",
    "in", "into", "is", "it", "its", "just", "me", "more", "most", "my", "no", "not", "of", "on",
    "one", "only", "or", "other", "our", "out", "over", "she", "so", "some", "such", "than",
    "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to",
    "too", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
    "will", "with", "would", "you", "your",
  ]
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
