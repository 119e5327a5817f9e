/// What one sync did.
public struct SyncReport: Hashable, Sendable {
  /// Notes and notebooks brought in from the folder.
  public var pulled = 0
  /// Notes and notebooks written to the folder.
  public var pushed = 0
  /// Items deleted here because they were deleted elsewhere.
  public var deletedHere = 0
  /// Items deleted in the folder because they were deleted here.
  public var deletedThere = 0
  /// Notes changed on both sides; each kept the newer edit and saved the other as a copy.
  public var conflicts = 0
  /// Folder entries skipped because they were unreadable or unsafe, with why.
  public var warnings: [String] = []

  /// Creates an empty report.
  public init() {}

  /// A one-line account for the user.
  ///
  /// For example: "Synced: 2 in, 1 out, 1 conflict copy."
  public var summary: String {
    var parts: [String] = []
    if pulled > 0 { parts.append("\(pulled) in") }
    if pushed > 0 { parts.append("\(pushed) out") }
    if deletedHere > 0 { parts.append("\(deletedHere) deleted here") }
    if deletedThere > 0 { parts.append("\(deletedThere) deleted there") }
    if conflicts > 0 { parts.append("\(conflicts) conflict cop\(conflicts == 1 ? "y" : "ies")") }
    var text =
      parts.isEmpty ? "Synced: already up to date." : "Synced: \(parts.joined(separator: ", "))."
    if !warnings.isEmpty {
      text +=
        " Skipped \(warnings.count) unreadable or unsafe entr\(warnings.count == 1 ? "y" : "ies")."
    }
    return text
  }
}
