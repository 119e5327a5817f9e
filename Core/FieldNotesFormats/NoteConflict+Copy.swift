import FieldNotesModel
import Foundation

extension NoteConflict {
  /// The copy kept of a version of a note that another text of it stands beside — a sync's
  /// losing side, or an import's text under the id of a note here — unpinned, in the notebook
  /// given, titled "Title (conflict 2026-11-29 12:00)", and naming the note it conflicts with.
  ///
  /// The copy always fits the size limit, since the version did: when the date would make it
  /// too large the title says "(conflict)" only, and when even that would, the title is the
  /// version's own. A title is never cut, so no text is dropped.
  ///
  /// - Parameters:
  ///   - version: The text kept as a copy.
  ///   - notebookID: The notebook the copy goes in.
  ///   - timeZone: The time zone of the date in the copy's title.
  /// - Returns: The copy, whose identifier is ``copyID(of:)``.
  public static func copy(of version: Note, in notebookID: Notebook.ID?, timeZone: TimeZone)
    -> Note
  {
    var copy = version
    copy.id = copyID(of: version)
    copy.conflictOf = version.id
    copy.isPinned = false
    copy.notebookID = notebookID
    let stamp = CivilTime(version.updatedAt, in: timeZone).minuteText
    for marker in [" (conflict \(stamp))", " (conflict)"] {
      copy.title = version.title + marker
      if NoteDocument.byteCount(of: copy) <= NoteDocument.maximumBytes { return copy }
    }
    copy.title = version.title
    return copy
  }

  /// An identifier that depends only on the copied version, so the same conflict gives the
  /// same copy wherever and however often it is found (two machines merging it, an
  /// interrupted sync run again, a file imported twice).
  ///
  /// - Parameter version: The version copied.
  /// - Returns: Two 64-bit FNV-1a digests of its file, forwards and backwards, marked as a
  ///   version 8 (custom) UUID.
  public static func copyID(of version: Note) -> UUID {
    let content = NoteDocument.data(of: version)
    func fingerprint(_ bytes: some Sequence<UInt8>) -> UInt64 {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01B3
      }
      return hash
    }
    var bytes =
      withUnsafeBytes(of: fingerprint(content).bigEndian, Array.init)
      + withUnsafeBytes(of: fingerprint(content.reversed()).bigEndian, Array.init)
    bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: a custom, content-derived identifier
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 4122 variant
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
