/// The files of a new feature, written from the name alone.
///
/// The feature they make is small and complete, the tags screen's shape in miniature: a view
/// model whose state is a closed enum derived from the store (`loaded` or `empty`, from the
/// shared vocabulary), a screen made from it with one command and the registration that adds
/// the feature's command to the notebooks screen, and a test target for each.
enum FeatureTemplates {
  /// Every file of a feature, with its path relative to the package root.
  ///
  /// - Parameter name: The feature's name.
  /// - Returns: The files, the view model's first.
  static func files(for name: FeatureName) -> [(path: String, text: String)] {
    let folder = name.folder
    return [
      ("\(folder)/\(name.featureModule)/\(name.viewModel).swift", viewModel(name)),
      ("\(folder)/\(name.screenModule)/\(name.screenModule).swift", screen(name)),
      ("\(folder)/\(name.screenModule)/\(name.place).swift", place(name)),
      ("\(folder)/\(name.screenModule)/\(name.view).swift", view(name)),
      (
        "\(folder)/Tests/\(name.featureModule)Tests/\(name.viewModel)Tests.swift",
        viewModelTests(name)
      ),
      (
        "\(folder)/Tests/\(name.screenModule)Tests/\(name.screenModule)Tests.swift",
        screenTests(name)
      ),
    ]
  }

  /// Import lines, sorted as `swift format` wants them.
  ///
  /// - Parameter modules: The modules.
  /// - Returns: One `import` a line, without the last newline.
  static func imports(_ modules: [String]) -> String {
    modules.sorted().map { "import \($0)" }.joined(separator: "\n")
  }
}
