import FieldNotesModel
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

extension AppSession {
  /// `export FILE`: JSON, or Markdown when FILE ends in `.md`.
  func export(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard arguments.count == 1 else { throw .usage(spec.usage) }
    let path = arguments[0]
    let store = dependencies.store
    let library = NoteLibrary(notebooks: store.notebooks, notes: store.notes)
    let isMarkdown = path.lowercased().hasSuffix(".md")
    let data = isMarkdown ? LibraryArchive.markdown(library) : try LibraryArchive.json(library)
    do { try AtomicFile.write(data, to: path) } catch {
      throw .file(path: path, reason: error.reason)
    }
    output.print(
      "Exported \(String(count: library.notes.count, noun: "note")) and "
        + "\(String(count: library.notebooks.count, noun: "notebook")) to \(path.terminalSafe)"
        + (isMarkdown ? " as Markdown." : "."))
  }

  /// `import FILE`: notes and notebooks from a JSON export; those already here are skipped.
  func importLibrary(_ arguments: [String], _ spec: CommandSpec) throws(AppError) {
    guard arguments.count == 1 else { throw .usage(spec.usage) }
    let path = arguments[0]
    let data = try readImportFile(path)
    let incoming = try LibraryArchive.library(fromJSON: data, path: path)
    let store = dependencies.store
    let knownNotebooks = Set(store.notebooks.map(\.id))
    let knownNotes = Set(store.notes.map(\.id))
    var seenNotebooks = knownNotebooks
    var seenNotes = knownNotes
    var addition = NoteLibrary()
    var takenNames = Set(store.notebooks.map { $0.name.lowercased() })
    for var notebook in incoming.notebooks where seenNotebooks.insert(notebook.id).inserted {
      notebook.name = Self.freeName(notebook.name, taken: takenNames)
      takenNames.insert(notebook.name.lowercased())
      addition.notebooks.append(notebook)
    }
    for var note in incoming.notes where seenNotes.insert(note.id).inserted {
      if let id = note.notebookID, !seenNotebooks.contains(id) { note.notebookID = nil }
      addition.notes.append(note)
    }
    let skipped = incoming.notes.count - addition.notes.count
    if !addition.notes.isEmpty || !addition.notebooks.isEmpty {
      do { try store.perform(.addLibrary(addition)) } catch { throw .store(error) }
    }
    output.print(
      "Imported \(String(count: addition.notes.count, noun: "note")) and "
        + "\(String(count: addition.notebooks.count, noun: "notebook")); "
        + "skipped \(skipped) already here.")
  }

  private func readImportFile(_ path: String) throws(AppError) -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .file(path: path, reason: "cannot be read (no such file, or no permission)")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: LibraryArchive.maximumImportBytes + 1) ?? Data()
    } catch {
      throw .file(path: path, reason: "cannot be read")
    }
    guard data.count <= LibraryArchive.maximumImportBytes else {
      throw .file(
        path: path, reason: "is larger than \(LibraryArchive.maximumImportBytes / 1_048_576) MB")
    }
    return data
  }

  /// Returns a notebook name not yet taken: the name itself, or "Name (2)", "Name (3)" and on.
  private static func freeName(_ name: String, taken: Set<String>) -> String {
    guard taken.contains(name.lowercased()) else { return name }
    var number = 2
    while taken.contains("\(name) (\(number))".lowercased()) { number += 1 }
    return "\(name) (\(number))"
  }
}
