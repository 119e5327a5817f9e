import FieldNotesServices
import Observation
import Testing

/// A view-model test in which every change must be stated.
///
/// Each state the model passes through and each effect it has — store writes, syncs, summaries,
/// editor runs — must be stated by the test; one it doesn't state fails it.
///
/// This is the guarantee of TCA's `TestStore`, with Observation and Swift Testing alone:
///
/// ```swift
/// let test = ExhaustiveTest(model, \.state, repository: repository)
/// try test.step("pin 2", { try model.togglePin(kingfisher.id) },
///   states: [.loaded(pinnedRows, sync: .idle)],
///   writes: [[.replaceNote(kingfisher, with: pinned)]])
/// ```
///
/// Each ``step(_:_:states:writes:syncs:summaries:editorRuns:sourceLocation:)`` runs one action,
/// then compares the states recorded since the last step (through ``StateRecorder``) and the
/// effects made since (read from the doubles given, which record them at once) with what the
/// test states; any difference is an issue at the step. When the test lets go of it, whatever
/// changed after the last step and was never stated is an issue too. Unlike a `TestStore`, it
/// can't see work still running then (it holds no handle on a model's tasks): a test awaits the
/// task a step started, and the kit then finds what that work did.
@MainActor
public final class ExhaustiveTest<Model: AnyObject & Observable, State: Equatable> {
  private let recorder: StateRecorder<Model, State>
  private let repository: InMemoryNoteRepository?
  private let sourceLocation: SourceLocation
  /// The effects counted, each with how many the doubles recorded so far.
  private let counted: [CountedEffect]
  /// How many states were stated so far.
  private var statedStates = 0
  /// How many store writes were stated so far.
  private var statedWrites = 0
  /// How many of each counted effect were stated so far.
  private var statedCounts: [Int]

  /// An effect stated by how many times it happened: syncs, summaries, editor runs.
  private struct CountedEffect {
    /// Its name, one and many: `("sync", "syncs")`.
    var noun: String
    var plural: String
    /// What the double recorded so far; `nil` when the test gave no double for it.
    var count: (() -> Int)?
  }

  /// Starts watching a model and the doubles its effects go through.
  ///
  /// - Parameters:
  ///   - model: The view model.
  ///   - state: Its state, usually `\.state`.
  ///   - repository: The store's repository, whose commits are the store writes; `nil` when the
  ///     test has none to watch.
  ///   - syncer: The syncer, whose syncs are effects; `nil` for none.
  ///   - summarizer: The summary generator, whose summaries are effects; `nil` for none.
  ///   - editor: The text editor, whose runs are effects; `nil` for none.
  ///   - sourceLocation: Where the test made the kit, for what is left unstated at its end.
  public init(
    _ model: Model, _ state: KeyPath<Model, State>, repository: InMemoryNoteRepository? = nil,
    syncer: RecordingNoteSyncer? = nil, summarizer: CannedSummaryGenerator? = nil,
    editor: ScriptedTextEditor? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    recorder = StateRecorder(model, state)
    self.repository = repository
    self.sourceLocation = sourceLocation
    counted = [
      CountedEffect(
        noun: "sync", plural: "syncs", count: syncer.map { syncer in { syncer.syncCount } }),
      CountedEffect(
        noun: "summary", plural: "summaries",
        count: summarizer.map { summarizer in { summarizer.summarizedNotes.count } }),
      CountedEffect(
        noun: "editor run", plural: "editor runs",
        count: editor.map { editor in { editor.given.count } }),
    ]
    statedWrites = repository?.committedChanges.count ?? 0
    statedCounts = counted.map { $0.count?() ?? 0 }
  }

  /// Runs an action and checks that it made exactly the states and effects stated.
  ///
  /// - Parameters:
  ///   - name: The step, for the messages (`"pin 2"`).
  ///   - action: What the test does to the model.
  ///   - states: Every state the model took, in order, after those stated before.
  ///   - writes: Every commit the repository received, each a list of changes.
  ///   - syncs: How many syncs the syncer ran.
  ///   - summaries: How many summaries the summary generator wrote.
  ///   - editorRuns: How many times the editor ran.
  ///   - sourceLocation: Where the step is, for its issues.
  /// - Throws: What the action throws; the step is still checked.
  public func step(
    _ name: String, _ action: () throws -> Void, states: [State],
    writes: [[RepositoryChange]] = [], syncs: Int = 0, summaries: Int = 0, editorRuns: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    defer {
      check(
        name, states: states, writes: writes, counts: [syncs, summaries, editorRuns],
        at: sourceLocation)
    }
    try action()
  }

  /// Runs an asynchronous action, as the synchronous
  /// ``step(_:_:states:writes:syncs:summaries:editorRuns:sourceLocation:)`` does.
  ///
  /// - Parameters:
  ///   - name: The step, for the messages.
  ///   - action: What the test does to the model.
  ///   - states: Every state the model took, in order.
  ///   - writes: Every commit the repository received.
  ///   - syncs: How many syncs the syncer ran.
  ///   - summaries: How many summaries the summary generator wrote.
  ///   - editorRuns: How many times the editor ran.
  ///   - sourceLocation: Where the step is, for its issues.
  /// - Throws: What the action throws; the step is still checked.
  public func step(
    _ name: String, _ action: () async throws -> Void, states: [State],
    writes: [[RepositoryChange]] = [], syncs: Int = 0, summaries: Int = 0, editorRuns: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    var failure: (any Error)?
    do { try await action() } catch { failure = error }
    check(
      name, states: states, writes: writes, counts: [syncs, summaries, editorRuns],
      at: sourceLocation)
    if let failure { throw failure }
  }

  /// Compares what happened since the last step with what the test states.
  private func check(
    _ name: String, states: [State], writes: [[RepositoryChange]], counts: [Int],
    at location: SourceLocation
  ) {
    Self.compare(recorder.transitions, after: &statedStates, with: states, at: location) {
      "\(name): the model went through \($0), the test states \(states)"
    }
    if let repository {
      Self.compare(repository.committedChanges, after: &statedWrites, with: writes, at: location) {
        "\(name): the store was written \($0), the test states \(writes)"
      }
    }
    for (index, effect) in counted.enumerated() {
      guard let now = effect.count?() else { continue }
      let made = now - statedCounts[index]
      if made != counts[index] {
        Issue.record(
          "\(name): \(Self.count(made, effect)), the test states \(counts[index])",
          sourceLocation: location)
      }
      statedCounts[index] = now
    }
  }

  /// Compares what was recorded since the part already stated with what a step states, then
  /// counts it all as stated.
  ///
  /// - Parameters:
  ///   - recorded: Everything recorded so far.
  ///   - statedCount: How much of it was stated before; set to all of it.
  ///   - stated: What the step states was recorded since.
  ///   - location: Where the step is.
  ///   - message: The issue, given what was recorded since.
  private static func compare<Value: Equatable>(
    _ recorded: [Value], after statedCount: inout Int, with stated: [Value],
    at location: SourceLocation, _ message: ([Value]) -> String
  ) {
    let made = Array(recorded.dropFirst(statedCount))
    if made != stated { Issue.record(Comment(rawValue: message(made)), sourceLocation: location) }
    statedCount = recorded.count
  }

  /// A count with its noun: `1 sync`, `2 summaries`.
  private static func count(_ count: Int, _ effect: CountedEffect) -> String {
    "\(count) \(count == 1 ? effect.noun : effect.plural)"
  }

  /// Checks that nothing changed since the last step: call it where a test ends, or let the
  /// kit go, which calls it.
  ///
  /// - Parameter location: Where the test ends.
  public func finish(sourceLocation location: SourceLocation = #_sourceLocation) {
    let states = recorder.transitions.count - statedStates
    let writes = (repository?.committedChanges.count ?? statedWrites) - statedWrites
    var left = [(states, "state", "states"), (writes, "store write", "store writes")]
    for (index, effect) in counted.enumerated() {
      guard let now = effect.count?() else { continue }
      left.append((now - statedCounts[index], effect.noun, effect.plural))
      statedCounts[index] = now
    }
    for (count, noun, plural) in left where count > 0 {
      Issue.record(
        "\(count) \(count == 1 ? noun : plural) after the last step, never stated",
        sourceLocation: location)
    }
    statedStates += states
    statedWrites += writes
  }

  // Let go on the main actor, where every view-model test runs. (An `isolated deinit` would
  // say so itself, but needs macOS 15.4, and FieldNotes builds for 15.)
  deinit {
    MainActor.assumeIsolated { finish(sourceLocation: sourceLocation) }
  }
}
