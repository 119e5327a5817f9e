import Foundation

/// The rules that keep a feature's two halves apart, as checks over source text.
///
/// A view model knows no terminal or UI, so another front end could use it unchanged; a screen
/// knows its view model and nothing of the store, so everything a screen does is a view-model
/// call that a test of the view model can reach. The MV form of the note list is the one
/// exception, and the lesson it exists for.
enum ScreenRules {
  /// What a view-model target may import: Core's values and services, Foundation, Observation.
  ///
  /// No terminal, no UI framework, no C library.
  static let viewModelImports: Set<String> = [
    "FieldNotesModel", "FieldNotesQuery", "FieldNotesFormats", "FieldNotesServices",
    "FieldNotesText", "Foundation", "Observation",
  ]

  /// The screen file allowed to read and change the store directly: the MV form of the list.
  static let storeReadingScreen = "NoteListMVScreen.swift"

  /// The imports of a view-model target that it may not have.
  ///
  /// - Parameter imports: Its files' imports.
  /// - Returns: One violation per import outside ``viewModelImports``.
  static func viewModelViolations(_ imports: [(file: String, module: String)]) -> [String] {
    imports.filter { !viewModelImports.contains($0.module) }.map {
      "\($0.file) imports \($0.module); a view model imports Core, Foundation and Observation only"
    }
  }

  /// A line of code with the text of its string literals left out, but what they interpolate
  /// (`"\(store.count)"` is code): words a message shows the user are not code.
  static func withoutStringText(_ line: String) -> String {
    var code = ""
    var isInString = false
    var depth = 0
    var characters = line.makeIterator()
    while let character = characters.next() {
      if !isInString {
        if character == "\"" { isInString = true }
        code.append(character)
        continue
      }
      if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        code.append(character)
        continue
      }
      switch character {
      case "\\":
        guard let next = characters.next() else { continue }
        if next == "(" {
          depth = 1
          code.append("(")
        }
      case "\"":
        isInString = false
        code.append(character)
      default: continue
      }
    }
    return code
  }

  /// The lines of a screen's source that reach the store other than by handing the app's
  /// store to a view model (`store: dependencies.store`).
  ///
  /// - Parameters:
  ///   - source: A screen file's text.
  ///   - file: Its name, for the message.
  /// - Returns: One violation per line that names the store otherwise.
  static func storeViolations(in source: String, file: String) -> [String] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      let code = withoutStringText(line.components(separatedBy: "//")[0])
        .replacingOccurrences(of: "store: dependencies.store", with: "")
      guard code.range(of: #"\b(store|NoteStore)\b"#, options: .regularExpression) != nil
      else { return nil }
      return "\(file):\(index + 1) reaches the store: \(line.trimmingCharacters(in: .whitespaces))"
    }
  }
}
