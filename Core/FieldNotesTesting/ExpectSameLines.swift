import FieldNotesModel
import FieldNotesText
import Testing

/// Expects two texts, line by line, to be the same, and shows only how they differ when not.
///
/// A transcript or a generated page compared with `#expect(actual == expected)` prints both
/// whole when they differ, as two arrays, and the one changed line is hard to find in them.
/// This records one issue holding a unified diff instead (`-` the expected line, `+` the line
/// printed), with three lines of context around each change.
///
/// - Parameters:
///   - actual: The lines printed or made.
///   - expected: The lines expected, as the file or document holds them.
///   - what: What is compared, named in the issue (`global.transcript: standard output`).
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
/// - Returns: Whether the lines are the same.
@discardableResult
public func expectSameLines(
  _ actual: [String], _ expected: [String], _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  guard actual != expected else { return true }
  let diff = LineDiff(
    from: expected.joined(separator: "\n"), to: actual.joined(separator: "\n"))
  let shown =
    diff.isEmpty
    ? ["(they differ only in a carriage return or an empty last line)"] : diff.unified()
  Issue.record(
    Comment(
      rawValue: (["\(what) differs (- expected, + printed):"] + shown).joined(separator: "\n")),
    sourceLocation: sourceLocation)
  return false
}
