import FieldNotesTerminal
import Foundation
import Synchronization

/// Hands out `00000000-0000-0000-0000-000000000001`, `…2` and so on (`FIELDNOTES_IDS=sequential`).
final class SequentialCounter: Sendable {
  private let next = Mutex(1)

  func nextUUID() -> UUID {
    let number = next.withLock { next in
      defer { next += 1 }
      return next
    }
    let hex = String(number, radix: 16, uppercase: true).leftPadded(to: 12)
    return UUID(uuidString: "00000000-0000-0000-0000-\(hex)") ?? UUID()
  }
}
