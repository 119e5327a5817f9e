import FieldNotesModel
import Foundation

extension NoteDocument {
  /// The earliest date written as text: 0001-01-01T00:00:00.000Z, in milliseconds since 1970.
  static let earliestStampedMilliseconds: Int64 = -62_135_596_800_000
  /// The latest date written as text: 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
  static let latestStampedMilliseconds: Int64 = 253_402_300_799_999
  /// The most seconds from 1970 a date written as seconds may be, either way: about 31,700
  /// years, far beyond any real note's, and small enough for every date calculation.
  static let largestSecondsFrom1970 = 1e12

  /// "2026-11-29T12:00:00.000Z": UTC to the millisecond, or seconds since 1970 for a date
  /// outside years 1 to 9999.
  ///
  /// Written and read through whole milliseconds, so a date read back writes the same text:
  /// a file that merely passes through a store never changes.
  ///
  /// - Parameter date: The date.
  /// - Returns: Its text.
  public static func stamp(_ date: Date) -> String {
    textStamp(date) ?? "\(date.timeIntervalSince1970)"
  }

  /// "2026-11-29T12:00:00.000Z" for a date in years 1 to 9999, rounded to the millisecond
  /// (never cut: a date of .456 seconds, held as .45599…, is written .456).
  ///
  /// - Parameter date: The date.
  /// - Returns: Its ISO 8601 text, or `nil` outside years 1 to 9999.
  public static func textStamp(_ date: Date) -> String? {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite, milliseconds >= Double(earliestStampedMilliseconds),
      milliseconds <= Double(latestStampedMilliseconds)
    else { return nil }
    let total = Int64(milliseconds)
    let (seconds, millisecond) = CivilCalendar.floorDivision(total, 1000)
    let (days, secondOfDay) = CivilCalendar.floorDivision(seconds, 86_400)
    let (year, month, day) = CivilCalendar.civil(fromDays: days)
    func pad(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millisecond, 3))Z"
  }

  /// Whether a date is near enough to be written and read back: within about 31,700 years of
  /// 1970, as every date ``date(from:)`` reads is.
  ///
  /// - Parameter date: The date.
  /// - Returns: Whether it is in range.
  public static func isInRange(_ date: Date) -> Bool {
    abs(date.timeIntervalSince1970) <= largestSecondsFrom1970
  }

  /// Reads a date written by ``stamp(_:)``, and nothing else: each field within its range (a
  /// month 1 to 12, a day of that month, no 25th hour), or seconds since 1970 no further than
  /// about 31,700 years either way.
  ///
  /// - Parameter text: The text.
  /// - Returns: The date, or `nil` when the text is not one, or names no real moment.
  public static func date(from text: String) -> Date? {
    if text.utf8.count == 24 { return textDate(from: text) }
    guard let seconds = Double(text), seconds.isFinite,
      abs(seconds) <= largestSecondsFrom1970
    else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// The shape of ``textStamp(_:)``'s text, a `0` where each digit goes.
  private static let textStampShape = Array("0000-00-00T00:00:00.000Z".utf8)

  /// Reads a date written by ``textStamp(_:)``: `YYYY-MM-DDTHH:MM:SS.mmmZ`, digit by digit,
  /// every field checked.
  ///
  /// - Parameter text: The text.
  /// - Returns: The date, or `nil` when the text is not one, or names no real moment.
  public static func textDate(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24 else { return nil }
    for (byte, shape) in zip(bytes, textStampShape) {
      if shape == UInt8(ascii: "0") {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      } else {
        guard byte == shape else { return nil }
      }
    }
    func number(_ range: Range<Int>) -> Int64 {
      bytes[range].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }
    let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
    let (hour, minute, second) = (number(11..<13), number(14..<16), number(17..<19))
    guard year >= 1, (1...12).contains(month), day >= 1,
      day <= CivilCalendar.daysIn(month, of: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = CivilCalendar.days(fromCivil: year, month, day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds * 1000 + number(20..<23)) / 1000)
  }
}
