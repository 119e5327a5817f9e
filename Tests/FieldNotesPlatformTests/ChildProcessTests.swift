import Foundation
import Synchronization
import Testing

@testable import FieldNotesPlatform

/// A child process, started for real: how it ended, what it was given of this process, and how
/// waiting for it copes with stops and cancellation.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
  @Test func anExitStatusIsReported() throws {
    let child = try ChildProcess("/bin/sh", arguments: ["-c", "exit 3"])
    #expect(child.waitUntilExit() == .exited(3))
    #expect(child.waitUntilExit().status == 3, "every wait gives the same answer")
  }

  @Test func aSignalThatEndsTheChildIsReported() throws {
    let child = try ChildProcess("/bin/sh", arguments: ["-c", "kill -KILL $$"])
    #expect(child.waitUntilExit() == .signalled(SIGKILL))
    #expect(child.waitUntilExit().status == 128 + SIGKILL)
  }

  /// A descriptor this process holds open, not closed on `exec`, at a number the child would
  /// never reach by itself, is not open in the child, whether the system closes the others at
  /// once or they are closed one by one (glibc before 2.34) — nor is one another test opens
  /// while the child starts, since closing one by one goes past every number open.
  @Test(
    arguments: [false, true].filter {
      !$0 || HostPlatform.current.startIgnoresClosingADescriptorNotOpen
    })
  func aChildGetsItsStandardStreamsAndNoOtherDescriptor(closingEachOne: Bool) throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let held = fcntl(ends[0], F_DUPFD, 200)
    defer { for end in ends + [held] { close(end) } }
    #expect(held >= 200)

    let child = try ChildProcess(
      "/bin/ls", arguments: [HostPlatform.current.openDescriptorsFolder],
      environment: ProcessInfo.processInfo.environment,
      streams: [.nullDevice, .pipe, .nullDevice], workingDirectory: nil,
      closesEachOpenDescriptor: closingEachOne)
    let listed = child.collectOutput()

    #expect(listed.termination == .exited(0))
    let open = Set(
      String(decoding: listed.output, as: UTF8.self).split(separator: "\n")
        .compactMap { Int32($0) })
    #expect(open.isSuperset(of: [0, 1, 2]))
    // Besides its standard streams, `ls` holds the folder it lists, and nothing else.
    #expect(open.subtracting([0, 1, 2]).count <= 1, "open in the child: \(open.sorted())")
    #expect(open.isDisjoint(with: ends + [held]), "open in the child: \(open.sorted())")
  }

  /// Descriptors another thread opens (without `O_CLOEXEC`) while children start one by one
  /// never reach them, however the two interleave.
  @Test(.enabled(if: HostPlatform.current.startIgnoresClosingADescriptorNotOpen))
  func descriptorsOpenedWhileAChildStartsAreNotOpenInIt() throws {
    let stop = Mutex(false)
    let opener = Thread {
      while !stop.withLock({ $0 }) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { continue }
        close(ends[0])
        close(ends[1])
      }
    }
    opener.start()
    defer { stop.withLock { $0 = true } }
    for _ in 0..<40 {
      let child = try ChildProcess(
        "/bin/ls", arguments: [HostPlatform.current.openDescriptorsFolder],
        environment: ProcessInfo.processInfo.environment,
        streams: [.nullDevice, .pipe, .nullDevice], workingDirectory: nil,
        closesEachOpenDescriptor: true)
      let open = Set(
        String(decoding: child.collectOutput().output, as: UTF8.self).split(separator: "\n")
          .compactMap { Int32($0) })
      #expect(open.subtracting([0, 1, 2]).count <= 1, "open in the child: \(open.sorted())")
    }
  }

  @Test func aChildStartsWithDefaultSignalHandlingWhateverThisProcessIgnores() throws {
    // The tests ignore SIGPIPE for good (a child that exits early must not end them), so this
    // changes nothing another test relies on.
    signal(SIGPIPE, SIG_IGN)
    let child = try ChildProcess("/bin/sh", arguments: ["-c", "kill -PIPE $$; exit 0"])
    #expect(child.waitUntilExit() == .signalled(SIGPIPE))
  }

  @Test func aChildStartsWithNoSignalBlockedWhateverThisThreadBlocks() throws {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let child = Result { try ChildProcess("/bin/sh", arguments: ["-c", "kill -TERM $$; exit 0"]) }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    #expect(try child.get().waitUntilExit() == .signalled(SIGTERM))
  }

  @Test func pipedStreamsCarryInputOutputAndErrors() throws {
    let child = try ChildProcess(
      "sh", arguments: ["-c", "cat; echo trouble >&2; exit 4"], standardInput: .pipe,
      standardOutput: .pipe, standardError: .pipe)
    let collected = child.collectOutput(writing: Array("heron\n".utf8))
    #expect(
      collected
        == ChildProcess.CollectedOutput(
          output: Array("heron\n".utf8), errors: Array("trouble\n".utf8), termination: .exited(4)))
  }

  @Test func streamsFromFilesAndAnotherWorkingDirectory() throws {
    let folder = try TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: folder.path + "/in", contents: Data("x".utf8)))
    let child = try ChildProcess(
      "/bin/sh", arguments: ["-c", "cat; pwd"], standardInput: .file(folder.path + "/in"),
      standardOutput: .file(folder.path + "/out"), standardError: .nullDevice,
      workingDirectory: folder.path)
    #expect(child.waitUntilExit() == .exited(0))
    let written = try String(contentsOfFile: folder.path + "/out", encoding: .utf8)
    #expect(written == "x" + folder.resolvedPath + "\n")
    let permissions = try FileManager.default.attributesOfItem(atPath: folder.path + "/out")
    #expect(permissions[.posixPermissions] as? Int == 0o600)
  }

  @Test func aProgramThatIsNotThereIsNotStarted() {
    #expect(throws: ChildProcessError.notFound(program: "fieldnotes-no-such-program")) {
      try ChildProcess("fieldnotes-no-such-program", environment: ["PATH": "/usr/bin:/bin"])
    }
  }

  @Test func aNameIsLookedUpOnPathSkippingFoldersAndFilesThatDontRun() throws {
    let folder = try TemporaryFolder()
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.path + "/a/tool", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: folder.path + "/b", withIntermediateDirectories: true)
    #expect(manager.createFile(atPath: folder.path + "/b/tool", contents: Data()))
    try manager.createDirectory(atPath: folder.path + "/c", withIntermediateDirectories: true)
    #expect(
      manager.createFile(
        atPath: folder.path + "/c/tool", contents: Data(),
        attributes: [.posixPermissions: 0o755]))
    let path = ["a", "b", "c"].map { folder.path + "/" + $0 }.joined(separator: ":")

    #expect(
      ChildProcess.executablePath(named: "tool", environment: ["PATH": path]) == folder.path
        + "/c/tool")
    #expect(ChildProcess.executablePath(named: folder.path + "/b/tool", environment: [:]) == nil)
  }

  // MARK: - Stops and cancellation

  @Test func aStoppedThenContinuedChildIsWaitedForUntilItExits() async throws {
    let child = try ChildProcess("/bin/sh", arguments: ["-c", "kill -STOP $$; exit 7"])
    let waiting = Task { await child.termination() }
    Self.waitUntilStopped(child)
    child.send(signal: SIGCONT)
    #expect(await waiting.value == .exited(7))
  }

  @Test func cancellingTheWaitStopsTheChild() async throws {
    let child = try ChildProcess("/bin/sleep", arguments: ["30"])
    let watchdog = Self.watchdog(killing: child)
    defer { watchdog.cancel() }
    let waiting = Task { await child.termination() }
    waiting.cancel()
    #expect(await waiting.value == .signalled(SIGTERM))
  }

  /// A stopped child keeps SIGTERM pending until it is continued: cancelling continues it.
  @Test func cancellingTheWaitStopsAStoppedChild() async throws {
    let child = try ChildProcess("/bin/sleep", arguments: ["30"])
    child.send(signal: SIGSTOP)
    Self.waitUntilStopped(child)
    let watchdog = Self.watchdog(killing: child)
    defer { watchdog.cancel() }
    let waiting = Task { await child.termination() }
    waiting.cancel()
    #expect(await waiting.value == .signalled(SIGTERM))
  }

  @Test func noSignalIsSentOnceTheChildIsReaped() throws {
    let child = try ChildProcess("/bin/sh", arguments: ["-c", "exit 0"])
    #expect(child.waitUntilExit() == .exited(0))
    child.stop()
    child.send(signal: SIGKILL)
    #expect(child.waitUntilExit() == .exited(0))
  }

  /// Kills the child if it is still there after twenty seconds: a bound, not a wait for a
  /// state, so that a cancellation that failed to end it (a stopped child stays stopped for
  /// ever) fails the test with `SIGKILL` rather than hang it.
  static func watchdog(killing child: ChildProcess) -> Task<Void, any Error> {
    Task.detached {
      try await Task.sleep(for: .seconds(20))
      child.send(signal: SIGKILL)
    }
  }

  /// Blocks until the child has stopped, leaving that for others to see (`WNOWAIT`).
  static func waitUntilStopped(_ child: ChildProcess) {
    var information = siginfo_t()
    while waitid(P_PID, id_t(child.identifier), &information, WSTOPPED | WNOWAIT) < 0,
      errno == EINTR
    {}
  }
}
