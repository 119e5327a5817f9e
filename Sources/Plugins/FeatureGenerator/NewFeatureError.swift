import Foundation

/// Why `new-feature` wrote nothing.
///
/// Every case is found before the first file is written, except a failed write itself.
enum NewFeatureError: Error, Equatable, LocalizedError {
  /// The command line is not `[--dry-run] [--data] NAME`.
  case usage
  /// The name can't name a feature; the reason says what to type instead.
  case invalidName(String, String)
  /// A feature of that name exists already.
  case existingFeature(String)
  /// The feature's command would be one FieldNotes already has.
  case existingCommand(name: String, command: String)
  /// A feature owning data would own a table of the store (its tables' prefix starts one).
  case existingTable(name: String, table: String)
  /// A file to create exists already.
  case existingFile(String)
  /// A file the feature is added to is missing, or not as `new-feature` expects.
  case unexpectedFile(String, String)
  /// A file could not be written.
  case writeFailed(String, String)

  /// The one line printed after `error: `: what went wrong, then what to type instead.
  var errorDescription: String? {
    switch self {
    case .usage:
      "usage: swift package --allow-writing-to-package-directory new-feature [--dry-run] [--data] NAME"
    case .invalidName(let name, let reason):
      "'\(name)' can't name a feature: \(reason)"
    case .existingFeature(let name):
      "there is a feature called \(name) already (Features/\(name)); choose another name"
    case .existingCommand(let name, let command):
      "\(name) would add the command `\(command)`, which FieldNotes has already; "
        + "choose another name"
    case .existingTable(let name, let table):
      "the tables of \(name) would start as the store's `\(table)` does; choose another name"
    case .existingFile(let path):
      "\(path) exists already; move it away or choose another name"
    case .unexpectedFile(let path, let reason):
      "\(path) \(reason); new-feature changed nothing"
    case .writeFailed(let path, let reason):
      "could not write \(path): \(reason)"
    }
  }
}
