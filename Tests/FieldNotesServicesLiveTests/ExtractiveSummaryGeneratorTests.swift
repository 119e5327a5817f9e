import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import Testing

@Suite struct ExtractiveSummaryGeneratorTests {
  @Test func keepsTheTwoMostRepresentativeSentencesInOrder() throws {
    let text = """
      We walked to the estuary at dawn. The tide was low and the mud shone.
      Redshanks fed along the tide line, and more redshanks called from the saltmarsh.
      A kestrel hovered. Later, redshanks and curlews rose together as the tide turned.
      We had coffee.
      """
    #expect(
      try ExtractiveSummaryGenerator.summarize(text)
        == "Redshanks fed along the tide line, and more redshanks called from the saltmarsh. "
        + "Later, redshanks and curlews rose together as the tide turned.")
  }

  @Test func theSameTextGivesTheSameSummary() throws {
    let text = "One heron. Two herons at the lake. Three herons and a lake. The end."
    let first = try ExtractiveSummaryGenerator.summarize(text)
    for _ in 0..<5 { #expect(try ExtractiveSummaryGenerator.summarize(text) == first) }
  }

  @Test func aShortNoteIsSummarisedByItsFirstSentence() throws {
    #expect(
      try ExtractiveSummaryGenerator.summarize("Binoculars, hand lens, pencil. Flask.")
        == "Binoculars, hand lens, pencil.")
    #expect(try ExtractiveSummaryGenerator.summarize("Just a fragment") == "Just a fragment")
  }

  @Test func anEmptyBodyIsATypedError() async {
    await #expect(throws: SummaryError.emptyBody) {
      try await ExtractiveSummaryGenerator().summary(for: Note(title: "Empty"))
    }
    #expect(throws: SummaryError.emptyBody) {
      try ExtractiveSummaryGenerator.summarize("  \n . ! ")
    }
  }

  @Test func unicodeTextIsSummarised() throws {
    let text =
      "Über den Fluss flog ein Eisvogel. Der Eisvogel war blau. Wir tranken Kaffee. Später sahen wir den Eisvogel wieder."
    let summary = try ExtractiveSummaryGenerator.summarize(text)
    #expect(summary.contains("Eisvogel"))
    #expect(!summary.contains("Kaffee"))
  }

  @Test func summariesAreCapped() throws {
    let long =
      String(repeating: "word ", count: 200) + ". " + String(repeating: "word ", count: 200)
      + ". Short one. Another."
    let summary = try ExtractiveSummaryGenerator.summarize(long)
    #expect(summary.count <= ExtractiveSummaryGenerator.maximumLength)
    #expect(summary.hasSuffix("…"))
  }

  @Test func aBodyAtTheComposersLimitIsSummarised() throws {
    let sentence = "The heron waited by the reeds while the water settled. "
    let limit = NoteDocument.maximumBytes - NoteDocument.byteCount(title: "T", body: "", tags: [])
    let body = String(String(repeating: sentence, count: limit / sentence.count + 1).prefix(limit))
    let summary = try ExtractiveSummaryGenerator.summarize(body)
    #expect(summary.hasPrefix("The heron waited"))
  }
}
