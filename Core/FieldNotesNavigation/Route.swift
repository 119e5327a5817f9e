import FieldNotesModel
import FieldNotesQuery

/// A place in FieldNotes, as a value: each screen module returns these to say where to go, and
/// the app makes each into a screen through the screens' registrations.
///
/// The cases are the places more than one feature goes to: a note list, a note, the composer.
/// A place only its own feature opens is that feature's: it declares a value of its own (the
/// trash's `TrashPlace`) and travels as ``place(_:)``, so adding a feature never edits this
/// file, as nowinandroid keeps each feature's navigation key in the feature. Nothing switches
/// over every route, since each registration picks out its own.
public enum Route: Hashable, Sendable {
  /// The notebooks screen, the root.
  case notebooks
  /// A note list, with its search, filters and order.
  case noteList(NoteScope, NoteListSettings = NoteListSettings())
  /// One note, read in full, with the terms of the search it was found by highlighted (none
  /// by default).
  case noteDetail(Note.ID, highlighting: [String] = [])
  /// The composer, writing a new note in a notebook or in none.
  case newNote(in: Notebook.ID?)
  /// The composer, changing a note.
  case editNote(Note.ID)
  /// A place a feature declares for itself, such as the tags screen's `TagsPlace`.
  case place(FeaturePlace)

  /// A feature's own place as a route.
  ///
  /// - Parameter place: The feature's value, such as `TrashPlace()`.
  /// - Returns: `.place` holding it.
  public static func feature(_ place: some Hashable & Sendable) -> Route {
    .place(FeaturePlace(place))
  }

  /// The feature's value this route holds, when it is a place of that type: how a
  /// registration's `shows` picks out its own place.
  ///
  /// - Parameter type: The feature's place type.
  /// - Returns: The value, or `nil` for any other route.
  public func place<Place: Hashable & Sendable>(_ type: Place.Type) -> Place? {
    guard case .place(let place) = self else { return nil }
    return place.value as? Place
  }
}

/// A place declared by a feature, held without Core knowing its type.
///
/// Two places are equal when they hold equal values of the same type, so a route to a
/// feature's place compares and hashes like any other route.
public struct FeaturePlace: Hashable, Sendable, CustomStringConvertible {
  /// The feature's value.
  public let value: any Hashable & Sendable

  /// Holds a feature's value.
  ///
  /// - Parameter value: The place, as the feature declares it.
  public init(_ value: some Hashable & Sendable) {
    self.value = value
  }

  /// Whether two places hold equal values of one type.
  ///
  /// - Parameters:
  ///   - lhs: A place.
  ///   - rhs: Another.
  /// - Returns: `true` when both values are of one type and equal.
  public static func == (lhs: FeaturePlace, rhs: FeaturePlace) -> Bool {
    AnyHashable(lhs.value) == AnyHashable(rhs.value)
  }

  /// Hashes the value as `AnyHashable` does, so equal places hash alike.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    AnyHashable(value).hash(into: &hasher)
  }

  /// The value as Swift prints it, such as `TrashPlace()`.
  public var description: String { String(describing: value) }
}
