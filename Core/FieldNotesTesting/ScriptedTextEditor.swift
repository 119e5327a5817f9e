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
    /// Gives back the text it was given with this after it, as a script's `echo … >> "$1"`
    /// does.
    case appending(String)
    /// Gives back the text unchanged, as an editor closed without saving does.
    case unchanged
    /// Fails as an editor can.
    case failing(TextEditingError)
  }

  private let state:
    Mutex<(answers: [Answer], given: [String], leftovers: [LeftoverEdit], forgotten: [String])>

  /// Creates an editor with its answers, used in turn; an edit past the last one fails with
  /// ``FieldNotesServices/TextEditingError/noEditor``.
  ///
  /// - Parameters:
  ///   - answers: What each edit does.
  ///   - leftovers: The files a FieldNotes of this store left, as if it stopped mid-edit: each
  ///     is handed back by ``leftoverEdits()`` until forgotten.
  public init(_ answers: Answer..., leftovers: [LeftoverEdit] = []) {
    state = Mutex((answers, [], leftovers, []))
  }

  /// Every text an edit was given, first first.
  public var given: [String] { state.withLock { $0.given } }

  /// The paths of the leftover edits forgotten (their files removed), first first.
  public var forgotten: [String] { state.withLock { $0.forgotten } }

  /// The leftover edits not forgotten yet, and those an edit that died after writing left.
  ///
  /// - Returns: The leftover edits.
  public func leftoverEdits() -> [LeftoverEdit] { state.withLock { $0.leftovers } }

  /// Forgets a leftover edit, as removing its file does.
  ///
  /// - Parameter edit: The leftover edit.
  public func forget(_ edit: LeftoverEdit) {
    state.withLock { state in
      state.leftovers.removeAll { $0.path == edit.path }
      state.forgotten.append(edit.path)
    }
  }

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
    case .appending(let more)?: return Data((original + more).utf8)
    case .unchanged?: return text
    case .failing(let error)?:
      // An editor that died after writing leaves its file, as the live one does.
      if case .endedAfterWriting(_, let leftover) = error {
        state.withLock { $0.leftovers.append(leftover) }
      }
      throw error
    case nil: throw .noEditor
    }
  }
}
