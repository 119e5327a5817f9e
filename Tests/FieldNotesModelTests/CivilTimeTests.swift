import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

/// Dates are shown as FieldNotes' files write them, in the proleptic Gregorian calendar for
/// every year: a date before 1582 is not shown in the Julian calendar, as Foundation's
/// Gregorian calendar would.
@Suite struct CivilTimeTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current

  @Test(arguments: [
    "1500-03-01T10:20:00.000Z", "0001-01-01T00:00:00.000Z", "1582-10-04T23:59:59.000Z",
    "1582-10-15T00:00:00.000Z", "1969-12-31T23:59:59.500Z", "2026-11-29T12:00:00.000Z",
    "9999-12-31T23:59:59.999Z",
  ])
  func aDateIsShownAsItsFileWritesIt(_ text: String) throws {
    let date = try #require(NoteDocument.textDate(from: text))
    let shown = CivilTime(date, in: Self.utc)
    #expect(shown.dateText == String(text.prefix(10)))
    #expect(shown.minuteText == String(text.prefix(16)).replacingOccurrences(of: "T", with: " "))
    #expect(date.relativeDescription(to: .distantFuture, timeZone: Self.utc) == shown.dateText)
  }

  @Test func aTimeZoneMovesTheWallTime() throws {
    let date = try #require(NoteDocument.textDate(from: "2026-11-29T23:30:00.000Z"))
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    #expect(CivilTime(date, in: tokyo).minuteText == "2026-11-30 08:30")
  }

  @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan])
  func noDateOverflowsAndEachShowsARealDay(_ seconds: Double) {
    let shown = CivilTime(Date(timeIntervalSince1970: seconds), in: Self.utc)
    #expect((1...12).contains(shown.month) && (1...31).contains(shown.day))
    #expect((0...23).contains(shown.hour) && (0...59).contains(shown.minute))
    #expect(seconds.isNaN ? shown.dateText == "1970-01-01" : abs(shown.year) > 1_000_000)
  }
}
