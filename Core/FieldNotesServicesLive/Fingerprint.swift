/// A short digest of bytes, stable across runs and platforms (unlike `Hasher`).
enum Fingerprint {
  /// FNV-1a, 64 bits.
  static func of(bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01B3
    }
    return hash
  }
}
