/// The package's module graph as a Mermaid diagram, generated from the manifest so the one in
/// `docs/Architecture.md` can't drift from `Package.swift`.
enum ModuleGraph {
  static func mermaid(_ manifest: PackageManifest) -> String {
    let targets = manifest.targets.filter { !$0.isTest }
    func layer(_ target: PackageManifest.Target) -> String {
      if target.folder.hasPrefix("Sources/Plugins/") { return "Plugins" }
      if target.name.hasSuffix("Feature") { return "Features" }
      if target.folder.hasPrefix("Core/") { return "Core" }
      return "App"
    }
    var lines = ["```mermaid", "graph TD"]
    for group in ["App", "Features", "Core", "Plugins"] {
      lines.append("  subgraph \(group)")
      for target in targets.filter({ layer($0) == group }).map(\.name).sorted() {
        lines.append("    \(target)")
      }
      lines.append("  end")
    }
    for target in targets.sorted(by: { $0.name < $1.name }) {
      for dependency in target.dependencyNames.sorted() {
        lines.append("  \(target.name) --> \(dependency)")
      }
    }
    lines.append("```")
    return lines.joined(separator: "\n")
  }
}
