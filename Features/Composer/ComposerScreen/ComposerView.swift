import ComposerFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import Foundation

/// The composer screen: a function of ``ComposerFeature/ComposerViewModel``'s state and of the
/// draft, as values.
@MainActor
enum ComposerView {
  static func render(
    _ state: ComposerViewModel.State, purpose: ComposerViewModel.Purpose,
    draft: NoteDraft.Content, notebookName: String?, keptDrafts: [Draft],
    holdingFailure: TextEditingError? = nil
  ) -> [String] {
    let heading: String
    switch (state, purpose) {
    // The composer leaves as it reaches these; what it draws is the line it leaves with.
    case (.saved, _):
      let title = draft.title.trimmingCharacters(in: .whitespacesAndNewlines)
      return ["Saved \u{201C}\(title.terminalSafe)\u{201D}."]
    case (.discarded, .newNote): return ["The new note was not saved."]
    case (.discarded, .editNote): return ["The note is as it was."]
    case (_, .newNote): heading = "New note"
    case (_, .editNote): heading = "Editing note"
    }
    var lines = [
      heading + (notebookName.map { " in \($0.terminalSafe)" } ?? " in no notebook"),
      "  title: \(draft.title.terminalSafe)",
      "  tags:  \(TagRules.hashtags(draft.tags).terminalSafe)" + inlineTagsText(of: draft),
    ]
    let bodyLines = draft.body.isEmpty ? [] : draft.body.terminalLines
    lines.append(
      "  body:  " + (bodyLines.isEmpty ? "" : String(count: bodyLines.count, noun: "line")))
    lines += bodyLines.map { "    \($0)" }
    let isNewNote = if case .newNote = purpose { true } else { false }
    lines += keptDraftLines(keptDrafts, forANewNote: isNewNote)
    if let holdingFailure {
      let reason: String =
        if case .fileProblem(let problem) = holdingFailure {
          problem
        } else {
          holdingFailure.errorDescription ?? "\(holdingFailure)"
        }
      lines.append(
        "  ! What you type can't be kept safe from a crash now (\(reason.terminalSafe)); it is "
          + "kept as a draft if FieldNotes ends normally.")
    }
    switch state {
    case .editing(let problems):
      if problems.isEmpty {
        lines.append("Ready to save: `save`, or `cancel`.")
      } else {
        lines += problems.compactMap(\.errorDescription).map { "  ! \($0)" }
      }
    case .confirming(.discardChanges):
      lines.append("Discard your changes? yes = discard, no = keep editing")
    case .confirming(.discardKeptDraft(let kept)):
      lines.append(
        "Forget the draft \u{201C}\(kept.title.terminalSafe)\u{201D} kept \(stamp(kept.keptAt))? "
          + "yes = forget it, no = keep it")
    case .saved, .discarded: break  // drawn above
    }
    return lines
  }

  /// The drafts kept of the note, numbered for `draft N`.
  ///
  /// Each says when it was kept, and by which session (its start and terminal). A new note is
  /// also offered the drafts of notes deleted since, which say so.
  private static func keptDraftLines(_ drafts: [Draft], forANewNote isNewNote: Bool) -> [String] {
    guard !drafts.isEmpty else { return [] }
    let heading =
      drafts.count == 1
      ? "A draft of this note was kept when FieldNotes stopped: `draft 1` goes on with it, "
        + "`discard draft 1` forgets it."
      : "\(drafts.count) drafts of this note were kept when FieldNotes stopped, newest first: "
        + "`draft N` goes on with one, `discard draft N` forgets it."
    var lines = [heading]
    for (offset, kept) in drafts.enumerated() {
      let place = kept.session.terminal.map { " at \($0.terminalSafe)" } ?? " in a script"
      let title = kept.title.isEmpty ? "untitled" : "\u{201C}\(kept.title.terminalSafe)\u{201D}"
      let gone = isNewNote && kept.noteID != nil ? " of a note deleted since" : ""
      lines.append("  \(offset + 1)  \(title), kept \(stamp(kept.keptAt))\(gone)")
      lines.append("       by the session started \(stamp(kept.session.startedAt))\(place)")
    }
    return lines
  }

  /// The tags the body's `#tag`s add as the note is saved, after the typed ones: ` · from the
  /// body: #moss`; nothing when they add none.
  private static func inlineTagsText(of draft: NoteDraft.Content) -> String {
    let added = draft.tagsToSave.filter { !draft.tags.contains($0) }
    guard !added.isEmpty else { return "" }
    return (draft.tags.isEmpty ? "" : " · ") + "from the body: "
      + TagRules.hashtags(added).terminalSafe
  }

  /// A date as `2026-11-29 12:00 UTC`.
  private static func stamp(_ date: Date) -> String {
    CivilTime(date, in: .gmt).minuteText + " UTC"
  }

}
