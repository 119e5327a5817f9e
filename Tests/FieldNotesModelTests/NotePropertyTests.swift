import FieldNotesModel
import Foundation
import Testing

@Suite struct NotePropertyTests {
  @Test func aPlainValueSaysItselfWithoutQuotesOrSpaces() {
    #expect(NoteProperty(key: "status", rawValue: " draft").values == ["draft"])
    #expect(
      NoteProperty(key: "source", rawValue: " \"https://a.example/x\"").values == [
        "https://a.example/x"
      ])
    #expect(NoteProperty(key: "quote", rawValue: " 'it''s'").values == ["it's"])
    #expect(NoteProperty(key: "empty", rawValue: "").values == [])
  }

  @Test func aListSaysEachOfItsItems() {
    #expect(
      NoteProperty(key: "aliases", rawValue: " [Heron, \"Grey heron\"]").values == [
        "Heron", "Grey heron",
      ])
    let lines = NoteProperty(key: "aliases", rawValue: "\n  - Heron\n  - 'Grey heron'")
    #expect(lines.values == ["Heron", "Grey heron"])
    #expect(lines.displayValue == "Heron, Grey heron")
    #expect(lines.frontMatterText == "aliases:\n  - Heron\n  - 'Grey heron'")
  }

  @Test func aSearchMatchesKeyAndValueIgnoringCaseAndAccentsButNotPartOfAValue() {
    let status = NoteProperty(key: "Status", rawValue: " Brouillon-Été")
    #expect(status.matches(key: "status", value: nil))
    #expect(status.matches(key: "STATUS", value: "brouillon-ete"))
    #expect(!status.matches(key: "status", value: "brouillon"))
    #expect(!status.matches(key: "state", value: nil))
    let aliases = NoteProperty(key: "aliases", rawValue: " [Heron, Egret]")
    #expect(aliases.matches(key: "aliases", value: "egret"))
  }

  @Test func jsonCarriesPropertiesAndAnOlderNoteWithoutThemReadsAsNone() throws {
    let note = Note(
      id: UUID(uuidString: "6F1C1A52-3C8E-4F5E-9D53-2B8A0E1F7C11") ?? UUID(), title: "Heron",
      createdAt: Date(timeIntervalSinceReferenceDate: 0),
      properties: [NoteProperty(key: "status", rawValue: " draft")])
    let data = try JSONEncoder().encode(note)
    #expect(String(decoding: data, as: UTF8.self).contains(#""properties":[{"#))
    #expect(try JSONDecoder().decode(Note.self, from: data) == note)

    var plain = note
    plain.properties = []
    let older = try JSONEncoder().encode(plain)
    #expect(!String(decoding: older, as: UTF8.self).contains("properties"))
    #expect(try JSONDecoder().decode(Note.self, from: older) == plain)
    #expect(plain != note)
  }
}
