extension FeatureTemplates {
  /// The members every generated screen has: its model, and its `TerminalScreen` requirements
  /// drawn from the model's state, in the words of what it shows (`counts`, `entries`); a state
  /// holding a list is described briefly by the view (`describedByView`), another by Swift.
  static func screenMembers(
    _ name: FeatureName, showing drawn: String, describedByView: Bool = false
  ) -> String {
    let state =
      describedByView
      ? "ViewModelState(\n        \"\(name.viewModel).state\", read: { [model] in model.state },"
        + "\n        describe: \(name.view).describe)"
      : "ViewModelState(\n        \"\(name.viewModel).state\", read: { [model] in model.state })"
    return #"""
        let model: \#(name.viewModel)

        /// Shows a view model's \#(drawn).
        ///
        /// - Parameter model: The view model.
        public init(model: \#(name.viewModel)) {
          self.model = model
        }

        // MARK: - TerminalScreen

        /// `\#(name.command)`.
        public var promptTitle: String? { "\#(name.command)" }

        /// The \#(drawn), or why there are none.
        ///
        /// - Parameter terminal: The terminal's width and style.
        /// - Returns: The lines to print.
        public func render(in terminal: TerminalContext) -> [String] {
          \#(name.view).render(model.state)
        }

        /// The view model's state, from which `state`, `trace on` and `why` come: the view is
        /// drawn from it alone.
        public var capabilities: ScreenCapabilities<Route> {
          ScreenCapabilities(
            state: \#(state))
        }

        /// On the \#(name.lowercaseTitle) screen.
        public static let helpHeading = "\#(name.title)"
        /// How to reach the \#(name.lowercaseTitle) screen.
        public static let directions = "type `\#(name.command)` on the notebooks screen first"
      """#
  }
}
