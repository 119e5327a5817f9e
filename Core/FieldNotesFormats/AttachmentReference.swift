import FieldNotesModel
import FieldNotesText
import Foundation

/// A note's reference to a file that is not a note: what an import keeps as an attachment.
///
/// What ``references(in:)`` reads as one, as Obsidian does:
///
/// - an embed, `![[pic.png]]`, `![[pic.png|200]]`, `![[report.pdf#page=2]]`, whose target is
///   not a Markdown file (`![[Other note]]` embeds a note);
/// - a wiki link whose target has an extension other than Markdown's: `[[report.pdf]]`;
/// - a Markdown image or link to a relative path with such an extension:
///   `![alt](img/pic.png)`, `[text](files/report.pdf)`, `[text](<my file.pdf>)`; a URL
///   (`https://…`, `mailto:`), an anchor (`#x`) or a note (`other.md`) is none.
///
/// Nothing in a fenced code block, a code span or an HTML comment is a reference
/// (``FieldNotesText/MarkdownProse``).
public struct AttachmentReference: Hashable, Sendable {
  /// The target as the text writes it, without a size (`|200`), a heading or page (`#page=2`)
  /// or a link's title: the name the attachment is kept under.
  public var name: String
  /// The path the name stands for: a Markdown link's `%20` and other escapes decoded.
  public var path: String

  /// Creates a reference.
  ///
  /// - Parameters:
  ///   - name: The target as written.
  ///   - path: The path it stands for; the name itself by default.
  public init(name: String, path: String? = nil) {
    self.name = name
    self.path = path ?? name
  }

  /// The extensions of files that are notes, never attachments.
  public static let noteExtensions: Set<String> = ["md", "markdown", "mdown", "txt"]

  /// The references a note's text makes, each once, in the order first written.
  ///
  /// - Parameter body: A note's text.
  /// - Returns: The references.
  /// - Complexity: O(*n*) in the length of the body.
  public static func references(in body: String) -> [AttachmentReference] {
    // Most notes have no bracket at all: told by their bytes, without reading the text.
    guard body.utf8.contains(UInt8(ascii: "[")) else { return [] }
    var seen: Set<String> = []
    var found: [AttachmentReference] = []
    let prose = MarkdownProse.withoutComments(Substring(body))
    for line in MarkdownProse.lines(of: prose) {
      for reference in references(inLine: line) where seen.insert(reference.name).inserted {
        found.append(reference)
      }
    }
    return found
  }

  /// Whether a path names a file that is no note: one with an extension, not Markdown's.
  ///
  /// - Parameter path: A path.
  /// - Returns: `true` for `pic.png`, `false` for `note.md` and `Note`.
  public static func isAttachmentPath(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    return !fileExtension.isEmpty && !fileExtension.contains(" ")
      && !noteExtensions.contains(fileExtension)
  }

  /// Whether a file may be kept under a name as an attachment: the one rule an import keeps a
  /// file by and a sync takes one by.
  ///
  /// The name is an attachment's path (``isAttachmentPath(_:)``) whose every part is named: no
  /// empty folder (`a//b.png`, `/pic.png`, `img/`), which no file system or tree can hold, and
  /// no NUL. Any other character is kept as written, control characters included (a sync
  /// writes those with escapes).
  ///
  /// - Parameter name: The name a note's text writes.
  /// - Returns: `true` for `pic.png`, `img/pic.png` and `tab\there.png`; `false` for
  ///   `a//b.png`, `note.md` and `Note`.
  public static func isKeepableName(_ name: String) -> Bool {
    isAttachmentPath(name) && !name.contains("\u{0}")
      && !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty)
  }

  /// The references of one line, its code spans passed over.
  private static func references(inLine line: Substring) -> [AttachmentReference] {
    var found: [AttachmentReference] = []
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "`" {
        let run = line[index...].prefix { $0 == "`" }
        index =
          MarkdownProse.codeSpanEnd(openedBy: run.count, in: line[run.endIndex...]) ?? run.endIndex
        continue
      }
      if character == "[", line[index...].hasPrefix("[["),
        let close = line[index...].firstRange(of: "]]")
      {
        let inside = line[line.index(index, offsetBy: 2)..<close.lowerBound]
        let target = String(inside.prefix { $0 != "|" && $0 != "#" })
          .trimmingCharacters(in: .whitespaces)
        if !target.isEmpty, !inside.contains("["), isAttachmentPath(target) {
          found.append(AttachmentReference(name: target))
        }
        index = close.upperBound
        continue
      }
      if character == "]", line[index...].hasPrefix("]("),
        let reference = markdownTarget(after: line.index(index, offsetBy: 2), in: line)
      {
        if let kept = reference.reference { found.append(kept) }
        index = reference.end
        continue
      }
      index = line.index(after: index)
    }
    return found
  }

  /// The target of a Markdown link or image whose `(` starts at `start`, and where it ends.
  private static func markdownTarget(after start: Substring.Index, in line: Substring)
    -> (reference: AttachmentReference?, end: Substring.Index)?
  {
    let rest = line[start...]
    let written: Substring
    let end: Substring.Index
    if rest.hasPrefix("<") {
      guard let close = rest.firstIndex(of: ">") else { return nil }
      written = rest[rest.index(after: rest.startIndex)..<close]
      guard let paren = rest[close...].firstIndex(of: ")") else { return nil }
      end = rest.index(after: paren)
    } else {
      guard let paren = rest.firstIndex(of: ")") else { return nil }
      let inside = rest[..<paren]
      written = inside.prefix { $0 != " " }
      end = rest.index(after: paren)
    }
    var name = String(written)
    if let hash = name.firstIndex(of: "#") { name = String(name[..<hash]) }
    let isURL = name.contains(":") || name.hasPrefix("//")
    guard !name.isEmpty, !isURL else { return (nil, end) }
    let path = name.removingPercentEncoding ?? name
    return (isAttachmentPath(path) ? AttachmentReference(name: name, path: path) : nil, end)
  }

}
