import FieldNotesModel
import Foundation

extension NoteQuery {
  /// The days a date term names, counted from 1970-01-01: the first, and the first after.
  ///
  /// A day is a day of the calendar in the app's time zone, as FieldNotes shows a note's date
  /// (``CivilTime``); a month or a year is every day in it.
  struct Days: Hashable {
    var first: Int64
    var end: Int64
  }

  /// The span of moments of some days: from the first moment of the first day to the first
  /// moment of the day after the last.
  ///
  /// - Parameters:
  ///   - first: The first day, or `nil` for no lower end.
  ///   - end: The day after the last, or `nil` for no upper end.
  ///   - timeZone: The time zone the days are days of.
  /// - Returns: The span.
  static func span(fromDay first: Int64?, toDay end: Int64?, in timeZone: TimeZone) -> DateSpan {
    DateSpan(
      from: first.map { startOfDay($0, in: timeZone) },
      to: end.map { startOfDay($0, in: timeZone) })
  }

  /// The day, counted from 1970-01-01, a moment falls on in a time zone.
  static func day(of date: Date, in timeZone: TimeZone) -> Int64 {
    let time = CivilTime(date, in: timeZone)
    return CivilCalendar.days(fromCivil: time.year, time.month, time.day)
  }

  /// The first moment of a day in a time zone: the first whole second whose date there is that
  /// day or later.
  ///
  /// Found by bisection over the two days around the day's midnight in UTC rather than by
  /// subtracting an offset, so a day whose midnight a time zone skips (a change of offset at
  /// 00:00, as in Santiago) starts when the clock first shows that day, as ``CivilTime`` would
  /// show it. Offsets are whole seconds, so a day always starts on one.
  static func startOfDay(_ day: Int64, in timeZone: TimeZone) -> Date {
    var low = day * 86_400 - 86_400
    var high = day * 86_400 + 86_400
    while low < high {
      let middle = low + (high - low) / 2
      if Self.day(of: Date(timeIntervalSince1970: TimeInterval(middle)), in: timeZone) >= day {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return Date(timeIntervalSince1970: TimeInterval(low))
  }

  /// The days a DATE of the grammar names, or `nil` when the text is none.
  ///
  /// - Parameters:
  ///   - text: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `today`, `yesterday`, `this-week`, `last-week`,
  ///     `this-month`, `last-month`, `Nd` or `Nw`, ignoring case.
  ///   - today: Today, counted from 1970-01-01.
  /// - Returns: The days, or `nil` when the text is no DATE.
  static func days(named text: String, today: Int64) -> Days? {
    let word = text.lowercased()
    let (year, month, _) = CivilCalendar.civil(fromDays: today)
    // ISO weeks start on Monday; 1970-01-01 was a Thursday, three days after one.
    let monday = today - CivilCalendar.floorDivision(today + 3, 7).1
    switch word {
    case "today": return Days(first: today, end: today + 1)
    case "yesterday": return Days(first: today - 1, end: today)
    case "this-week": return Days(first: monday, end: monday + 7)
    case "last-week": return Days(first: monday - 7, end: monday)
    case "this-month": return monthDays(year, month)
    case "last-month": return month == 1 ? monthDays(year - 1, 12) : monthDays(year, month - 1)
    default: break
    }
    if let ago = countBack(word) { return Days(first: today - ago, end: today - ago + 1) }
    return calendarDays(word)
  }

  /// How many days back `Nd` or `Nw` is, for N up to 100,000 days.
  private static func countBack(_ word: String) -> Int64? {
    guard let unit = word.last, unit == "d" || unit == "w" else { return nil }
    let digits = word.dropLast()
    guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit),
      let count = Int64(digits)
    else { return nil }
    let days = unit == "w" ? count * 7 : count
    return days <= 100_000 ? days : nil
  }

  /// The days of `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, for years 1 to 9999.
  private static func calendarDays(_ word: String) -> Days? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    let widths = [4, 2, 2]
    guard (1...3).contains(parts.count),
      zip(parts, widths).allSatisfy({ part, width in
        part.count == width && part.allSatisfy(\.isASCIIDigit)
      }),
      let year = Int64(parts[0]), year >= 1
    else { return nil }
    let numbers = parts.compactMap { Int64($0) }
    switch numbers.count {
    case 1:
      return Days(
        first: CivilCalendar.days(fromCivil: year, 1, 1),
        end: CivilCalendar.days(fromCivil: year + 1, 1, 1))
    case 2:
      guard (1...12).contains(numbers[1]) else { return nil }
      return monthDays(year, numbers[1])
    default:
      let (month, day) = (numbers[1], numbers[2])
      guard (1...12).contains(month), (1...CivilCalendar.daysIn(month, of: year)).contains(day)
      else { return nil }
      let first = CivilCalendar.days(fromCivil: year, month, day)
      return Days(first: first, end: first + 1)
    }
  }

  private static func monthDays(_ year: Int64, _ month: Int64) -> Days {
    let first = CivilCalendar.days(fromCivil: year, month, 1)
    return Days(first: first, end: first + CivilCalendar.daysIn(month, of: year))
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0 to 9.
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
