import FieldNotesModel

extension NoteSortOrder {
  /// How a note list says it is ordered, in its heading and when `sort` changes nothing:
  /// `newest first`, `by title`.
  public var listDescription: String {
    switch self {
    case .newest: "newest first"
    case .oldest: "oldest first"
    case .title: "by title"
    case .updated: "last changed first"
    }
  }
}
