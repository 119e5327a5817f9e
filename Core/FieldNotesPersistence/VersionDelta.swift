/// An edit script that rebuilds one text's bytes from another's: what a version of a note keeps
/// in place of its body once the next version is saved (see `SQLiteVersionDeltas`).
///
/// A script is a list of operations, each a copy of a range of the base or bytes inserted as
/// they are. It is made from the common start and end of the two texts and, between them, runs
/// found from the base's line starts, so a few edits anywhere in a long note make a script of
/// about the edits' size. Each operation starts with a variable-length number, its length
/// shifted left once with the low bit set for an insertion; a copy then gives its offset in the
/// base, an insertion its bytes. A script that doesn't fit its base (a damaged row) rebuilds
/// nothing, never other text.
package enum VersionDelta {
  /// The shortest run of the base found between the common start and end that is copied
  /// rather than inserted.
  static let shortestCopy = 32

  /// Makes the script that rebuilds a text from a base.
  ///
  /// - Parameters:
  ///   - text: The bytes to rebuild.
  ///   - base: The bytes they are rebuilt from.
  /// - Returns: The script; ``apply(_:to:)`` gives `text` back from it and `base`.
  /// - Complexity: O(*n* + *m*) in the two texts' lengths, but for runs found more than once.
  package static func script(rebuilding text: [UInt8], from base: [UInt8]) -> [UInt8] {
    var script: [UInt8] = []
    let shorter = min(text.count, base.count)
    var prefix = 0
    while prefix < shorter, text[prefix] == base[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, text[text.count - 1 - suffix] == base[base.count - 1 - suffix]
    {
      suffix += 1
    }
    if prefix > 0 { appendCopy(offset: 0, count: prefix, to: &script) }
    appendMiddle(
      of: text, prefix..<(text.count - suffix), from: base, prefix..<(base.count - suffix),
      to: &script)
    if suffix > 0 { appendCopy(offset: base.count - suffix, count: suffix, to: &script) }
    return script
  }

  /// Rebuilds a text from its script and base.
  ///
  /// - Parameters:
  ///   - script: The script, as ``script(rebuilding:from:)`` made it.
  ///   - base: The bytes it was made against.
  /// - Returns: The text; `nil` when the script is damaged or reaches past the base.
  package static func apply(_ script: [UInt8], to base: [UInt8]) -> [UInt8]? {
    var text: [UInt8] = []
    var position = 0
    while position < script.count {
      guard let header = number(in: script, at: &position) else { return nil }
      let count = Int(header >> 1)
      if header & 1 == 1 {
        guard count <= script.count - position else { return nil }
        text.append(contentsOf: script[position..<(position + count)])
        position += count
      } else {
        guard let offset = number(in: script, at: &position).map(Int.init),
          offset <= base.count, count <= base.count - offset
        else { return nil }
        text.append(contentsOf: base[offset..<(offset + count)])
      }
    }
    return text
  }

  /// A 64-bit check of some bytes, kept with a script so that a text rebuilt from a damaged
  /// row or a damaged base is found out rather than shown.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The check; the same bytes give the same check in every process.
  package static func checksum(_ bytes: [UInt8]) -> Int64 {
    // Four lanes of 8 bytes each, independent, so a long text is checked at memory speed.
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count), 0xC2B2_AE3D_27D4_EB4F,
      0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63
    )
    var hash: UInt64 = 0
    bytes.withUnsafeBytes { buffer in
      func word(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      }
      func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (lane ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 29)
      }
      var offset = 0
      while offset + 32 <= buffer.count {
        lanes.0 = mix(lanes.0, word(offset))
        lanes.1 = mix(lanes.1, word(offset + 8))
        lanes.2 = mix(lanes.2, word(offset + 16))
        lanes.3 = mix(lanes.3, word(offset + 24))
        offset += 32
      }
      hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
      while offset < buffer.count {
        hash = (hash ^ UInt64(buffer[offset])) &* 0x100_0000_01B3
        offset += 1
      }
    }
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return Int64(bitPattern: hash)
  }

  // MARK: - Making a script

  /// Appends what rebuilds the text between the common start and end: runs of the base found
  /// from its line starts are copied, the rest inserted.
  private static func appendMiddle(
    of text: [UInt8], _ textRange: Range<Int>, from base: [UInt8], _ baseRange: Range<Int>,
    to script: inout [UInt8]
  ) {
    guard textRange.count >= shortestCopy, baseRange.count >= shortestCopy else {
      appendInsertion(text[textRange], to: &script)
      return
    }
    var lineStarts: [UInt64: Int] = [:]
    var start = baseRange.lowerBound
    while start + shortestCopy <= baseRange.upperBound {
      let key = runKey(base, at: start)
      if lineStarts[key] == nil { lineStarts[key] = start }
      guard let newline = base[start..<baseRange.upperBound].firstIndex(of: 0x0A) else { break }
      start = newline + 1
    }
    var inserted = textRange.lowerBound
    var position = textRange.lowerBound
    while position + shortestCopy <= textRange.upperBound {
      let isLineStart = position == textRange.lowerBound || text[position - 1] == 0x0A
      if isLineStart, let found = lineStarts[runKey(text, at: position)] {
        var count = 0
        while position + count < textRange.upperBound, found + count < baseRange.upperBound,
          text[position + count] == base[found + count]
        {
          count += 1
        }
        if count >= shortestCopy {
          if inserted < position { appendInsertion(text[inserted..<position], to: &script) }
          appendCopy(offset: found, count: count, to: &script)
          position += count
          inserted = position
          continue
        }
      }
      position += 1
    }
    if inserted < textRange.upperBound {
      appendInsertion(text[inserted..<textRange.upperBound], to: &script)
    }
  }

  /// A hash of the ``shortestCopy`` bytes from a position, by which runs are found.
  private static func runKey(_ bytes: [UInt8], at start: Int) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes[start..<(start + shortestCopy)] {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return hash
  }

  private static func appendCopy(offset: Int, count: Int, to script: inout [UInt8]) {
    appendNumber(UInt64(count) << 1, to: &script)
    appendNumber(UInt64(offset), to: &script)
  }

  private static func appendInsertion(_ bytes: ArraySlice<UInt8>, to script: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    appendNumber(UInt64(bytes.count) << 1 | 1, to: &script)
    script.append(contentsOf: bytes)
  }

  // MARK: - Numbers

  /// Appends a number seven bits a byte, lowest first, the high bit set on all but the last.
  private static func appendNumber(_ value: UInt64, to script: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      script.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    script.append(UInt8(value))
  }

  /// Reads a number ``appendNumber(_:to:)`` wrote; `nil` past the end or past 2⁶² (no text
  /// FieldNotes keeps is that long).
  private static func number(in script: [UInt8], at position: inout Int) -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < script.count, shift < 63 {
      let byte = script[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value < 1 << 62 ? value : nil }
      shift += 7
    }
    return nil
  }
}
