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

  private struct State {
    var answers: [Answer]
    var given: [String] = []
    var leftovers: [LeftoverEdit]
    var forgotten: [String] = []
    /// The text of each file held now, by path, and the paths in the order first held.
    var held: [String: String] = [:]
    var heldOrder: [String] = []
    var filesHeld = 0
    var appends = 0
    var holdFailure: TextEditingError?
  }

  private let state: Mutex<State>

  /// Creates an editor with its answers, used in turn; an edit past the last one fails with
  /// ``FieldNotesServices/TextEditingError/noEditor``.
  ///
  /// - Parameters:
  ///   - answers: What each edit does.
  ///   - leftovers: The files a FieldNotes of this store left, as if it stopped mid-edit: each
  ///     is handed back by ``leftoverEdits()`` until forgotten.
  public init(_ answers: Answer..., leftovers: [LeftoverEdit] = []) {
    state = Mutex(State(answers: answers, leftovers: leftovers))
  }

  /// The text of every file held now (``hold(_:fileName:replacing:)``, not let go of), first
  /// held first: what a session killed now would leave for the next.
  public var heldTexts: [String] {
    state.withLock { state in state.heldOrder.compactMap { state.held[$0] } }
  }

  /// The names files were held under, in order, each once.
  public var heldFileNames: [String] {
    state.withLock { state in state.heldOrder.map { String($0.drop { $0 != "-" }.dropFirst()) } }
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

  /// Holds the text in memory, as a file under a path of its own (`held/N-NAME`) would.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fileName: The file's name.
  ///   - held: The file a call before returned, or `nil`.
  /// - Returns: The file.
  /// - Throws: ``holdFailure``, when a test set it; nothing is held then.
  public func hold(_ text: Data, fileName: String, replacing held: HeldText?)
    throws(TextEditingError) -> HeldText?
  {
    if let failure = holdFailure { throw failure }
    let written = String(decoding: text, as: UTF8.self)
    return state.withLock { state in
      if let held, state.held[held.path] != nil {
        state.held[held.path] = written
        return held
      }
      state.filesHeld += 1
      let path = "held/\(state.filesHeld)-\(fileName)"
      state.held[path] = written
      state.heldOrder.append(path)
      return HeldText(path: path, holder: nil)
    }
  }

  /// Adds text at the end of a held file's.
  ///
  /// - Parameters:
  ///   - more: The text.
  ///   - held: The file.
  /// - Throws: ``FieldNotesServices/TextEditingError/fileProblem(_:)`` for a file not held.
  public func hold(appending more: Data, to held: HeldText) throws(TextEditingError) {
    let added = state.withLock { state -> Bool in
      guard let text = state.held[held.path] else { return false }
      state.held[held.path] = text + String(decoding: more, as: UTF8.self)
      state.appends += 1
      return true
    }
    guard added else { throw .fileProblem("\(held.path) is not held") }
  }

  /// What every hold throws while a test sets it, as a full disk or an unwritable folder would;
  /// `nil` (the default) holds.
  public var holdFailure: TextEditingError? {
    get { state.withLock { $0.holdFailure } }
    set { state.withLock { $0.holdFailure = newValue } }
  }

  /// How many times text was added at the end of a held file, rather than the file replaced.
  public var appends: Int { state.withLock { $0.appends } }

  /// Forgets a held file's text, as removing the file does.
  ///
  /// - Parameter held: The file.
  public func letGo(_ held: HeldText) {
    state.withLock { state in
      state.held[held.path] = nil
      state.heldOrder.removeAll { $0 == held.path }
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
