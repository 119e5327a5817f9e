/// What one sync did.
public struct SyncReport: Hashable, Sendable {
  /// Notes and notebooks the remote changed, saved here.
  public var incoming = 0
  /// Notes and notebooks the remote received.
  public var outgoing = 0
  /// Notes changed on both sides and merged field by field, with no copy.
  public var merged = 0
  /// Notes whose text both sides changed: each kept the later edit and a copy of the other.
  public var conflicts = 0
  /// The remote's entries that were skipped (links, odd names, malformed or oversize files),
  /// each with why.
  public var skipped: [String] = []
  /// Attachments (the files kept with notes) the remote had, saved here.
  public var attachmentsIn = 0
  /// Attachments of this store's committed for the remote.
  public var attachmentsOut = 0
  /// What the sync kept in a way to point out: an attachment both sides changed, kept twice; an
  /// attachment no path can hold, left in this store.
  public var notices: [String] = []
  /// Whether this sync pushed a commit to the remote.
  public var pushed = false

  /// Creates an empty report.
  public init() {}

  /// A one-line account for the user.
  ///
  /// For example: "Synced: 2 in, 1 out, 1 merged, 1 conflict copy."
  public var summary: String {
    var parts: [String] = []
    if incoming > 0 { parts.append("\(incoming) in") }
    if outgoing > 0 { parts.append("\(outgoing) out") }
    if merged > 0 { parts.append("\(merged) merged") }
    if conflicts > 0 { parts.append("\(conflicts) conflict cop\(conflicts == 1 ? "y" : "ies")") }
    for (count, way) in [(attachmentsIn, "in"), (attachmentsOut, "out")] where count > 0 {
      parts.append("\(count) attachment\(count == 1 ? "" : "s") \(way)")
    }
    if parts.isEmpty, pushed { parts.append("sent a commit, no note changed") }
    var text =
      parts.isEmpty ? "Synced: already up to date." : "Synced: \(parts.joined(separator: ", "))."
    if !skipped.isEmpty {
      text += " Skipped \(skipped.count) entr\(skipped.count == 1 ? "y" : "ies") of the remote."
    }
    return text
  }

  /// The summary, then each skipped entry (the first ten, then how many more).
  public var lines: [String] {
    var lines = [summary] + notices.map { "  \($0)" } + skipped.prefix(10).map { "  skipped \($0)" }
    if skipped.count > 10 { lines.append("  … and \(skipped.count - 10) more") }
    return lines
  }
}
