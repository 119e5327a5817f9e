import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Where an attachment lives in the sync tree, on values: every name a store keeps round-trips
/// exactly, and a path that isn't one FieldNotes writes is refused, with why.
@Suite struct SyncAttachmentPathTests {
  let id = UUID(number: 1)
  var folder: String { "attachments/\(id.uuidString.lowercased())" }

  @Test(arguments: [
    "pic.png", "my pic.png", "héron 鳥.jpg", "img/pic.png", "../up.png", "./here.png",
    "100%.pdf", "a%2E.png", "a\\b.png", ".git/x.png", "img/.GIT/x.png", "git~1/x.png",
    "tab\there.png", "line\nbreak.png", "bell\u{7}.png",
  ])
  func aNameRoundTripsExactly(name: String) throws {
    let path = try #require(SyncAttachmentPath.path(of: name, ofNote: id))
    #expect(path.hasPrefix(folder + "/"))
    #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "." })
    #expect(!path.contains("\\"))
    #expect(SyncAttachmentPath(path: path) == .attachment(id, name: name))
  }

  @Test func theFilesFoldersAreTheTreesFolders() {
    #expect(SyncAttachmentPath.path(of: "img/pic.png", ofNote: id) == "\(folder)/img/pic.png")
    #expect(SyncAttachmentPath.path(of: "../up.png", ofNote: id) == "\(folder)/%2E%2E/up.png")
    #expect(SyncAttachmentPath.path(of: "a//b.png", ofNote: id) == nil)
    #expect(SyncAttachmentPath.path(of: "tab\there.png", ofNote: id) == "\(folder)/tab%09here.png")
  }

  @Test func aPathFieldNotesDoesNotWriteIsRefusedWithWhy() {
    func why(_ path: String) -> String? {
      if case .refused(let why) = SyncAttachmentPath(path: path) { return why }
      return nil
    }
    #expect(SyncAttachmentPath(path: "notes/x.md") == nil)
    #expect(why("\(folder)/../x.png") == "a path through `..` or `.`")
    #expect(why("\(folder)/%2e%2e/x.png") == "a name not written as FieldNotes writes one")
    #expect(why("\(folder)/note.md") == "a name FieldNotes' import would not keep as an attachment")
    #expect(why("\(folder)/noextension") != nil)
    #expect(why("\(folder)/tab\there.png") == "a name not written as FieldNotes writes one")
    #expect(
      why("\(folder)/nul%00.png") == "a name FieldNotes' import would not keep as an attachment")
    #expect(why("attachments/\(id.uuidString)/x.png") == "not a note's identifier in lower case")
    #expect(why("attachments/x.png") == "not an attachment's file (attachments/NOTE/NAME)")
    #expect(why("attachments") == "not an attachment's file (attachments/NOTE/NAME)")
  }

  @Test func aConflictsNameSaysSoBeforeTheExtension() {
    let blob = "1a2b3c4d5e6f"
    #expect(SyncAttachmentPath.conflictName("pic.png", blob: blob) == "pic (conflict 1a2b3c4).png")
    #expect(
      SyncAttachmentPath.conflictName("img.v2/pic.png", blob: blob)
        == "img.v2/pic (conflict 1a2b3c4).png")
    #expect(SyncAttachmentPath.conflictName(".png", blob: blob) == ".png (conflict 1a2b3c4)")
  }

  @Test func aNameTheTreeHoldsAsTheOtherKindYieldsUnderANameThatSaysSo() {
    let tree = SyncAttachmentTree([
      "\(folder)/a.png", "\(folder)/c.png/d.png", "\(folder)/e (conflict file).png/f.png",
    ])
    #expect(tree.place("new.png", ofNote: id)?.name == "new.png")
    #expect(tree.place("a.png/b.png", ofNote: id)?.name == "a (conflict folder).png/b.png")
    #expect(tree.place("c.png", ofNote: id)?.path == "\(folder)/c (conflict file).png")
    #expect(tree.place("a.png", ofNote: id)?.name == "a.png", "the same file: no collision")
    let crowded = SyncAttachmentTree([
      "\(folder)/e.png/x.png", "\(folder)/e (conflict file).png/y.png",
    ])
    #expect(crowded.place("e.png", ofNote: id) == nil)
  }
}
