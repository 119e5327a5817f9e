import Testing

/// Every way Swift lets a file import a module is seen by the dependency rule, so a module
/// that is reachable by accident can't be used without being declared.
@Suite struct ImportScannerTests {
  @Test(arguments: [
    "import NoteListFeature",
    "public import NoteListFeature",
    "package import NoteListFeature",
    "internal import NoteListFeature",
    "fileprivate import NoteListFeature",
    "private import NoteListFeature",
    "@preconcurrency import NoteListFeature",
    "@_exported import NoteListFeature",
    "@testable import NoteListFeature",
    "@preconcurrency public import NoteListFeature",
    "@_spi(Internal) internal import NoteListFeature",
    "import struct NoteListFeature.NoteRow",
    "import class NoteListFeature.NoteListViewModel",
    "public import func NoteListFeature.someFunction",
    "  import NoteListFeature",
    "\timport\tNoteListFeature",
    "import NoteListFeature;",
    "import NoteListFeature // a comment",
    "import NoteListFeature.Submodule",
  ])
  func everyImportFormIsCaught(_ line: String) {
    #expect(ImportScanner.importedModule(in: line) == "NoteListFeature", "\(line)")
  }

  @Test(arguments: [
    "// import NoteListFeature", "let imported = 1", "importer()", "/// import NoteListFeature",
    "@available(*, deprecated) func f()", "public func importNotes()",
  ])
  func somethingElseIsNotAnImport(_ line: String) {
    #expect(ImportScanner.importedModule(in: line) == nil, "\(line)")
  }
}
