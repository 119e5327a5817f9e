import FieldNotesFormats
import FieldNotesModel
import Foundation

/// Where a note's attachment lives in the sync repository's tree: `attachments/ID/NAME`, the
/// note's lower-case identifier, then the attachment's name as the note's text writes it, its
/// folders as the tree's (`img/pic.png` is `attachments/ID/img/pic.png`), so a person browsing
/// the remote sees the file.
///
/// A name git can't hold as a path is written with escapes: `%` is always `%25`, a backslash
/// `%5C`, a control character its UTF-8 bytes (a tab is `%09`), and a part that is `.`, `..` or
/// `.git` (a name such as `../pic.png`, which an import keeps as written) is escaped whole
/// (`%2E%2E`). Reading a path undoes them, so every name round-trips exactly, and a path with a
/// raw `..`, an escape FieldNotes doesn't write, or a name FieldNotes' import would not keep
/// (``FieldNotesFormats/AttachmentReference/isKeepableName(_:)``, the one rule both follow) is
/// refused, with why. Pure: tested on values.
enum SyncAttachmentPath: Equatable, Sendable {
  /// An attachment's file: its note and name.
  case attachment(Note.ID, name: String)
  /// A path under the folder that isn't one, with why.
  case refused(String)

  /// The folder, at the top, that holds every note's attachments.
  static let folder = "attachments"

  /// The folder of a note's attachments.
  ///
  /// - Parameter id: The note.
  /// - Returns: `attachments/ID`.
  static func folder(of id: Note.ID) -> String { "\(folder)/\(id.uuidString.lowercased())" }

  /// The path of an attachment's file.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: Its note.
  /// - Returns: The path from the top; `nil` for a name with an empty part (`a//b.png`), which
  ///   no path can hold and no import keeps.
  static func path(of name: String, ofNote id: Note.ID) -> String? {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !parts.contains(where: \.isEmpty) else { return nil }
    return folder(of: id) + "/" + parts.map(escaped).joined(separator: "/")
  }

  /// Reads a path from the top: the attachment, or why it isn't one; `nil` when the path isn't
  /// under ``folder``.
  ///
  /// - Parameter path: The path, as `git diff-tree` or `git ls-tree` names it.
  init?(path: String) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.first == Substring(Self.folder) else { return nil }
    guard parts.count >= 3 else {
      self = .refused("not an attachment's file (attachments/NOTE/NAME)")
      return
    }
    guard let id = UUID(uuidString: String(parts[1])), parts[1] == id.uuidString.lowercased()
    else {
      self = .refused("not a note's identifier in lower case")
      return
    }
    guard !path.contains("\u{FFFD}") else {
      self = .refused("a name that isn't UTF-8")
      return
    }
    var names: [String] = []
    for part in parts.dropFirst(2) {
      guard part != "..", part != ".", !part.isEmpty else {
        self = .refused("a path through `..` or `.`")
        return
      }
      guard let name = part.removingPercentEncoding, Self.escaped(Substring(name)) == part else {
        self = .refused("a name not written as FieldNotes writes one")
        return
      }
      names.append(name)
    }
    let name = names.joined(separator: "/")
    guard AttachmentReference.isKeepableName(name) else {
      self = .refused("a name FieldNotes' import would not keep as an attachment")
      return
    }
    self = .attachment(id, name: name)
  }

  /// A name for the other side's file of an attachment both sides kept with different bytes:
  /// `pic (conflict 1a2b3c4).png`, from the file's blob, so every store names it alike.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - blob: The object name of the file's blob.
  /// - Returns: The name.
  static func conflictName(_ name: String, blob: String) -> String {
    conflictName(name, mark: String(blob.prefix(7)))
  }

  /// A name that says it is kept beside another: `pic (conflict MARK).png`.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - mark: What follows `conflict`.
  /// - Returns: The name.
  static func conflictName(_ name: String, mark: String) -> String {
    let mark = " (conflict \(mark))"
    let folderEnd = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
    guard let dot = name[folderEnd...].lastIndex(of: "."), dot != folderEnd else {
      return name + mark
    }
    return String(name[..<dot]) + mark + String(name[dot...])
  }

  /// A part of a name as the tree holds it: git refuses `.`, `..`, `.git` and its look-alikes
  /// (`git~1`, `.GIT `) and a backslash in a path; a control character, which a checkout on
  /// some systems refuses and a terminal listing the tree would act on, is escaped too.
  private static func escaped(_ part: Substring) -> String {
    let lowered = part.lowercased()
    if part == "." || part == ".." || lowered.hasPrefix(".git") || lowered.hasPrefix("git~") {
      return part.utf8.map { String(format: "%%%02X", $0) }.joined()
    }
    var written = ""
    for scalar in part.unicodeScalars {
      if scalar == "%" || scalar == "\\" || scalar.properties.generalCategory == .control {
        written += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
      } else {
        written.unicodeScalars.append(scalar)
      }
    }
    return written
  }
}
