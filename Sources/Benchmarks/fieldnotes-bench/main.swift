import FieldNotesModel
import FieldNotesPlatform
import Foundation

// fieldnotes-bench: measures FieldNotes at scale against the sqlite3 shell.
//
//   swift run -c release fieldnotes-bench            every workload, at 100,000 and 1,000,000
//                                                     notes (most of an hour the first time,
//                                                     which builds the stores)
//   swift run -c release fieldnotes-bench --quick    100,000 notes only, fewer repetitions,
//                                                     no build workload; prints only
//   --imports-only   the import workloads alone (every tier's import and its peak memory, the
//                    Markdown folder's); prints only
//   --sync-only      the sync workloads alone (first sync, one changed note, one note pulled,
//                    and the peak memory of each, at 10,000 and 100,000 notes); prints only
//   --edits-only     the edit workloads alone (`pin` on All Notes after `more` and on a note's
//                    page, a save keeping a version), at the tiers against 1,000 notes, on the
//                    stores kept from an earlier run; prints only
//   --history-only   the history of an often-edited long note alone (its store's growth, and
//                    its oldest version's diff); prints only
//   --million        the workloads at 1,000,000 notes alone, with --quick's repetitions (the
//                    smaller libraries are still generated: the searched words and the notes
//                    edited are picked from them); prints only
//   --field-words    libraries of the first generator's 60 field words instead of prose
//   --corpus FILE    prose learned from FILE instead of Corpus/prose.txt
//   --soak [SEEDS [STEPS]]
//                    the no-loss oracle's long run instead: SEEDS seeds (default 50) of STEPS
//                    steps (default 200) of random user actions on three syncing stores, every
//                    acknowledged text checked after every step; prints what it finds and exits
//                    1 if anything was lost (swift test runs a few seeds of 80 steps)
//
// It prints a Markdown table and writes it, with the machine, to docs/Performance.md.

if CommandLine.arguments.count > 3, CommandLine.arguments[1] == Measurement.measureChildArgument {
  exit(
    Measurement.measureChild(
      reportPath: CommandLine.arguments[2], arguments: Array(CommandLine.arguments.dropFirst(3))))
}

let argumentList = Array(CommandLine.arguments.dropFirst())
/// What `--help` prints, and what an argument the bench doesn't take is answered with.
let usage = """
  usage: fieldnotes-bench [--quick | --million] [--imports-only | --sync-only | --edits-only |
                           --history-only]
                          [--field-words] [--corpus FILE]
         fieldnotes-bench --soak [SEEDS [STEPS]]
  (what each does: the comment at the top of Sources/Benchmarks/fieldnotes-bench/main.swift)

  """
switch BenchArguments.check(argumentList) {
case .run: break
case .help:
  print(usage, terminator: "")
  exit(0)
case .refused(let problem):
  FileHandle.standardError.write(Data(("error: \(problem)\n" + usage).utf8))
  exit(2)
}
let millionOnly = argumentList.contains("--million")
let quick = argumentList.contains("--quick") || millionOnly
let importsOnly = argumentList.contains("--imports-only")
let syncOnly = argumentList.contains("--sync-only")
let editsOnly = argumentList.contains("--edits-only")
// This file is Sources/Benchmarks/fieldnotes-bench/main.swift.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let corpusPath =
  argumentList.firstIndex(of: "--corpus").flatMap {
    argumentList.indices.contains($0 + 1) ? argumentList[$0 + 1] : nil
  } ?? packageRoot + "/Sources/Benchmarks/fieldnotes-bench/Corpus/prose.txt"
let binaryFolder = FilePaths.folder(of: FilePaths.resolved(CommandLine.arguments[0]))
let fieldnotes = binaryFolder + "/fieldnotes"
guard FileManager.default.isExecutableFile(atPath: fieldnotes) else {
  FileHandle.standardError.write(Data("error: \(fieldnotes) is missing; build it first\n".utf8))
  exit(1)
}
if let soak = argumentList.firstIndex(of: "--soak") {
  let numbers = argumentList.dropFirst(soak + 1).prefix(2).compactMap { Int($0) }
  exit(
    NoLossSoak.run(
      binary: fieldnotes, seeds: numbers.first ?? 50, steps: numbers.dropFirst().first ?? 200))
}
/// Lines of the corpus, which the long note of the history workload is made of.
let proseLines =
  ((try? String(contentsOfFile: corpusPath, encoding: .utf8)) ?? "").split(separator: "\n")
  .map(String.init).filter { !$0.isEmpty }
if argumentList.contains("--history-only") {
  let workloads = Workloads(
    fieldnotes: fieldnotes, stores: [:], exports: [:], markdownFolders: [:], redrawTarget: nil,
    searchWords: [], allNotesPinTargets: [:], pageRoutes: [:], lists: [],
    repetitions: quick ? 3 : 7, hasSQLite: Measurement.isInstalled("sqlite3"))
  print(Report(results: try workloads.longNoteHistory(prose: proseLines), quick: true).table)
  exit(0)
}
let workFolder = packageRoot + "/.build/fieldnotes-bench"
try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
let seed: UInt64 = 20_261_129
let tiers = millionOnly ? [1_000_000] : quick ? [100_000] : [100_000, 1_000_000]
let sizes = [1_000, 10_000] + (millionOnly ? [100_000] : []) + tiers

/// Prints a line of progress to standard error.
///
/// - Parameter message: The line.
func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

let text: LibraryGenerator.Text
let textName: String
if argumentList.contains("--field-words") {
  text = .fieldWords
  textName = "field-words"
} else {
  guard let corpus = try? String(contentsOfFile: corpusPath, encoding: .utf8) else {
    log("error: cannot read the corpus \(corpusPath)")
    exit(1)
  }
  let model = ProseModel(corpus: corpus)
  text = .prose(model)
  // Stores are kept between runs under a name that changes with the corpus.
  let digest = corpus.utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
    ($0 ^ UInt64($1)) &* 1_099_511_628_211
  }
  textName = "prose-" + String(digest % 1_000_000_007, radix: 36)
  log("prose from \(corpusPath): \(model.wordCount) words, \(model.words.count) distinct")
}

var stores: [Int: String] = [:]
var exports: [Int: (json: [String], sql: String)] = [:]
var markdownFolders: [Int: String] = [:]
var redrawTarget: (size: Int, notebookRow: Int, target: Workloads.ToggleTarget)?
var searchWords: [String] = []
var searchMonth = (year: 2026, month: 1)
var allNotesPinTargets: [Int: AllNotesPinTarget] = [:]
var pageNote: (notebook: Notebook, note: Note.ID)?
var pageRoutes: [Int: PageRoute] = [:]
var notebookName = ""
for size in sizes {
  log("generating \(size.formatted()) notes…")
  let library = LibraryGenerator.library(notes: size, seed: seed, text: text)
  if size == 100_000 {
    redrawTarget = Workloads.redrawTarget(in: library).map { (size, $0.row, $0.target) }
    searchWords = Workloads.searchWords(in: library, text: text)
    // The month of the library's middle note, for the search by date.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let middle = calendar.dateComponents(
      [.year, .month], from: library.notes[library.notes.count / 2].createdAt)
    searchMonth = (middle.year ?? 2026, middle.month ?? 1)
  }
  // The smallest library is the first 1,000 notes of every other, so what is chosen from it is
  // there at every size.
  if pageNote == nil {
    pageNote = PageRoute.choose(in: library)
    notebookName = Workloads.sortedNotebooks(of: library).first?.name ?? ""
  }
  if let (notebook, note) = pageNote {
    pageRoutes[size] = PageRoute(to: note, in: notebook, of: library)
  }
  allNotesPinTargets[size] = AllNotesPinTarget(library)
  let store = "\(workFolder)/store-\(size)-\(seed)-\(textName).sqlite"
  stores[size] = store
  var json: [String] = []
  let isKept = FileManager.default.fileExists(atPath: store)
  if tiers.contains(size) && !(editsOnly && isKept) || !isKept {
    json = try LibraryGenerator.writeExports(
      library, to: "\(workFolder)/library-\(size)-\(textName)")
  }
  if tiers.contains(size), !json.isEmpty {
    let sql = "\(workFolder)/library-\(size)-\(textName).sql"
    try LibraryGenerator.writeInserts(library, to: sql)
    exports[size] = (json, sql)
  }
  if size == 100_000, tiers.contains(size), !json.isEmpty {
    log("writing \(size.formatted()) notes as Markdown files…")
    markdownFolders[size] = try LibraryGenerator.writeMarkdownFolder(
      library, to: "\(workFolder)/library-\(size)-\(textName)-markdown")
  }
  if !FileManager.default.fileExists(atPath: store) {
    log("importing \(size.formatted()) notes…")
    // Built under another name and moved into place, so a failed run leaves no half store.
    let partial = store + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    let run = try Measurement.run(
      [fieldnotes, "--store", partial, "--no-summaries"] + json.flatMap { ["-c", "import \($0)"] })
    guard run.status == 0 else { throw BenchError.failed("import of \(size) notes failed") }
    try FileManager.default.moveItem(atPath: partial, toPath: store)
  }
  if !tiers.contains(size) {
    for path in json { try? FileManager.default.removeItem(atPath: path) }
  }
}
defer {
  for files in exports.values {
    for path in files.json { try? FileManager.default.removeItem(atPath: path) }
    try? FileManager.default.removeItem(atPath: files.sql)
  }
  for folder in markdownFolders.values { try? FileManager.default.removeItem(atPath: folder) }
}
log("search words: \(searchWords.joined(separator: ", "))")

let smallSize = 1_000
var workloads = Workloads(
  fieldnotes: fieldnotes, stores: stores, exports: exports, markdownFolders: markdownFolders,
  redrawTarget: redrawTarget, searchWords: searchWords, allNotesPinTargets: allNotesPinTargets,
  pageRoutes: pageRoutes, lists: ListWorkload.all(tag: "birds", notebookName: notebookName),
  repetitions: quick ? 3 : 7, hasSQLite: Measurement.isInstalled("sqlite3"))
var results: [Workloads.Result] = []
if editsOnly {
  for size in tiers {
    log("\(size.formatted()) notes: pin, and saves keeping versions…")
    results += try workloads.editRows(size, against: smallSize)
  }
  print(Report(results: results, quick: true).table)
  exit(0)
}
if importsOnly || syncOnly {
  for size in syncOnly ? [] : tiers {
    log("\(size.formatted()) notes: import…")
    results += try workloads.importing(size, repetitions: 3)
    if size == 100_000 {
      log("\(size.formatted()) notes: import of a Markdown folder…")
      results.append(try workloads.importingMarkdownFolder(size, repetitions: 3))
    }
  }
  for size in syncOnly ? [10_000, 100_000] : [] {
    log("\(size.formatted()) notes: sync through git…")
    results += try workloads.sync(size)
  }
  print(Report(results: results, quick: true).table)
  for files in exports.values {
    for path in files.json { try? FileManager.default.removeItem(atPath: path) }
    try? FileManager.default.removeItem(atPath: files.sql)
  }
  for folder in markdownFolders.values { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}
log("start-up…")
results.append(try workloads.startUp())
for size in tiers {
  if size >= 1_000_000 { workloads.repetitions = 3 }
  log("\(size.formatted()) notes: import…")
  results += try workloads.importing(size, repetitions: 3)
  if size == 100_000 {
    log("\(size.formatted()) notes: import of a Markdown folder…")
    results.append(try workloads.importingMarkdownFolder(size, repetitions: 3))
  }
  log("\(size.formatted()) notes: lists…")
  let (lists, smallLists) = try workloads.listPages(size, against: smallSize)
  if let allNotes = workloads.lists.first {
    results.append(try workloads.firstPageAgainstSQLite(size, allNotes: allNotes.commands))
  }
  results += workloads.listRows(size, ours: lists, small: smallLists, smallSize: smallSize)
  log("\(size.formatted()) notes: search, memory…")
  results.append(try workloads.oneShotSearch(size))
  results.append(try workloads.sessionSearch(size))
  results.append(try workloads.memory(size))
  log("\(size.formatted()) notes: compound searches…")
  results += try workloads.compoundSearch(size, month: searchMonth)
  results += try workloads.unindexedSearch(size)
  log("\(size.formatted()) notes: pin, and saves keeping versions…")
  results += try workloads.editRows(size, against: smallSize)
  if size == 100_000 {
    results.append(try workloads.versionsOnDisk(size))
    log("the history of an often-edited long note…")
    results += try workloads.longNoteHistory(prose: proseLines)
  }
  if size == 100_000 {
    log("\(size.formatted()) notes: sync through git…")
    results += try workloads.sync(size)
  }
  log("\(size.formatted()) notes: 10,000 edits while another session searches…")
  results.append(try workloads.walDuringSearches(size))
}
workloads.repetitions = quick ? 3 : 7
if !millionOnly {
  log("redraw…")
  results.append(try workloads.redraw())
  log("sync through git…")
  results += try workloads.sync(10_000)
}
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
