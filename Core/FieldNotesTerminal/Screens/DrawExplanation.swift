import Foundation

/// One value a view is drawn from, for `why`: its name, the value itself, and how a person
/// reads it (and, where that leaves things out, the value in full).
///
/// The value is kept as it is, as its view is drawn, and compared (`==`) only when `why` is
/// asked, which is also the only time it is described: a session pays nothing for
/// explanations it never prints.
@MainActor
public struct DrawnValue {
  /// Its name, such as `NoteListViewModel.state`.
  public let name: String
  private let value: Any
  private let isEqual: (Any) -> Bool
  private let read: () -> String
  private let readInFull: (() -> String)?

  /// A value described in full by its own description.
  ///
  /// - Parameters:
  ///   - name: Its name.
  ///   - value: The value.
  public init<Value: Equatable>(_ name: String, _ value: Value) {
    self.init(name, value, text: { String(describing: $0) }, inFull: nil)
  }

  /// A value read in brief, with its description in full for what the brief one leaves out.
  ///
  /// - Parameters:
  ///   - name: Its name.
  ///   - value: The value.
  ///   - text: How a person reads it: `loaded([*Boots, Coats], upload: idle)`.
  ///   - inFull: The value in full; its own description by default, `nil` when `text` is
  ///     complete.
  public init<Value: Equatable>(
    _ name: String, _ value: Value, text: @escaping (Value) -> String,
    inFull: ((Value) -> String)? = { String(describing: $0) }
  ) {
    self.name = name
    self.value = value
    isEqual = { ($0 as? Value) == value }
    read = { text(value) }
    readInFull = inFull.map { describe in { describe(value) } }
  }

  /// How a person reads it.
  public var text: String { read() }
  /// The value in full, where ``text`` leaves some of it out; `nil` when ``text`` is complete.
  public var inFull: String? { readInFull?() }

  /// The clock, for a view that describes dates from now ("3 min ago"), to the minute.
  ///
  /// Observation doesn't watch the time, so a view that reads it is drawn again only for
  /// something else; `why` then says the minute changed, or, when the view was not drawn, that
  /// its dates are as of the minute it was.
  ///
  /// - Parameters:
  ///   - now: The time now.
  ///   - timeZone: The time zone the view describes dates in.
  /// - Returns: The clock's minute, read as `14:05`.
  public static func clock(_ now: Date, timeZone: TimeZone) -> DrawnValue {
    let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
    return DrawnValue("the clock", minute) { _ in
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let parts = calendar.dateComponents([.hour, .minute], from: now)
      let (hour, minute) = (parts.hour ?? 0, parts.minute ?? 0)
      return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
  }

  /// Whether two readings hold the same value.
  ///
  /// - Parameter other: The other reading, of the same name.
  /// - Returns: `true` when the values are equal.
  public func isSame(as other: DrawnValue) -> Bool { isEqual(other.value) }
}

/// Why the view on screen was drawn again after a command, or why it was not (`why`).
///
/// The values a view was drawn from are kept as it is drawn; when `why` is asked, those kept
/// before the command are compared, by name, with the values it reads then: Observation draws
/// a view again when something it read changed, so a view drawn again shows what changed, and
/// a view not drawn again shows that nothing it read did (or, for what Observation doesn't
/// watch, such as the clock, that the view is not drawn yet). It uses public APIs alone: which
/// key paths changed is Observation's own business, so the values are diffed.
@MainActor
public struct DrawExplanation {
  /// The view on screen and what it is drawn from, at one moment.
  public struct Snapshot {
    /// The view's name, such as `NoteListView`.
    public var view: String
    /// Which screen it is, so that a new screen of the same view is told apart.
    public var screen: ObjectIdentifier?
    /// How many times it has been drawn.
    public var renders: Int
    /// The values it is drawn from, in order.
    public var values: [DrawnValue]

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - view: The view's name.
    ///   - screen: Which screen it is; `nil` where it doesn't matter.
    ///   - renders: How many times it has been drawn.
    ///   - values: The values it is drawn from.
    public init(
      view: String, screen: ObjectIdentifier? = nil, renders: Int, values: [DrawnValue]
    ) {
      self.view = view
      self.screen = screen
      self.renders = renders
      self.values = values
    }
  }

  /// The line that ran.
  public var command: String
  /// The view as it was last drawn before the command.
  public var before: Snapshot
  /// The view and its values as `why` reads them.
  public var after: Snapshot

  /// Creates the explanation of a command.
  ///
  /// - Parameters:
  ///   - command: The line that ran, such as `mark 2`.
  ///   - before: The view and its values before the command.
  ///   - after: The view and its values after it.
  public init(command: String = "", before: Snapshot, after: Snapshot) {
    self.command = command
    self.before = before
    self.after = after
  }

  /// The explanation, a line each.
  public var lines: [String] {
    guard before.view == after.view else {
      return ["The screen changed: \(before.view) → \(after.view), drawn for what it shows now."]
    }
    guard before.screen == after.screen else {
      return ["Another \(after.view) was opened, drawn for what it shows now."]
    }
    let drawn = after.renders > before.renders
    // Values are matched by name: a view reads more in some formats (a record names more
    // fields than a row shows).
    let earlier = Dictionary(before.values.map { ($0.name, $0) }) { first, _ in first }
    let changes = after.values.compactMap { value in
      earlier[value.name].map { Self.change($0, value) } ?? "  \(value.name): read now, not before"
    }
    if drawn {
      guard changes.isEmpty else {
        return ["\(after.view) was drawn again, because what it reads changed:"] + changes
      }
      let word = command.split(separator: " ").first?.lowercased()
      return word == "list"
        ? ["\(after.view) was drawn again, as `list` asks; nothing it reads changed."]
        : ["\(after.view) was drawn again, though none of the values it reads changed."]
    }
    return changes.isEmpty
      ? ["\(after.view) was not drawn again: nothing it reads changed."]
        + before.values.map { "  \($0.name): as it was." }
      : ["\(after.view) was not drawn yet; what it reads changed:"] + changes
  }

  /// How one value changed, as a line: where its text differs, or else where its full value
  /// does; `nil` when it is the same value.
  private static func change(_ old: DrawnValue, _ new: DrawnValue) -> String? {
    if old.isSame(as: new) { return nil }
    let (text, newText) = (old.text, new.text)
    if text != newText { return "  \(new.name): " + change(from: text, to: newText) }
    guard let full = old.inFull, let newFull = new.inFull, full != newFull else {
      return "  \(new.name) changed, in nothing its description shows"
    }
    return "  \(new.name), in full: " + change(from: full, to: newFull)
  }

  /// A change from one description to another, shortened to where they differ, with a little
  /// of what surrounds it: `…[Boots, Coats]` → `…[*Boots, Coats]`.
  ///
  /// What differs is shown whole, so the value that explains a redraw is there to read (a row
  /// pinned to the top of a list moves every title); only a side longer than
  /// ``longestShownSide`` characters is cut, after a whole word.
  ///
  /// - Parameters:
  ///   - old: The description before.
  ///   - new: The description after.
  /// - Returns: `old → new`, each cut to what differs and some context.
  nonisolated public static func change(from old: String, to new: String) -> String {
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
    // The context is widened to whole words, by up to 12 characters each way.
    var from = max(0, start - context)
    while from > 0, start - from < context + 12, old[from - 1].isLetter || old[from - 1].isNumber {
      from -= 1
    }
    // A cut that would leave out no more than a few characters shows them instead.
    let few = 12
    if from <= few { from = 0 }
    func part(_ text: [Character]) -> String {
      var upTo = min(text.count, text.count - end + context)
      let cutAt = upTo
      while upTo < text.count, upTo - cutAt < 12, text[upTo].isLetter || text[upTo].isNumber {
        upTo += 1
      }
      if text.count - upTo <= few { upTo = text.count }
      var shown = text[from..<upTo]
      let cut = shown.count > longestShownSide
      if cut {
        shown = shown.prefix(longestShownSide - 1)
        if let space = shown.lastIndex(where: { $0 == " " }), space > shown.startIndex {
          shown = shown[..<space]
        }
      }
      return (from > 0 ? "…" : "") + String(shown) + (cut || upTo < text.count ? "…" : "")
    }
    return "\(part(old)) → \(part(new))"
  }

  /// The most characters either side of a change shows, before it is cut after a whole word.
  nonisolated public static let longestShownSide = 240
}
