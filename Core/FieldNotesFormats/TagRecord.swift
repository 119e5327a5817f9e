import FieldNotesModel

/// A tag as scripts read it: `{"tag": "birds", "count": 3}`, what the tags screen prints for
/// each tag under `--format json` or `jsonl`.
public struct TagRecord: Hashable, Sendable {
  /// The tag, without its `#`.
  public var tag: String
  /// How many notes carry it.
  public var count: Int

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - tag: The tag, without its `#`.
  ///   - count: How many notes carry it.
  public init(tag: String, count: Int) {
    self.tag = tag
    self.count = count
  }

  /// The record as one JSON object on one line: `{"tag":"birds","count":3}`.
  public var json: String {
    JSONText.object([("tag", JSONText.string(tag)), ("count", String(count))])
  }
}
