import Testing

@testable import fieldnotes_bench

/// `fieldnotes-bench` refuses what it doesn't take before anything runs, since a run it wasn't
/// asked for lasts most of an hour.
@Suite struct BenchArgumentsTests {
  @Test(arguments: [
    ([], BenchArguments.Check.run),
    (["--quick"], .run),
    (["--million", "--field-words"], .run),
    (["--quick", "--imports-only", "--corpus", "notes.txt"], .run),
    (["--million", "--edits-only"], .run),
    (["--soak"], .run),
    (["--soak", "3", "40"], .run),
    (["--help"], .help),
    (["-h"], .help),
    (["--corpus", "x.txt", "--help"], .help),
    (["--quik"], .refused("fieldnotes-bench doesn't take '--quik'")),
    (["--x", "--help"], .refused("fieldnotes-bench doesn't take '--x'")),
    (["--corpus"], .refused("--corpus needs the file of prose after it")),
    (["--corpus", "--field-words"], .refused("--corpus needs the file of prose after it")),
    (["--soak", "0"], .refused("--soak counts seeds and steps from 1")),
    (["--soak", "-1", "1"], .refused("--soak counts seeds and steps from 1")),
    (["--soak", "1", "1", "1"], .refused("fieldnotes-bench doesn't take '1'")),
    (["--quick", "--million"], .refused("--million can't be given with --quick")),
    (
      ["--sync-only", "--history-only"], .refused("--history-only can't be given with --sync-only")
    ),
    (
      ["--edits-only", "--imports-only"],
      .refused("--imports-only can't be given with --edits-only")
    ),
  ])
  func eachArgumentIsTakenOrRefusedBeforeAnythingRuns(
    arguments: [String], expected: BenchArguments.Check
  ) {
    #expect(BenchArguments.check(arguments) == expected)
  }
}
