import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the REPL for a person at a terminal: a banner, a prompt naming where they are, lines
/// read off the main actor (so a sync or summary finishing meanwhile redraws at once), Ctrl-C
/// cancelling background work, Ctrl-D or `quit` leaving.
@MainActor
struct InteractiveRunner {
  let session: AppSession
  let environment: [String: String]
  private let console = StandardConsole()

  func run() async -> Int32 {
    console.print("FieldNotes \(FieldNotesApp.version) — type `help` to see the commands.")
    let interrupts = SignalWatcher(signals: [SIGINT]) { [session, console] _ in
      if !session.cancelBackgroundWork() {
        console.print("^C (type `quit` or press Ctrl-D to leave)")
      }
    }
    let terminations = SignalWatcher(signals: [SIGTERM, SIGHUP]) { _ in
      // Every change is already committed; leaving now loses nothing.
      exit(0)
    }
    defer {
      interrupts.cancel()
      terminations.cancel()
    }
    session.start()
    let input = LineInput(descriptor: 0)
    while true {
      FileHandle.standardOutput.write(Data(session.prompt.utf8))
      guard let line = await input.nextLine() else {
        console.print("")
        return 0
      }
      do throws(AppError) {
        let outcome: AppSession.Outcome
        switch line {
        case .bytes(let bytes): outcome = try await session.run(bytes: bytes)
        case .tooLong(let count):
          throw AppError.invalidInput(
            "the line is \(count) bytes long; the limit is \(InputLine.maximumBytes)")
        }
        if outcome == .quit { return 0 }
      } catch {
        console.printError("error: \(error.errorDescription ?? "failed")")
      }
    }
  }
}

/// Reads lines on a thread of their own, so the main actor stays free while waiting.
final class LineInput: @unchecked Sendable {
  // Only the reading thread touches the reader, one read at a time.
  private let reader: ByteLineReader
  private let queue = DispatchQueue(label: "fieldnotes.input")

  init(descriptor: Int32) {
    reader = ByteLineReader(descriptor: descriptor)
  }

  func nextLine() async -> ByteLineReader.Line? {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.reader.nextLine()) }
    }
  }
}

/// Calls back on the main actor when the process receives one of some signals.
@MainActor
final class SignalWatcher {
  private var sources: [any DispatchSourceSignal] = []

  init(signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler { MainActor.assumeIsolated { handler(number) } }
      source.resume()
      sources.append(source)
    }
  }

  func cancel() {
    for source in sources { source.cancel() }
  }
}
