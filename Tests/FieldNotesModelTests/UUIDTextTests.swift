import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

/// `UUIDText` reads an identifier's canonical text from its bytes as `UUID(uuidString:)` reads
/// it, and no other text: the export's reader uses the one and falls back to `JSONDecoder`, which
/// uses the other, so an identifier must mean the same note to both wherever the first answers.
@Suite struct UUIDTextTests {
  /// What a character of an identifier is changed to: hex digits of both cases, the dash, and
  /// what `sscanf`'s `%x` would take before or in a number (a sign, a space, an `x`).
  static let replacements: [Character] = Array("09afAF-gG+ x\u{e9}\0")

  /// Whether a text is the canonical form: 32 hex digits, a dash after the 8th, 12th, 16th and
  /// 20th.
  static func isCanonical(_ text: String) -> Bool {
    let characters = Array(text)
    return characters.count == 36
      && characters.indices.allSatisfy { index in
        [8, 13, 18, 23].contains(index)
          ? characters[index] == "-"
          : characters[index].isASCII && characters[index].isHexDigit
      }
  }

  @Test func aCanonicalTextIsReadAsUUIDReadsItAndNoOtherIsRead() {
    var random = LinearCongruentialGenerator(state: 45)
    var canonical = 0
    for round in 0..<6_000 {
      let id = random.uuid().uuidString
      var text = Array(round.isMultiple(of: 2) ? id : id.lowercased())
      switch round % 5 {
      case 0: break
      case 1:
        let at = Int.random(in: 0..<text.count, using: &random)
        text[at] = Self.replacements.randomElement(using: &random) ?? "-"
      case 2: text.remove(at: Int.random(in: 0..<text.count, using: &random))
      case 3:
        text.insert(
          Self.replacements.randomElement(using: &random) ?? "-",
          at: Int.random(in: 0...text.count, using: &random))
      default:
        text.swapAt(
          Int.random(in: 0..<text.count, using: &random),
          Int.random(in: 0..<text.count, using: &random))
      }
      let string = String(text)
      let foundation = UUID(uuidString: string)
      if Self.isCanonical(string) {
        canonical += 1
        #expect(foundation != nil, "Foundation reads every canonical text: \(string)")
        #expect(UUIDText.parse(string) == foundation, "\(string)")
      } else {
        // `UUID(uuidString:)` may read it (on Linux, `sscanf` takes a sign or a space in a
        // pair of digits); FieldNotes' own reading doesn't.
        #expect(UUIDText.parse(string) == nil, "\(string)")
      }
    }
    #expect(canonical > 2_400 && canonical < 5_000, "both kinds are tried often: \(canonical)")
  }

  @Test func anIdentifierIsWrittenAsFoundationWritesIt() {
    var random = LinearCongruentialGenerator(state: 46)
    let edges = [
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(
        uuid: (
          255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255
        )),
      UUID(uuid: (0x09, 0x0A, 0x90, 0xA0, 0x9F, 0xF9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0xAB)),
    ]
    for id in edges + (0..<6_000).map({ _ in random.uuid() }) {
      #expect(UUIDText.string(id) == id.uuidString)
      #expect(UUIDText.withText(of: id) { Array($0) } == Array(id.uuidString.utf8))
      #expect(UUIDText.parse(UUIDText.string(id)) == id)
    }
  }
}
