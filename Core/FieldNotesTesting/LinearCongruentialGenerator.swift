import Foundation

/// A tiny deterministic generator, so random test data is the same on every run.
public struct LinearCongruentialGenerator: RandomNumberGenerator {
  /// The generator's state; each number is made from it, and moves it on.
  public var state: UInt64

  /// Starts a generator.
  ///
  /// - Parameter state: The first state: the same state gives the same numbers.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next number.
  ///
  /// - Returns: The number.
  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }

  /// A version 4 identifier made from the next two numbers.
  ///
  /// - Returns: The identifier.
  public mutating func uuid() -> UUID {
    var bytes = (next(), next())
    return withUnsafeMutableBytes(of: &bytes) { raw in
      raw[6] = raw[6] & 0x0F | 0x40
      raw[8] = raw[8] & 0x3F | 0x80
      return UUID(uuid: raw.load(as: uuid_t.self))
    }
  }
}
