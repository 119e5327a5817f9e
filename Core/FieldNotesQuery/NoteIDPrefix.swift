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
    let text = UUIDText.string(id).utf8.lazy.filter { $0 != 0x2D }.prefix(max(1, min(length, 32)))
    digits = String(decoding: Array(text), as: UTF8.self)
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
    let keys = ids.map(\.bytes)
    let order = ids.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    var neighbours = [[Note.ID]](repeating: [], count: ids.count)
    for (position, index) in order.enumerated() {
      for next in [position - 1, position + 1] where order.indices.contains(next) {
        neighbours[index].append(ids[order[next]])
      }
    }
    return ids.indices.map { NoteIDPrefix(telling: ids[$0], from: neighbours[$0]) }
  }

  /// The shortest prefix of an identifier, at least ``shortest`` digits, that none of its
  /// neighbours shares: the one rule every short id is made by.
  ///
  /// In the order of their digits, the identifiers sharing the longest prefix with one are the
  /// ones just before and just after it, as in git's abbreviated hashes: one digit more than it
  /// shares with either tells it from every other identifier.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - neighbours: The identifiers just before and just after it in the order of their
  ///     digits (fewer at either end); any others may be given too, and only make no
  ///     difference.
  public init(telling id: Note.ID, from neighbours: [Note.ID]) {
    var length = Self.shortest
    for neighbour in neighbours where neighbour != id {
      length = max(length, min(32, id.sharedDigits(with: neighbour) + 1))
    }
    self.init(of: id, length: length)
  }

  /// Whether an identifier starts with the prefix.
  ///
  /// - Parameter id: The identifier.
  /// - Returns: `true` when it does.
  public func matches(_ id: Note.ID) -> Bool {
    UUIDText.string(id).hasPrefix(identifierTextPrefix)
  }
}

extension Note.ID {
  /// The identifier's 16 bytes, in order: its 32 hex digits are theirs, two to a byte, the
  /// high half first, so identifiers ordered by their bytes are ordered by their digits.
  var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }

  /// How many hex digits this identifier's text shares with another's from the start, read
  /// from their bytes.
  ///
  /// - Parameter other: The other identifier.
  /// - Returns: From 0 to 32.
  func sharedDigits(with other: Note.ID) -> Int {
    withUnsafeBytes(of: uuid) { mine in
      withUnsafeBytes(of: other.uuid) { theirs in
        guard let byte = mine.indices.first(where: { mine[$0] != theirs[$0] }) else { return 32 }
        return 2 * byte + (mine[byte] >> 4 == theirs[byte] >> 4 ? 1 : 0)
      }
    }
  }
}
