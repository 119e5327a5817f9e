import Foundation
import Testing

/// No view model takes a dependency it doesn't use: each value its initializer keeps (an
/// `@ObservationIgnored` stored property: a client, the store, a clock, an identifier source)
/// is read somewhere in its feature's target, besides where it is declared and set.
///
/// A dependency kept and never read is one a test must provide for nothing, and one the reader
/// of the initializer is misled by.
@Suite struct ViewModelDependencyTests {
  static let root = PackageManifest.packageRoot

  /// The names of a source's `@ObservationIgnored` stored properties.
  static func keptDependencies(in source: String) -> [String] {
    source.matches(
      of: #/@ObservationIgnored\s+(?:private\s+|fileprivate\s+)?(?:let|var)\s+(\w+)\s*:/#
    )
    .map { String($0.output.1) }
  }

  /// How many times a name is used in a text: every whole-word match but its declaration and
  /// labels (`NAME:`, as in `let NAME:` and `init(NAME: …)`) and a plain `self.NAME = NAME`.
  static func uses(of name: String, in text: String) throws -> Int {
    let text = text.split(separator: "\n").filter {
      !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
    }.joined(separator: "\n")
    // Simple word boundaries: by Unicode's rules `client.count` is one word.
    let all = text.matches(of: try Regex("\\b\(name)\\b").wordBoundaryKind(.simple)).count
    let labels = text.matches(of: try Regex("\\b\(name)\\s*:").wordBoundaryKind(.simple)).count
    let set = text.matches(
      of: try Regex("self\\.\(name)\\s*=\\s*\(name)\\b").wordBoundaryKind(.simple)
    ).count
    return all - labels - 2 * set
  }

  @Test func everyDependencyAViewModelKeepsIsUsed() throws {
    let features = Self.root.appendingPathComponent("Features")
    var checked = 0
    for feature in try FileManager.default.contentsOfDirectory(atPath: features.path).sorted() {
      let target = features.appendingPathComponent("\(feature)/\(feature)Feature")
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: target.path) else {
        continue
      }
      let sources = try files.filter { $0.hasSuffix(".swift") }.map {
        try String(contentsOf: target.appendingPathComponent($0), encoding: .utf8)
      }
      let text = sources.joined(separator: "\n")
      for source in sources where source.contains("@Observable") {
        for name in Self.keptDependencies(in: source) {
          checked += 1
          #expect(
            try Self.uses(of: name, in: text) > 0,
            "\(feature)Feature keeps `\(name)` but never uses it; take it out of the initializer")
        }
      }
    }
    #expect(checked >= 10)
  }

  @Test func aDependencyKeptButNeverReadIsCaught() throws {
    let source = """
      @Observable final class M {
        @ObservationIgnored private let client: any C
        @ObservationIgnored private let now: DateProvider
        init(client: any C, now: DateProvider) {
          self.client = client
          self.now = now
        }
        var state: Int { client.count }
      }
      """
    let names = Self.keptDependencies(in: source)

    #expect(names == ["client", "now"])
    #expect(try names.map { try Self.uses(of: $0, in: source) } == [1, 0])
    #expect(try names.filter { try Self.uses(of: $0, in: source) == 0 } == ["now"])
  }
}
