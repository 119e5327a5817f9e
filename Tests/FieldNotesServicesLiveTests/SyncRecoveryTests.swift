import ConflictsLive
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing
import TrashLive

/// The trash, restores and conflict resolutions across machines: three stores sync through one
/// remote and converge, with no copy made by a resolution and no text lost.
@MainActor
@Suite struct SyncRecoveryTests {
  /// The conflicts a store's journal holds: each unresolved copy with what it conflicts with.
  static func conflicts(in store: NoteStore) throws -> [NoteConflict] {
    try store.journal.conflictCopies().filter(NoteConflict.isUnresolvedCopy).map { copy in
      NoteConflict(copy: copy, original: try copy.conflictOf.flatMap { try store.note(withID: $0) })
    }
  }

  let world = SyncWorld()

  /// Three devices holding one note, synced; each with a store, as the app drives it.
  func threeDevices() async throws -> [(device: SyncWorld.Device, store: NoteStore)] {
    var devices: [(device: SyncWorld.Device, store: NoteStore)] = []
    for number in 0..<3 {
      let device = try await world.device(
        number == 0
          ? NoteLibrary(notes: [syncNote(1, "Heron", body: "Grey heron.")]) : NoteLibrary(),
        now: .fixed(SampleData.date(minutes: 10 * (number + 1))))
      devices.append(
        (
          device,
          try NoteStore(
            repository: device.repository, syncer: NoOpNoteSyncer(),
            now: .fixed(SampleData.date(minutes: 10 * (number + 1))))
        ))
    }
    try await syncAll(devices)
    return devices
  }

  /// Every device syncs, twice round, so each has seen every other's changes.
  func syncAll(_ devices: [(device: SyncWorld.Device, store: NoteStore)]) async throws {
    for _ in 0..<2 {
      for (device, store) in devices {
        try await device.syncer.sync()
        try store.reload()
      }
    }
  }

  func expectConverged(_ devices: [(device: SyncWorld.Device, store: NoteStore)]) {
    let notes = devices.map(\.device.notes)
    #expect(notes.allSatisfy { $0 == notes[0] }, "every store holds the same notes")
    #expect(notes[0].allSatisfy { $0.conflictOf == nil }, "no conflict is left")
  }

  @Test func aNoteDeletedOnOneMachineIsInEachTrashAndARestoreBringsItBackEverywhere() async throws {
    let devices = try await threeDevices()
    try devices[0].store.perform(.deleteNote(UUID(number: 1)))
    try await syncAll(devices)
    #expect(
      try devices.allSatisfy { try $0.store.journal.trashedNotes().map(\.id) == [UUID(number: 1)] })
    #expect(devices.allSatisfy { $0.device.notes.isEmpty })

    try devices[2].store.commit(TrashChange.restore(UUID(number: 1)))
    try await syncAll(devices)

    expectConverged(devices)
    #expect(devices.allSatisfy { $0.device.notes.map(\.body) == ["Grey heron."] })
    #expect(
      try devices.allSatisfy { try $0.store.journal.trashedNotes().isEmpty },
      "back out of every trash")
  }

  /// Both texts of a conflict, made on two machines before either synced.
  func conflict(_ devices: [(device: SyncWorld.Device, store: NoteStore)]) async throws -> Note {
    for (index, text) in ["It took a fish.", "It flew off."].enumerated() {
      var edited = try #require(try devices[index].store.note(withID: UUID(number: 1)))
      edited.body = text
      try devices[index].store.perform(.updateNote(edited))
    }
    try await syncAll(devices)
    let conflicts = try devices.map { try Self.conflicts(in: $0.store) }
    #expect(conflicts.allSatisfy { $0.count == 1 }, "one copy, the same everywhere")
    let copy = try #require(conflicts[0].first?.copy)
    #expect(copy.conflictOf == UUID(number: 1))
    return copy
  }

  @Test func aConflictResolvedOnOneMachineIsResolvedEverywhereWithNoNewCopy() async throws {
    let devices = try await threeDevices()
    let copy = try await conflict(devices)
    let texts = try Set([copy.body, devices[0].store.note(withID: UUID(number: 1))?.body ?? ""])

    try devices[1].store.commit(ResolveConflict(copy.id, .keepCopy))
    try await syncAll(devices)

    expectConverged(devices)
    #expect(devices.allSatisfy { $0.device.notes.count == 1 })
    #expect(try devices.allSatisfy { try Self.conflicts(in: $0.store).isEmpty })
    let kept = try devices[1].store.journal.versions(ofNote: UUID(number: 1)).map(\.body)
    #expect(texts.isSubset(of: Set(kept + [copy.body])), "neither text is lost")
  }

  @Test func twoMachinesResolvingDifferentlyConvergeAndLoseNeitherText() async throws {
    let devices = try await threeDevices()
    let copy = try await conflict(devices)
    let original = try #require(try devices[0].store.note(withID: UUID(number: 1)))

    try devices[0].store.commit(ResolveConflict(copy.id, .keepOriginal))
    try devices[2].store.commit(ResolveConflict(copy.id, .keepCopy))
    try await syncAll(devices)

    expectConverged(devices)
    #expect(devices.allSatisfy { $0.device.notes.count == 1 }, "no copy was made")
    let note = try #require(try devices[0].store.note(withID: UUID(number: 1)))
    #expect(note.body == copy.body, "the resolution that changed the note stands")
    for (_, store) in devices {
      let everything = Set(try store.journal.versions(ofNote: note.id).map(\.body) + [note.body])
        .union(try store.journal.trashedNotes().map(\.note.body))
      #expect(everything.isSuperset(of: [original.body, copy.body]), "each store keeps both")
    }
  }

  /// A conflict resolved one way on the first machine and another on the third, then every
  /// machine synced: the machines, the copy and the note as it was before.
  func resolvedOnTwoMachines(_ resolutions: [ConflictResolution]) async throws -> (
    [(device: SyncWorld.Device, store: NoteStore)], Note, Note
  ) {
    let devices = try await threeDevices()
    let copy = try await conflict(devices)
    let original = try #require(try devices[0].store.note(withID: UUID(number: 1)))
    try devices[0].store.commit(ResolveConflict(copy.id, resolutions[0]))
    try devices[2].store.commit(ResolveConflict(copy.id, resolutions[1]))
    try await syncAll(devices)
    return (devices, copy, original)
  }

  /// `keep copy` on one machine and `keep both` on another keep each text once.
  ///
  /// Whichever syncs first, the note takes the copy's text (the resolution that changed the
  /// note stands), and the copy kept as a note of its own goes to the trash, since the note
  /// holds its text; the note's own text is a version on every machine. Never the same text
  /// twice, as two notes.
  @Test(arguments: [[ConflictResolution.keepCopy, .keepBoth], [.keepBoth, .keepCopy]])
  func keepCopyOnOneMachineAndKeepBothOnAnotherKeepEachTextOnce(
    resolutions: [ConflictResolution]
  ) async throws {
    let (devices, copy, original) = try await resolvedOnTwoMachines(resolutions)

    expectConverged(devices)
    for (device, store) in devices {
      #expect(device.notes.map(\.body) == [copy.body], "the copy's text, once, as the note")
      #expect(device.notes.map(\.id) == [UUID(number: 1)])
      #expect(try Self.conflicts(in: store).isEmpty)
      let kept = Set(try store.journal.versions(ofNote: UUID(number: 1)).map(\.body))
      #expect(kept.contains(original.body), "the note's own text is a version")
      #expect(try store.journal.trashedNotes().map(\.id) == [copy.id], "the copy is in every trash")
    }
  }

  /// `keep original` on one machine and `keep both` on another keep both notes.
  ///
  /// The two texts differ, so both stay, as two notes with no mark, on every machine.
  @Test(arguments: [[ConflictResolution.keepOriginal, .keepBoth], [.keepBoth, .keepOriginal]])
  func keepOriginalOnOneMachineAndKeepBothOnAnotherKeepBothNotes(
    resolutions: [ConflictResolution]
  ) async throws {
    let (devices, copy, original) = try await resolvedOnTwoMachines(resolutions)

    expectConverged(devices)
    for (device, store) in devices {
      #expect(Set(device.notes.map(\.body)) == [original.body, copy.body])
      #expect(device.notes.count == 2)
      #expect(try Self.conflicts(in: store).isEmpty)
    }
  }
}
