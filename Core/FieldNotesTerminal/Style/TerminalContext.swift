/// What a view is drawn for: the terminal's size, whether it shows colour, and the format of
/// what it prints.
///
/// Views receive it as a value when they draw, so a view is a function of its state and of this,
/// and a test draws at any width or style by giving one. An interactive session measures the
/// terminal when it starts and again when the window is resized; scripts, pipes and tests draw
/// for ``plain``: no width limit, no colour, so they see whole lines.
public struct TerminalContext: Equatable, Sendable {
  /// The columns to lay text out in, or `nil` for no limit.
  public var columns: Int?
  /// The rows of the window, or `nil` when not known: output taller than this is paged.
  public var rows: Int?
  /// How text is styled: with colour or plain.
  public var style: TerminalStyle
  /// What the screens that draw records print them as: text, or records for a script.
  public var format: OutputFormat

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - columns: The columns to lay text out in, or `nil` for no limit.
  ///   - rows: The rows of the window, or `nil` when not known.
  ///   - style: How text is styled.
  ///   - format: What the screens that draw records print them as; text by default.
  public init(columns: Int?, rows: Int?, style: TerminalStyle, format: OutputFormat = .text) {
    self.columns = columns
    self.rows = rows
    self.style = style
    self.format = format
  }

  /// Whole lines without colour: what scripts, pipes and tests see.
  public static let plain = TerminalContext(columns: nil, rows: nil, style: .plain)

  /// The narrowest layout a view attempts; a narrower window gets this and wraps.
  public static let minimumColumns = 20
}
