extension FeatureTemplates {
  /// The members every generated screen has: its model, and its `TerminalScreen` requirements
  /// drawn from the model's state, in the words of what it shows (`counts`, `entries`).
  static func screenMembers(_ name: FeatureName, showing drawn: String) -> String {
    #"""
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

      /// `\#(name.view)`.
      public var viewName: String { "\#(name.view)" }

      /// The \#(drawn), or why there are none.
      ///
      /// - Parameter terminal: The terminal's width and style.
      /// - Returns: The lines to print.
      public func render(in terminal: TerminalContext) -> [String] {
        \#(name.view).render(model.state)
      }

      /// `\#(name.viewModel).state = …`.
      public var stateLine: String {
        let state = \#(name.view).describe(model.state)
        return "\#(name.viewModel).state = \(state)"
      }

      /// Traces the view model's state.
      ///
      /// - Parameter emit: Prints one transition.
      /// - Returns: The tracer.
      public func traceState(emit: @escaping (String) -> Void) -> StateTracer {
        StateTracer(
          label: "\#(name.viewModel).state", read: { [model] in model.state },
          describe: \#(name.view).describe, emit: emit)
      }

      /// On the \#(name.lowercaseTitle) screen.
      public static let helpHeading = "\#(name.title)"
      /// How to reach the \#(name.lowercaseTitle) screen.
      public static let directions = "type `\#(name.command)` on the notebooks screen first"
    """#
  }

  /// The screen's answer to `why`: its view is drawn from its view model's state alone.
  static func explainedScreen(_ name: FeatureName) -> String {
    #"""
    extension \#(name.screenModule): ExplainedScreen {
      /// The view model's state in full, for `why`: its view is drawn from it alone.
      ///
      /// - Parameter terminal: The terminal it is drawn for, which changes nothing it reads.
      /// - Returns: The state.
      public func drawnFrom(in terminal: TerminalContext) -> [DrawnValue] {
        [DrawnValue("\#(name.viewModel).state", model.state)]
      }
    }
    """#
  }
}
