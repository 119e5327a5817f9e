import Foundation
import Testing

/// A feature that owns data reaches it only through the client its view model declares.
///
/// Such a feature has a live target (`NAMELive`); its view model target then declares
/// `protocol NAMEClient`, its view model is made from that client, and no file of the view
/// model's target names the store: a test of the view model stubs the client and nothing else.
@Suite struct FeatureClientTests {
  static let root = PackageManifest.packageRoot

  /// The features with a live client, by name (`Trash`).
  static func featuresOwningData() throws -> [String] {
    try PackageManifest.load(packageRoot: root).targets
      .filter { !$0.isTest && $0.name.hasSuffix("Live") && $0.name != DependencyRule.live }
      .map { String($0.name.dropLast("Live".count)) }
  }

  /// The Swift sources of a target's folder, by file name.
  static func sources(of target: String, in feature: String) throws -> [String: String] {
    let folder = root.appendingPathComponent("Features/\(feature)/\(target)")
    var sources: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      sources[file] = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }
    return sources
  }

  @Test func aFeatureOwningDataIsMadeFromItsClientAloneAndNamesNoStore() throws {
    let features = try Self.featuresOwningData()
    #expect(!features.isEmpty)
    for feature in features {
      let sources = try Self.sources(of: "\(feature)Feature", in: feature)
      #expect(
        sources.values.contains { $0.contains("public protocol \(feature)Client") },
        "\(feature)Feature declares no \(feature)Client")
      let viewModel = try #require(sources["\(feature)ViewModel.swift"])
      let initializers = viewModel.components(separatedBy: "public init(").dropFirst()
        .map { $0.prefix { $0 != ")" } }
      #expect(!initializers.isEmpty, "\(feature)ViewModel has no public initializer")
      for parameters in initializers {
        #expect(
          parameters.contains("any \(feature)Client"),
          "\(feature)ViewModel's init(\(parameters)) is not made from its client")
      }
      for (file, source) in sources {
        let code = source.split(separator: "\n").filter {
          !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
        #expect(
          !code.contains { $0.contains("NoteStore") && !$0.contains("NoteStoreError") },
          "\(feature)Feature/\(file) names the store; the client is the feature's one way to it")
      }
    }
  }
}
