import FieldNotesQuery
import Testing

/// Tab inside a search offers the language's own words, read from the language itself.
@Suite struct NoteQueryCompletionTests {
  @Test func aSearchOffersEveryQualifierTagNotebookAndDateWordAndTheirNegations() {
    let words = NoteQuery.completions(before: "", tags: ["birds"], notebooks: ["Field trips"])
    for qualifier in NoteQuery.qualifierNames {
      #expect(words.contains(qualifier + ":") && words.contains("-" + qualifier + ":"))
    }
    #expect(words.contains("#birds") && words.contains("tag:birds"))
    #expect(words.contains("in:\"Field trips\"") && words.contains("in:\"none\""))
    #expect(words.contains("created:last-week") && words.contains("-is:pinned"))
    #expect(words.contains("OR") && words.contains("NOT"))
  }

  @Test func insideAQuoteAfterInTheRestOfANotebooksNameIsOffered() {
    let notebooks = ["Field trips", "Fieldwork", "Say \"hi\""]
    #expect(
      NoteQuery.completions(before: "heron in:\"fi", tags: [], notebooks: notebooks)
        == ["eld trips\"", "eldwork\""])
    #expect(NoteQuery.completions(before: "\"heron at", tags: [], notebooks: notebooks) == [])
  }
}
