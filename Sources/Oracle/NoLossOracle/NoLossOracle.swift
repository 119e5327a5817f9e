import FieldNotesServices
import Foundation

/// A property test of FieldNotes' first promise, that nothing the user wrote is lost, run on
/// the real `fieldnotes` from outside.
///
/// It drives random sequences of what users do — write, edit, delete, restore, empty the
/// trash, write in the editor (which exits cleanly, quits, crashes after writing, or is left
/// open when FieldNotes is killed), export and edit and copy the files, import them again,
/// import an edited backup and a jrnl journal, sync three stores through one remote and
/// resolve their conflicts, start sessions of stores in memory between — and after every step
/// asserts that every text ever acknowledged to the user in a store can still be found there:
/// in a note, a version, the trash, a conflict copy or a draft of that store (or, between a
/// kill and that store's next session, in the editor's file still on disk). Texts go only
/// when the user empties the trash and answers `yes`. Files the user wrote outside every store
/// must stay as the user left them.
///
/// The same seed gives the same run. `swift test` runs a few seeds (`NoLossOracleTests`); the
/// benchmark runs many more (`fieldnotes-bench --soak`).
public struct NoLossOracle {
  /// Something the oracle found wrong.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// The step it was found after, from 1.
    public var step: Int
    /// What the step did.
    public var action: String
    /// What was wrong.
    public var problem: String

    /// The finding, in one line.
    public var description: String { "step \(step) (\(action)): \(problem)" }
  }

  /// What a run did and found.
  public struct Report: Sendable {
    /// The seed.
    public var seed: UInt64
    /// Each step's action, in order.
    public var actions: [String] = []
    /// What was wrong; empty when nothing was lost.
    public var findings: [Finding] = []
    /// How many texts were acknowledged to the user in all.
    public var acknowledged = 0
    /// How many conflict copies the stores held at the end.
    public var conflictCopies = 0
    /// How many notes the stores' trashes held at the end.
    public var trashedNotes = 0
    /// How many versions of notes the stores held at the end.
    public var versions = 0
  }

  /// The `fieldnotes` executable.
  let binary: String
  /// A folder the run may fill; removed at the end.
  let folder: String

  /// Prepares a run.
  ///
  /// - Parameters:
  ///   - binary: The `fieldnotes` executable to drive.
  ///   - folder: A folder that doesn't exist yet, for the run's stores and files.
  public init(binary: String, folder: String) {
    self.binary = binary
    self.folder = folder
  }

  /// Runs one seed's sequence of actions, checking after each.
  ///
  /// - Parameters:
  ///   - seed: The seed.
  ///   - steps: How many actions.
  /// - Returns: The report.
  /// - Throws: When the world can't be made or a process can't be started.
  public func run(seed: UInt64, steps: Int) throws -> Report {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var run = try OracleRun(world: OracleWorld(binary: binary, root: folder), seed: seed)
    try run.start()
    for step in 1...max(1, steps) {
      try run.step(step)
      // One loss is enough to read; later steps would only repeat it.
      if !run.report.findings.isEmpty { break }
    }
    run.finish()
    return run.report
  }
}
