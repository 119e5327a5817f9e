/// A capability: a screen that names the values its view is drawn from, for `why`.
///
/// A screen without it is explained by its ``TerminalScreen/stateLine``.
@MainActor
public protocol ExplainedScreen {
  /// Each value the view is drawn from, by name, described in full enough to show a change:
  /// `("NoteListViewModel.state", "loaded([*Kingfisher, Heron])")`.
  var drawnFrom: [(name: String, value: String)] { get }
}

/// Why the view on screen was drawn again after a command, or why it was not (`why`).
///
/// The values a view is drawn from are read before and after the command, and compared:
/// Observation draws a view again when something it read changed, so a view drawn again shows
/// what changed, and a view not drawn again shows that nothing it read did. It uses public
/// APIs alone: which key paths changed is Observation's own business, so the values are diffed.
public struct DrawExplanation: Equatable, Sendable {
  /// The view on screen and what it is drawn from, at one moment.
  public struct Snapshot: Equatable, Sendable {
    /// The view's name, such as `NoteListView`.
    public var view: String
    /// How many times it has been drawn.
    public var renders: Int
    /// The values it is drawn from, by name, in order.
    public var values: [Value]

    /// One value a view is drawn from.
    public struct Value: Equatable, Sendable {
      /// Its name, such as `NoteListViewModel.state`.
      public var name: String
      /// Its description.
      public var text: String

      /// Creates a value.
      ///
      /// - Parameters:
      ///   - name: Its name.
      ///   - text: Its description.
      public init(name: String, text: String) {
        self.name = name
        self.text = text
      }
    }

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - view: The view's name.
    ///   - renders: How many times it has been drawn.
    ///   - values: The values it is drawn from.
    public init(view: String, renders: Int, values: [Value]) {
      self.view = view
      self.renders = renders
      self.values = values
    }
  }

  /// Before the command.
  public var before: Snapshot
  /// After it, once the screen was drawn.
  public var after: Snapshot

  /// Creates the explanation of a command.
  ///
  /// - Parameters:
  ///   - before: The view and its values before the command.
  ///   - after: The view and its values after it.
  public init(before: Snapshot, after: Snapshot) {
    self.before = before
    self.after = after
  }

  /// The explanation, a line each.
  public var lines: [String] {
    guard before.view == after.view else {
      return ["The screen changed: \(before.view) → \(after.view), drawn for what it shows now."]
    }
    let drawn = after.renders > before.renders
    let changes = zip(before.values, after.values).compactMap { old, new in
      old.text == new.text ? nil : "  \(new.name): " + Self.change(from: old.text, to: new.text)
    }
    if drawn {
      return changes.isEmpty
        ? ["\(after.view) was drawn again (asked for with `list`); nothing it reads changed."]
        : ["\(after.view) was drawn again, because what it reads changed:"] + changes
    }
    return changes.isEmpty
      ? ["\(after.view) was not drawn again: nothing it reads changed."]
        + before.values.map { "  \($0.name) is as it was." }
      : ["\(after.view) was not drawn yet; what it reads changed:"] + changes
  }

  /// A change from one description to another, shortened to where they differ, with a little
  /// of what surrounds it: `…[Kingfisher, Heron]` → `…[*Kingfisher, Heron]`.
  ///
  /// - Parameters:
  ///   - old: The description before.
  ///   - new: The description after.
  /// - Returns: `old → new`, each cut to what differs and some context.
  public static func change(from old: String, to new: String) -> String {
    let old = Array(old)
    let new = Array(new)
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var end = 0
    while end < old.count - start, end < new.count - start,
      old[old.count - 1 - end] == new[new.count - 1 - end]
    {
      end += 1
    }
    let context = 16
    let from = max(0, start - context)
    func part(_ text: [Character]) -> String {
      let upTo = min(text.count, text.count - end + context)
      let shown = text[from..<upTo]
      let cut = shown.count > 72
      return (from > 0 ? "…" : "") + String(cut ? shown.prefix(71) : shown[...])
        + (cut || upTo < text.count ? "…" : "")
    }
    return "\(part(old)) → \(part(new))"
  }
}
