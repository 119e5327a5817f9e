import FieldNotesFormats
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

/// The app-wide commands that work on the whole library: `export`, `import` and `reindex`.
///
/// They live outside the composition root so the app stays a list of parts as commands are
/// added; the app adds ``commands(for:)`` to its shell.
@MainActor
public struct LibraryCommands {
  /// The store the commands read and write.
  let store: NoteStore
  /// The store's file, which `export` never writes over; `nil` for notes kept in memory.
  let storePath: String?
  /// The store's search index.
  let searchIndex: any SearchIndexUpkeep
  /// The time zone dates are shown in: a jrnl journal's dates are read in it, and a conflict
  /// copy an import keeps is titled with it.
  let timeZone: TimeZone
  /// The record of what `export FILE` wrote where, so it replaces only a file it wrote.
  let exportRecord: String?
  /// Where the records of what `export FOLDER/` wrote are kept, or `nil` for the folder itself.
  let folderExportRecords: String?

  /// Creates the commands for a store.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - searchIndex: The store's search index, which `reindex` rebuilds.
  ///   - storePath: The store's file, or `nil` when the notes are kept in memory.
  ///   - timeZone: The time zone dates are shown in.
  ///   - exportRecord: The record of what `export FILE` wrote where; `nil` for none, when only
  ///     a file already holding the same bytes is replaced.
  ///   - folderExportRecords: Where the records of what `export FOLDER/` wrote are kept; `nil`
  ///     to keep each in its folder.
  public init(
    store: NoteStore, searchIndex: any SearchIndexUpkeep, storePath: String?,
    timeZone: TimeZone = .current, exportRecord: String? = nil, folderExportRecords: String? = nil
  ) {
    self.store = store
    self.searchIndex = searchIndex
    self.storePath = storePath
    self.timeZone = timeZone
    self.exportRecord = exportRecord
    self.folderExportRecords = folderExportRecords
  }

  /// The commands, for a shell whose screens navigate by `Route`.
  ///
  /// - Parameter route: The shell's route type.
  /// - Returns: `export`, `import` and `reindex`.
  public func commands<Route>(for route: Route.Type) -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["export"], arguments: .one("FILE|FOLDER/"),
        summary: "write every note to FILE (JSON; Markdown for .md) or FOLDER/",
        worksInModalScreens: false
      ) { shell, arguments, _ throws(CommandLineError) in
        shell.output.print(try export(to: PathCompletion.expandingTilde(arguments[0])))
        return .done
      }
      .completingPaths()
      .takingName(),
      ShellCommand(
        ["import"], usage: "import PATH [--notebook NAME]",
        summary: "read notes: a Markdown folder or file, an export, a jrnl journal",
        worksInModalScreens: false
      ) { shell, arguments, _ throws(CommandLineError) in
        guard arguments.count == 1 else { throw .usage("import PATH [--notebook NAME]") }
        let (path, notebook) = Self.splitNotebookOption(arguments[0])
        guard !path.isEmpty, notebook.map({ !$0.isEmpty }) ?? true else {
          throw .usage("import PATH [--notebook NAME]")
        }
        // Ctrl-C stops it, and nothing of it is saved.
        let report = try await LineInterruption.stoppable { () throws(CommandLineError) in
          try importLibrary(from: PathCompletion.expandingTilde(path), intoNotebook: notebook)
        }
        // A line at a time, as every report is printed.
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
          shell.output.print(String(line))
        }
        return .done
      }
      .completingPaths()
      .takingName(),
      ShellCommand(
        ["reindex"], arguments: .none, summary: "rebuild the search index from the notes"
      ) { shell, _, _ throws(CommandLineError) in
        // Ctrl-C stops it, and the index is as it was.
        shell.output.print(
          try await LineInterruption.stoppable { () throws(CommandLineError) in
            try rebuildSearchIndex()
          })
        return .done
      },
    ]
  }

  /// Writes every note to a file — JSON, or Markdown when its name ends in `.md` — or, when
  /// the path is a folder or ends in `/`, to a folder of Markdown files.
  ///
  /// - Parameter path: The file or folder.
  /// - Returns: What was written, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` naming the file and why.
  func export(to path: String) throws(CommandLineError) -> String {
    let library: NoteLibrary
    do throws(NoteStoreError) { library = try store.wholeLibrary() } catch {
      throw .refused(
        "nothing was exported: \(error.errorDescription ?? "the notes could not be read")")
    }
    let storeFiles = storePath.map(SQLiteNoteRepository.files(ofStoreAt:)) ?? []
    let counts =
      "\(String(count: library.notes.count, noun: "note")) and "
      + "\(String(count: library.notebooks.count, noun: "notebook"))"
    if Self.isFolder(path) {
      do throws(AtomicFile.Failure) {
        let export = try MarkdownFolderWriter.write(
          library, to: path, sparing: storeFiles, records: folderExportRecords)
        let files = MarkdownFolderWriter.writeAttachments(
          from: store.journal, in: library, in: path,
          besideFilesOf: export.paths, sparing: storeFiles)
        let kept = export.leftAsTheyAre
        return "Exported \(counts) to \(path.terminalSafe) as "
          + "\(String(count: export.written, noun: "Markdown file"))"
          + (files.written > 0
            ? " and \(String(count: files.written, noun: "attachment"))" : "") + "."
          + Self.attachmentExportLines(files)
          + (kept.isEmpty
            ? ""
            : " Left \(String(count: kept.count, noun: "file")) already there as "
              + (kept.count == 1 ? "it is" : "they are") + " ("
              + kept.map(\.terminalSafe).joined(separator: ", ") + "); "
              + (kept.count == 1
                ? "the note of its name is written beside it under another name."
                : "the notes of their names are written beside them under other names."))
      } catch {
        throw .refused(Self.fileMessage(error.path, error.reason))
      }
    }
    let isMarkdown = path.lowercased().hasSuffix(".md")
    do {
      let data =
        isMarkdown
        ? LibraryArchive.markdown(library, timeZone: timeZone) : try LibraryArchive.json(library)
      try ExportFileWriter.write(data, to: path, sparing: storeFiles, record: exportRecord)
    } catch let error as LibraryArchiveError {
      throw .refused(Self.fileMessage(path, error.errorDescription ?? ""))
    } catch {
      throw .refused(
        Self.fileMessage(path, (error as? AtomicFile.Failure)?.reason ?? "\(error)"))
    }
    // A file of text holds no attachment; the first note found keeping one says so.
    let isAttached = library.notes.contains {
      (try? store.journal.attachments(ofNote: $0.id).isEmpty) == false
    }
    return "Exported \(counts) to \(path.terminalSafe)" + (isMarkdown ? " as Markdown." : ".")
      + (isAttached
        ? " It holds none of the attachments kept with the notes: export to a folder "
          + "(`export FOLDER/`) to write them beside the notes."
        : "")
  }

  /// What an export into a folder says of the attachments it kept apart or didn't write.
  private static func attachmentExportLines(_ files: MarkdownFolderWriter.AttachmentExport)
    -> String
  {
    var lines: [String] = []
    if !files.keptApart.isEmpty {
      lines.append(
        "Wrote \(String(count: files.keptApart.count, noun: "attachment")) under "
          + "\(MarkdownFolderWriter.attachmentsFolder)/, since the reference leads out of the "
          + "folder (the note's text is as written):")
      lines += files.keptApart.map { "  \($0.terminalSafe)" }
    }
    if !files.notWritten.isEmpty {
      lines.append(
        "Wrote no file for \(String(count: files.notWritten.count, noun: "attachment")) "
          + "(each stays kept with its note):")
      lines += files.notWritten.map { "  \($0.path.terminalSafe): \($0.reason)" }
    }
    return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n")
  }

  /// Reads notes and notebooks from a folder of Markdown files, one Markdown file, a FieldNotes
  /// JSON export or a jrnl journal; those already here are skipped.
  ///
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - notebookName: The notebook to put every note in (made if missing), or `nil` to keep
  ///     each note's own.
  /// - Returns: What was read, imported and skipped, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` naming the file and why;
  ///   nothing was imported then.
  func importLibrary(from path: String, intoNotebook notebookName: String? = nil)
    throws(CommandLineError) -> String
  {
    let notebooks: [Notebook]
    do throws(NoteStoreError) { notebooks = try store.savedNotebooks() } catch {
      throw .refused("Nothing was imported: \(error.errorDescription ?? "the store can't be read")")
    }
    var notebook: Notebook?
    if let notebookName {
      notebook = notebooks.notebook(named: notebookName)
      if notebook == nil {
        do throws(NotebookNameError) {
          let name = try NotebookName.validated(notebookName, among: notebooks)
          notebook = Notebook(id: UUID(derivedFrom: Array("notebook\u{0}\(name)".utf8)), name: name)
        } catch {
          throw .refused("Nothing was imported: \(error.errorDescription ?? "a bad notebook name")")
        }
      }
    }
    let reading: ImportReader.Reading
    do throws(ImportReader.Failure) {
      reading = try ImportReader.read(
        path, into: notebook, existing: notebooks, timeZone: timeZone)
    } catch {
      let reason =
        error.reason.contains("nothing was imported")
        ? error.reason : error.reason + "; nothing was imported"
      throw .refused(Self.fileMessage(path, reason))
    }
    // The repeated journal entries here already, from an import before: not new now.
    let knownBefore: Set<Note.ID>
    do throws(NoteStoreError) {
      knownBefore = try LibraryImport.savedNoteIDs(
        among: reading.repeatedEntries.map(\.id), in: store)
    } catch {
      throw .refused(
        "nothing was imported: \(error.errorDescription ?? "the store can't be read")")
    }
    let summary: LibraryImport.Summary
    do throws(LibraryImportError) {
      summary = try LibraryImport.merge(
        into: store,
        reading.source, timeZone: timeZone, progress: Self.importProgress())
    } catch {
      let message = error.errorDescription ?? "The notes were not imported."
      throw .refused(
        message.lowercased().contains("nothing was imported")
          ? message : message + " Nothing was imported.")
    }
    var lines = [
      "Read \(reading.kind.description) from \(path.terminalSafe).",
      "Imported \(String(count: summary.addedNotes, noun: "note")) and "
        + "\(String(count: summary.addedNotebooks, noun: "notebook")); "
        + "skipped \(summary.skippedNotes) already here"
        + (summary.repeatedNotes > 0
          ? " and \(summary.repeatedNotes) repeating an id given earlier in the "
            + (reading.places == nil ? "file." : "files.") : "."),
    ]
    if summary.addedNotes > 0 { lines += Self.tagLines(reading.renamedTags) }
    lines += Self.listed(
      summary.restoredFromTrash,
      "Brought \(String(count: summary.restoredFromTrash.count, noun: "note")) back from the "
        + "trash, as deleted, since the import holds "
        + (summary.restoredFromTrash.count == 1 ? "it:" : "them:"))
    let notebookless = summary.notebooklessPlaces.map(reading.name(ofNoteAt:))
    lines += Self.listed(
      notebookless,
      "Put \(String(count: notebookless.count, noun: "note")) in No Notebook: the notebook "
        + (notebookless.count == 1 ? "it names is" : "each names is")
        + " neither here nor in the import:")
    for rename in summary.renamedNotebooks {
      lines.append(
        "The notebook \u{201C}\(rename.from.terminalSafe)\u{201D} was added as "
          + "\u{201C}\(rename.to.terminalSafe)\u{201D}: its name is taken, or opens something else."
      )
    }
    let repeated = reading.repeatedEntries.filter { !knownBefore.contains($0.id) }.map(\.place)
    lines += Self.listed(
      repeated,
      repeated.count == 1
        ? "1 entry repeated an entry before it, and was imported as a note of its own:"
        : "\(repeated.count) entries repeated an entry before them, and were imported as notes "
          + "of their own:")
    let apart = summary.keptApartPlaces.map(reading.name(ofNoteAt:))
    lines += Self.listed(
      apart,
      "Kept \(String(count: apart.count, noun: "note")) apart that gave an id an earlier note of "
        + "the import gave, with other text: \(apart.count == 1 ? "it was" : "they were") added "
        + "as \(apart.count == 1 ? "a note" : "notes") of \(apart.count == 1 ? "its" : "their") "
        + "own:")
    if summary.conflictCopies > 0 {
      let count = summary.conflictCopies
      let files =
        reading.places == nil ? [] : summary.conflictPlaces.map(reading.name(ofNoteAt:)).sorted()
      let heading =
        "Kept \(String(count: count, noun: "note")) whose text differs from the note here of "
        + "\(count == 1 ? "its" : "their") id as \(count == 1 ? "a conflict copy" : "conflict copies"): "
        + "`conflicts` on the notebooks screen compares \(count == 1 ? "it" : "each") with the "
        + "note here"
      lines += files.isEmpty ? [heading + "."] : Self.listed(files, heading + ":")
    }
    if !reading.skipped.isEmpty {
      lines.append(
        "Left out \(String(count: reading.skipped.count, noun: "file")):")
      let shown = reading.skipped.prefix(Self.skippedFilesShown)
      lines += shown.map { "  \($0.path.terminalSafe): \($0.reason)" }
      if reading.skipped.count > shown.count {
        lines.append("  … and \(reading.skipped.count - shown.count) more")
      }
    }
    lines += Self.attachmentLines(
      kept: summary.keptAttachments, refused: reading.refusedAttachments)
    if !summary.attachmentsNotReplaced.isEmpty {
      let files = summary.attachmentsNotReplaced.sorted { $0.key < $1.key }.flatMap {
        place, names in
        names.map { "  \(reading.name(ofNoteAt: place).terminalSafe) → \($0.terminalSafe)" }
      }
      lines.append(
        "Kept \(String(count: files.count, noun: "attachment")) as the store has "
          + (files.count == 1 ? "it" : "them") + " (an attachment is never replaced); the "
          + "folder's file of that name is another size, and was not brought in:")
      lines += files
    }
    if !reading.frontMattersKeptAsText.isEmpty {
      let files = reading.frontMattersKeptAsText
      lines.append(
        "Kept the opening --- of \(String(count: files.count, noun: "file")) as text, since it "
          + "is no front matter: "
          + files.prefix(Self.skippedFilesShown).map(\.terminalSafe).joined(separator: ", ")
          + (files.count > Self.skippedFilesShown ? ", …" : ""))
    }
    return lines.joined(separator: "\n")
  }

  /// What an import says of the files its notes reference: how many it kept with them, and
  /// every reference it found no file for or refused, with why (each is named, however many).
  private static func attachmentLines(kept: Int, refused: [MarkdownFolderReader.SkippedFile])
    -> [String]
  {
    var lines: [String] = []
    if kept > 0 {
      lines.append(
        "Kept \(String(count: kept, noun: "attachment")) with the notes referencing "
          + (kept == 1 ? "it" : "them") + "; a note's page lists its own.")
    }
    if !refused.isEmpty {
      lines.append(
        "Kept no file for \(String(count: refused.count, noun: "reference")) (the note's text "
          + "is as written):")
      lines += refused.map { "  \($0.path.terminalSafe): \($0.reason)" }
    }
    return lines
  }

  /// How many of the files an import left out it names; the rest are counted.
  static let skippedFilesShown = 20

  /// A heading and the files under it, the first ``skippedFilesShown`` named; nothing for no
  /// files.
  private static func listed(_ paths: [String], _ heading: String) -> [String] {
    guard !paths.isEmpty else { return [] }
    let shown = paths.prefix(skippedFilesShown)
    return [heading] + shown.map { "  \($0.terminalSafe)" }
      + (paths.count > shown.count ? ["  … and \(paths.count - shown.count) more"] : [])
  }

  /// What an import says of the tags it renamed to fit FieldNotes' rule: how many, and the
  /// first few (`@work → work`); nothing when it renamed none.
  private static func tagLines(_ renames: [TagRename]) -> [String] {
    guard !renames.isEmpty else { return [] }
    let shown = renames.prefix(skippedFilesShown).map { rename in
      rename.written.terminalSafe
        + (rename.kept.map { " \u{2192} \($0.terminalSafe)" } ?? " dropped")
    }
    let more = renames.count > shown.count ? ", \u{2026}" : ""
    return [
      (renames.count == 1 ? "1 tag was" : "\(renames.count) tags were")
        + " renamed to fit FieldNotes' tag rules (\(shown.joined(separator: ", "))\(more))."
    ]
  }

  /// Whether an export goes to a folder: the path ends in `/` or is a folder already.
  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return path.hasSuffix("/") || (stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
  }

  /// `PATH --notebook NAME` taken apart; a path or name in quotes loses them.
  static func splitNotebookOption(_ text: String) -> (path: String, notebook: String?) {
    let unquoted = { (part: Substring) -> String in
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      for quote in ["\"", "'"]
      where trimmed.count >= 2 && trimmed.hasPrefix(quote) && trimmed.hasSuffix(quote) {
        return String(trimmed.dropFirst().dropLast())
      }
      return trimmed
    }
    guard let option = text.range(of: " --notebook", options: .backwards),
      option.upperBound == text.endIndex || text[option.upperBound] == " "
    else { return (unquoted(Substring(text)), nil) }
    return (unquoted(text[..<option.lowerBound]), unquoted(text[option.upperBound...]))
  }

  /// Rebuilds the store's search index from its notes.
  ///
  /// - Returns: What was rebuilt, for the user.
  /// - Throws: ``FieldNotesTerminal/CommandLineError/refused(_:)`` saying why it was not.
  func rebuildSearchIndex() throws(CommandLineError) -> String {
    let count: Int
    do throws(NoteStoreError) {
      // A store with no index has none to rebuild: every search reads all its notes.
      let rebuilt: Int?
      do { rebuilt = try searchIndex.rebuildSearchIndex() } catch { throw .persistence(error) }
      if let rebuilt { count = rebuilt } else { count = try store.noteCount(in: .allNotes) }
    } catch {
      throw .refused("the search index was not rebuilt: \(error.errorDescription ?? "")")
    }
    return "Rebuilt the search index from \(String(count: count, noun: "note"))."
  }

  /// What an import says while it writes, on a terminal only: a line every 10,000 notes, on
  /// standard error, so a script's output is the result alone.
  private static func importProgress() -> (Int, Int) -> Void {
    guard isatty(STDERR_FILENO) != 0 else { return { _, _ in } }
    return { written, total in
      FileHandle.standardError.write(
        Data("Importing: \(written) of \(total) notes and notebooks written…\n".utf8))
    }
  }

  /// An error about a file: its path, then what is wrong with it.
  private static func fileMessage(_ path: String, _ reason: String) -> String {
    "\(path.terminalSafe): \(reason)"
  }
}
