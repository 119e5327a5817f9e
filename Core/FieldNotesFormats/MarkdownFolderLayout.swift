import FieldNotesModel
import Foundation

/// A library as a folder people can read: one Markdown file per note, named from its title,
/// and a folder per notebook, nested as its name is (`Areas/Health/`).
///
/// ```
/// Field trips/
///   .notebook.md          the notebook's own file: its id, symbol and name, when the
///                         folder alone doesn't say them (see notebook(readFrom:))
///   Heron at the lake.md  a note's file, as the sync writes it (see NoteDocument)
/// Shopping list.md        a note in no notebook
/// ```
///
/// Every file is ``NoteDocument``'s, so importing the folder gives back the same library, field
/// for field; a note's file names its notebook (`notebook: Field trips`), as a person and other
/// tools read it, and its folder's `.notebook.md`, where the folder alone doesn't say it, keeps
/// the notebook's identity. Names are readable and safe on every disk: characters no system
/// allows in a name (`/ \ : * ? " < > |`, control characters and the marks that turn text
/// around) become `-`, leading dots and trailing dots and spaces go, names Windows reserves
/// (`CON`, `NUL`, `COM1`…) get a `_` in front, and a name is cut to ``maximumNameBytes``. Two
/// names that differ only in case (or in how an accent is encoded) are made distinct with
/// " (2)", " (3)", since a Mac's disk holds only one of them.
public enum MarkdownFolderLayout {
  /// The file in a notebook's folder that keeps the notebook's identity.
  public static let notebookFileName = ".notebook.md"
  /// The longest name of a file or folder, before its ` (N)` and `.md`, in UTF-8 bytes: below
  /// the 255 every common file system allows, with room to spare.
  public static let maximumNameBytes = 120

  /// One file of the folder.
  public struct File: Hashable, Sendable {
    /// Its path inside the folder, with `/` between parts.
    public var path: String
    /// Its bytes.
    public var data: Data
    /// The identifier of the note or notebook it holds.
    public var id: UUID
    /// When the file is to say it was last changed: the note's last change, for a note's file
    /// given back as it was imported (which a file without dates is read by); `nil` for any
    /// date.
    public var modified: Date?
  }

  /// The files of a library's folder, and the paths already there that they went around.
  public struct Plan: Hashable, Sendable {
    /// The files, each path unique ignoring case, none at an occupied path.
    public var files: [File]
    /// The occupied paths a note or notebook would have had, or tried on its way to a free
    /// name: the files (and folders) an export left as they are in its stead, sorted.
    public var wentAround: [String]
  }

  /// The files of a library's folder: notebooks' folders first, in the library's order, then
  /// each note, oldest first, so the same library always gets the same names.
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - occupied: Paths in the folder that are not to be written (files and folders that
  ///     aren't the export's own, at any depth): a note or notebook whose
  ///     name is one of them, ignoring case, gets the next free name, " (2)" and on.
  /// - Returns: The files, each path unique ignoring case, none at an occupied path.
  public static func files(of library: NoteLibrary, avoiding occupied: Set<String> = [])
    -> [File]
  {
    plan(of: library, avoiding: occupied).files
  }

  /// The notebook an import reads a folder of notes as when no ``notebookFileName`` names it:
  /// named from the folder's path (``notebookName(forFolder:)``), its identifier made from that
  /// name (ignoring case), so a folder reads as the same notebook in every import.
  ///
  /// - Parameter folder: The folder's path in the folder imported (`Areas/Health`).
  /// - Returns: The notebook, with the default symbol.
  public static func notebook(readFrom folder: String) -> Notebook {
    importedNotebook(named: notebookName(forFolder: folder))
  }

  /// The notebook an import makes for a name no notebook of the store has and no
  /// ``notebookFileName`` gives an identifier: its identifier made from the name, ignoring
  /// case, the same in every import.
  ///
  /// - Parameter name: The name, from a folder or a note's front matter.
  /// - Returns: The notebook, with the default symbol.
  public static func importedNotebook(named name: String) -> Notebook {
    Notebook(id: UUID(derivedFrom: Array("notebook\u{0}\(name.lowercased())".utf8)), name: name)
  }

  /// The name a folder of notes gives its notebook: its path, each part's control characters
  /// as spaces and its ends trimmed (an empty part is `Untitled folder`); only the last part
  /// when the whole is longer than a notebook's name may be.
  ///
  /// - Parameter folder: The folder's path in the folder imported.
  /// - Returns: The name.
  public static func notebookName(forFolder folder: String) -> String {
    let parts = folder.split(separator: "/").map { part in
      let plain = String(
        String.UnicodeScalarView(
          part.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
      )
      .trimmingCharacters(in: .whitespaces)
      return plain.isEmpty ? "Untitled folder" : plain
    }
    let whole = parts.joined(separator: "/")
    if whole.count <= NotebookName.maximumLength { return whole }
    return String((parts.last ?? whole).prefix(NotebookName.maximumLength))
  }

  /// The files of a library's folder (``files(of:avoiding:)``), and what they went around.
  ///
  /// A notebook named with `/` (`Areas/Health`, as an import names a vault's nested folder) is
  /// a folder in a folder, each part made safe on its own (``folderParts(of:)``); the folders
  /// above a notebook's own are shared by every notebook under them, and are the folder of the
  /// notebook so named when there is one (`Areas`).
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - occupied: Paths in the folder that are not to be written.
  ///   - directories: The folders already in the folder (never a link to one): a folder above
  ///     a notebook's own goes into the one of its name, rather than around it, its entries
  ///     staying occupied; a notebook's own folder goes around any that is occupied.
  ///   - earlierFolders: The folders among those whose ``notebookFileName`` an earlier export
  ///     wrote, and still holds, by their notebook: each stays that notebook's own, whatever the
  ///     case of its name, so a layout, once written, is every later export's.
  /// - Returns: The files, and the occupied paths passed over.
  public static func plan(
    of library: NoteLibrary, avoiding occupied: Set<String> = [],
    entering directories: Set<String> = [], keeping earlierFolders: [Notebook.ID: String] = [:]
  ) -> Plan {
    var files: [File] = []
    var folders = FolderNames(occupied: occupied, directories: directories)
    var notebookFolders: [Notebook.ID: String] = [:]
    let filed = Set(library.notes.compactMap(\.notebookID))
    for notebook in library.notebooks {
      let folder = folders.claimFolder(
        for: folderParts(of: notebook.name), earlierFolder: earlierFolders[notebook.id])
      notebookFolders[notebook.id] = folder
      // A folder of notes that an import reads as this very notebook needs no file to say so:
      // an imported vault's folders come back holding only what they held.
      guard notebook != self.notebook(readFrom: folder) || !filed.contains(notebook.id) else {
        continue
      }
      files.append(
        File(
          path: "\(folder)/\(notebookFileName)", data: NoteDocument.data(of: notebook),
          id: notebook.id, modified: nil))
    }
    let names = Dictionary(library.notebooks.map { ($0.id, $0.name) }) { first, _ in first }
    for note in NoteSortOrder.oldest.sorted(library.notes) {
      let folder = note.notebookID.flatMap { notebookFolders[$0] } ?? ""
      files.append(
        file(of: note, in: folder, notebookName: note.notebookID.flatMap { names[$0] }) {
          folders.claimFile($0, suffix: $1, in: folder)
        })
    }
    return Plan(files: files, wentAround: folders.passedOver.sorted())
  }

  /// A note's file in its folder: under the name it was imported under while its title is the
  /// one it had then (``NoteDocument/keptFileName(of:)``), else one from its title; as the bytes
  /// it was imported from while they still read as the note
  /// (``NoteDocument/importedFileData(of:at:)``), else in FieldNotes' format.
  private static func file(
    of note: Note, in folder: String, notebookName: String?,
    claiming claim: (_ stem: String, _ suffix: String) -> String
  ) -> File {
    let kept = NoteDocument.keptFileName(of: note)
    let suffix = kept?.extension ?? ".md"
    let stem = claim(kept?.stem ?? name(for: note.title, fallback: "Untitled"), suffix)
    let path = folder.isEmpty ? stem + suffix : "\(folder)/\(stem)\(suffix)"
    if let original = NoteDocument.importedFileData(of: note, at: path) {
      return File(path: path, data: original, id: note.id, modified: note.updatedAt)
    }
    return File(
      path: path, data: NoteDocument.data(of: note, inNotebookNamed: notebookName), id: note.id)
  }

  /// The folders a notebook's name makes, outermost first: each part between slashes made a
  /// safe name (``name(for:fallback:)``, "Untitled folder" for a part of which nothing is
  /// left), empty parts passed over.
  ///
  /// - Parameter name: The notebook's name.
  /// - Returns: The parts; `["Notebook"]` when the name has none.
  public static func folderParts(of name: String) -> [String] {
    let parts = name.split(separator: "/").map {
      Self.name(for: String($0), fallback: "Untitled folder")
    }
    return parts.isEmpty ? ["Notebook"] : parts
  }

  /// A readable name for a file or folder from a title, safe on every common disk.
  ///
  /// - Parameters:
  ///   - title: The title or notebook name.
  ///   - fallback: The name when nothing of the title is left.
  /// - Returns: The name, without an extension.
  public static func name(for title: String, fallback: String) -> String {
    let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
    var name = String(
      title.map { character in
        character.isNewline || character == "\t"
          ? " " : forbidden.contains(character) ? "-" : character
      }
    )
    name = String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { isHidden($0) ? "-" : $0 }))
    name = name.trimmingCharacters(in: .whitespaces)
    while name.hasPrefix(".") { name.removeFirst() }
    var cut = ""
    for character in name where cut.utf8.count + character.utf8.count <= maximumNameBytes {
      cut.append(character)
    }
    name = String(cut.reversed().drop(while: { $0 == "." || $0 == " " }).reversed())
    if name.isEmpty { return fallback }
    let stem = name.split(separator: ".").first.map { String($0).uppercased() } ?? ""
    let reserved =
      ["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] }
    return reserved.contains(stem.trimmingCharacters(in: .whitespaces)) ? "_" + name : name
  }

  /// Whether a character would hide in a name or turn it around.
  ///
  /// Such are the control characters, the spaces of no width (U+200B, U+2060, U+FEFF) and the
  /// marks that change the direction of the text (U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069, which can make `txt.exe` read as `exe.txt`). The joiners of an emoji are
  /// kept.
  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
      || [0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF].contains(scalar.value)
  }

  /// The key two names share when a disk that ignores case and accents' encoding can't tell
  /// them apart.
  ///
  /// - Parameter name: A file's or folder's name.
  /// - Returns: The key.
  public static func collisionKey(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased()
      .precomposedStringWithCanonicalMapping
  }

  /// The names handed out in every folder of an export, and the folders made or entered.
  private struct FolderNames {
    /// Each folder's names, by the folder's path (`""` for the top).
    private var names: [String: UniqueNames] = [:]
    /// The occupied entries of each folder, by the folder's path.
    private let occupiedIn: [String: [String]]
    /// The folders already there that may be entered, by their parent's path and their
    /// names' collision keys.
    private let directoriesIn: [String: [String: String]]
    /// The folders of this export, by their parent's path and the collision key of the part
    /// they were made for.
    private var made: [String: [String: String]] = [:]
    /// The folders that are a notebook's own.
    private var ownFolders = Set<String>()
    /// The folders that were there before the export, entered.
    private var entered = Set<String>()
    /// The folders already there.
    private let directories: Set<String>

    init(occupied: Set<String>, directories: Set<String>) {
      self.directories = directories
      var occupiedIn: [String: [String]] = [:]
      for path in occupied {
        let (parent, name) = Self.split(path)
        occupiedIn[parent, default: []].append(name)
      }
      self.occupiedIn = occupiedIn
      var directoriesIn: [String: [String: String]] = [:]
      // Of folders there whose names differ only in case, the first in order: the same one
      // every time.
      for path in directories.sorted() {
        let (parent, name) = Self.split(path)
        let key = MarkdownFolderLayout.collisionKey(name)
        if directoriesIn[parent]?[key] == nil { directoriesIn[parent, default: [:]][key] = name }
      }
      self.directoriesIn = directoriesIn
    }

    /// A path's folder and its last part.
    private static func split(_ path: String) -> (folder: String, name: String) {
      guard let slash = path.lastIndex(of: "/") else { return ("", path) }
      return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// The names of a folder, made the first time it is asked for.
    private mutating func withNames<Result>(
      in folder: String, _ body: (inout UniqueNames) -> Result
    ) -> Result {
      if names[folder] == nil { names[folder] = UniqueNames(occupied: occupiedIn[folder] ?? []) }
      return body(&names[folder, default: UniqueNames()])
    }

    /// A notebook's own folder, through the folders above it; `earlierFolder` is the one an
    /// earlier export gave it, if it is still there.
    mutating func claimFolder(for parts: [String], earlierFolder: String?) -> String {
      var parent = ""
      for (index, part) in parts.enumerated() {
        let isOwn = index == parts.count - 1
        let key = MarkdownFolderLayout.collisionKey(part)
        let path: String
        // Of folders there differing only in case, the notebook's earlier one is its own; else
        // the one of the part's exact name; else the first in order.
        let existing: String?
        let exact = parent.isEmpty ? part : "\(parent)/\(part)"
        if isOwn, let earlierFolder, directories.contains(earlierFolder),
          Self.split(earlierFolder).folder == parent,
          MarkdownFolderLayout.collisionKey(Self.split(earlierFolder).name) == key
        {
          existing = Self.split(earlierFolder).name
        } else if directories.contains(exact) {
          existing = part
        } else {
          existing = directoriesIn[parent]?[key]
        }
        let existingPath = existing.map { parent.isEmpty ? $0 : "\(parent)/\($0)" }
        // A folder already there may be a notebook's own only by its exact name (the vault it
        // came from, exported into again), so the name reads back the same, and only where no
        // `.notebook.md` of another's is; one above a notebook's, whatever its case.
        // Or by the folder an earlier export gave the notebook, whatever its case (a notebook
        // sharing, but for its case, a folder made above another's: `areas/Birds`, `Areas`).
        let wasItsFolder = existingPath != nil && existingPath == earlierFolder
        let mayBeOwn =
          (existing == part || wasItsFolder)
          && !(occupiedIn[existingPath ?? ""] ?? []).contains(MarkdownFolderLayout.notebookFileName)
        if let shared = made[parent]?[key],
          !isOwn || !(ownFolders.contains(shared) || (entered.contains(shared) && !mayBeOwn))
        {
          // A folder this export made or entered on the way to another notebook's: the same
          // whichever of the two notebooks comes first.
          path = shared
        } else if let existingPath, !ownFolders.contains(existingPath),
          !entered.contains(existingPath), !isOwn || mayBeOwn
        {
          // A folder already there is entered; what is in it is occupied file by file, and no
          // folder made beside it later differs from its name only in case.
          path = existingPath
          entered.insert(path)
          withNames(in: parent) { $0.take(Self.split(path).name) }
        } else {
          let name = withNames(in: parent) { $0.claim(part) }
          path = parent.isEmpty ? name : "\(parent)/\(name)"
        }
        if made[parent]?[key] == nil { made[parent, default: [:]][key] = path }
        if isOwn { ownFolders.insert(path) }
        parent = path
      }
      return parent
    }

    /// A note's file's stem in a folder, for a name ending in a suffix (`.md`).
    mutating func claimFile(_ stem: String, suffix: String, in folder: String) -> String {
      withNames(in: folder) { $0.claim(stem, suffix: suffix) }
    }

    /// The occupied paths a claim passed over.
    var passedOver: [String] {
      names.flatMap { folder, names in
        names.passedOver.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
      }
    }
  }

  /// Names handed out in one folder, each distinct from the others ignoring case.
  private struct UniqueNames {
    private var taken = Set<String>()
    /// The folder's entries that aren't the export's to write, by their collision keys.
    private let occupied: [String: String]
    /// The entries of ``occupied`` a claim passed over.
    private(set) var passedOver = Set<String>()
    /// The next number to try for each name, so that *n* notes of one title cost O(*n*).
    private var nextNumber: [String: Int] = [:]

    /// Names none is handed out as: the folder's entries that aren't the export's to write.
    init(occupied names: [String] = []) {
      occupied = Dictionary(names.map { (MarkdownFolderLayout.collisionKey($0), $0) }) { a, _ in
        a
      }
      taken = Set(occupied.keys)
    }

    /// Takes a name that is already there (a folder entered), so that no name handed out
    /// later differs from it only in case.
    mutating func take(_ name: String) {
      taken.insert(MarkdownFolderLayout.collisionKey(name))
    }

    /// The name itself if it is free, else it with " (2)", " (3)" and on.
    mutating func claim(_ name: String, suffix: String = "") -> String {
      let key = MarkdownFolderLayout.collisionKey(name)
      var candidate = name
      var number = nextNumber[key, default: 2]
      while case let candidateKey = MarkdownFolderLayout.collisionKey(candidate + suffix),
        !taken.insert(candidateKey).inserted
      {
        if let entry = occupied[candidateKey] { passedOver.insert(entry) }
        candidate = "\(name) (\(number))"
        number += 1
      }
      nextNumber[key] = number
      return candidate
    }
  }
}
