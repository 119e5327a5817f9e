import Synchronization

/// A note's body as it is held in memory: the text itself, or the place in a store to read it
/// from the first time it is needed.
///
/// A library of 100,000 notes holds about 100 MB of bodies, while a list shows a few hundred
/// excerpts. A store may hand out notes whose bodies are read on first use, so starting up and
/// memory follow what is shown rather than what is stored. A deferred body always reads the text
/// as it was when the library was loaded (its ``DeferredTextSource`` keeps that snapshot), so a
/// `Note` behaves exactly like one read eagerly: comparing, hashing, encoding and saving it all
/// see the same text.
package struct NoteText: Sendable {
  private enum Storage: Sendable {
    case loaded(String)
    case deferred(DeferredTextSource, key: Int64)
  }

  private var storage: Storage

  /// Text held in memory.
  package init(_ text: String) {
    storage = .loaded(text)
  }

  /// Text read from a source when first needed.
  ///
  /// - Parameters:
  ///   - source: The snapshot of the store to read from.
  ///   - key: Which text of the source: for SQLite, the note's row.
  package init(deferredFrom source: DeferredTextSource, key: Int64) {
    storage = .deferred(source, key: key)
  }

  /// The text, or `nil` when it was deferred and its store could not read it.
  ///
  /// Anything that saves or exports a note reads this rather than ``Note/body``, so a body that
  /// failed to read is never written back as an empty one.
  package var textIfReadable: String? {
    switch storage {
    case .loaded(let text): text
    case .deferred(let source, let key): source.text(forKey: key)
    }
  }
}

extension NoteText: Hashable {
  package static func == (lhs: NoteText, rhs: NoteText) -> Bool {
    if case .deferred(let left, let leftKey) = lhs.storage,
      case .deferred(let right, let rightKey) = rhs.storage, left === right, leftKey == rightKey
    {
      return true
    }
    return lhs.textIfReadable == rhs.textIfReadable
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(textIfReadable)
  }
}

/// Reads the deferred bodies of one loaded library from one snapshot of its store: one at a time
/// at first, then all at once when many are asked for (a search reads every body).
///
/// Texts read are kept, so each is read at most once. Once every text is in memory the source
/// lets go of its readers, and with them the store's snapshot.
package final class DeferredTextSource: Sendable {
  /// Reads one text by key, or returns `nil` when it can't.
  package typealias ReadOne = @Sendable (Int64) -> String?
  /// Reads every text of the snapshot, or returns `nil` when it can't.
  package typealias ReadAll = @Sendable () -> [Int64: String]?

  private struct Readers {
    var one: ReadOne
    var all: ReadAll
  }

  private struct State {
    var texts: [Int64: String] = [:]
    var singleReads = 0
    var readers: Readers?
  }

  private let state: Mutex<State>
  private let bulkThreshold: Int

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - bulkThreshold: How many texts are read one at a time before the rest are read at once.
  ///   - readOne: Reads one text.
  ///   - readAll: Reads every text.
  package init(
    bulkThreshold: Int = 1_024, readOne: @escaping ReadOne, readAll: @escaping ReadAll
  ) {
    self.bulkThreshold = bulkThreshold
    state = Mutex(State(readers: Readers(one: readOne, all: readAll)))
  }

  /// The text for a key, read now if it has not been yet; `nil` when it can't be read.
  package func text(forKey key: Int64) -> String? {
    state.withLock { state in
      if let text = state.texts[key] { return text }
      guard let readers = state.readers else { return nil }
      if state.singleReads >= bulkThreshold, let texts = readers.all() {
        state.texts = texts
        state.readers = nil
        return texts[key]
      }
      guard let text = readers.one(key) else { return nil }
      state.singleReads += 1
      state.texts[key] = text
      return text
    }
  }

  /// Whether the source still holds its store's snapshot: not every text has been read yet.
  package var isHoldingSnapshot: Bool {
    state.withLock { $0.readers != nil }
  }
}
