import FieldNotesModel
import Foundation

/// A short digest of a value's content, to tell whether it changed since the last sync.
enum Fingerprint {
  static func of<Value: Encodable>(_ value: Value) -> UInt64 {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .deferredToDate
    guard let data = try? encoder.encode(value) else { return 0 }
    return of(bytes: data)
  }

  /// FNV-1a, 64 bits: stable across runs and platforms, unlike `Hasher`.
  static func of(bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01B3
    }
    return hash
  }
}
