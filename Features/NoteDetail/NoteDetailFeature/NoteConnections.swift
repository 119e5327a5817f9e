import FieldNotesModel
import FieldNotesText

/// A note's links to other notes and the notes that link to it, and the files kept with it, as
/// its page lists them.
///
/// The rows are numbered in the order shown: the notes its links name first, then the notes
/// linking to it (``rows``); `open N` opens the note of row N. A link naming no note is listed
/// by its title, without a number.
public struct NoteConnections: Hashable, Sendable {
  /// A link of the note that names a note: the link as written, and the note it names.
  public struct Link: Hashable, Sendable {
    /// The link, as written in the body (its first writing, when written more than once).
    public var link: NoteLink
    /// The note it names.
    public var note: Note

    /// Creates a resolved link.
    ///
    /// - Parameters:
    ///   - link: The link as written.
    ///   - note: The note it names.
    public init(_ link: NoteLink, to note: Note) {
      self.link = link
      self.note = note
    }
  }

  /// The notes whose links name the note's earlier title, which names no note now: what a title
  /// changed outside the page (the composer's `title`, `$EDITOR`, a sync) left behind.
  public struct EarlierTitle: Hashable, Sendable {
    /// A title the note had before: the latest of its versions' titles that links still name.
    public var title: String
    /// The notes linking to it, which `relink` makes link to the note's title now.
    public var linkedBy: [Note]

    /// Creates the links left to an earlier title.
    ///
    /// - Parameters:
    ///   - title: The earlier title.
    ///   - linkedBy: The notes linking to it.
    public init(_ title: String, linkedBy: [Note]) {
      self.title = title
      self.linkedBy = linkedBy
    }
  }

  /// The links naming a note, in the order first written, each note once.
  public var links: [Link]
  /// The links naming no note (no note has the title, or it is in the trash), each title once.
  public var unresolved: [NoteLink]
  /// The notes whose bodies link to this one, by title.
  public var backlinks: [Note]
  /// The notes still linking to the title the note had before its last save, when it names no
  /// note now; `nil` when there are none.
  public var earlierTitle: EarlierTitle?
  /// The files kept with the note, by name, numbered apart from the links: `attachment save N`.
  public var attachments: [AttachmentRow]

  /// No links either way: a note whose body links nowhere and is linked from nowhere.
  public static let none = NoteConnections(links: [], unresolved: [], backlinks: [])

  /// Creates the connections.
  ///
  /// - Parameters:
  ///   - links: The links naming a note.
  ///   - unresolved: The links naming none.
  ///   - backlinks: The notes linking to the note.
  ///   - earlierTitle: The notes linking to its earlier title; none by default.
  ///   - attachments: The files kept with it; none by default.
  public init(
    links: [Link], unresolved: [NoteLink], backlinks: [Note], earlierTitle: EarlierTitle? = nil,
    attachments: [AttachmentRow] = []
  ) {
    self.links = links
    self.unresolved = unresolved
    self.backlinks = backlinks
    self.earlierTitle = earlierTitle
    self.attachments = attachments
  }

  /// The notes of the numbered rows, row 1 first: the notes linked to, then those linking here.
  public var rows: [Note] { links.map(\.note) + backlinks }

  /// Whether there are no links to list either way (files kept aside).
  public var isEmpty: Bool {
    links.isEmpty && unresolved.isEmpty && backlinks.isEmpty && earlierTitle == nil
  }
}
