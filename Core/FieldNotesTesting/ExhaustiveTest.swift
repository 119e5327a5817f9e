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
/// Each ``step(_:_:states:writes:editorRuns:sourceLocation:)`` runs one action, then compares
/// the states recorded since the last step (through ``StateRecorder``) and the effects made
/// since (read from the doubles given) with what the test states; any difference is an issue
/// at the step. When the test lets go of it, whatever changed after the last step and was
/// never stated is an issue too, as a `TestStore` fails on effects still running at its end.
@MainActor
public final class ExhaustiveTest<Model: AnyObject & Observable, State: Equatable> {
  private let recorder: StateRecorder<Model, State>
  private let repository: InMemoryNoteRepository?
  private let syncer: RecordingNoteSyncer?
  private let summarizer: CannedSummaryGenerator?
  private let editor: ScriptedTextEditor?
  private let sourceLocation: SourceLocation
  /// How many of each were stated so far.
  private var statedStates = 0
  private var statedWrites = 0
  private var statedSyncs = 0
  private var statedSummaries = 0
  private var statedEditorRuns = 0

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
    self.syncer = syncer
    self.summarizer = summarizer
    self.editor = editor
    self.sourceLocation = sourceLocation
    statedWrites = repository?.committedChanges.count ?? 0
    statedEditorRuns = editor?.given.count ?? 0
  }

  /// Runs an action and checks that it made exactly the states and effects stated.
  ///
  /// - Parameters:
  ///   - name: The step, for the messages (`"pin 2"`).
  ///   - action: What the test does to the model.
  ///   - states: Every state the model took, in order, after those stated before.
  ///   - writes: Every commit the repository received, each a list of changes.
  ///   - editorRuns: How many times the editor ran.
  ///   - sourceLocation: Where the step is, for its issues.
  /// - Throws: What the action throws; the step is still checked.
  public func step(
    _ name: String, _ action: () throws -> Void, states: [State],
    writes: [[RepositoryChange]] = [], editorRuns: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    defer {
      check(name, states: states, writes: writes, editorRuns: editorRuns, at: sourceLocation)
    }
    try action()
  }

  /// Runs an asynchronous action, as ``step(_:_:states:writes:editorRuns:sourceLocation:)``
  /// does, and also checks the syncs and summaries it made.
  ///
  /// Syncs and summaries are counted by actors, so only an asynchronous step can read them; a
  /// synchronous action starts neither without a task, which this step awaits.
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
    let synced = await syncer?.syncCount ?? 0
    if synced - statedSyncs != syncs {
      Issue.record(
        "\(name): \(Self.count(synced - statedSyncs, "sync")) ran, the test states \(syncs)",
        sourceLocation: sourceLocation)
    }
    statedSyncs = synced
    let summarized = await summarizer?.summarizedNotes.count ?? 0
    if summarized - statedSummaries != summaries {
      let written = Self.count(summarized - statedSummaries, "summary", "summaries")
      Issue.record(
        "\(name): \(written) written, the test states \(summaries)",
        sourceLocation: sourceLocation)
    }
    statedSummaries = summarized
    check(name, states: states, writes: writes, editorRuns: editorRuns, at: sourceLocation)
    if let failure { throw failure }
  }

  /// Compares what happened since the last step with what the test states.
  private func check(
    _ name: String, states: [State], writes: [[RepositoryChange]], editorRuns: Int,
    at location: SourceLocation
  ) {
    let transitions = recorder.transitions
    let new = Array(transitions.dropFirst(statedStates))
    if new != states {
      Issue.record(
        "\(name): the model went through \(new), the test states \(states)",
        sourceLocation: location)
    }
    statedStates = transitions.count
    if let repository {
      let committed = repository.committedChanges
      let made = Array(committed.dropFirst(statedWrites))
      if made != writes {
        Issue.record(
          "\(name): the store was written \(made), the test states \(writes)",
          sourceLocation: location)
      }
      statedWrites = committed.count
    }
    if let editor {
      let runs = editor.given.count
      if runs - statedEditorRuns != editorRuns {
        let ran = runs - statedEditorRuns
        Issue.record(
          "\(name): the editor ran \(Self.count(ran, "time")), the test states \(editorRuns)",
          sourceLocation: location)
      }
      statedEditorRuns = runs
    }
  }

  /// A count with its noun: `1 sync`, `2 syncs`.
  private static func count(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// Checks that nothing changed since the last step: call it where a test ends, or let the
  /// kit go, which calls it.
  ///
  /// It sees states, store writes and editor runs. Syncs and summaries are counted by actors,
  /// which a synchronous check can't read, so each asynchronous step checks them instead.
  ///
  /// - Parameter location: Where the test ends.
  public func finish(sourceLocation location: SourceLocation = #_sourceLocation) {
    let states = recorder.transitions.count - statedStates
    let writes = (repository?.committedChanges.count ?? statedWrites) - statedWrites
    let runs = (editor?.given.count ?? statedEditorRuns) - statedEditorRuns
    for (count, what) in [(states, "state"), (writes, "store write"), (runs, "editor run")]
    where count > 0 {
      Issue.record(
        "\(count) \(what)\(count == 1 ? "" : "s") after the last step, never stated",
        sourceLocation: location)
    }
    statedStates += states
    statedWrites += writes
    statedEditorRuns += runs
  }

  // Let go on the main actor, where every view-model test runs. (An `isolated deinit` would
  // say so itself, but needs macOS 15.4, and FieldNotes builds for 15.)
  deinit {
    MainActor.assumeIsolated { finish(sourceLocation: sourceLocation) }
  }
}
