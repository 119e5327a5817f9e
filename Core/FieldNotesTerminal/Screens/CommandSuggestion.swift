/// The command a mistyped word probably meant, for "did you mean …?".
public enum CommandSuggestion {
  /// The longest word a suggestion is looked for.
  public static let longestWord = 40

  /// The closest name to a mistyped word, if any is close enough: at most one edit in three
  /// letters (and one edit for short words).
  ///
  /// - Parameters:
  ///   - word: The word typed.
  ///   - names: The names it may have meant.
  /// - Returns: The closest name, or `nil` when none is close.
  /// - Complexity: O(*n* × *m*²) for *n* names of about *m* letters.
  public static func closest(to word: String, among names: [String]) -> String? {
    // No command is anywhere near this long, and comparing a huge word costs its length squared.
    guard word.count <= longestWord else { return nil }
    let folded = word.lowercased()
    let scored = names.filter { $0.count > 1 }.map { ($0, editDistance(folded, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, word.count / 3) else {
      return nil
    }
    return best.0
  }

  /// The edit distance between two words, counting a swap of neighbours as one edit
  /// (optimal string alignment), so `qiut` is one edit from `quit`.
  ///
  /// - Parameters:
  ///   - lhs: One word.
  ///   - rhs: The other.
  /// - Returns: The fewest insertions, deletions, substitutions and swaps that turn one into the
  ///   other.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let lhs = Array(lhs)
    let rhs = Array(rhs)
    guard !lhs.isEmpty else { return rhs.count }
    guard !rhs.isEmpty else { return lhs.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
    for i in 0...lhs.count { table[i][0] = i }
    for j in 0...rhs.count { table[0][j] = j }
    for i in 1...lhs.count {
      for j in 1...rhs.count {
        let substitution = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + substitution)
        if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[lhs.count][rhs.count]
  }
}
