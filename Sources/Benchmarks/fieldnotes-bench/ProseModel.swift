import FieldNotesServices
import Foundation

/// Writes new prose in the manner of a corpus: a word-level Markov chain of order two, which
/// picks each word from the words that followed the previous two somewhere in the corpus.
///
/// The text it writes has real language's statistics (a few very common words, a long tail of
/// rare ones, real spellings and word pairs), which is what a search index is sensitive to; a
/// library drawn from a short word list instead has every trigram in nearly every note.
///
/// The corpus is `Corpus/prose.txt`: field notes written for this benchmark (in English, with a
/// few paragraphs in French, German and Spanish) and the prose of FieldNotes' own documents,
/// without code or tables. `--corpus FILE` swaps in any other UTF-8 text.
struct ProseModel {
  /// Every distinct word of the corpus, as UTF-8, punctuation attached ("river.", "(the").
  private(set) var words: [[UInt8]] = []
  /// How many words the corpus has.
  var wordCount: Int { counts.reduce(0, +) }
  /// Word pairs that begin a sentence.
  private var starts: [UInt64] = []
  /// For each pair of words, the words that followed it, as indices into ``words``.
  private var followers: [UInt64: [Int32]] = [:]
  /// How often each word occurs in the corpus, by index.
  private(set) var counts: [Int] = []

  /// Learns the chain from a corpus: each line is a paragraph, and a word ending in `.`, `!` or
  /// `?` ends a sentence.
  init(corpus: String) {
    var indexOf: [String: Int32] = [:]
    for paragraph in corpus.split(separator: "\n") {
      let tokens = paragraph.split(separator: " ").map { word -> Int32 in
        let text = String(word)
        if let index = indexOf[text] {
          counts[Int(index)] += 1
          return index
        }
        let index = Int32(words.count)
        indexOf[text] = index
        words.append(Array(text.utf8))
        counts.append(1)
        return index
      }
      var sentenceStart = true
      for position in tokens.indices.dropLast(2) {
        let pair = Self.pair(tokens[position], tokens[position + 1])
        if sentenceStart { starts.append(pair) }
        followers[pair, default: []].append(tokens[position + 2])
        sentenceStart = Self.endsSentence(words[Int(tokens[position])])
      }
    }
  }

  private static func pair(_ first: Int32, _ second: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: second))
  }

  private static func endsSentence(_ word: [UInt8]) -> Bool {
    guard let last = word.last else { return false }
    return last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
  }

  /// Appends one sentence of at most `maximumWords` words, separated by spaces.
  func appendSentence(
    to text: inout [UInt8], maximumWords: Int = 40,
    using random: inout SeededRandomNumberGenerator
  ) {
    guard let start = starts.randomElement(using: &random) else { return }
    var first = Int32(truncatingIfNeeded: start >> 32)
    var second = Int32(truncatingIfNeeded: start & 0xFFFF_FFFF)
    text += words[Int(first)]
    text.append(UInt8(ascii: " "))
    text += words[Int(second)]
    for _ in 2..<maximumWords {
      if Self.endsSentence(words[Int(second)]) { return }
      guard let next = followers[Self.pair(first, second)]?.randomElement(using: &random) else {
        return
      }
      text.append(UInt8(ascii: " "))
      text += words[Int(next)]
      (first, second) = (second, next)
    }
  }
}
