import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The rules of a sync's merge of attachments, on values: a union; one name changed on both
/// sides kept twice; a file removed on one side kept while the merged notes keep its note; a
/// remote's entry that isn't an attachment refused.
@Suite struct AttachmentMergeTests {
  let id = UUID(number: 1)

  func path(_ name: String) -> String {
    SyncAttachmentPath.path(of: name, ofNote: id) ?? ""
  }

  func file(_ object: String, mode: String = GitTreeEntry.fileMode) -> GitTreeChange.Entry {
    GitTreeChange.Entry(mode: mode, object: object)
  }

  func added(_ name: String, _ object: String) -> GitTreeChange {
    GitTreeChange(path: path(name), old: nil, new: file(object))
  }

  func removed(_ name: String, _ object: String) -> GitTreeChange {
    GitTreeChange(path: path(name), old: file(object), new: nil)
  }

  func merge(theirs: [GitTreeChange], ours: [GitTreeChange], noteKept: Bool = true)
    -> AttachmentMerge
  {
    var merge = AttachmentMerge()
    if noteKept { merge.notesMerged = [id] }
    merge.read(theirs: theirs, ours: ours)
    return merge
  }

  @Test func eachSidesAdditionIsKept() {
    let merge = merge(theirs: [added("a.png", "aaa")], ours: [added("b.png", "bbb")])
    #expect(merge.edits == [path("b.png"): file("bbb")])
    #expect(merge.incoming == [AttachmentMerge.Incoming(id: id, name: "a.png", blob: "aaa")])
    #expect(merge.notices.isEmpty && merge.refused.isEmpty)
  }

  @Test func theSameFileAddedOnBothSidesIsOneFile() {
    let merge = merge(theirs: [added("a.png", "aaa")], ours: [added("a.png", "aaa")])
    #expect(merge.edits.isEmpty && merge.incoming.isEmpty && merge.notices.isEmpty)
  }

  @Test func oneNameWithDifferentBytesIsKeptTwiceAndSaid() {
    let merge = merge(theirs: [added("a.png", "1111111t")], ours: [added("a.png", "2222222o")])
    #expect(
      merge.edits == [
        path("a (conflict 2222222).png"): file("2222222o"),
        path("a (conflict 1111111).png"): file("1111111t"),
      ])
    #expect(
      merge.incoming == [
        AttachmentMerge.Incoming(id: id, name: "a (conflict 1111111).png", blob: "1111111t")
      ])
    #expect(merge.notices.count == 1)
  }

  @Test func aFilePurgedThereStaysWhileTheNoteIsKept() {
    #expect(
      merge(theirs: [removed("a.png", "aaa")], ours: []).edits == [path("a.png"): file("aaa")])
    #expect(merge(theirs: [removed("a.png", "aaa")], ours: [], noteKept: false).edits.isEmpty)
  }

  @Test func aFilePurgedHereComesBackWhileTheNoteIsKept() {
    let kept = merge(theirs: [], ours: [removed("a.png", "aaa")])
    #expect(kept.edits.isEmpty)
    #expect(kept.incoming == [AttachmentMerge.Incoming(id: id, name: "a.png", blob: "aaa")])
    let gone = merge(theirs: [], ours: [removed("a.png", "aaa")], noteKept: false)
    let removal: [String: GitTreeChange.Entry?] = [path("a.png"): nil]
    #expect(gone.edits == removal)
    #expect(gone.incoming.isEmpty)
  }

  @Test func aRemotesLinkOrOddPathIsRefusedAndNeverTaken() {
    let link = GitTreeChange(path: path("a.png"), old: nil, new: file("lll", mode: "120000"))
    let odd = GitTreeChange(path: "attachments/\(id.uuidString.lowercased())/x.md", new: file("x"))
    let merge = merge(theirs: [link, odd], ours: [])
    #expect(merge.incoming.isEmpty && merge.edits.isEmpty)
    #expect(merge.refused.count == 2)
  }

  @Test func aLinkIsRefusedAsALinkWhateverItsName() {
    let link = GitTreeChange(
      path: "attachments/\(id.uuidString.lowercased())/img", new: file("lll", mode: "120000"))
    #expect(merge(theirs: [link], ours: []).refused == ["\(link.path): a symbolic link"])
  }

  @Test func bytesTheRemoteChangedOfAFileKeptHereAreTakenBesideIt() {
    let changed = GitTreeChange(path: path("c.png"), old: file("0000000o"), new: file("1111111n"))
    var kept = AttachmentMerge()
    kept.notesMerged = [id]
    kept.keptHere = [path("c.png")]
    kept.read(theirs: [changed], ours: [])
    #expect(kept.edits == [path("c (conflict 1111111).png"): file("1111111n")])
    #expect(
      kept.incoming == [
        AttachmentMerge.Incoming(id: id, name: "c (conflict 1111111).png", blob: "1111111n")
      ])
    #expect(kept.notices.count == 1)
    let notKept = merge(theirs: [changed], ours: [])
    #expect(notKept.edits.isEmpty && notKept.notices.isEmpty)
    #expect(notKept.incoming == [AttachmentMerge.Incoming(id: id, name: "c.png", blob: "1111111n")])
  }

  @Test func aFileAddedWhereTheTreeHoldsAFolderOfItsNameYieldsAndIsSaid() {
    var merge = merge(theirs: [], ours: [added("a.png", "aaa"), added("c.png/d.png", "ddd")])
    merge.place(among: SyncAttachmentTree([path("a.png/b.png"), path("c.png")]))
    #expect(
      merge.edits == [
        path("a (conflict file).png"): file("aaa"),
        path("c (conflict folder).png/d.png"): file("ddd"),
      ])
    #expect(merge.notices.count == 2)
  }
}
