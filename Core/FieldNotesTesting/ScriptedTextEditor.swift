import FieldNotesServices
import Foundation
import Synchronization

/// A ``FieldNotesServices/TextEditing`` double that edits on cue: each edit applies the next
/// of the scripted answers to the text it is given, and every text it was given is recorded.
///
/// ```swift
/// let editor = ScriptedTextEditor(.replacing("Old", with: "New"), .failing(.failed(status: 1)))
/// ```
public final class ScriptedTextEditor: TextEditing {
  /// What one edit does.
  public enum Answer: Sendable {
    /// Gives back this text, whatever it was given.
    case returning(String)
    /// Gives back the text it was given with every occurrence of one string replaced.
    case replacing(String, with: String)
    /// Gives back the text unchanged, as an editor closed without saving does.
    case unchanged
    /// Fails as an editor can.
    case failing(TextEditingError)
  }

  private let state: Mutex<(answers: [Answer], given: [String])>

  /// Creates an editor with its answers, used in turn; an edit past the last one fails with
  /// ``FieldNotesServices/TextEditingError/noEditor``.
  ///
  /// - Parameter answers: What each edit does.
  public init(_ answers: Answer...) {
    state = Mutex((answers, []))
  }

  /// Every text an edit was given, first first.
  public var given: [String] { state.withLock { $0.given } }

  /// Applies the next answer.
  ///
  /// - Parameters:
  ///   - text: The file's bytes.
  ///   - fileName: Its name, unused.
  /// - Returns: The scripted text.
  /// - Throws: The scripted ``FieldNotesServices/TextEditingError``.
  public func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data {
    let original = String(decoding: text, as: UTF8.self)
    let answer = state.withLock { state -> Answer? in
      state.given.append(original)
      return state.answers.isEmpty ? nil : state.answers.removeFirst()
    }
    switch answer {
    case .returning(let edited)?: return Data(edited.utf8)
    case .replacing(let old, let new)?:
      return Data(original.replacingOccurrences(of: old, with: new).utf8)
    case .unchanged?: return text
    case .failing(let error)?: throw error
    case nil: throw .noEditor
    }
  }
}
