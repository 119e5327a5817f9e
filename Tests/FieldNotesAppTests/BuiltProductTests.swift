import Foundation
import Testing

/// The tests find the `fieldnotes` they run from how `swift test` started them, on Linux and
/// on macOS alike.
@Suite struct BuiltProductTests {
  static let debug = "/work/FieldNotes/.build/arm64-apple-macosx/debug"

  func holdsExecutables(_ folder: URL) -> Bool { folder.path == Self.debug }

  @Test func onLinuxTheTestsAreTheBundlesOwnExecutable() {
    let folder = BuiltProduct.buildFolder(
      testArguments: [Self.debug + "/FieldNotesPackageTests.xctest", "--testing-library", "swift"],
      holdsExecutables: holdsExecutables)
    #expect(folder.path == Self.debug)
  }

  @Test func onMacOSTheBundleIsGivenToXcodesHelper() {
    let helper =
      "/Applications/Xcode.app/Contents/Developer/usr/libexec/swift/pm/swiftpm-testing-helper"
    let folder = BuiltProduct.buildFolder(
      testArguments: [
        helper, "--test-bundle-path",
        Self.debug + "/FieldNotesPackageTests.xctest/Contents/MacOS/FieldNotesPackageTests",
        "--testing-library", "swift",
      ],
      holdsExecutables: holdsExecutables)
    #expect(folder.path == Self.debug)
  }

  /// A developer's own git setup never reaches a program the tests run, whatever `HOME` the
  /// test gives it.
  @Test func theProgramsTheTestsRunReadNoGitConfigurationOfTheDevelopers() throws {
    let home = NSTemporaryDirectory() + "fieldnotes-git-home-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    try "[commit]\n\tgpgSign = true\n".write(
      toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)

    let result = try BuiltProduct.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "config", "commit.gpgSign"],
      input: "", environment: ["HOME": home])

    #expect(result.status == 1, "git read \(result.output)")
  }

  @Test func theWalkStopsAtTheBuildFolderWhenNothingIsBuilt() {
    let folder = BuiltProduct.buildFolder(
      testArguments: ["/work/FieldNotes/.build/debug/FieldNotesPackageTests.xctest"],
      holdsExecutables: { _ in false })
    #expect(folder.lastPathComponent == ".build")
  }
}
