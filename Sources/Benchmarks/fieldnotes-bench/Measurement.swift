import FieldNotesPlatform
import Foundation

/// Runs a program to completion and measures its wall time and peak memory.
enum Measurement {
  struct Run {
    var seconds: Double
    var maximumResidentBytes: Int
    var status: Int32
    var output: String
  }

  /// Runs `arguments[0]` (a path, or a name on `PATH`) with the rest as arguments, standard
  /// input from `input`, standard output to a file (read back) or to /dev/null.
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
    let started = ContinuousClock.now
    let child = try start(
      arguments, standardInput: .file(inputPath),
      standardOutput: keepOutput ? .file(outputPath) : .nullDevice, standardError: .nullDevice)
    let termination = child.waitUntilExit()
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let output =
      keepOutput
      ? String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
      : ""
    return Run(
      seconds: seconds, maximumResidentBytes: child.peakResidentBytes ?? 0,
      status: termination.status, output: output)
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
    guard let child = try? start(arguments) else { return 127 }
    let termination = child.waitUntilExit()
    try? Data(String(child.peakResidentBytes ?? 0).utf8).write(
      to: URL(fileURLWithPath: reportPath))
    return termination.status
  }

  /// Starts `arguments[0]` with the rest as arguments and this process's environment.
  private static func start(
    _ arguments: [String], standardInput: ChildProcess.Stream = .inherited,
    standardOutput: ChildProcess.Stream = .inherited,
    standardError: ChildProcess.Stream = .inherited
  ) throws(BenchError) -> ChildProcess {
    guard let program = arguments.first else { throw .cannotRun("nothing") }
    do {
      return try ChildProcess(
        program, arguments: Array(arguments.dropFirst()), standardInput: standardInput,
        standardOutput: standardOutput, standardError: standardError)
    } catch {
      throw .cannotRun(program)
    }
  }

  /// Whether a program can be found on the `PATH`.
  static func isInstalled(_ program: String) -> Bool {
    ChildProcess.executablePath(named: program, environment: ProcessInfo.processInfo.environment)
      != nil
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
