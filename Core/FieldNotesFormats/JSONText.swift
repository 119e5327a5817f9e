import FieldNotesModel

/// JSON written by hand, so the fields of a script's records come in the order they are
/// documented in, on one line each, whatever `JSONEncoder` would choose.
enum JSONText {
  /// A string as JSON: quoted, with a quote, a backslash and every control character escaped
  /// (as `\n`, `\t` … or `\u001B`), so a record never spans lines or reaches a terminal raw.
  ///
  /// - Parameter text: The text.
  /// - Returns: The JSON string.
  static func string(_ text: String) -> String {
    var json = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": json += "\\\""
      case "\\": json += "\\\\"
      case "\n": json += "\\n"
      case "\r": json += "\\r"
      case "\t": json += "\\t"
      // C0 and C1 controls, DEL, and the line and paragraph separators JavaScript breaks at.
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: json.unicodeScalars.append(scalar)
      }
    }
    return json + "\""
  }

  /// Values as a JSON array on one line.
  static func array(_ values: [String]) -> String {
    "[" + values.joined(separator: ",") + "]"
  }

  /// Fields as a JSON object on one line, in the order given.
  static func object(_ fields: [(name: String, value: String)]) -> String {
    "{" + fields.map { string($0.name) + ":" + $0.value }.joined(separator: ",") + "}"
  }
}
