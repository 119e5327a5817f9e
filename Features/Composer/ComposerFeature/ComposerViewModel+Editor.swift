import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import Foundation

/// What the user's editor gave back to the composer.
public enum EditorOutcome: Hashable, Sendable {
  /// The draft now holds what the editor left: saved only by ``ComposerViewModel/save()``.
  ///
  /// The keys of front-matter lines the file sets no field by (`pinned`, `source`) are named,
  /// in the order written: their lines are kept at the top of the body, as text (see
  /// ``FieldNotesModel/NoteDocument/editableNote(from:)``).
  case changed(keysKeptInBody: [String])
  /// The file came back as it went: the draft is as it was.
  case unchanged
}

extension ComposerViewModel {
  // MARK: - Writing in an editor

  /// The start of the name of a file that holds an existing note being edited, before the
  /// note's identifier.
  static let fileNamePrefix = "note-"

  /// Keeps as drafts the notes left in this store's editor files by a FieldNotes that stopped
  /// while its editor ran (a crash, a kill), or by an editor that died after writing, then
  /// removes each file once its draft is kept: the next composer for each note offers its text
  /// back.
  ///
  /// Each file is a draft of its own (see ``draft(of:client:now:)``), so three files of new
  /// notes are three drafts, and none is written over by a draft kept later. A file that can't
  /// be read as a note is kept whole as a new note's body, so nothing written is lost.
  ///
  /// - Parameters:
  ///   - client: The composer's data, where the drafts are kept.
  ///   - editor: The editor service that knows the files.
  ///   - now: When they are kept.
  /// - Returns: How many were kept; a file whose draft the client refused stays for next time.
  public static func keepLeftoverEdits(
    client: any ComposerClient, editor: any TextEditing, now: DateProvider
  ) -> Int {
    var kept: [(draft: Draft, origin: Substring?)] = []
    for leftover in editor.leftoverEdits() {
      // The same text twice (the composer's held file and the file its editor was given, both
      // left by one kill) is one draft: the second file goes, its text kept by the first.
      let draft = draft(of: leftover, client: client, now: now)
      let name = leftover.fileName
      let origin = name.range(of: originMarker).map { name[$0.lowerBound...] }
      if kept.contains(where: { $0.draft.hasTheText(of: draft) && $0.origin == origin }) {
        editor.forget(leftover)
        continue
      }
      if let draft = keep(leftover, client: client, editor: editor, now: now) {
        kept.append((draft, origin))
      }
    }
    return kept.count
  }

  /// The files of edits another store's FieldNotes (or one with a store in memory) left: this
  /// session never takes them, and names them so the user knows their text is kept.
  ///
  /// - Parameter editor: The editor service that knows the files.
  /// - Returns: Their paths.
  public static func leftoverEditsOfOtherStores(editor: any TextEditing) -> [String] {
    editor.leftoverEditsOfOtherStores()
  }

  /// The files of edits this store's FieldNotes left that are still there once they were kept
  /// (``keepLeftoverEdits(client:editor:now:)``): the store took no draft of them (read-only,
  /// full, busy), so they stay, and the next session tries again.
  ///
  /// - Parameter editor: The editor service that knows the files.
  /// - Returns: Their paths.
  public static func leftoverEditsNotKept(editor: any TextEditing) -> [String] {
    editor.leftoverEdits().map(\.path)
  }

  /// Keeps one leftover edit's text as a draft of its own, and only then removes its file.
  ///
  /// - Returns: The draft kept, or `nil` when the client refused it (the file stays).
  static func keep(
    _ leftover: LeftoverEdit, client: any ComposerClient, editor: any TextEditing,
    now: DateProvider
  ) -> Draft? {
    let draft = draft(of: leftover, client: client, now: now)
    // A held file goes on from the kept draft its name gives, which it replaces.
    let origin = origin(named: leftover.fileName, client: client)
    guard (try? client.keepDraft(draft, superseding: origin)) != nil else { return nil }
    editor.forget(leftover)
    return draft
  }

  /// The draft a leftover edit makes: of the note its file names, kept by a session of its
  /// own — named from the file, started when the editor last wrote it — so that no other draft
  /// (of another file, or the one the keeping session keeps as it ends) is ever written over
  /// it, and keeping it twice (after a failed removal) keeps it once.
  ///
  /// - Parameters:
  ///   - leftover: The leftover edit.
  ///   - client: The composer's data, which says whether the note the file names is still
  ///     there, and which notebook its name stands for.
  ///   - now: When the draft is kept.
  /// - Returns: The draft.
  static func draft(of leftover: LeftoverEdit, client: any ComposerClient, now: DateProvider)
    -> Draft
  {
    // The note's own part of the name, without the kept draft a held file goes on from.
    let name =
      leftover.fileName.range(of: originMarker).map {
        String(leftover.fileName[..<$0.lowerBound]) + ".md"
      } ?? leftover.fileName
    let noteID =
      name.hasPrefix(fileNamePrefix) && name.hasSuffix(".md")
      ? UUID(uuidString: String(name.dropFirst(fileNamePrefix.count).dropLast(3))) : nil
    let edited =
      (try? NoteDocument.editableNote(from: leftover.text))
      ?? EditableNote(
        title: "", body: String(decoding: leftover.text, as: UTF8.self), tags: [],
        notebookName: nil)
    // A kept draft holds no properties: the file's go at the top of its body, as they were
    // written, so nothing of the file is lost.
    let body = frontMatter(of: edited.properties) + edited.body
    let session = DraftSession(
      id: UUID(derivedFrom: Array("leftover edit\u{0}\(leftover.path)".utf8)),
      startedAt: leftover.modifiedAt, terminal: nil)
    return Draft(
      noteID: noteID.flatMap { client.note($0)?.id } ?? nil,
      notebookID: edited.notebookName.flatMap { client.notebook(named: $0)?.id },
      // The line break an editor ends its file with, as for an edit that finished.
      title: edited.title,
      body: body.hasSuffix("\n") ? String(body.dropLast()) : body,
      tags: DraftRules.tags(from: edited.tags.joined(separator: " ")), keptAt: now(),
      session: session, baseUpdatedAt: nil)
  }

  /// Hands the draft to the user's editor as a Markdown file (see
  /// ``FieldNotesModel/NoteDocument/data(ofEditable:)``) and takes back what they wrote.
  ///
  /// The editor is one more way to fill the draft: nothing is saved here, and the draft's
  /// rules apply to what comes back as to what is typed (a result with no title is a draft
  /// with a problem shown). A file whose front matter the editor broke fills the body whole,
  /// so nothing written is lost, and says why; so is a front-matter line it sets no field by,
  /// kept at the top of the body and named in the outcome. The file is handed over ending with
  /// a line break, and the one it ends with is left out when the body had none.
  ///
  /// - Returns: Whether the draft changed.
  /// - Throws: ``ComposerError/notEditable``; ``ComposerError/editorFailed(_:)`` when the
  ///   editor couldn't run or failed (the draft is as it was);
  ///   ``ComposerError/editedFileUnreadable(_:)`` or ``ComposerError/unknownNotebook(_:)``
  ///   after the rest of what the editor wrote was taken.
  @discardableResult
  public func writeInEditor() async throws(ComposerError) -> EditorOutcome {
    guard isEditable else { throw .notEditable }
    let sent = document(of: draft.content)
    let returned: Data
    do { returned = try await editor.edit(sent, fileName: fileName) } catch {
      guard case .endedAfterWriting(let ending, let leftover) = error else {
        throw .editorFailed(error)
      }
      throw keepWhatTheEditorWrote(leftover, endedBy: ending, failure: error)
    }
    guard returned != sent else { return .unchanged }
    // The composer may have been closed while the editor ran (a signal's drafts kept).
    guard isEditable else { throw .notEditable }
    let edited: EditableNote
    do { edited = try NoteDocument.editableNote(from: returned) } catch {
      draft.body = String(decoding: returned, as: UTF8.self)
      holdUnsavedText()
      throw .editedFileUnreadable(error.reason)
    }
    // Editors end a file with a line break (vi always does): one the body didn't have before
    // is the editor's, not the user's.
    let addedLineBreak = edited.body.hasSuffix("\n") && !draft.body.hasSuffix("\n")
    let body = addedLineBreak ? String(edited.body.dropLast()) : edited.body
    let tags = DraftRules.tags(from: edited.tags.joined(separator: " "))
    // Notebooks another process made while the editor ran can be named too.
    client.refresh()
    let notebookID = edited.notebookName.map { client.notebook(named: $0)?.id }
    let content = NoteDraft.Content(
      title: edited.title, body: body, tags: tags,
      notebookID: notebookID.map { $0 ?? draft.notebookID } ?? nil, properties: edited.properties)
    let unknownNotebook = notebookID == .some(nil) ? edited.notebookName : nil
    // Written back as it was (`:wq` with no edit): nothing changed, whatever the bytes.
    guard content != draft.content || unknownNotebook != nil else { return .unchanged }
    draft.title = content.title
    draft.body = content.body
    draft.tags = content.tags
    draft.notebookID = content.notebookID
    draft.properties = content.properties
    holdUnsavedText()
    if let unknownNotebook { throw .unknownNotebook(unknownNotebook) }
    return .changed(keysKeptInBody: edited.keysKeptInBody)
  }

  /// The draft's content as a Markdown file, as the editor is given it and unsaved text is held.
  ///
  /// The file ends with a line break, as a text file does, so a line a script appends
  /// (`echo … >> "$1"`) is a line of its own; one the body didn't have is left out again as
  /// the file is read back, by ``writeInEditor()`` and ``draft(of:client:now:)``.
  func document(of content: NoteDraft.Content) -> Data {
    let ending = content.body.isEmpty || content.body.hasSuffix("\n") ? "" : "\n"
    return NoteDocument.data(
      ofEditable: EditableNote(
        title: content.title, body: content.body + ending, tags: content.tags,
        notebookName: content.notebookID.flatMap { notebook($0)?.name },
        properties: content.properties))
  }

  /// The name of the draft's file: it says which note it is (`note-ID.md`, or `new-note.md`),
  /// so one left behind by a crash is kept as that note's draft
  /// (``keepLeftoverEdits(client:editor:now:)``).
  var fileName: String {
    opened.map { Self.fileNamePrefix + $0.id.uuidString.lowercased() + ".md" } ?? "new-note.md"
  }

  /// Keeps the text of an editor that failed after writing as a kept draft of its own, listed
  /// in ``keptDrafts`` (`draft N` goes on with it); the file goes once the draft is kept.
  ///
  /// Notes in memory keep nothing past the session, so there the file stays, named.
  ///
  /// - Returns: The error to throw: the draft kept and where it is listed, or, when the client
  ///   refused it or keeps nothing past the session, the editor's failure, which names the file
  ///   left.
  private func keepWhatTheEditorWrote(
    _ leftover: LeftoverEdit, endedBy ending: EditorEnding, failure: TextEditingError
  ) -> ComposerError {
    guard client.keepsDraftsPastTheSession,
      let kept = Self.keep(leftover, client: client, editor: editor, now: now)
    else {
      return .editorFailed(failure)
    }
    keptDrafts = Self.newestFirst(keptDrafts.filter { !$0.isKept(as: kept) } + [kept])
    let position = keptDrafts.firstIndex { $0.isKept(as: kept) } ?? 0
    return .editorEndedAfterWriting(ending, draftPosition: position)
  }
}
