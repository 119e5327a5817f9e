import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to completion and measures its wall time and peak memory.
enum Measurement {
  struct Run {
    var seconds: Double
    var maximumResidentBytes: Int
    var status: Int32
    var output: String
  }

  /// Runs `arguments[0]` with the rest as arguments, standard input from `input`, standard output
  /// to a file (read back) or to /dev/null.
  static func run(_ arguments: [String], input: String? = nil, keepOutput: Bool = false) throws
    -> Run
  {
    let folder = NSTemporaryDirectory()
    let inputPath = folder + "fieldnotes-bench-input-\(UUID().uuidString)"
    let outputPath = folder + "fieldnotes-bench-output-\(UUID().uuidString)"
    defer {
      unlink(inputPath)
      unlink(outputPath)
    }
    try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inputPath))
    // An opaque pointer on Darwin, a struct on Linux; `init` fills it in on both.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, keepOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = cStrings(arguments)
    defer { free(argv) }
    let environment = environmentStrings()
    defer { free(environment) }
    var pid = pid_t()
    let started = ContinuousClock.now
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
    guard spawned == 0 else { throw BenchError.cannotRun(arguments[0]) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let output =
      keepOutput
      ? String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
      : ""
    return Run(
      seconds: seconds, maximumResidentBytes: residentBytes(usage), status: (status >> 8) & 0xFF,
      output: output)
  }

  /// The argument that makes `fieldnotes-bench` run a program and report its peak memory.
  static let measureChildArgument = "--measure-child"

  /// Runs a program through a fresh `fieldnotes-bench` process that reports its peak memory.
  ///
  /// On Linux a child's peak starts at its parent's peak when it is spawned (`posix_spawn` execs
  /// from the parent's memory, and the kernel carries that high-water mark over), so a program
  /// spawned by this benchmark, which holds generated libraries of 100,000 notes, would be
  /// charged for them. A small intermediate process spawns it instead; its peak is the
  /// program's own.
  static func runMeasuringMemory(_ arguments: [String], input: String? = nil) throws -> Run {
    let reportPath = NSTemporaryDirectory() + "fieldnotes-bench-peak-\(UUID().uuidString)"
    defer { unlink(reportPath) }
    var run = try Measurement.run(
      [CommandLine.arguments[0], measureChildArgument, reportPath] + arguments, input: input)
    guard
      let report = FileManager.default.contents(atPath: reportPath),
      let bytes = Int(String(decoding: report, as: UTF8.self))
    else { throw BenchError.failed("no memory report for \(arguments.prefix(1))") }
    run.maximumResidentBytes = bytes
    return run
  }

  /// The intermediate process of ``runMeasuringMemory(_:input:)``: runs the program with this
  /// process's standard input and output, writes its peak memory in bytes to `reportPath`, and
  /// returns its exit status.
  static func measureChild(reportPath: String, arguments: [String]) -> Int32 {
    let argv = cStrings(arguments)
    defer { free(argv) }
    let environment = environmentStrings()
    defer { free(environment) }
    var pid = pid_t()
    guard posix_spawnp(&pid, arguments[0], nil, nil, argv, environment) == 0 else { return 127 }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    try? Data(String(residentBytes(usage)).utf8).write(to: URL(fileURLWithPath: reportPath))
    return (status >> 8) & 0xFF
  }

  /// Strings as the NUL-terminated array `posix_spawn` takes; give them back with ``free(_:)``.
  private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { strdup($0) } + [nil]
  }

  /// This process's environment for a child, passed on explicitly (`environ` is not exposed on
  /// Darwin).
  private static func environmentStrings() -> [UnsafeMutablePointer<CChar>?] {
    cStrings(ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
  }

  private static func free(_ strings: [UnsafeMutablePointer<CChar>?]) {
    for string in strings { Foundation.free(string) }
  }

  private static func residentBytes(_ usage: rusage) -> Int {
    #if os(Linux)
      Int(usage.ru_maxrss) * 1_024
    #else
      Int(usage.ru_maxrss)
    #endif
  }

  /// Whether a program can be found on the `PATH`.
  static func isInstalled(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains
    {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }
}

/// Why the benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
  case cannotRun(String)
  case failed(String)

  var description: String {
    switch self {
    case .cannotRun(let program): "cannot run \(program)"
    case .failed(let what): what
    }
  }
}

/// Median, minimum and maximum of some samples.
struct Summary {
  var median: Double
  var minimum: Double
  var maximum: Double

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    median =
      sorted.isEmpty
      ? 0
      : sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    minimum = sorted.first ?? 0
    maximum = sorted.last ?? 0
  }
}
