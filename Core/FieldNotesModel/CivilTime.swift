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
    let (days, secondOfDay) = CivilCalendar.floorDivision(seconds, 86_400)
    (year, month, day) = CivilCalendar.civil(fromDays: days)
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

/// Day arithmetic in the proleptic Gregorian calendar, on days counted from 1970-01-01: what
/// ``CivilTime``, the query language's dates and the file formats' stamps all count with.
public enum CivilCalendar {
  /// How many days a month of a year has, in the proleptic Gregorian calendar.
  public static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The quotient and the remainder of a division rounded down, so that the remainder is never
  /// negative: `(-1, 86_399)` for −1 second in days.
  public static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    return (quotient, value - quotient * divisor)
  }

  /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
  public static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day counted from 1970-01-01 of a date (Howard Hinnant's `days_from_civil`).
  public static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
