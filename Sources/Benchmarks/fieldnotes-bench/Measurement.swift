import FieldNotesPlatform
import Foundation

/// Runs a program to completion and measures its wall time and peak memory.
enum Measurement {
  /// What one run of a program took and printed.
  struct Run {
    /// Its wall time, from start to exit.
    var seconds: Double
    /// Its peak memory, where the system says (see ``Measurement/runMeasuringMemory(_:input:)``).
    var maximumResidentBytes: Int
    /// Its exit status as a shell reports it.
    var status: Int32
    /// Its standard output, when asked for; else empty.
    var output: String
    /// Whether it was killed for running past its time limit.
    var isTimedOut = false
  }

  /// Runs `arguments[0]` (a path, or a name on `PATH`) with the rest as arguments, standard
  /// input from `input` or the file `inputFile`, standard output to a file (read back) or to
  /// /dev/null.
  ///
  /// - Parameters:
  ///   - arguments: The program and its arguments.
  ///   - input: The text of its standard input; none by default.
  ///   - inputFile: A file to read as its standard input instead of `input`, such as a large
  ///     SQL script, which is then never held in memory here.
  ///   - keepOutput: Whether to return its standard output.
  ///   - timeLimit: Seconds after which it is killed (`SIGKILL`) and the run marked
  ///     ``Run/isTimedOut``; no limit by default.
  /// - Returns: What the run took and printed.
  /// - Throws: ``BenchError`` when the program can't be started or the input written.
  static func run(
    _ arguments: [String], input: String? = nil, inputFile: String? = nil,
    keepOutput: Bool = false, timeLimit: Double? = nil
  ) throws -> Run {
    let folder = NSTemporaryDirectory()
    let inputPath = folder + "fieldnotes-bench-input-\(UUID().uuidString)"
    let outputPath = folder + "fieldnotes-bench-output-\(UUID().uuidString)"
    defer {
      unlink(inputPath)
      unlink(outputPath)
    }
    if inputFile == nil { try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inputPath)) }
    let started = ContinuousClock.now
    let child = try start(
      arguments, standardInput: .file(inputFile ?? inputPath),
      standardOutput: keepOutput ? .file(outputPath) : .nullDevice, standardError: .nullDevice)
    let watchdog = timeLimit.map { Watchdog(child, seconds: $0) }
    let termination = child.waitUntilExit()
    let elapsed = ContinuousClock.now - started
    let isTimedOut = watchdog?.finish() ?? false
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let output =
      keepOutput
      ? String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
      : ""
    return Run(
      seconds: seconds, maximumResidentBytes: child.peakResidentBytes ?? 0,
      status: termination.status, output: output, isTimedOut: isTimedOut)
  }

  /// Starts a program that runs beside the benchmark, its output thrown away; the caller ends
  /// it and waits for it.
  ///
  /// - Parameter arguments: The program and its arguments.
  /// - Returns: The running child.
  /// - Throws: ``BenchError`` when it can't be started.
  static func startInBackground(_ arguments: [String]) throws -> ChildProcess {
    try start(
      arguments, standardInput: .nullDevice, standardOutput: .nullDevice,
      standardError: .nullDevice)
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
  /// A program could not be started: its name.
  case cannotRun(String)
  /// A workload failed: what went wrong.
  case failed(String)

  /// What went wrong, in a line.
  var description: String {
    switch self {
    case .cannotRun(let program): "cannot run \(program)"
    case .failed(let what): what
    }
  }
}

/// Median, minimum and maximum of some samples.
struct Summary {
  /// The middle sample, or the mean of the two middle ones.
  var median: Double
  /// The smallest sample.
  var minimum: Double
  /// The largest sample.
  var maximum: Double

  /// Summarizes some samples; none summarize as zero.
  ///
  /// - Parameter samples: The samples.
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
