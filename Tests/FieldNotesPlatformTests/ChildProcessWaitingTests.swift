import Testing

@testable import FieldNotesPlatform

/// How waiting reads what `waitid` and `wait4` report, including what only macOS reports: a
/// stop given to a caller that asked for ends only.
@Suite struct ChildProcessWaitingTests {
  @Test func aStopOrAContinueIsNotAnEnd() {
    for code in [CLD_STOPPED, CLD_CONTINUED, CLD_TRAPPED] {
      #expect(ChildProcess.WaitReport(result: 0, error: 0, code: Int32(code)) == .notEnded)
    }
    for code in [CLD_EXITED, CLD_KILLED, CLD_DUMPED] {
      #expect(ChildProcess.WaitReport(result: 0, error: 0, code: Int32(code)) == .ended)
    }
    #expect(ChildProcess.WaitReport(result: -1, error: EINTR, code: 0) == .interrupted)
    #expect(ChildProcess.WaitReport(result: -1, error: ECHILD, code: 0) == .failed(ECHILD))
  }

  /// What macOS does while a child is stopped: the wait returns, again and again, until the
  /// child is continued and exits.
  @Test func waitingLooksAgainAfterStopsAndInterruptionsUntilTheEnd() {
    var reports: [ChildProcess.WaitReport] = [.notEnded, .interrupted, .notEnded, .ended, .ended]
    var looks = 0
    var pauses = 0
    let outcome = ChildProcess.waitForEnd(
      look: {
        looks += 1
        return reports.removeFirst()
      },
      pause: { pauses += 1 })
    #expect(outcome == .ended)
    #expect(looks == 4)
    #expect(pauses == 2, "a stop is waited out, an interruption looked at again at once")
  }

  @Test func aChildThatCantBeWaitedForEndsTheWaiting() {
    var looks = 0
    let outcome = ChildProcess.waitForEnd(
      look: {
        looks += 1
        return .failed(ECHILD)
      }, pause: {})
    #expect(outcome == .failed(ECHILD))
    #expect(looks == 1)
  }

  @Test func aWaitStatusIsAnExitOrASignal() {
    #expect(ChildProcess.Termination(waitStatus: 0) == .exited(0))
    #expect(ChildProcess.Termination(waitStatus: 3 << 8) == .exited(3))
    #expect(ChildProcess.Termination(waitStatus: SIGTERM) == .signalled(SIGTERM))
    // A core dump sets the eighth bit beside the signal.
    #expect(ChildProcess.Termination(waitStatus: 0x80 | SIGSEGV) == .signalled(SIGSEGV))
    #expect(ChildProcess.Termination.signalled(SIGTERM).status == 143)
    #expect(ChildProcess.Termination.lost.status == -1)
  }

  @Test func onlyDescriptorsAboveStandardErrorAreClosedOneByOne() {
    let names = ["0", "1", "2", "17", "3", ".", "..", "x"]
    #expect(ChildProcess.descriptorsToClose(amongNames: names) == [3, 17])
  }

  /// On Linux, closing one by one goes past every number open, so one another thread opens
  /// meanwhile is closed too; on a Mac, where closing one not open fails the start, only those
  /// open are closed.
  @Test func closingOneByOneGoesPastTheHighestOpenWhereThatIsSafe() {
    let linux = ChildProcess.descriptorsToClose(open: [3, 17], on: .linux)
    #expect(linux.first == 3)
    #expect(linux.last == 17 + ChildProcess.descriptorsOpenedMeanwhile)
    #expect(linux.count == Int(15 + ChildProcess.descriptorsOpenedMeanwhile))
    #expect(ChildProcess.descriptorsToClose(open: [], on: .linux).count > 0)
    #expect(ChildProcess.descriptorsToClose(open: [3, 17], on: .macOS) == [3, 17])
  }

  /// A standard descriptor this process has closed is `/dev/null` in the child, never
  /// inherited: inheriting it fails every start on a Mac.
  @Test func aClosedStandardDescriptorIsTheNullDeviceInTheChild() {
    #expect(ChildProcess.stream(.inherited, for: 1, isOpen: false) == .nullDevice)
    #expect(ChildProcess.stream(.inherited, for: 1, isOpen: true) == .inherited)
    #expect(ChildProcess.stream(.pipe, for: 0, isOpen: false) == .pipe)
    #expect(ChildProcess.stream(.file("/x"), for: 2, isOpen: false) == .file("/x"))
  }
}
