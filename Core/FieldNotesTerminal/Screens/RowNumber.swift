/// A row number typed by the user, such as the `2` of `mark 2`, checked against the rows last
/// drawn.
public enum RowNumber {
  /// The element a typed row number stands for.
  ///
  /// - Parameters:
  ///   - word: The word typed.
  ///   - rows: The rows as last drawn, first row first.
  ///   - first: The first row's number: 1, unless the rows drawn start further down a list.
  /// - Returns: The row's element.
  /// - Throws: ``ScreenError/refused(_:)`` when the word is not a number or no row has it.
  public static func element<Element>(
    _ word: String, in rows: [Element], numberedFrom first: Int = 1
  ) throws(ScreenError) -> Element {
    let digits = word.hasPrefix("-") ? word.dropFirst() : word[...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      throw .refused("'\(word.terminalSafe)' is not a row number")
    }
    // Digits too long for an Int are still a row number, just far out of range.
    guard let number = Int(word), number >= first, number - first < rows.count else {
      throw .refused(
        rows.isEmpty
          ? "there are no rows to choose from"
          : "row \(word) is out of range (\(first)–\(first + rows.count - 1))")
    }
    return rows[number - first]
  }
}
