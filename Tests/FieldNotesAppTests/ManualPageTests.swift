import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// `fieldnotes --man`: a roff page of section 1 that documents every option of the table and
/// renders without a warning.
@MainActor
@Suite struct ManualPageTests {
  /// The page `--man` prints.
  static func page() async -> (status: Int32, text: String, errors: [String]) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--man"], environment: [:], console: console, input: [])
    return (status, console.output.joined(separator: "\n") + "\n", console.errors)
  }

  /// The formatters the machine has — groff (Linux), mandoc (macOS, BSDs, and `.ci/run`
  /// installs it) — and how to ask each for warnings on a page read from a file; `man`
  /// alone where neither is installed.
  nonisolated static let formatters: [(path: String, arguments: [String])] = {
    let found = [
      InstalledProgram.path(of: "groff").map { ($0, ["-man", "-Tutf8", "-ww", "-z"]) },
      InstalledProgram.path(of: "mandoc").map { ($0, ["-T", "lint", "-W", "warning"]) },
    ].compactMap { $0 }
    return found.isEmpty
      ? [InstalledProgram.path(of: "man").map { ($0, ["--warnings", "-l"]) }].compactMap { $0 }
      : found
  }()

  @Test func thePageHasItsSectionsAndEveryOption() async {
    let (status, page, errors) = await Self.page()
    #expect(status == 0)
    #expect(errors.isEmpty)
    #expect(page.contains(".TH FIELDNOTES 1 "))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT",
      "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "\(section)")
    }
    let options = page.components(separatedBy: ".SH OPTIONS")[1]
    for option in LaunchOption.all() {
      for name in option.names {
        #expect(options.contains(Roff.bold(Roff.escaped(name))), "\(name)")
      }
    }
    for variable in ["VISUAL", "EDITOR", "PAGER", "NO_COLOR", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] {
      #expect(page.contains(Roff.escaped(variable)), "\(variable)")
    }
    #expect(page.contains(#"\fBsearch [QUERY]\fR"#), "the REPL's commands")
    // Nothing but requests starts a line with a dot or a quote, and no hyphen is left bare.
    for line in page.split(separator: "\n") where !line.hasPrefix(".") {
      #expect(!line.hasPrefix("'"), "\(line)")
      #expect(!line.replacingOccurrences(of: #"\-"#, with: "").contains("-"), "\(line)")
    }
  }

  @Test func roffSpecialCharactersAreEscaped() {
    #expect(Roff.escaped(".hidden request") == #"\&.hidden request"#)
    #expect(Roff.escaped("'quoted") == #"\&'quoted"#)
    #expect(Roff.escaped(#"C:\temp --store"#) == #"C:\(rstemp \-\-store"#)
    #expect(Roff.escaped("FieldNotes — 鳥 🐦") == #"FieldNotes \[u2014] \[u9CE5] \[u1F426]"#)
    #expect(Roff.marked("type `help` here") == #"type \fBhelp\fR here"#)
    // A line starting with a font change is not a request.
    #expect(Roff.marked("`.start` first") == #"\fB.start\fR first"#)
    #expect(Roff.marked(".start `first`") == #"\&.start \fBfirst\fR"#)
    #expect(Roff.marked("one ` tick") == "one ` tick")
    #expect(Roff.argument(#"say "hi""#) == #""say \(dqhi\(dq""#)
  }

  // Without groff, mandoc or man the page can't be rendered here; the escaping is still checked.
  @Test(.enabled(if: !formatters.isEmpty, "neither groff, mandoc nor man is installed"))
  func thePageRendersWithoutWarnings() async throws {
    let path = NSTemporaryDirectory() + "fieldnotes-\(UUID().uuidString).1"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.page().text.write(toFile: path, atomically: true, encoding: .utf8)
    for formatter in Self.formatters {
      let rendered = try InstalledProgram.run(formatter.path, formatter.arguments + [path])
      #expect(rendered.status == 0, "\(formatter.path): \(rendered.errors)")
      #expect(rendered.errors.isEmpty, "\(formatter.path): \(rendered.errors)")
      #expect(rendered.output.isEmpty, "\(formatter.path): \(rendered.output)")
    }
  }

  /// A paragraph break straight after a heading is left out; elsewhere it stays.
  @Test func noParagraphBreakOpensASection() {
    #expect(
      ManualPage.withoutParagraphsOpeningSections([".SH NAME", ".PP", "x", ".PP", "y"]) == [
        ".SH NAME", "x", ".PP", "y",
      ])
    #expect(ManualPage.withoutParagraphsOpeningSections([".SS A", ".PP"]) == [".SS A"])
  }
}
