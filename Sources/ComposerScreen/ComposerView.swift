import ComposerFeature
import FieldNotesTerminal

/// The composer screen: a function of ``ComposerFeature/ComposerViewModel``'s state and draft.
@MainActor
enum ComposerView {
  static func render(_ composer: ComposerViewModel, notebookName: String?) -> [String] {
    let draft = composer.draft
    let heading =
      switch composer.purpose {
      case .newNote: "New note"
      case .editNote: "Editing note"
      }
    var lines = [
      heading + (notebookName.map { " in \($0.terminalSafe)" } ?? " in no notebook"),
      "  title: \(draft.title.terminalSafe)",
      "  tags:  \(draft.tags.map { "#\($0.terminalSafe)" }.joined(separator: " "))",
    ]
    let bodyLines = draft.body.isEmpty ? [] : draft.body.terminalLines
    lines.append(
      "  body:  " + (bodyLines.isEmpty ? "" : String(count: bodyLines.count, noun: "line")))
    lines += bodyLines.map { "    \($0)" }
    switch composer.state {
    case .editing(let problems):
      if problems.isEmpty {
        lines.append("Ready to save: `save`, or `cancel`.")
      } else {
        lines += problems.compactMap(\.errorDescription).map { "  ! \($0)" }
      }
    case .confirming(.discardChanges):
      lines.append("Discard your changes? yes = discard, no = keep editing")
    case .confirming(.restoreKeptDraft(let keptAt)):
      let date = keptAt.formatted(
        .iso8601.year().month().day().time(includingFractionalSeconds: false))
      lines.append(
        "A draft of this note was kept when FieldNotes stopped (\(date) UTC). "
          + "yes = go on with it, no = forget it")
    case .saved:
      lines.append("Saved.")
    case .discarded:
      lines.append("Discarded.")
    }
    return lines
  }
}
