import FieldNotesTerminal

/// Runs commands from a script, a pipe or `-c`: no prompt, no banner; errors go to standard
/// error as `error: MESSAGE (line N of FILE)`.
@MainActor
struct BatchRunner {
  /// Where the lines come from.
  enum Source {
    case reader(ByteLineReader, name: String)
    case byteLines([[UInt8]], name: String)
  }

  let session: AppSession
  let console: any ConsoleOutput
  let echoes: Bool
  let bails: Bool

  /// Runs every line.
  ///
  /// - Returns: 0 when every line succeeded, 1 when any failed.
  func run(_ source: Source) async -> Int32 {
    session.start()
    var failed = false
    var number = 0
    let name: String
    var next: () -> ByteLineReader.Line?
    switch source {
    case .reader(let reader, let sourceName):
      name = sourceName
      next = reader.nextLine
    case .byteLines(let lines, let sourceName):
      name = sourceName
      var iterator = lines.makeIterator()
      next = { iterator.next().map { .bytes($0) } }
    }
    while let line = next() {
      number += 1
      let prompt = session.prompt
      do throws(AppError) {
        let outcome: AppSession.Outcome
        switch line {
        case .bytes(let bytes):
          if echoes {
            console.echo(String(decoding: bytes, as: UTF8.self).terminalSafe, prompt: prompt)
          }
          outcome = try await session.run(bytes: bytes)
        case .tooLong(let count):
          if echoes { console.echo("(a line of \(count) bytes)", prompt: prompt) }
          throw AppError.invalidInput(
            "the line is \(count) bytes long; the limit is \(InputLine.maximumBytes)")
        }
        await session.waitForBackgroundWork()
        if outcome == .quit { break }
      } catch {
        failed = true
        console.printError(
          "error: \(error.errorDescription ?? "failed") (line \(number) of \(name))")
        if bails { break }
      }
    }
    return failed ? 1 : 0
  }
}
