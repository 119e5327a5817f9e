import Foundation

/// A link from a note's body to another note, as written: `[[Title]]`, `[[Title|shown text]]`,
/// `[[Title#heading]]` or `[[Title#heading|shown text]]`.
///
/// A link names a note by its title, and resolves to the note whose title folds to the same
/// bytes as the link's (``SearchFolding``: case and accents aside, as a search compares them),
/// else to the note imported from a file of that name, as a vault's links name files; see
/// `NoteLink.resolved(_:among:)` in FieldNotesModel. What ``links(in:)`` reads as a link:
///
/// - the title starts right after `[[` (`[[ Title]]` is text) and runs to `#`, `|` or `]]`;
///   spaces before those are not part of it; a link holds no line break, `[` or `]`;
/// - `![[pic.png]]` is an embed, not a link to a note: it is left for attachments;
/// - `[[#heading]]`, a heading of the same note, names no note;
/// - nothing inside a code span (`` `[[x]]` ``, closed on the same line), a fenced code block
///   (a line starting with three or more backticks or tildes, up to the same fence), an
///   indented code block (lines indented four spaces or a tab after a blank line, list items
///   aside) or an HTML comment (`<!-- … -->`, over lines too) is a link, so a rename never
///   rewrites one there.
public struct NoteLink: Hashable, Sendable {
  /// The title the link names, as written.
  public var title: String
  /// The heading of that note the link points at, or `nil` for the note as a whole.
  public var heading: String?
  /// The text shown for the link instead of its title, or `nil` for the title.
  public var shownText: String?

  /// Creates a link.
  ///
  /// - Parameters:
  ///   - title: The title the link names.
  ///   - heading: The heading it points at; none by default.
  ///   - shownText: The text shown for it; none by default.
  public init(title: String, heading: String? = nil, shownText: String? = nil) {
    self.title = title
    self.heading = heading
    self.shownText = shownText
  }

  /// The title folded as a search folds it: what a note's title must fold to for the link to
  /// name that note.
  public var titleKey: [UInt8] { SearchFolding.fold(title) }

  /// The names the link may name a note by, folded: its title (``titleKey``) first and, when
  /// the title is a path to a Markdown file, as Obsidian writes a link where two files share a
  /// name (`Areas/Health/Heron`, `Heron.md`), that file's name without its folders and `.md`.
  ///
  /// Every reading of links goes through these: which note a link names, whether a body links
  /// to a title (`links:`), the titles a note links to (`linked-by:`) and which links a rename
  /// rewrites. A title with a `/` of its own (`[[TCP/IP]]`) names its note by the whole title
  /// first.
  public var keys: [[UInt8]] { names.map(SearchFolding.fold) }

  /// The names the link may name a note by, as written: its title, then the file's name when
  /// the title is a path to a Markdown file (``keys``, unfolded), for a search by each.
  public var names: [String] {
    var name = Substring(title)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if name.count > 3, name.suffix(3).lowercased() == ".md" { name = name.dropLast(3) }
    guard !name.isEmpty, name.count < title.count,
      SearchFolding.fold(String(name)) != titleKey
    else { return [title] }
    return [title, String(name)]
  }

  /// The link as written in a body, between `[[` and `]]`.
  public var written: String {
    title + (heading.map { "#" + $0 } ?? "") + (shownText.map { "|" + $0 } ?? "")
  }
}

extension NoteLink {
  /// The links a body holds, in the order written, each as often as it is written.
  ///
  /// - Parameter body: A note's text.
  /// - Returns: Its links; see ``NoteLink`` for what counts as one.
  /// - Complexity: O(*n*) in the length of the body.
  public static func links(in body: String) -> [NoteLink] {
    locatedLinks(in: body).map(\.link)
  }

  /// A body with each link naming a title given a new title, its heading and shown text kept:
  /// what renaming the note the links name writes into the notes linking to it.
  ///
  /// - Parameters:
  ///   - body: A note's text.
  ///   - titleKey: The title the links to rewrite name, folded by ``SearchFolding/fold(_:)``.
  ///   - title: The title they name instead.
  /// - Returns: The body, the same but for the links' titles; the same body when none names it.
  public static func body(_ body: String, renamingLinksTo titleKey: [UInt8], as title: String)
    -> String
  {
    self.body(body, renamingLinksTo: [titleKey], as: title)
  }

  /// A body with each link naming one of some titles (a note's title, the name of the file it
  /// was imported under: ``keys(naming:among:)``) given a new title, its heading and shown text
  /// kept.
  ///
  /// - Parameters:
  ///   - body: A note's text.
  ///   - titleKeys: The titles the links to rewrite name, folded by ``SearchFolding/fold(_:)``.
  ///   - title: The title they name instead.
  /// - Returns: The body, the same but for the links' titles.
  public static func body(
    _ body: String, renamingLinksTo titleKeys: Set<[UInt8]>, as title: String
  ) -> String {
    var rewritten = body
    for located in locatedLinks(in: body).reversed()
    where located.link.keys.contains(where: titleKeys.contains) {
      rewritten.replaceSubrange(located.titleRange, with: title)
    }
    return rewritten
  }

  /// The links of a body, each with where its title is written (spaces after it aside).
  private static func locatedLinks(in body: String)
    -> [(link: NoteLink, titleRange: Range<String.Index>)]
  {
    guard body.holdsBytes(of: "[[") else { return [] }
    var links: [(link: NoteLink, titleRange: Range<String.Index>)] = []
    var fence: (character: Character, length: Int)?
    var inComment = false
    // Whether the line before was blank, or indented code: an indented line then is code too.
    var codeMayFollow = true
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      let isBlank = line.allSatisfy(\.isWhitespace)
      defer { codeMayFollow = fence == nil && !inComment && (isBlank || isIndentedCode(line)) }
      if fence == nil, !inComment, codeMayFollow, !isBlank, isIndentedCode(line) { continue }
      if let opened = fence {
        if let closing = Self.fence(of: line), closing.character == opened.character,
          closing.length >= opened.length,
          line.drop(while: { $0 == " " }).dropFirst(closing.length).allSatisfy(\.isWhitespace)
        {
          fence = nil
        }
        continue
      }
      if !inComment, let opening = Self.fence(of: line) {
        fence = opening
        continue
      }
      for part in outsideComments(line, inComment: &inComment) {
        links += Self.links(inLine: part)
      }
    }
    return links
  }

  /// Whether a line is indented as code is: four spaces or a tab, and no list item.
  private static func isIndentedCode(_ line: Substring) -> Bool {
    guard line.hasPrefix("    ") || line.hasPrefix("\t") else { return false }
    let text = line.drop { $0 == " " || $0 == "\t" }
    let marker = text.prefix { $0.isNumber }
    let rest = marker.isEmpty ? text : text.dropFirst(marker.count)
    let isItem =
      marker.isEmpty
      ? ["- ", "* ", "+ "].contains { rest.hasPrefix($0) }
      : rest.hasPrefix(". ") || rest.hasPrefix(") ")
    return !isItem
  }

  /// The parts of a line outside HTML comments, given whether a comment is open as it starts;
  /// says whether one is still open as it ends.
  private static func outsideComments(_ line: Substring, inComment: inout Bool) -> [Substring] {
    var parts: [Substring] = []
    var rest = line
    while !rest.isEmpty {
      if inComment {
        guard rest.holdsBytes(of: "-->"), let end = rest.range(of: "-->") else { return parts }
        inComment = false
        rest = rest[end.upperBound...]
      } else {
        guard rest.holdsBytes(of: "<!--"), let start = rest.range(of: "<!--") else {
          parts.append(rest)
          return parts
        }
        parts.append(rest[..<start.lowerBound])
        inComment = true
        rest = rest[start.upperBound...]
      }
    }
    return parts
  }

  /// Whether a body links to a title: holds a link one of whose ``keys`` is the title's.
  ///
  /// - Parameters:
  ///   - body: A note's text.
  ///   - titleKey: A title folded by ``SearchFolding/fold(_:)``.
  /// - Returns: `true` when one of its links names that title.
  public static func body(_ body: String, linksTo titleKey: [UInt8]) -> Bool {
    guard !titleKey.isEmpty else { return false }
    return links(in: body).contains { $0.keys.contains(titleKey) }
  }

  /// The fence a line opens or closes: three or more backticks or tildes after at most three
  /// spaces.
  private static func fence(of line: Substring) -> (character: Character, length: Int)? {
    let indent = line.prefix { $0 == " " }.count
    guard indent <= 3 else { return nil }
    let rest = line.dropFirst(indent)
    guard let first = rest.first, first == "`" || first == "~" else { return nil }
    let length = rest.prefix { $0 == first }.count
    return length >= 3 ? (first, length) : nil
  }

  /// The links of one line outside a fence, skipping its code spans, with their titles' places.
  private static func links(inLine line: Substring)
    -> [(link: NoteLink, titleRange: Range<String.Index>)]
  {
    var links: [(link: NoteLink, titleRange: Range<String.Index>)] = []
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "`" {
        let run = line[index...].prefix { $0 == "`" }
        let after = run.endIndex
        // A code span closes at the next run of as many backticks; unclosed, they are text.
        if let close = MarkdownProse.codeSpanEnd(openedBy: run.count, in: line[after...]) {
          index = close
        } else {
          index = after
        }
        continue
      }
      if character == "[", line[index...].hasPrefix("[["),
        case (let found, let end)? = link(at: index, in: line)
      {
        let isEmbed = index > line.startIndex && line[line.index(before: index)] == "!"
        if !isEmbed, let found { links.append(found) }
        index = end
        continue
      }
      index = line.index(after: index)
    }
    return links
  }

  /// The link written at `[[` with its title's place, and where it ends: `nil` when `[[` starts
  /// no link; a `nil` link with an end for `[[…]]` naming no note (`[[#heading]]`), which is
  /// skipped whole.
  private static func link(at start: Substring.Index, in line: Substring)
    -> ((link: NoteLink, titleRange: Range<String.Index>)?, Substring.Index)?
  {
    let inside = line[line.index(start, offsetBy: 2)...]
    guard let close = inside.range(of: "]]") else { return nil }
    let text = inside[..<close.lowerBound]
    guard !text.contains(where: { $0 == "[" || $0 == "]" }), let first = text.first,
      !first.isWhitespace
    else { return nil }
    var target = text
    var shownText: String?
    if let bar = target.firstIndex(of: "|") {
      shownText = String(target[target.index(after: bar)...])
      target = target[..<bar]
    }
    var heading: String?
    if let hash = target.firstIndex(of: "#") {
      heading = String(target[target.index(after: hash)...])
      target = target[..<hash]
    }
    let title = String(target).trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else { return (nil, close.upperBound) }
    let titleEnd =
      target.lastIndex { !$0.isWhitespace }.map(target.index(after:)) ?? target.endIndex
    let link = NoteLink(title: title, heading: heading, shownText: shownText)
    return ((link, target.startIndex..<titleEnd), close.upperBound)
  }
}
