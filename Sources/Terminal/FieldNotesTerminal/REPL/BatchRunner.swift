import FieldNotesPlatform

/// Runs commands from a script, a pipe or `-c`: no prompt, no banner; errors go to standard
/// error as `error: MESSAGE (line N of FILE)`.
@MainActor
public struct BatchRunner {
  /// Where the lines come from.
  public enum Source {
    /// A file or a pipe, by its descriptor, named in messages; read off the main actor, so a
    /// signal can be handled while a line is awaited.
    case descriptor(Int32, name: String)
    /// Lines given whole, such as `-c` commands.
    case byteLines([[UInt8]], name: String)
  }

  let session: any LineSession
  let console: any ConsoleOutput
  let echoes: Bool
  let bails: Bool

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - session: What runs the lines.
  ///   - console: Where output and errors go.
  ///   - echoes: Whether each line is printed back after its prompt (`--echo`).
  ///   - bails: Whether the first failed line ends the run (`--bail`).
  public init(session: any LineSession, console: any ConsoleOutput, echoes: Bool, bails: Bool) {
    self.session = session
    self.console = console
    self.echoes = echoes
    self.bails = bails
  }

  /// Runs every line.
  ///
  /// - Parameter source: Where the lines come from.
  ///
  /// - Returns: 0 when every line succeeded, 1 when any failed; 128 plus the signal's number
  ///   when a signal ended the run (SIGTERM, SIGHUP, SIGINT, …; unsaved work is kept first).
  public func run(_ source: Source) async -> Int32 {
    // Lines read from a file or a pipe may take a while: a signal meanwhile keeps unsaved work.
    var terminations: SignalWatcher?
    if case .descriptor = source {
      // Held weakly: the session (and the store it closes when it goes) must not outlive
      // the run because a signal source still holds its handler.
      terminations = SignalWatcher(signals: SignalWatcher.stopping + [SIGINT]) {
        [weak session] signal in
        session?.preserveUnsavedWork()
        exit(128 + signal)
      }
    }
    defer { terminations?.cancel() }
    session.start()
    var failed = false
    var number = 0
    let name: String
    var next: () async -> ByteLineReader.Line?
    switch source {
    case .descriptor(let descriptor, let sourceName):
      name = sourceName
      let input = LineInput(descriptor: descriptor)
      next = { await input.nextLine() }
    case .byteLines(let lines, let sourceName):
      name = sourceName
      var iterator = lines.makeIterator()
      next = { iterator.next().map { .bytes($0) } }
    }
    while let line = await next() {
      number += 1
      let prompt = session.prompt
      let outcome: LineOutcome
      switch line {
      case .bytes(let bytes):
        if echoes {
          console.echo(String(decoding: bytes, as: UTF8.self).terminalSafe, prompt: prompt)
        }
        outcome = await session.runLine(bytes)
        await session.waitForBackgroundWork()
      case .tooLong(let count):
        if echoes { console.echo("(a line of \(count) bytes)", prompt: prompt) }
        outcome = .tooLong(count)
      }
      if outcome == .quit { return failed ? 1 : 0 }
      if case .failed(let message) = outcome {
        failed = true
        console.printError("\(MessageStyle.errorLine(message)) (line \(number) of \(name))")
        if bails { break }
      }
    }
    // The input ended without `quit`: nothing typed so far is lost.
    let kept = session.preserveUnsavedWork()
    return failed || !kept ? 1 : 0
  }
}
