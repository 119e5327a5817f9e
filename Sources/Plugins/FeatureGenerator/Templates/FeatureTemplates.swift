/// The files of a new feature, written from the name alone.
///
/// The feature they make is small and complete, the tags screen's shape in miniature: a view
/// model whose state is a closed enum derived from the store (`loaded` or `empty`, from the
/// shared vocabulary), a screen made from it with one command and the registration that adds
/// the feature's command to the notebooks screen, and a test target for each.
enum FeatureTemplates {
  /// Every file of a feature, with its path relative to the package root.
  ///
  /// A feature owning data (`--data`) has, in place of the counting model, one that keeps lines
  /// of text through a client: the client protocol and its doubles beside the model, and the
  /// live client over a table of the feature's own in `NAMELive`, with a test target for it.
  ///
  /// - Parameters:
  ///   - name: The feature's name.
  ///   - ownsData: Whether the feature keeps data of its own.
  /// - Returns: The files, the view model's first.
  static func files(for name: FeatureName, ownsData: Bool = false) -> [(
    path: String, text: String
  )] {
    let folder = name.folder
    let feature = "\(folder)/\(name.featureModule)"
    let screen = "\(folder)/\(name.screenModule)"
    let tests = "\(folder)/Tests"
    guard ownsData else {
      return [
        ("\(feature)/\(name.viewModel).swift", viewModel(name)),
        ("\(screen)/\(name.screenModule).swift", self.screen(name)),
        ("\(screen)/\(name.place).swift", place(name)),
        ("\(screen)/\(name.view).swift", view(name)),
        ("\(tests)/\(name.featureModule)Tests/\(name.viewModel)Tests.swift", viewModelTests(name)),
        ("\(tests)/\(name.screenModule)Tests/\(name.screenModule)Tests.swift", screenTests(name)),
      ]
    }
    return [
      ("\(feature)/\(name.viewModel).swift", dataViewModel(name)),
      ("\(feature)/\(name.client).swift", client(name)),
      ("\(feature)/\(name.client)+Doubles.swift", clientDoubles(name)),
      ("\(folder)/\(name.liveModule)/\(name.liveClient).swift", liveClient(name)),
      ("\(screen)/\(name.screenModule).swift", dataScreen(name)),
      ("\(screen)/\(name.place).swift", place(name)),
      ("\(screen)/\(name.view).swift", dataView(name)),
      (
        "\(tests)/\(name.featureModule)Tests/\(name.viewModel)Tests.swift", dataViewModelTests(name)
      ),
      ("\(tests)/\(name.screenModule)Tests/\(name.screenModule)Tests.swift", dataScreenTests(name)),
      ("\(tests)/\(name.liveModule)Tests/\(name.liveClient)Tests.swift", liveClientTests(name)),
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
