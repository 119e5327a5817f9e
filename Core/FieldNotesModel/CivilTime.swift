import Foundation

/// A moment as a clock and a calendar on a wall show it in some time zone: year, month, day,
/// hour, minute, second.
///
/// Always in the proleptic Gregorian calendar, the one ISO 8601 and FieldNotes' files use for
/// every year. Foundation's Gregorian calendar turns Julian before 15 October 1582, so a note
/// dated 1500-03-01 would be shown as 1500-02-20 there; FieldNotes shows every date the way its
/// files write it.
public struct CivilTime: Hashable, Sendable {
  /// The year (1 is the first year of the common era; 0 the one before).
  public var year: Int64
  /// The month, 1 to 12.
  public var month: Int64
  /// The day of the month, from 1.
  public var day: Int64
  /// The hour, 0 to 23.
  public var hour: Int64
  /// The minute, 0 to 59.
  public var minute: Int64
  /// The second, 0 to 59.
  public var second: Int64

  /// A date's wall time in a time zone.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - timeZone: The time zone.
  public init(_ date: Date, in timeZone: TimeZone) {
    // Whole seconds, counted down for dates before 1970, so 1969-12-31T23:59:59.5 is 23:59:59.
    // Bounded first, so no date, however far (or not a number), can overflow the arithmetic.
    let since1970 = date.timeIntervalSince1970
    let bounded = since1970.isNaN ? 0 : min(max(since1970, -1e15), 1e15)
    let seconds = Int64(bounded.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
    let (days, secondOfDay) = NoteDocument.floorDivision(seconds, 86_400)
    (year, month, day) = NoteDocument.civil(fromDays: days)
    hour = secondOfDay / 3600
    minute = secondOfDay / 60 % 60
    second = secondOfDay % 60
  }

  /// `2026-11-29`.
  public var dateText: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

  /// `2026-11-29 12:00`.
  public var minuteText: String { "\(dateText) \(Self.pad(hour, 2)):\(Self.pad(minute, 2))" }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
