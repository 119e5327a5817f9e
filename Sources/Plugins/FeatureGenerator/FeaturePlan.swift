import Foundation

/// Everything `new-feature` does for one name: the files it creates, and its edits.
///
/// The files it creates are all in the feature's folder; the edits are to the two files
/// outside it. The plan is made, and checked, before anything is written.
struct FeaturePlan {
  /// The feature's name.
  let name: FeatureName
  /// The files to create, with their text, each under ``FeatureName/folder``.
  let creations: [(path: String, text: String)]
  /// The existing files to change.
  let edits: [SourceEdit]
  /// The package's root folder.
  let root: URL

  /// Plans a feature.
  ///
  /// - Parameters:
  ///   - name: The name as typed.
  ///   - package: The package it goes in.
  ///   - ownsData: Whether the feature keeps data of its own (`--data`).
  /// - Throws: ``NewFeatureError`` when the name can't be used; nothing is written then.
  init(_ name: String, in package: FieldNotesPackage, ownsData: Bool = false)
    throws(NewFeatureError)
  {
    let name = try FeatureName(name)
    if ownsData, name.name.count > FeatureName.maximumLengthOwningData {
      throw .invalidName(
        name.name,
        "use at most \(FeatureName.maximumLengthOwningData) characters for a feature owning data")
    }
    try package.checkIsFree(name, ownsData: ownsData)
    self.name = name
    creations = FeatureTemplates.files(for: name, ownsData: ownsData)
    for (path, _) in creations
    where FileManager.default.fileExists(atPath: package.root.appendingPathComponent(path).path) {
      throw .existingFile(path)
    }
    edits = try package.edits(adding: name, ownsData: ownsData)
    root = package.root
  }

  /// What the plan does, one line a file: `create PATH`, then `edit PATH`.
  var summary: [String] {
    Self.summary(creating: creations.map(\.path), editing: edits.map(\.path))
  }

  /// The lines of a plan's summary, as the dry run prints them.
  ///
  /// - Parameters:
  ///   - created: The paths of the files created.
  ///   - edited: The paths of the files edited.
  /// - Returns: `create PATH` for each file created, then `edit   PATH` for each edited.
  static func summary(creating created: [String], editing edited: [String]) -> [String] {
    created.map { "create \($0)" } + edited.map { "edit   \($0)" }
  }

  /// Writes every file.
  ///
  /// If one can't be written, what was written is taken back.
  ///
  /// - Throws: ``NewFeatureError/writeFailed(_:_:)``.
  func write() throws(NewFeatureError) {
    var created: [URL] = []
    var edited: [(URL, String)] = []
    do {
      for (path, text) in creations {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        created.append(file)
      }
      for edit in edits {
        let file = root.appendingPathComponent(edit.path)
        try Data(edit.edited.utf8).write(to: file, options: .atomic)
        edited.append((file, edit.original))
      }
    } catch {
      for (file, original) in edited { try? Data(original.utf8).write(to: file, options: .atomic) }
      for file in created { try? FileManager.default.removeItem(at: file) }
      try? FileManager.default.removeItem(at: root.appendingPathComponent(name.folder))
      let path =
        (created.count < creations.count ? creations[created.count].path : nil)
        ?? edits[edited.count].path
      throw .writeFailed(path, error.localizedDescription)
    }
  }
}
