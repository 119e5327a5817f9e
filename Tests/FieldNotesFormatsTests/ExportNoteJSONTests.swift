import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesFormats

/// The export's note objects read byte by byte: a shortcut past `JSONDecoder` that answers as
/// the decoder does wherever it answers, and answers for every note FieldNotes writes.
@Suite struct ExportNoteJSONTests {
  /// Characters a note's text may hold: ASCII, accents, a combining mark, CJK, an emoji, the
  /// characters JSON must escape, DEL, a C1 control and the separators JavaScript breaks at.
  static let alphabet: [Character] = [
    "a", "Z", " ", "0", "#", "/", "é", "e\u{301}", "中", "🦆", "\"", "\\", "\n", "\r", "\t",
    "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}",
  ]

  static func text(_ random: inout LinearCongruentialGenerator, upTo length: Int) -> String {
    String(
      (0..<Int.random(in: 0...length, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? "a"
      })
  }

  static func note(_ random: inout LinearCongruentialGenerator) -> Note {
    let milliseconds = Int64.random(in: -1_000_000_000...4_000_000_000_000, using: &random)
    let created = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    return Note(
      id: random.uuid(), title: text(&random, upTo: 12), body: text(&random, upTo: 80),
      createdAt: created, notebookID: Bool.random(using: &random) ? random.uuid() : nil,
      tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random, upTo: 6) },
      isPinned: Bool.random(using: &random),
      updatedAt: created.addingTimeInterval(Double(Int.random(in: 0...99_999, using: &random))))
  }

  /// A note as an export writes it: the one object of a one-note export's `notes`.
  static func exported(_ note: Note) throws -> Data {
    let file = String(
      decoding: try LibraryArchive.json(NoteLibrary(notebooks: [], notes: [note])), as: UTF8.self)
    let start = try #require(file.range(of: "\"notes\" : [")).upperBound
    let end = try #require(file.range(of: "\n  ],\n  \"version\"")).lowerBound
    return Data(file[start..<end].utf8)
  }

  /// The same object written another way JSON allows: any character of its strings, and every
  /// one JSON must escape, written as `\uXXXX` (a surrogate pair beyond the first plane), some
  /// space around every token, the members in another order.
  static func rewritten(_ data: Data, _ random: inout LinearCongruentialGenerator) throws -> Data {
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    func space() -> String {
      [" ", "", "\n", "\t", "\r\n "].randomElement(using: &random) ?? ""
    }
    func string(_ text: String) -> String {
      var json = "\""
      for scalar in text.unicodeScalars {
        if Bool.random(using: &random) || scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
          for unit in String(scalar).utf16 { json += String(format: "\\u%04x", unit) }
        } else {
          json.unicodeScalars.append(scalar)
        }
      }
      return json + "\""
    }
    func value(_ any: Any) -> String {
      switch any {
      case let text as String: return string(text)
      case let flag as Bool: return flag ? "true" : "false"
      case let list as [Any]:
        return "[" + list.map { space() + value($0) + space() }.joined(separator: ",") + "]"
      default: return "null"
      }
    }
    let members = object.keys.shuffled(using: &random).map { key in
      space() + "\"\(key)\"" + space() + ":" + space() + value(object[key] ?? "") + space()
    }
    return Data(("{" + members.joined(separator: ",") + "}").utf8)
  }

  /// The object with one thing changed that JSON or the note's shape may not allow.
  static func damaged(_ data: Data, _ random: inout LinearCongruentialGenerator) -> Data {
    var bytes = [UInt8](data)
    let at = Int.random(in: 0..<bytes.count, using: &random)
    let pieces: [[UInt8]] = [
      Array("\"".utf8), Array("\\".utf8), Array("\\u".utf8), Array("\\ud800".utf8),
      Array("\\udc00".utf8), Array("\\ud83d\\u0041".utf8), Array("\\ud83d\\ue000".utf8),
      Array("\\ud83d\\ude00".utf8), Array("\\x".utf8), [0xFF], [0xC3],
      [0xED, 0xA0, 0x80], [0x01], [0x7F], Array(",".utf8), Array("}".utf8), Array("]".utf8),
      Array("[".utf8), Array(":".utf8), Array("1".utf8), Array("null".utf8), Array("tru".utf8),
      Array(",\"id\":\"00000000-0000-4000-8000-000000000001\"".utf8),
      Array(",\"title\":\"again\"".utf8), Array(",\"extra\":1".utf8),
      Array(",\"conflictOf\":\"00000000-0000-4000-8000-000000000002\"".utf8),
      Array("\"notebookID\":null,".utf8), Array("1.5e3".utf8),
      Array("\"2026-01-01T00:00:00Z\"".utf8),
    ]
    switch Int.random(in: 0..<3, using: &random) {
    case 0: bytes.remove(at: at)
    case 1: bytes.insert(contentsOf: pieces.randomElement(using: &random) ?? [], at: at)
    default:
      bytes.replaceSubrange(
        at..<min(bytes.count, at + 3), with: pieces.randomElement(using: &random) ?? [])
    }
    return Data(bytes)
  }

  @Test func wheneverTheShortcutAnswersItAnswersAsTheDecoderDoes() throws {
    var random = LinearCongruentialGenerator(state: 45)
    var answered = 0
    var declined = 0
    for round in 0..<3_000 {
      let note = Self.note(&random)
      let exported = try Self.exported(note)
      // Every note FieldNotes exports is read by the shortcut.
      let read = ExportNoteJSON.note(from: exported)
      #expect(read != nil && read == (try? LibraryArchive.decodedNote(fromJSON: exported)))
      #expect(ExportNoteJSON.identifier(from: exported) == note.id, "round \(round)")
      let rewritten = try Self.rewritten(exported, &random)
      for data in [rewritten, Self.damaged(exported, &random), Self.damaged(rewritten, &random)] {
        let decoded = try? LibraryArchive.decodedNote(fromJSON: data)
        let decodedID = LibraryArchive.decodedNoteID(fromJSON: data)
        if let read = ExportNoteJSON.note(from: data) {
          answered += 1
          #expect(read == decoded, "\(String(decoding: data, as: UTF8.self).debugDescription)")
        } else {
          declined += 1
        }
        if let id = ExportNoteJSON.identifier(from: data) {
          #expect(id == decodedID, "\(String(decoding: data, as: UTF8.self).debugDescription)")
        }
      }
    }
    // Both ways were taken often: the comparison above is of many answers, and of many
    // objects left to the decoder.
    #expect(answered > 3_000)
    #expect(declined > 1_000)
  }

  @Test func anObjectTheShortcutDeclinesIsReadByTheDecoder() throws {
    let id = "00000000-0000-4000-8000-000000000001"
    let plain =
      #"{"id":"\#(id)","title":"Heron","body":"","createdAt":"2026-01-02T03:04:05.006Z","#
      + #""updatedAt":"2026-01-02T03:04:05.006Z","tags":[],"isPinned":false"#
    // Seconds since 2001 for a date, a member FieldNotes has no field for, a null notebook:
    // each left to the decoder, which reads them.
    for object in [
      plain.replacingOccurrences(of: #""2026-01-02T03:04:05.006Z","t"#, with: #"0,"t"#) + "}",
      plain + #","properties":[{"key":"status","value":" draft"}]}"#,
      plain + #","notebookID":null}"#,
    ] {
      let data = Data(object.utf8)
      #expect(ExportNoteJSON.note(from: data) == nil, "\(object)")
      let note = try LibraryArchive.note(fromJSON: data, at: 0)
      #expect(note.id.uuidString == id && note.title == "Heron")
    }
  }
}
