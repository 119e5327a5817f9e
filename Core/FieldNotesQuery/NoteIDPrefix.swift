import FieldNotesModel
import Foundation

/// The start of a note's identifier, as a list shows it and a person types it back: hex
/// digits, as git abbreviates a commit's hash (`e621e1f8`).
///
/// A note's identifier never changes, so a prefix names the same note however the rows were
/// numbered since; a list shows the shortest prefix no other note shares, and at least
/// ``shortest`` digits.
public struct NoteIDPrefix: Hashable, Sendable, CustomStringConvertible {
  /// The fewest digits a list shows: short enough to type, long enough to tell most notes
  /// apart at a glance.
  public static let shortest = 4

  /// The digits, upper case, without the identifier's dashes.
  public let digits: String

  /// Reads a prefix as typed: hex digits in either case, with or without the identifier's
  /// dashes; `nil` for anything else, or more digits than an identifier has.
  ///
  /// - Parameter typed: The prefix as typed.
  public init?(_ typed: String) {
    let digits = typed.uppercased().filter { $0 != "-" }
    guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy({ $0.isASCII && $0.isHexDigit })
    else {
      return nil
    }
    self.digits = digits
  }

  /// The first digits of an identifier.
  ///
  /// - Parameters:
  ///   - id: The note's identifier.
  ///   - length: How many digits, from 1 to 32.
  public init(of id: Note.ID, length: Int) {
    digits = String(id.uuidString.filter { $0 != "-" }.prefix(max(1, min(length, 32))))
  }

  /// The prefix as a list shows it: lower case, as git shows a hash.
  public var description: String { digits.lowercased() }

  /// The prefix as the identifier's text begins (`E621E1F8-C3`): dashes where a UUID has them,
  /// so a store finds it through its index on the identifiers' text.
  public var identifierTextPrefix: String {
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if [8, 12, 16, 20].contains(offset) { text.append("-") }
      text.append(digit)
    }
    return text
  }

  /// The shortest prefixes, at least ``shortest`` digits, that tell each of some identifiers
  /// from the others: how a list of notes apart from the saved ones (the trash) shows ids that
  /// its own commands take back.
  ///
  /// - Parameter ids: The identifiers.
  /// - Returns: Each one's prefix, in the same order.
  /// - Complexity: O(*n* log *n*) in the number of identifiers.
  public static func distinguishing(_ ids: [Note.ID]) -> [NoteIDPrefix] {
    let digits = ids.map { Array(NoteIDPrefix(of: $0, length: 32).digits) }
    let order = digits.indices.sorted { digits[$0].lexicographicallyPrecedes(digits[$1]) }
    func shared(_ one: Int, _ other: Int) -> Int {
      zip(digits[one], digits[other]).prefix { $0 == $1 }.count
    }
    var lengths = [Int](repeating: shortest, count: ids.count)
    for (position, index) in order.enumerated() {
      for neighbour in [position - 1, position + 1] where order.indices.contains(neighbour) {
        lengths[index] = max(lengths[index], min(32, shared(index, order[neighbour]) + 1))
      }
    }
    return ids.indices.map { NoteIDPrefix(of: ids[$0], length: lengths[$0]) }
  }

  /// Whether an identifier starts with the prefix.
  ///
  /// - Parameter id: The identifier.
  /// - Returns: `true` when it does.
  public func matches(_ id: Note.ID) -> Bool {
    id.uuidString.hasPrefix(identifierTextPrefix)
  }
}
