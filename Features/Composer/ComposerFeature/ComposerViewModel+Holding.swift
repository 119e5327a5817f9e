import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import Foundation

extension ComposerViewModel {
  // MARK: - Holding unsaved text

  /// Holds a line of the body being typed line by line (the terminal's `body` entry) with the
  /// rest of the unsaved text, the lines before it too, as the body they will become.
  ///
  /// Each line is added at the end of the held file, costing what it adds: a body of 10,000
  /// pasted lines isn't written 10,000 times over.
  ///
  /// - Parameter line: The line.
  public func holdLineOfBodyBeingTyped(_ line: String) {
    guard bodyBeingTyped != nil else {
      bodyBeingTyped = line
      return holdUnsavedText()
    }
    bodyBeingTyped?.append("\n")
    bodyBeingTyped?.append(line)
    guard keptDraftsOutliveTheSession, heldEndsWithTypedBody, let held,
      (try? editor.hold(appending: Data((line + "\n").utf8), to: held.file)) != nil
    else { return holdUnsavedText() }
  }

  /// Ends the body being typed line by line: the held file holds the draft again, whose body
  /// the lines became (the entry ended with `.`) or not (it was cancelled).
  public func endBodyBeingTyped() {
    guard bodyBeingTyped != nil else { return }
    bodyBeingTyped = nil
    holdUnsavedText()
  }

  /// Makes the lines being typed the body as FieldNotes has to stop before the entry ends (its
  /// input ended, a signal), then ends the entry: see ``bodyWithLinesBeingTyped``.
  ///
  /// - Throws: ``ComposerError/notEditable`` when the draft can't change now.
  public func stopBodyBeingTyped() throws(ComposerError) {
    defer { endBodyBeingTyped() }
    guard let body = bodyWithLinesBeingTyped else { return }
    try replaceBody(with: body)
  }

  /// The body the lines being typed make when the entry can't end as the user would end it: a
  /// session stopped, or killed, midway.
  ///
  /// The lines replace a body kept elsewhere — the note's as opened, or the kept draft's taken
  /// up — as `.` would. A body only this draft holds (typed before the entry began) may not be
  /// one the user meant to lose, and nothing says they did: the lines come after it, a blank
  /// line between. `nil` while no line is being typed.
  var bodyWithLinesBeingTyped: String? {
    guard let bodyBeingTyped else { return nil }
    let keptElsewhere = takenUpDraft.map(content(of:)) ?? original
    let replaced = draft.body
    guard !replaced.isEmpty, replaced != keptElsewhere.body else { return bodyBeingTyped }
    return replaced + "\n\n" + bodyBeingTyped
  }

  /// Keeps the file of unsaved text in step with the draft, after every change to it.
  ///
  /// A session may be killed outright (`kill -9`, the out-of-memory killer, a crash) with no
  /// chance to keep anything as it ends, so what the user typed can't wait for the end to be
  /// kept: while the draft holds text found nowhere else — not the note as opened, not the kept
  /// draft taken up — it is held in a file through the editor service
  /// (``FieldNotesServices/TextEditing/hold(_:fileName:replacing:)``), the file a killed
  /// editor would leave, which the next session keeps as a draft
  /// (``keepLeftoverEdits(client:editor:now:)``). The file goes once the text is elsewhere:
  /// saved, kept as a draft, thrown away by the user, or edited back.
  ///
  /// The file holds what a draft kept as the session ends would (properties changed at the top
  /// of the body), and its name says which note it is of and which kept draft it goes on from,
  /// so the draft the next session keeps of it is that draft, and replaces the one it went on
  /// from, as the end of a session does.
  ///
  /// Notes in memory keep nothing past the session, so beside them nothing is held. A file that
  /// can't be written leaves the one before (or none), says why (``holdingFailure``), and the
  /// end of the session keeps the draft as before: holding is a second net under that one,
  /// never the only one.
  func holdUnsavedText() {
    guard keptDraftsOutliveTheSession else { return }
    var content = draft.content
    if let body = bodyWithLinesBeingTyped { content.body = body }
    let keptElsewhere = takenUpDraft.map(content(of:)) ?? original
    guard !isFinished, content != keptElsewhere else { return letGoOfUnsavedText() }
    // A body always ends with a line break here, which reading it back takes off: the text
    // comes back exactly, a body ending with a line break too, and a line typed next is added
    // at the end.
    let text = NoteDocument.data(
      ofEditable: EditableNote(
        title: content.title, body: keptBody(of: content) + "\n", tags: content.tags,
        notebookName: content.notebookID.flatMap { notebook($0)?.name }))
    let name = heldFileName
    let replacing = held.flatMap { $0.name == name ? $0.file : nil }
    let holding: HeldText?
    do { holding = try editor.hold(text, fileName: name, replacing: replacing) } catch {
      if holdingFailure != error { holdingFailure = error }
      return
    }
    if holdingFailure != nil { holdingFailure = nil }
    guard let file = holding else { return }
    // A file of another name (the draft gone on from changed) goes once this one holds the text.
    if let held, held.file.path != file.path { editor.letGo(held.file) }
    held = (file, name)
    heldEndsWithTypedBody = bodyBeingTyped != nil
  }

  /// Removes the file of unsaved text, once the text is kept elsewhere.
  func letGoOfUnsavedText() {
    if let held { editor.letGo(held.file) }
    held = nil
    heldEndsWithTypedBody = false
    // Nothing is left to hold: nothing is at risk.
    if holdingFailure != nil { holdingFailure = nil }
  }

  /// The held file's name: the note's (``fileName``), and, when the composer went on from a
  /// kept draft, that draft's note and session, so keeping the file replaces it:
  /// `note-ID.from-NOTE.SESSION.md`, with `new` for a new note's draft.
  var heldFileName: String {
    guard let origin = takenUpDraft else { return fileName }
    let note = origin.noteID?.uuidString.lowercased() ?? "new"
    return String(fileName.dropLast(3)) + Self.originMarker + note + "."
      + origin.session.id.uuidString.lowercased() + ".md"
  }

  /// What comes before the kept draft a held file goes on from, in its name.
  static let originMarker = ".from-"

  /// The kept draft a leftover file's name says it goes on from, as the client keeps it now;
  /// `nil` for none, or one no longer kept.
  static func origin(named fileName: String, client: any ComposerClient) -> Draft? {
    guard let marker = fileName.range(of: originMarker), fileName.hasSuffix(".md") else {
      return nil
    }
    let parts = fileName[marker.upperBound...].dropLast(3).split(separator: ".")
    guard parts.count == 2, let session = UUID(uuidString: String(parts[1])) else { return nil }
    let note = parts[0] == "new" ? nil : UUID(uuidString: String(parts[0]))
    guard parts[0] == "new" || note != nil else { return nil }
    return client.keptDrafts(forNote: note).first {
      $0.noteID == note && $0.session.id == session
    }
  }
}
