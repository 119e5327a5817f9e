import FieldNotesModel
import Foundation

/// What an import does with each note it reads, decided before anything is written, so that
/// no text it reads is dropped: a note new here is added; one whose id is a note's here is
/// skipped when its text is the same and kept as a conflict copy when it differs, whether or
/// not an earlier note of the import gave the id too; one whose id is a note's in the trash
/// brings that note back from the trash as it was (a backup restores what was deleted), and,
/// when its text differs, is kept as a conflict copy of it too; one repeating an id the import
/// gave already, of no note here, is left out when its text is the same as before and kept as
/// a note of its own when it differs.
///
/// The steps are by the notes' places in the source, which gives the same notes in the same
/// order each time it is read. A step is a byte, so a plan for a million notes holds a
/// megabyte beside the identifiers the import holds anyway.
struct ImportPlan {
  /// What happens to one note read.
  enum Step: UInt8, Equatable {
    /// Added under its own id.
    case add
    /// Added under an id of its own (``apartIDs``): it repeats an id the import gave already,
    /// with other text.
    case addApart
    /// Kept as a conflict copy of the note here of its id, whose text differs.
    case copy
    /// Left out: the note here of its id (or the copy or note of its own an earlier import
    /// made of this text) holds it already.
    case skipKnown
    /// Left out: an earlier note of the import gave its id and its text.
    case skipRepeated
    /// Brings the note of its id back from the trash, as it was deleted: it holds this text.
    case restore
    /// Brings the note of its id back from the trash, as it was deleted, and keeps this text,
    /// which differs, as a conflict copy of it.
    case restoreWithCopy

    /// Whether the note read is written: as a note, a note of its own or a conflict copy.
    var writesTheNoteRead: Bool {
      switch self {
      case .add, .addApart, .copy, .restoreWithCopy: true
      case .skipKnown, .skipRepeated, .restore: false
      }
    }
  }

  /// Each note's step, by its place in the source; `nil` when every note is new and given
  /// once, so every one is added and the source need not be read first.
  var steps: [Step]?
  /// The id each ``Step/addApart`` note is added under, by its place.
  var apartIDs: [Int: Note.ID] = [:]
  /// The notes added; those of them with an id of their own; the copies; those skipped as
  /// here already, and as repeated.
  var added = 0
  var addedApart = 0
  var conflicting: [Note.ID] = []
  var copyPlaces: [Int] = []
  var known = 0
  var repeated = 0
  /// The trashed notes brought back, by place.
  var restoring: [Int: Note] = [:]

  /// The step of the note at a place: ``Step/add`` when every note is added, and a skip past
  /// the end (a source that gives more notes than it did when planned).
  func step(at place: Int) -> Step {
    guard let steps else { return .add }
    return steps.indices.contains(place) ? steps[place] : .skipKnown
  }

  /// The text of a note that tells two apart: its title, body and tags.
  static func textDigest(of note: Note) -> UUID {
    UUID(derivedFrom: Array(([note.title, note.body] + note.tags).joined(separator: "\u{0}").utf8))
  }

  /// The id a note repeating another's id with other text is given: from its id and its text,
  /// so importing the same source again gives it again.
  static func apartID(of note: Note) -> Note.ID {
    UUID(derivedFrom: Array("\(note.id.uuidString)\u{0}\(textDigest(of: note).uuidString)".utf8))
  }
}

extension LibraryImport {
  /// Decides what an import does with each note, reading the source once when some of its
  /// notes are here already or it repeats an id; otherwise every note is added.
  ///
  /// - Parameters:
  ///   - incoming: The source.
  ///   - store: The store the import adds to.
  ///   - arriving: A note as the store would take it (its tags mapped, its notebook checked).
  /// - Returns: The plan.
  /// - Throws: ``RepositoryError`` when the store or the source can't be read.
  @MainActor
  static func plan(
    for incoming: some LibraryImportSource, in store: NoteStore, arriving: (Note) -> Note
  ) throws(RepositoryError) -> ImportPlan {
    let repository = store.repository
    let journal = store.journal
    let ids = incoming.noteIDs
    let known = try repository.savedNoteIDs(among: ids)
    var once = Set<Note.ID>()
    let repeating = Set(ids.filter { !once.insert($0).inserted })
    // The notes in the trash the import names: each comes back as it was deleted, never
    // written over by the import's text.
    let trash = try journal.trashedNotes()
    var inTrash: [Note.ID: Note] = [:]
    for trashed in trash where once.contains(trashed.id) { inTrash[trashed.id] = trashed.note }
    var plan = ImportPlan()
    guard !known.isEmpty || !repeating.isEmpty || !inTrash.isEmpty else {
      plan.added = ids.count
      return plan
    }
    // A digest of each known note's text, not the notes: a re-import of a large export holds
    // 16 bytes a note.
    var here: [Note.ID: UUID] = [:]
    for id in known {
      if let note = try repository.note(withID: id) { here[id] = ImportPlan.textDigest(of: note) }
    }
    // The texts given so far of each id the source repeats (few, usually none).
    var given: [Note.ID: Set<UUID>] = [:]
    var steps: [ImportPlan.Step] = []
    steps.reserveCapacity(ids.count)
    var made: [Int: Note.ID] = [:]
    // Another id the same text was given by an import before, by place.
    var madeBefore: [Int: Note.ID] = [:]
    try incoming.forEachNote { note throws(RepositoryError) in
      let arriving = arriving(note)
      let isRepeating = repeating.contains(note.id)
      let digest =
        isRepeating || here[note.id] != nil || inTrash[note.id] != nil
        ? ImportPlan.textDigest(of: arriving) : nil
      if isRepeating, let digest, let digests = given[note.id] {
        given[note.id, default: []].insert(digest)
        // The same text as an earlier note of the import, or as the note here, is no new text.
        guard !digests.contains(digest), here[note.id] != digest else {
          return steps.append(.skipRepeated)
        }
        // Other text beside a note here is a conflict copy of it, whichever came first —
        // unless an import before, with no note here then, added it as a note of its own.
        if here[note.id] != nil {
          made[steps.count] = NoteConflict.copyID(of: arriving)
          madeBefore[steps.count] = ImportPlan.apartID(of: arriving)
          return steps.append(.copy)
        }
        made[steps.count] = ImportPlan.apartID(of: arriving)
        return steps.append(.addApart)
      }
      if isRepeating, let digest { given[note.id] = [digest] }
      if let trashed = inTrash.removeValue(forKey: note.id) {
        // Back from the trash, it is the note here for the rest of the import.
        let trashedDigest = ImportPlan.textDigest(of: trashed)
        here[note.id] = trashedDigest
        plan.restoring[steps.count] = trashed
        if trashedDigest == digest { return steps.append(.restore) }
        made[steps.count] = NoteConflict.copyID(of: arriving)
        return steps.append(.restoreWithCopy)
      }
      guard let hereDigest = here[note.id] else { return steps.append(.add) }
      if hereDigest == digest { return steps.append(.skipKnown) }
      made[steps.count] = NoteConflict.copyID(of: arriving)
      steps.append(.copy)
    }
    // A copy or a note of its own made of the same text before — here, or in the trash (a
    // conflict the user resolved) — is not made again.
    let before = try repository.savedNoteIDs(among: Array(made.values) + madeBefore.values)
      .union(trash.map(\.id))
    for (place, id) in made {
      if before.contains(id) || madeBefore[place].map(before.contains) == true {
        steps[place] = steps[place] == .restoreWithCopy ? .restore : .skipKnown
      } else if steps[place] == .addApart {
        plan.apartIDs[place] = id
      }
    }
    for (place, step) in steps.enumerated() {
      switch step {
      case .add: plan.added += 1
      case .addApart:
        plan.added += 1
        plan.addedApart += 1
      case .copy:
        plan.conflicting.append(ids[place])
        plan.copyPlaces.append(place)
      case .skipKnown: plan.known += 1
      case .skipRepeated: plan.repeated += 1
      case .restore: break
      case .restoreWithCopy:
        plan.conflicting.append(ids[place])
        plan.copyPlaces.append(place)
      }
    }
    plan.steps = steps
    return plan
  }
}
