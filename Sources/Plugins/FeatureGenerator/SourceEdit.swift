/// A change to an existing file: lines inserted, nothing else touched.
struct SourceEdit: Equatable, Sendable {
  /// The file, relative to the package root.
  let path: String
  /// The file's text before.
  let original: String
  /// The lines inserted, each with the index of the line it goes before (in the original);
  /// lines inserted before the same line keep their order.
  let insertions: [(line: Int, text: String)]

  /// The file's text after.
  var edited: String {
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
    var result: [String] = []
    for (index, line) in lines.enumerated() {
      result += insertions.filter { $0.line == index }.map(\.text)
      result.append(String(line))
    }
    result += insertions.filter { $0.line >= lines.count }.map(\.text)
    return result.joined(separator: "\n")
  }

  /// The inserted lines, in the order they appear in the file.
  var insertedLines: [String] {
    insertions.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
      .map(\.element.text)
  }

  static func == (left: SourceEdit, right: SourceEdit) -> Bool {
    left.path == right.path && left.original == right.original && left.edited == right.edited
  }
}
