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

  /// Runs every line, after the lines of an init file if one is given.
  ///
  /// - Parameters:
  ///   - source: Where the lines come from.
  ///   - startup: The lines of an init file (`--init FILE`), run first as though they began
  ///     the script: an error names its file and line and counts in the exit status, but never
  ///     stops the run, even under `--bail`; `quit` there is such an error (see
  ///     ``run(lines:bails:asInitFile:styled:)``). None by default.
  /// - Returns: 0 when every line succeeded, 1 when any failed; 128 plus the signal's number
  ///   when a signal ended the run (SIGTERM, SIGHUP, SIGINT, …; unsaved work is kept first).
  public func run(_ source: Source, after startup: Source? = nil) async -> Int32 {
    // Lines read from a file or a pipe may take a while: a signal meanwhile keeps unsaved work.
    var terminations: SignalWatcher?
    if case .descriptor = source {
      // Held weakly: the session (and what it closes when it goes) must not outlive
      // the run because a watcher still holds its handler.
      terminations = SignalWatcher(signals: SignalWatcher.stopping + [SIGINT]) {
        [weak session] signal in
        // A Ctrl-C that stopped a line's work ends the run once that line has said so.
        if signal == SIGINT, LineInterruption.process.hasUnaskedInterrupt { return }
        session?.preserveUnsavedWork()
        exit(128 + signal)
      }
    }
    defer { terminations?.cancel() }
    session.start()
    var failed = false
    var ending = Ending()
    if let startup {
      ending = await run(lines: startup, bails: false, asInitFile: true)
      failed = ending.hasFailed
    }
    // Ctrl-C that stopped a line of the init file ends the run before the script's lines.
    if ending.signal == nil { ending = await run(lines: source, bails: bails) }
    if let signal = ending.signal {
      session.preserveUnsavedWork()
      return 128 + signal
    }
    failed = failed || ending.hasFailed
    session.finishRun()
    // A question no line answered: what the script asked for was not done. A screen that read
    // nothing: the script got no answer.
    failed = !session.reportUnansweredQuestions() || failed
    failed = !session.reportFailedRead() || failed
    if ending.hasQuit { return failed ? 1 : 0 }
    // The input ended without `quit`: nothing typed so far is lost.
    let kept = session.preserveUnsavedWork()
    return failed || !kept ? 1 : 0
  }

  /// How a run of lines ended.
  struct Ending {
    /// Whether a line failed.
    var hasFailed = false
    /// Whether a line asked to leave.
    var hasQuit = false
    /// The signal that ended the run after the line it stopped, if one did: Ctrl-C during
    /// stoppable work (``LineInterruption``).
    var signal: Int32?
  }

  /// The refusal of `quit` (or `exit`) in an init file.
  static let quitInInitFile =
    "an init file can't end the session, which starts after it; take this line out"

  /// Runs the lines of a source, each failure printed with its line number and the source's
  /// name: `error: MESSAGE (line N of FILE)`.
  ///
  /// An init file is for settings, run before the session's own lines: one of its lines that
  /// asks to leave (`quit`, `exit`) fails as a line does, and the init file goes on, so a
  /// script's commands and a person's session are never skipped in silence.
  ///
  /// - Parameters:
  ///   - source: The lines.
  ///   - bails: Whether the first failed line ends them.
  ///   - asInitFile: Whether they are an init file's, which can't end the session.
  ///   - styled: How an error line is styled (in colour, at a terminal).
  /// - Returns: Whether a line failed, and whether one asked to leave (which ends the run);
  ///   an init file's lines never do.
  func run(
    lines source: Source, bails: Bool, asInitFile: Bool = false,
    styled: (String) -> String = { $0 }
  ) async -> Ending {
    var ending = Ending()
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
      let asked = session.unansweredQuestions
      let outcome: LineOutcome
      switch line {
      case .bytes(let bytes):
        if echoes {
          console.echo(String(decoding: bytes, as: UTF8.self).terminalSafe, prompt: prompt)
        }
        // Refused once it has run: besides leaving, `quit` only stops background work, and
        // every earlier line's was waited for, so it has nothing to stop here.
        let ran = await session.runLine(bytes)
        outcome = ran == .quit && asInitFile ? .failed(.refused(Self.quitInInitFile)) : ran
        await session.waitForBackgroundWork()
      case .tooLong(let count):
        if echoes { console.echo("(a line of \(count) bytes)", prompt: prompt) }
        outcome = .tooLong(count)
      }
      if outcome == .quit {
        ending.hasQuit = true
        return ending
      }
      if case .failed(let error) = outcome {
        ending.hasFailed = true
        console.printError(
          styled("\(MessageStyle.errorLine(error.message)) (line \(number) of \(name))"))
      }
      // The command after a question answers it. One that failed there (a line that can't be
      // read, a word not understood) withdraws it, so no later line answers it instead; one that
      // asked another question left the first unanswered.
      let now = session.unansweredQuestions
      let dropped = asked.filter { !now.contains($0) }
      if outcome != .done, !asked.isEmpty {
        session.withdrawQuestions()
      } else if !dropped.isEmpty, now.contains(where: { !asked.contains($0) }) {
        ending.hasFailed = true
        for question in dropped {
          let message = MessageStyle.errorLine(
            "nothing was done: \u{201C}\(question)\u{201D} was asked, and the command after it "
              + "asked another question")
          console.printError(styled("\(message) (line \(number) of \(name))"))
        }
      }
      // Ctrl-C stopped this line's work: the run ends here, as Ctrl-C ends a script, but after
      // the line has said what it did not do.
      if LineInterruption.current.tookInterrupt() {
        ending.signal = SIGINT
        return ending
      }
      if ending.hasFailed, bails { break }
    }
    return ending
  }
}
