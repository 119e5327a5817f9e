import FieldNotesModel
import Foundation

/// A library as a folder people can read: one Markdown file per note, named from its title,
/// and a folder per notebook.
///
/// ```
/// Field trips/
///   .notebook.md          the notebook's own file: its id, symbol and name
///   Heron at the lake.md  a note's file, as the sync writes it (see NoteDocument)
/// Shopping list.md        a note in no notebook
/// ```
///
/// Every file is ``NoteDocument``'s, so importing the folder gives back the same library, field
/// for field; a note's file names its notebook (`notebook: Field trips`), as a person and other
/// tools read it, and its folder's `.notebook.md` keeps the notebook's identity. Names are readable and safe on every disk: characters no system allows in a name
/// (`/ \ : * ? " < > |`, control characters and the marks that turn text around) become `-`, leading dots and trailing dots and
/// spaces go, names Windows reserves (`CON`, `NUL`, `COM1`…) get a `_` in front, and a name is
/// cut to ``maximumNameBytes``. Two names that differ only in case (or in how an accent is
/// encoded) are made distinct with " (2)", " (3)", since a Mac's disk holds only one of them.
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
  ///     aren't the export's own, at the top or one folder down): a note or notebook whose
  ///     name is one of them, ignoring case, gets the next free name, " (2)" and on.
  /// - Returns: The files, each path unique ignoring case, none at an occupied path.
  public static func files(of library: NoteLibrary, avoiding occupied: Set<String> = [])
    -> [File]
  {
    plan(of: library, avoiding: occupied).files
  }

  /// The files of a library's folder (``files(of:avoiding:)``), and what they went around.
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - occupied: Paths in the folder that are not to be written.
  /// - Returns: The files, and the occupied paths passed over.
  public static func plan(of library: NoteLibrary, avoiding occupied: Set<String> = []) -> Plan {
    var files: [File] = []
    var folders: [Notebook.ID: String] = [:]
    var occupiedIn: [String: [String]] = [:]
    for path in occupied {
      let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
      if parts.count == 2 {
        occupiedIn[parts[0], default: []].append(parts[1])
      } else {
        occupiedIn["", default: []].append(path)
      }
    }
    // The top holds the notebooks' folders and the notes in no notebook: one set of names, so
    // a notebook called "Birds.md" and a note called "Birds" never claim the same name.
    var namesInFolder: [String: UniqueNames] = ["": UniqueNames(occupied: occupiedIn[""] ?? [])]
    for notebook in library.notebooks {
      let folder = namesInFolder["", default: UniqueNames()].claim(
        name(for: notebook.name, fallback: "Notebook"))
      folders[notebook.id] = folder
      namesInFolder[folder] = UniqueNames(occupied: occupiedIn[folder] ?? [])
      files.append(
        File(
          path: "\(folder)/\(notebookFileName)", data: NoteDocument.data(of: notebook),
          id: notebook.id))
    }
    let names = Dictionary(library.notebooks.map { ($0.id, $0.name) }) { first, _ in first }
    for note in NoteSortOrder.oldest.sorted(library.notes) {
      let folder = note.notebookID.flatMap { folders[$0] } ?? ""
      let stem = namesInFolder[folder, default: UniqueNames()].claim(
        name(for: note.title, fallback: "Untitled"), suffix: ".md")
      files.append(
        File(
          path: folder.isEmpty ? "\(stem).md" : "\(folder)/\(stem).md",
          data: NoteDocument.data(of: note, inNotebookNamed: note.notebookID.flatMap { names[$0] }),
          id: note.id))
    }
    let wentAround = namesInFolder.flatMap { folder, names in
      names.passedOver.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
    }
    return Plan(files: files, wentAround: wentAround.sorted())
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
