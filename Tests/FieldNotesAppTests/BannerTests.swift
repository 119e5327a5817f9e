import FieldNotesApp
import Testing

@Suite struct BannerTests {
  @Test func bannerNamesTheApp() {
    #expect(FieldNotesApp.banner.hasPrefix("FieldNotes"))
  }
}
