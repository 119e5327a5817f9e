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

  /// The key the text is deferred to in its store (for SQLite, the note's row), or `nil` for
  /// text held in memory.
  package var storeKey: Int64? {
    if case .deferred(_, let key) = storage { return key }
    return nil
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

/// Reads the deferred bodies of one loaded library from one snapshot of its store.
///
/// A small library's bodies are read one at a time at first, then all at once when many are
/// asked for; once every text is in memory the source lets go of its readers, and with them the
/// store's snapshot. A large library's are never all read: a source made without a reader of
/// everything keeps the texts read most recently, up to a limit, and reads others again when
/// asked, so memory follows what is shown, not what is stored.
package final class DeferredTextSource: Sendable {
  /// Reads one text by key, or returns `nil` when it can't.
  package typealias ReadOne = @Sendable (Int64) -> String?
  /// Reads every text of the snapshot, or returns `nil` when it can't.
  package typealias ReadAll = @Sendable () -> [Int64: String]?

  private struct Readers {
    var one: ReadOne
    var all: ReadAll?
  }

  private struct State {
    var texts: [Int64: String] = [:]
    /// The keys of `texts` in the order they were read, from `oldest` on.
    var readOrder: [Int64] = []
    var oldest = 0
    var singleReads = 0
    var readers: Readers?
  }

  private let state: Mutex<State>
  private let bulkThreshold: Int
  private let keptLimit: Int

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - bulkThreshold: How many texts are read one at a time before the rest are read at once.
  ///   - keptLimit: How many texts are kept at most when there is no `readAll`.
  ///   - readOne: Reads one text.
  ///   - readAll: Reads every text; `nil` for a library too large to hold in memory.
  package init(
    bulkThreshold: Int = 1_024, keptLimit: Int = 4_096, readOne: @escaping ReadOne,
    readAll: ReadAll?
  ) {
    self.bulkThreshold = bulkThreshold
    self.keptLimit = keptLimit
    state = Mutex(State(readers: Readers(one: readOne, all: readAll)))
  }

  /// The text for a key, read now if it is not in memory; `nil` when it can't be read.
  package func text(forKey key: Int64) -> String? {
    state.withLock { state in
      if let text = state.texts[key] { return text }
      guard let readers = state.readers else { return nil }
      if state.singleReads >= bulkThreshold, let all = readers.all, let texts = all() {
        state.texts = texts
        state.readers = nil
        return texts[key]
      }
      guard let text = readers.one(key) else { return nil }
      state.singleReads += 1
      if readers.all == nil { Self.forgetOldest(&state, keeping: keptLimit - 1) }
      state.texts[key] = text
      state.readOrder.append(key)
      return text
    }
  }

  /// Forgets the texts read longest ago until at most `count` are kept.
  private static func forgetOldest(_ state: inout State, keeping count: Int) {
    while state.texts.count > count, state.oldest < state.readOrder.count {
      state.texts[state.readOrder[state.oldest]] = nil
      state.oldest += 1
    }
    if state.oldest > 4_096 {
      state.readOrder.removeFirst(state.oldest)
      state.oldest = 0
    }
  }

  /// How many texts are in memory.
  package var keptCount: Int {
    state.withLock { $0.texts.count }
  }

  /// Whether the source still holds its store's snapshot: not every text has been read yet.
  package var isHoldingSnapshot: Bool {
    state.withLock { $0.readers != nil }
  }
}
