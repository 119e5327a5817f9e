import FieldNotesServices
import Foundation
import Synchronization

extension DateProvider {
  /// A date that never moves: 2026-11-29 12:00:00 UTC.
  public static let referenceDate = Date(timeIntervalSince1970: 1_795_953_600)

  /// A provider that always returns the same date.
  ///
  /// - Parameter date: The date to return; ``referenceDate`` by default.
  /// - Returns: A provider returning `date` every time.
  public static func fixed(_ date: Date = referenceDate) -> DateProvider {
    DateProvider { date }
  }

  /// A provider that returns `start`, then `start + step`, then `start + 2 × step`, and so on.
  ///
  /// - Parameters:
  ///   - start: The first date; ``referenceDate`` by default.
  ///   - step: How far each call moves on; one minute by default.
  /// - Returns: A provider of evenly spaced, increasing dates.
  public static func advancing(from start: Date = referenceDate, by step: TimeInterval = 60)
    -> DateProvider
  {
    let calls = Mutex(0)
    return DateProvider {
      let count = calls.withLock { calls in
        defer { calls += 1 }
        return calls
      }
      return start.addingTimeInterval(step * Double(count))
    }
  }
}
