import FieldNotesModel
import Foundation
import Synchronization
import Testing

/// A store of texts that counts how it is read, for ``DeferredTextSource``.
final class CountingTexts: Sendable {
  let texts: [Int64: String]
  private let reads = Mutex((one: 0, all: 0))
  private let isFailing = Mutex(false)

  init(_ texts: [Int64: String]) { self.texts = texts }

  var oneReads: Int { reads.withLock { $0.one } }
  var allReads: Int { reads.withLock { $0.all } }
  func fail(_ failing: Bool) { isFailing.withLock { $0 = failing } }

  func source(bulkThreshold: Int = 1_024) -> DeferredTextSource {
    DeferredTextSource(
      bulkThreshold: bulkThreshold,
      readOne: { [self] key in
        reads.withLock { $0.one += 1 }
        return isFailing.withLock { $0 } ? nil : texts[key]
      },
      readAll: { [self] in
        reads.withLock { $0.all += 1 }
        return isFailing.withLock { $0 } ? nil : texts
      })
  }
}

@Suite struct NoteTextTests {
  static func note(_ key: Int64, from source: DeferredTextSource) -> Note {
    var note = Note(title: "Row \(key)", createdAt: Date(timeIntervalSinceReferenceDate: 0))
    note.bodyText = NoteText(deferredFrom: source, key: key)
    return note
  }

  @Test func aDeferredBodyIsReadOnceWhenFirstAskedFor() {
    let store = CountingTexts([1: "Heron at dawn", 2: "Kingfisher"])
    let note = Self.note(1, from: store.source())
    #expect(store.oneReads == 0, "loading a note reads no body")

    #expect(note.body == "Heron at dawn")
    #expect(note.body == "Heron at dawn")
    #expect(note.excerpt == "Heron at dawn")
    #expect(store.oneReads == 1)
  }

  @Test func aDeferredNoteEqualsAndHashesLikeTheSameNoteInMemory() {
    let store = CountingTexts([1: "Heron at dawn"])
    let deferred = Self.note(1, from: store.source())
    var loaded = deferred
    loaded.body = "Heron at dawn"
    #expect(deferred == loaded)
    #expect(deferred.hashValue == loaded.hashValue)
    loaded.body = "Heron at dusk"
    #expect(deferred != loaded)
  }

  @Test func aDeferredNoteEncodesItsText() throws {
    let store = CountingTexts([1: "Heron at dawn"])
    let deferred = Self.note(1, from: store.source())
    let decoded = try JSONDecoder().decode(Note.self, from: JSONEncoder().encode(deferred))
    #expect(decoded == deferred)
    #expect(decoded.body == "Heron at dawn")
  }

  @Test func manyReadsSwitchToOneReadOfEverythingAndLetTheSnapshotGo() {
    let texts = Dictionary(uniqueKeysWithValues: (1...10).map { (Int64($0), "Body \($0)") })
    let store = CountingTexts(texts)
    let source = store.source(bulkThreshold: 3)
    let notes = (1...10).map { Self.note(Int64($0), from: source) }

    #expect(notes.map(\.body) == (1...10).map { "Body \($0)" })
    #expect(store.oneReads == 3)
    #expect(store.allReads == 1)
    #expect(!source.isHoldingSnapshot)
    #expect(notes.map(\.body) == (1...10).map { "Body \($0)" }, "kept after the readers are gone")
  }

  @Test func aLargeLibrarysBodiesAreNeverAllKept() {
    let texts = Dictionary(uniqueKeysWithValues: (1...100).map { (Int64($0), "Body \($0)") })
    let store = CountingTexts(texts)
    let source = DeferredTextSource(
      bulkThreshold: 3, keptLimit: 10, readOne: { store.texts[$0] }, readAll: nil)
    let notes = (1...100).map { Self.note(Int64($0), from: source) }

    #expect(notes.map(\.body) == (1...100).map { "Body \($0)" })
    #expect(source.keptCount == 10, "only the latest texts are kept")
    #expect(source.isHoldingSnapshot, "a text forgotten can be read again")
    #expect(notes.map(\.body) == (1...100).map { "Body \($0)" }, "read again")
    #expect(source.keptCount == 10)
  }

  @Test func aBodyThatCannotBeReadIsNeverPassedOffAsText() throws {
    let store = CountingTexts([1: "Heron at dawn"])
    store.fail(true)
    let note = Self.note(1, from: store.source())

    #expect(note.bodyText.textIfReadable == nil)
    #expect(note.body == "", "shown as empty")
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(note) }

    store.fail(false)
    #expect(note.bodyText.textIfReadable == "Heron at dawn", "a failed read is tried again")
  }

  @Test func assigningABodyReplacesTheDeferredOne() {
    let store = CountingTexts([1: "Heron at dawn"])
    var note = Self.note(1, from: store.source())
    note.body = "Written here"
    #expect(note.body == "Written here")
    #expect(store.oneReads == 0)
  }
}
