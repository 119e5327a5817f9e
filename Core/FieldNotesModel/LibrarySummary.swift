/// How many notes, and how many of them pinned, each notebook holds: what the notebooks screen
/// shows beside each name, counted by the store rather than by reading every note.
public struct LibrarySummary: Hashable, Sendable {
  /// The notes and pinned notes of one list.
  public struct Count: Hashable, Sendable {
    /// How many notes.
    public var notes = 0
    /// How many of them are pinned.
    public var pinned = 0

    /// Creates a count.
    ///
    /// - Parameters:
    ///   - notes: How many notes; none by default.
    ///   - pinned: How many of them are pinned; none by default.
    public init(notes: Int = 0, pinned: Int = 0) {
      self.notes = notes
      self.pinned = pinned
    }
  }

  /// The counts by notebook.
  ///
  /// The key `nil` is the notes in no notebook. A notebook without notes may be absent.
  public var byNotebook: [Notebook.ID?: Count]

  /// How many notes carry each tag; a tag no note carries is absent.
  public var tagCounts: [String: Int]

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - byNotebook: The counts by notebook; none by default.
  ///   - tagCounts: How many notes carry each tag; none by default.
  public init(byNotebook: [Notebook.ID?: Count] = [:], tagCounts: [String: Int] = [:]) {
    self.byNotebook = byNotebook
    self.tagCounts = tagCounts
  }

  /// Every note's count: the sum over notebooks.
  public var total: Count {
    byNotebook.values.reduce(into: Count()) { total, count in
      total.notes += count.notes
      total.pinned += count.pinned
    }
  }

  /// The count of one notebook's notes, or of the notes in no notebook for `nil`.
  ///
  /// - Parameter notebookID: The notebook.
  /// - Returns: Its count; zero for a notebook without notes.
  public func count(in notebookID: Notebook.ID?) -> Count {
    byNotebook[notebookID] ?? Count()
  }

  /// Adds a note to the counts: its notebook's, and each of its tags'.
  ///
  /// - Parameter note: The note.
  public mutating func count(_ note: Note) {
    byNotebook[note.notebookID, default: Count()].notes += 1
    if note.isPinned { byNotebook[note.notebookID, default: Count()].pinned += 1 }
    for tag in note.tags { tagCounts[tag, default: 0] += 1 }
  }
}
