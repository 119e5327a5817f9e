import FieldNotesPersistence
import Testing

/// An edit script rebuilds its text exactly from its base, costs about the edits, and a damaged
/// one rebuilds nothing.
@Suite struct VersionDeltaTests {
  /// A long text of numbered lines, as a long note is.
  static func lines(_ count: Int) -> [UInt8] {
    Array(
      (1...count).map { "Line \($0): the heron stood grey and still by the weir, watching.\n" }
        .joined().utf8)
  }

  static func edited(_ text: [UInt8], replacing old: String, with new: String) -> [UInt8] {
    Array(String(decoding: text, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
  }

  @Test func aScriptRebuildsItsTextFromItsBase() {
    let base = Self.lines(400)
    var twoPlaces = Self.edited(base, replacing: "Line 30:", with: "Line thirty:")
    twoPlaces = Self.edited(twoPlaces, replacing: "Line 350:", with: "Line 350 (moved):")
    let texts: [(String, [UInt8])] = [
      ("the same", base), ("one word", Self.edited(base, replacing: "Line 200:", with: "L200:")),
      ("two places", twoPlaces), ("appended", base + Array("One more line.\n".utf8)),
      ("cut short", Array(base.prefix(1_000))), ("empty", []),
      ("unrelated", Array(String(repeating: "wren ", count: 500).utf8)),
      ("halves swapped", Array(base.suffix(from: 12_000)) + Array(base.prefix(12_000))),
      ("not UTF-8", [0xFF, 0xFE] + base + [0xC3]),
    ]
    for (name, text) in texts {
      let script = VersionDelta.script(rebuilding: text, from: base)
      #expect(VersionDelta.apply(script, to: base) == text, "\(name)")
      #expect(VersionDelta.script(rebuilding: text, from: []).count <= text.count + 10, "\(name)")
      #expect(VersionDelta.apply(VersionDelta.script(rebuilding: text, from: []), to: []) == text)
    }
  }

  @Test func aFewEditsMakeAScriptAboutTheirSize() {
    let base = Self.lines(1_500)
    var text = Self.edited(base, replacing: "Line 30:", with: "Line thirty:")
    text = Self.edited(text, replacing: "Line 800:", with: "Line 800, after the rain:")
    text = Self.edited(text, replacing: "Line 1400:\n", with: "")
    #expect(base.count > 90_000)
    #expect(VersionDelta.script(rebuilding: text, from: base).count < 200)
    let swapped = Array(base.suffix(from: 50_000)) + Array(base.prefix(50_000))
    #expect(VersionDelta.script(rebuilding: swapped, from: base).count < 300)
  }

  @Test func aDamagedScriptRebuildsNothing() {
    let base = Self.lines(100)
    let script = VersionDelta.script(
      rebuilding: Self.edited(base, replacing: "Line 50:", with: "Line fifty:"), from: base)
    #expect(VersionDelta.apply(Array(script.dropLast(3)), to: base) == nil, "cut short")
    #expect(VersionDelta.apply(script, to: Array(base.prefix(100))) == nil, "a shorter base")
    #expect(VersionDelta.apply([0x80, 0x80, 0x80], to: base) == nil, "a number cut short")
    #expect(VersionDelta.apply(Array(repeating: 0xFF, count: 12), to: base) == nil, "too long")
    #expect(VersionDelta.apply([0x00, 0xFF, 0x7F], to: base) == nil, "an offset past the base")
  }

  @Test func theCheckTellsTextsApart() {
    let base = Self.lines(100)
    var changed = base
    changed[5_000] ^= 1
    #expect(VersionDelta.checksum(base) == VersionDelta.checksum(Self.lines(100)))
    #expect(VersionDelta.checksum(base) != VersionDelta.checksum(changed))
    #expect(VersionDelta.checksum(base) != VersionDelta.checksum(base + [0]))
    #expect(VersionDelta.checksum([]) != VersionDelta.checksum([0]))
  }
}
