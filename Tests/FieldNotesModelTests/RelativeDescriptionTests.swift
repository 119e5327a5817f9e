import FieldNotesModel
import Foundation
import Testing

/// A date described from now ("5 min ago") reads the same until the moment
/// `relativeDescriptionChange(after:)` gives, and differently from then: what a view that
/// describes dates from now is computed again at.
@Suite struct RelativeDescriptionTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current
  static let written = Date(timeIntervalSince1970: 1_795_953_600)

  /// Seconds from the date's writing to now, in each way it can be described.
  @Test(arguments: [
    -90.0, -1, 0, 30, 59, 60, 61, 3_599, 3_600, 7_000, 86_399, 86_400, 200_000, 604_799,
  ])
  func theDescriptionChangesExactlyWhenItSays(_ seconds: TimeInterval) throws {
    let now = Self.written.addingTimeInterval(seconds)
    let change = try #require(Self.written.relativeDescriptionChange(after: now))
    let described = { (moment: Date) in
      Self.written.relativeDescription(to: moment, timeZone: Self.utc)
    }
    #expect(change > now)
    #expect(described(change.addingTimeInterval(-0.5)) == described(now), "the same until then")
    #expect(described(change) != described(now), "and different from then on")
  }

  @Test func aCalendarDateNeverChanges() {
    let aWeekOn = Self.written.addingTimeInterval(7 * 86_400)
    #expect(Self.written.relativeDescriptionChange(after: aWeekOn) == nil)
    #expect(Self.written.relativeDescription(to: aWeekOn, timeZone: Self.utc) == "2026-11-29")
  }
}
