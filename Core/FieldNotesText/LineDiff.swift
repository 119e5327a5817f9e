/// The lines two texts have in common and the lines one has that the other hasn't: what
/// `diff` shows between two versions of a note, and how `history` counts lines added and
/// removed.
///
/// The lines are compared exactly. The edit is a shortest one (Myers' algorithm, after the
/// lines both texts begin and end with are set aside), so a change of one line in a long note
/// shows as that line removed and its new text added.
public struct LineDiff: Hashable, Sendable {
  /// One line of the comparison.
  public enum Line: Hashable, Sendable {
    /// A line both texts have.
    case same(String)
    /// A line only the earlier text has.
    case removed(String)
    /// A line only the later text has.
    case added(String)
  }

  /// Every line of both texts, in order: common lines once, removed lines before the lines
  /// added in their place.
  public let lines: [Line]

  /// The most edits the comparison looks for before it says the texts differ throughout: past
  /// it, every differing line is shown removed and then added, so a diff of two unrelated long
  /// texts costs no more than reading them.
  public static let mostEdits = 2_000

  /// Compares two texts line by line.
  ///
  /// - Parameters:
  ///   - old: The earlier text.
  ///   - new: The later text.
  public init(from old: String, to new: String) {
    lines = Self.compare(Self.lines(of: old), Self.lines(of: new))
  }

  /// How many lines the later text adds.
  public var addedCount: Int {
    lines.count { if case .added = $0 { true } else { false } }
  }

  /// How many lines the later text removes.
  public var removedCount: Int {
    lines.count { if case .removed = $0 { true } else { false } }
  }

  /// Whether the two texts are the same.
  public var isEmpty: Bool { addedCount == 0 && removedCount == 0 }

  /// The comparison as a unified diff: `@@ -a,b +c,d @@` headers, then each line marked with
  /// a space (common), `-` (removed) or `+` (added), with a few common lines around each
  /// change.
  ///
  /// - Parameter context: How many common lines to show around each change; 3 by default.
  /// - Returns: The diff's lines; none when the texts are the same.
  public func unified(context: Int = 3) -> [String] {
    var output: [String] = []
    for hunk in hunks(context: context) {
      let old = hunk.lines.filter { if case .added = $0 { false } else { true } }.count
      let new = hunk.lines.filter { if case .removed = $0 { false } else { true } }.count
      output.append(
        "@@ -\(Self.range(hunk.oldStart, old)) +\(Self.range(hunk.newStart, new)) @@")
      for line in hunk.lines {
        switch line {
        case .same(let text): output.append(" " + text)
        case .removed(let text): output.append("-" + text)
        case .added(let text): output.append("+" + text)
        }
      }
    }
    return output
  }

  /// A run of changes with the common lines around them.
  private struct Hunk {
    var oldStart: Int
    var newStart: Int
    var lines: [Line]
  }

  private func hunks(context: Int) -> [Hunk] {
    let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
    guard let first = changed.first else { return [] }
    // Runs of changes closer than twice the context share a hunk.
    var groups: [ClosedRange<Int>] = []
    var start = first
    var end = first
    for index in changed.dropFirst() {
      if index - end > 2 * context {
        groups.append(start...end)
        start = index
      }
      end = index
    }
    groups.append(start...end)
    // Where each line falls in the old and the new text (1-based).
    var oldLine = [Int](repeating: 0, count: lines.count + 1)
    var newLine = [Int](repeating: 0, count: lines.count + 1)
    var old = 1
    var new = 1
    for (index, line) in lines.enumerated() {
      oldLine[index] = old
      newLine[index] = new
      switch line {
      case .same: (old, new) = (old + 1, new + 1)
      case .removed: old += 1
      case .added: new += 1
      }
    }
    return groups.map { group in
      let from = max(0, group.lowerBound - context)
      let to = min(lines.count - 1, group.upperBound + context)
      return Hunk(oldStart: oldLine[from], newStart: newLine[from], lines: Array(lines[from...to]))
    }
  }

  /// `start,count` as a unified diff writes a range; an empty range names the line before it.
  private static func range(_ start: Int, _ count: Int) -> String {
    count == 0 ? "\(start - 1),0" : count == 1 ? "\(start)" : "\(start),\(count)"
  }

  /// A text's lines: split at each line feed (a `\r` before it is part of the break, as a
  /// note's page shows it); an empty text has none.
  ///
  /// The split is of UTF-8 bytes: `"\r\n"` is one `Character`, which a split of characters
  /// at `"\n"` would never find.
  private static func lines(of text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in
        let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        return String(decoding: bytes, as: UTF8.self)
      }
  }

  /// A shortest edit from one list of lines to another.
  private static func compare(_ old: [String], _ new: [String]) -> [Line] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    let middle =
      shortestEdit(a, b) ?? a.map { Line.removed($0) } + b.map { Line.added($0) }
    return old[..<prefix].map { Line.same($0) } + middle
      + old[(old.count - suffix)...].map { Line.same($0) }
  }

  /// A shortest edit by Myers' greedy algorithm, or `nil` beyond ``mostEdits``.
  ///
  /// For each number of edits `d`, how far each diagonal `k` reaches; then back from the end
  /// through the diagonals kept.
  private static func shortestEdit(_ a: [String], _ b: [String]) -> [Line]? {
    let n = a.count
    let m = b.count
    guard n > 0, m > 0 else { return a.map { Line.removed($0) } + b.map { Line.added($0) } }
    let limit = min(n + m, mostEdits)
    let offset = limit + 1
    var reach = [Int](repeating: 0, count: 2 * limit + 3)
    // What `reach` held before each round, diagonals -d-1...d+1 only.
    var rounds: [[Int]] = []
    var found = false
    search: for d in 0...limit {
      rounds.append(Array(reach[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && reach[offset + k - 1] < reach[offset + k + 1])
          ? reach[offset + k + 1] : reach[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] { (x, y) = (x + 1, y + 1) }
        reach[offset + k] = x
        if x >= n, y >= m {
          found = true
          break search
        }
      }
    }
    guard found else { return nil }
    var edits: [Line] = []
    var x = n
    var y = m
    for d in stride(from: rounds.count - 1, through: 0, by: -1) {
      let before = rounds[d]
      // `before[i]` is diagonal `i - d - 1`.
      func reached(_ k: Int) -> Int { before[k + d + 1] }
      let k = x - y
      let previous = k == -d || (k != d && reached(k - 1) < reached(k + 1)) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : reached(previous)
      let previousY = d == 0 ? 0 : previousX - previous
      while x > previousX, y > previousY {
        edits.append(.same(a[x - 1]))
        (x, y) = (x - 1, y - 1)
      }
      if d > 0 {
        if x == previousX {
          edits.append(.added(b[y - 1]))
        } else {
          edits.append(.removed(a[x - 1]))
        }
      }
      (x, y) = (previousX, previousY)
    }
    return edits.reversed()
  }
}
