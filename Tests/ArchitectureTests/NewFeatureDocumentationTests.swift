import Foundation
import Testing

@testable import FeatureGenerator

/// docs/Adding-a-Feature.md says what `new-feature` does; these check it says what the
/// generator plans, so the guide's promise ("two files outside the folder, none in Core") can't drift.
///
/// The plan is made for `Stats` whether or not the package has such a feature already (right
/// after the guide was followed, it does): the paths are the same either way.
@Suite struct NewFeatureDocumentationTests {
  static let name = "Stats"

  static func plannedSummary(ownsData: Bool = false) throws -> [String] {
    let package = try FieldNotesPackage(root: PackageManifest.packageRoot)
    let name = try FeatureName(ownsData ? "Bookmarks" : Self.name)
    return FeaturePlan.summary(
      creating: FeatureTemplates.files(for: name, ownsData: ownsData).map(\.path),
      editing: try package.edits(adding: name, ownsData: ownsData).map(\.path))
  }

  @Test func theGuideListsExactlyTheFilesANewFeatureEdits() throws {
    let text = try Documentation.text(of: "Adding-a-Feature.md")
    let section = try #require(Documentation.checkedSection("new-feature-edits", in: text))
    let listed = section.split(separator: "\n").filter { $0.hasPrefix("- `") }.map {
      String($0.dropFirst(3).prefix { $0 != "`" })
    }

    let edited = try Self.plannedSummary().filter { $0.hasPrefix("edit") }.map {
      String($0.dropFirst("edit   ".count))
    }
    #expect(listed == edited)
    #expect(listed.count == 2)
  }

  @Test func theGuidesDryRunIsTheGeneratorsOwn() throws {
    let text = try Documentation.text(of: "Adding-a-Feature.md")
    let section = try #require(Documentation.checkedSection("new-feature-dry-run", in: text))

    #expect(section == (["```"] + (try Self.plannedSummary()) + ["```"]).joined(separator: "\n"))
  }

  @Test func theGuidesDryRunOfAFeatureOwningDataIsTheGeneratorsOwn() throws {
    let text = try Documentation.text(of: "Adding-a-Feature.md")
    let section = try #require(Documentation.checkedSection("new-feature-data-dry-run", in: text))
    let planned = try Self.plannedSummary(ownsData: true)

    #expect(section == (["```"] + planned + ["```"]).joined(separator: "\n"))
    #expect(planned.allSatisfy { !$0.contains(" Core/") })
  }
}
