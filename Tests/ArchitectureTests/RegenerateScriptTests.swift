import FieldNotesPlatform
import Foundation
import Testing

/// `scripts/regenerate` says when it can't do its work: a learner's first run of it is also
/// the first build, and a feature that doesn't compile must show the compiler's error and stop,
/// not pass as a run that regenerated nothing (docs/Adding-a-Feature.md's first steps).
///
/// Each test runs the real script in a scratch copy of the package's `scripts` folder, with a
/// `swift` of the test's own first on `PATH`, which answers as a failing build or a failing
/// check would: the script's handling of the answer is what is tested, in well under a second.
@Suite struct RegenerateScriptTests {
  /// What one run of the script did.
  struct Run {
    var status: ChildProcess.Termination
    var output: String
    var errors: String
    /// The `swift` subcommands the script ran, in order (`build`, `test`).
    var swiftRuns: [String]
  }

  /// Runs `scripts/regenerate` in a scratch folder whose `swift` runs `fakeSwift` (a shell
  /// script body, given the subcommand's arguments) and whose note-list timing script does
  /// nothing.
  static func regenerate(fakeSwift: String) throws -> Run {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-regenerate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scripts = folder.appendingPathComponent("scripts")
    let bin = folder.appendingPathComponent("bin")
    for made in [scripts, bin] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    let regenerate = scripts.appendingPathComponent("regenerate")
    try FileManager.default.copyItem(
      at: PackageManifest.packageRoot.appendingPathComponent("scripts/regenerate"), to: regenerate)
    let log = folder.appendingPathComponent("swift-runs")
    try executable(
      "#!/bin/sh\necho \"$1\" >> '\(log.path)'\n\(fakeSwift)\n",
      at: bin.appendingPathComponent("swift"))
    try executable(
      "#!/bin/sh\nexit 0\n", at: scripts.appendingPathComponent("measure-note-list-tests.sh"))
    let git = try ChildProcess(
      "git", arguments: ["init", "-q", folder.path], standardInput: .nullDevice,
      standardOutput: .nullDevice, standardError: .nullDevice)
    #expect(git.waitUntilExit() == .exited(0))

    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let script = try ChildProcess(
      "bash", arguments: [regenerate.path], environment: environment,
      standardInput: .nullDevice, standardOutput: .pipe, standardError: .pipe)
    let result = script.collectOutput()
    let runs = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Run(
      status: result.termination, output: String(decoding: result.output, as: UTF8.self),
      errors: String(decoding: result.errors, as: UTF8.self),
      swiftRuns: runs.split(separator: "\n").map(String.init))
  }

  /// Writes a script that may be run.
  static func executable(_ text: String, at url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }

  /// Runs `scripts/measure-note-list-tests.sh` on a scratch copy of docs/MV-vs-MVVM.md, with a
  /// `swift` that reports the given test counts, each run taking 9.999 seconds.
  ///
  /// - Returns: The page after the run, and the page before it.
  static func measure(mvvmTests: Int, mvTests: Int) throws -> (after: String, before: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-measure-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for made in ["scripts", "docs", "bin"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(made), withIntermediateDirectories: true)
    }
    for file in ["scripts/measure-note-list-tests.sh", "docs/MV-vs-MVVM.md"] {
      try FileManager.default.copyItem(
        at: PackageManifest.packageRoot.appendingPathComponent(file),
        to: folder.appendingPathComponent(file))
    }
    try executable(
      """
      #!/bin/sh
      case "$*" in
        *NoteListFeatureTests*) n=\(mvvmTests) ;;
        *NoteListMVScreenTests*) n=\(mvTests) ;;
        *) echo 'Swift version 6'; exit 0 ;;
      esac
      echo "✔ Test run with $n tests in 2 suites passed after 9.999 seconds."
      """, at: folder.appendingPathComponent("bin/swift"))
    let page = folder.appendingPathComponent("docs/MV-vs-MVVM.md")
    let before = try String(contentsOf: page, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      folder.appendingPathComponent("bin").path + ":"
      + (environment["PATH"] ?? "/usr/bin:/bin")
    let script = try ChildProcess(
      "bash", arguments: [folder.appendingPathComponent("scripts/measure-note-list-tests.sh").path],
      environment: environment, standardInput: .nullDevice, standardOutput: .nullDevice,
      standardError: .nullDevice)
    #expect(script.waitUntilExit() == .exited(0))
    return (try String(contentsOf: page, encoding: .utf8), before)
  }

  /// The counts the page records now: MVVM's, then MV's.
  static func recordedCounts(in page: String) throws -> (mvvm: Int, mv: Int) {
    let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| tests run |") })
    let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    return (try #require(Int(cells[2])), try #require(Int(cells[1])))
  }

  /// A time measured again moves on every run, by more than half on a busy machine: the page is
  /// left as it is unless a count changed (a learner's second regenerate once rewrote it).
  @Test func theTimingTableIsRewrittenOnlyWhenACountChanges() throws {
    let counts = try Self.recordedCounts(
      in: String(
        contentsOf: PackageManifest.packageRoot.appendingPathComponent("docs/MV-vs-MVVM.md"),
        encoding: .utf8))

    let same = try Self.measure(mvvmTests: counts.mvvm, mvTests: counts.mv)
    #expect(same.after == same.before, "times alone moved: the page is as it was")

    let more = try Self.measure(mvvmTests: counts.mvvm + 1, mvTests: counts.mv)
    #expect(more.after != more.before)
    #expect(try Self.recordedCounts(in: more.after) == (counts.mvvm + 1, counts.mv))
    #expect(more.after.contains("9.999 s"))
  }

  @Test func aFailingBuildStopsTheScriptShowingTheCompilersError() throws {
    let error =
      "Features/Stats/StatsFeature/StatsViewModel.swift:12:5: error: cannot find "
      + "'hasLoaded' in scope"
    let run = try Self.regenerate(
      fakeSwift: """
        if [ "$1" = build ]; then
          echo 'Compiling StatsFeature StatsViewModel.swift'
          echo "\(error)"
          echo '        hasLoaded = true'
          exit 1
        fi
        exit 0
        """)
    #expect(run.status == .exited(1))
    #expect(run.errors.contains(error), "the compiler's error is shown: \(run.errors)")
    #expect(run.errors.contains("hasLoaded = true"), "with the line it is about")
    #expect(run.errors.contains("the build failed"))
    #expect(run.swiftRuns == ["build"], "nothing is regenerated from a build that failed")
    #expect(!run.output.contains("== regenerating"))
  }

  @Test func aCheckStillFailingAfterRegeneratingFailsTheScriptNamingIt() throws {
    let failure = "✘ Test theHopCountOfPin2IsItsTablesRowCount() recorded an issue"
    let run = try Self.regenerate(
      fakeSwift: """
        if [ "$1" = test ] && [ -z "$FIELDNOTES_REGENERATE" ]; then
          echo "\(failure)"
          exit 1
        fi
        echo 'Build complete!'
        exit 0
        """)
    #expect(run.status == .exited(1))
    #expect(run.swiftRuns == ["build", "test", "test"], "built, regenerated, then checked")
    #expect(run.errors.contains(failure), "the failing check is named: \(run.errors)")
    #expect(run.errors.contains("a check still fails after regenerating"))
  }

  @Test func aRunWhoseChecksPassExitsZero() throws {
    let run = try Self.regenerate(fakeSwift: "echo 'Build complete!'\nexit 0")
    #expect(run.status == .exited(0), "\(run.errors)")
    #expect(run.swiftRuns == ["build", "test", "test"])
    #expect(run.output.contains("== checking what was regenerated"))
  }
}
