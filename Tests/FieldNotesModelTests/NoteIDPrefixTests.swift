import FieldNotesModel
import FieldNotesQuery
import FieldNotesTesting
import Foundation
import Testing

/// A note's id as a list shows it and a person types it back: hex digits, as git abbreviates a
/// hash, in either case, with the id's dashes or without.
@Suite struct NoteIDPrefixTests {
  let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

  @Test func aPrefixIsShownInLowerCaseWithoutDashes() {
    #expect(NoteIDPrefix(of: id, length: 4).description == "e621")
    #expect(NoteIDPrefix(of: id, length: 10).description == "e621e1f8c3")
    #expect(NoteIDPrefix(of: id, length: 99).description.count == 32)
  }

  @Test(arguments: ["e621", "E621", "e621e1f8-c3", "E621E1F8C36C495A93FC0C247A3E6E5F"])
  func aTypedPrefixFindsItsIDHoweverItIsWritten(_ typed: String) throws {
    let prefix = try #require(NoteIDPrefix(typed))
    #expect(prefix.matches(id))
    #expect(id.uuidString.hasPrefix(prefix.identifierTextPrefix))
  }

  @Test func theIdentifiersTextPrefixHasTheDashesWhereAUUIDHasThem() throws {
    #expect(try #require(NoteIDPrefix("e621e1f8c3")).identifierTextPrefix == "E621E1F8-C3")
    #expect(try #require(NoteIDPrefix("e621e1f8")).identifierTextPrefix == "E621E1F8")
  }

  @Test(arguments: ["", "-", "e6z1", "héron", String(repeating: "a", count: 33)])
  func anythingButHexDigitsIsNoPrefix(_ typed: String) {
    #expect(NoteIDPrefix(typed) == nil)
  }

  @Test func anotherIDIsNotMatched() throws {
    #expect(try #require(NoteIDPrefix("e622")).matches(id) == false)
  }

  /// Prefixes that tell ids apart among a few (the trash's): as short as no other id there
  /// shares, and never under four digits; the same for any order of the ids.
  @Test func distinguishingPrefixesAreTheShortestNoOtherIdShares() throws {
    let ids = try [
      "E621E1F8-0000-4000-8000-000000000001", "E621A000-0000-4000-8000-000000000002",
      "E700AAAA-0000-4000-8000-000000000003", "E621E1F9-0000-4000-8000-000000000004",
    ].map { try #require(UUID(uuidString: $0)) }
    let prefixes = NoteIDPrefix.distinguishing(ids).map(\.description)
    #expect(prefixes == ["e621e1f8", "e621a", "e700", "e621e1f9"])
    #expect(NoteIDPrefix.distinguishing(ids.reversed()).map(\.description) == prefixes.reversed())
    for (id, prefix) in zip(ids, NoteIDPrefix.distinguishing(ids)) {
      #expect(ids.filter { prefix.matches($0) } == [id], "\(prefix) names its note alone")
    }
    #expect(NoteIDPrefix.distinguishing([]).isEmpty)
  }

  /// Ids sharing prefixes of every length, ending mid-byte as well as on one, each told apart
  /// by the shortest prefix (at least four digits) no other id shares, as their text shows it.
  @Test func everyPrefixIsTheShortestNoOtherIdSharesAsTheTextShowsIt() {
    var random = LinearCongruentialGenerator(state: 11)
    for _ in 0..<200 {
      let base = random.uuid().uuidString.filter { $0 != "-" }
      let ids = (0..<Int.random(in: 1...12, using: &random)).compactMap { _ -> UUID? in
        let kept = Int.random(in: 0...32, using: &random)
        let rest = (kept..<32).map { _ in "0123456789ABCDEF".randomElement(using: &random) ?? "0" }
        return UUID(hexDigits: base.prefix(kept) + String(rest))
      }
      let unique = Array(Set(ids))
      for (id, prefix) in zip(unique, NoteIDPrefix.distinguishing(unique)) {
        let digits = id.uuidString.filter { $0 != "-" }
        let others = unique.filter { $0 != id }.map { $0.uuidString.filter { $0 != "-" } }
        let shortest = (NoteIDPrefix.shortest...32).first { length in
          !others.contains { $0.hasPrefix(digits.prefix(length)) }
        }
        #expect(prefix.digits == String(digits.prefix(shortest ?? 32)), "\(unique)")
      }
    }
  }
}

extension UUID {
  /// The UUID of 32 hex digits, dashes put in.
  fileprivate init?(hexDigits: String) {
    let digits = Array(hexDigits)
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
    self.init(uuidString: groups.joined(separator: "-"))
  }
}
