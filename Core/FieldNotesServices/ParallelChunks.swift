import Foundation
import Synchronization

/// Splits work over a range of items into one contiguous chunk per processor and runs the
/// chunks at the same time, for the few places where one command touches every note (a search
/// scans 100 MB of text in a large library).
enum ParallelChunks {
  /// The fewest items worth giving a chunk of their own; below twice this, the work runs on the
  /// calling thread.
  static let minimumChunk = 4_096

  /// Runs `body` on chunks of `0..<count` and returns the results in the order of the chunks.
  ///
  /// - Parameters:
  ///   - count: How many items there are.
  ///   - body: The work for one chunk; called at the same time from several threads.
  /// - Returns: One result per chunk, the first chunk's first.
  static func map<Result: Sendable>(
    _ count: Int, _ body: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / minimumChunk))
    guard chunks > 1 else { return [body(0..<count)] }
    let results = Mutex([Int: Result]())
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
      let result = body(range)
      results.withLock { $0[chunk] = result }
    }
    return results.withLock { results in (0..<chunks).compactMap { results[$0] } }
  }
}
