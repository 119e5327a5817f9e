import Foundation
import NoLossOracle
import Testing

/// The no-loss oracle over a few seeds.
///
/// Random sequences of what users do to three syncing stores, their editors, exports and
/// imports, with every text acknowledged to the user found again after every step (see
/// ``NoLossOracle/NoLossOracle``). `fieldnotes-bench --soak` runs many more. Each of the seven
/// losses the oracle was written against (a trashed text a sync brought back, editor files
/// taken by the wrong session or by one draft, an editor that crashed after writing, a second
/// export, an import under a known id, jrnl entries of one minute), and a write refused as
/// busy, fails at least one of these seeds when its fix is taken out.
@Suite struct NoLossOracleTests {
  @Test(arguments: ReliabilityFigures.oracleSeeds)
  func everyTextAcknowledgedIsFoundAgainAfterEveryStep(seed: UInt64) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    BuiltProduct.brokenPipesAreIgnored
    let oracle = NoLossOracle(
      binary: binary.path,
      folder: NSTemporaryDirectory() + "fieldnotes-oracle-" + UUID().uuidString)

    let report = try oracle.run(seed: seed, steps: ReliabilityFigures.oracleSteps)

    #expect(report.findings.isEmpty, "\(report.findings)\nactions: \(report.actions)")
    #expect(report.acknowledged > 0)
  }
}
