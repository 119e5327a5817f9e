import FieldNotesModel
import Foundation

// fieldnotes-bench: measures FieldNotes at scale against the sqlite3 shell.
//
//   swift run -c release fieldnotes-bench            every workload (a few minutes)
//   swift run -c release fieldnotes-bench --quick    fewer repetitions, no build workload
//
// It prints a Markdown table and writes it, with the machine, to docs/Performance.md.

if CommandLine.arguments.count > 3, CommandLine.arguments[1] == Measurement.measureChildArgument {
  exit(
    Measurement.measureChild(
      reportPath: CommandLine.arguments[2], arguments: Array(CommandLine.arguments.dropFirst(3))))
}

let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path
let binaryFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent().path
let fieldnotes = binaryFolder + "/fieldnotes"
guard FileManager.default.isExecutableFile(atPath: fieldnotes) else {
  FileHandle.standardError.write(Data("error: \(fieldnotes) is missing; build it first\n".utf8))
  exit(1)
}
let workFolder = packageRoot + "/.build/fieldnotes-bench"
try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
let seed: UInt64 = 20_261_129
let sizes = [1_000, 10_000, 100_000]

func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

var stores: [Int: String] = [:]
var libraries: [Int: NoteLibrary] = [:]
for size in sizes {
  let library = LibraryGenerator.library(notes: size, seed: seed)
  libraries[size] = library
  let store = "\(workFolder)/store-\(size)-\(seed).sqlite"
  stores[size] = store
  if !FileManager.default.fileExists(atPath: store) {
    log("generating \(size) notes…")
    let json = "\(workFolder)/library-\(size).json"
    try LibraryGenerator.exportJSON(library).write(to: URL(fileURLWithPath: json))
    // Built under another name and moved into place, so a failed run leaves no half store.
    let partial = store + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    let run = try Measurement.run([fieldnotes, "--store", partial, "-c", "import \(json)"])
    try? FileManager.default.removeItem(atPath: json)
    guard run.status == 0 else { throw BenchError.failed("import of \(size) notes failed") }
    try FileManager.default.moveItem(atPath: partial, toPath: store)
  }
}

let workloads = Workloads(
  fieldnotes: fieldnotes, stores: stores, libraries: libraries, repetitions: quick ? 3 : 7,
  hasSQLite: Measurement.isInstalled("sqlite3"))
var results: [Workloads.Result] = []
log("start, load, quit…")
results.append(try workloads.startup(100_000))
log("search…")
results.append(try workloads.search(100_000))
log("edits…")
results += try workloads.edits()
log("memory…")
results.append(try workloads.memory(100_000))
log("redraw…")
results.append(try workloads.redraw(100_000))
log("sync through git…")
results += try workloads.sync(10_000)
if !quick {
  log("modular build (a few minutes)…")
  results += try BuildWorkload.run(packageRoot: packageRoot, repetitions: 3)
}

let report = Report(results: results, quick: quick)
print(report.table)
if !quick {
  try report.write(to: packageRoot + "/docs/Performance.md")
  log("wrote docs/Performance.md")
}
