import FieldNotesPlatform

/// The system's libedit, opened at run time: which library files are tried, in what order,
/// and which of its functions and variables the line editor needs.
///
/// The library differs by platform: Linux distributions ship `libedit.so.2`; macOS ships
/// Apple's own libedit, which only a full path finds (binaries built with the macOS 14 SDK and
/// later no longer look bare names up in `/usr/lib`), and which leaves out `rl_catch_signals`.
/// A symbol the editor can do without is optional, so its absence never turns editing off.
struct Libedit {
  /// A function or variable of libedit's readline interface that the editor uses.
  enum Symbol: String, CaseIterable {
    case callbackHandlerInstall = "rl_callback_handler_install"
    case callbackHandlerRemove = "rl_callback_handler_remove"
    case callbackReadCharacter = "rl_callback_read_char"
    case forcedUpdateDisplay = "rl_forced_update_display"
    case insertText = "rl_insert_text"
    case addHistory = "add_history"
    case readHistory = "read_history"
    case writeHistory = "write_history"
    case stifleHistory = "stifle_history"
    case usingHistory = "using_history"
    case completionMatches = "rl_completion_matches"
    case attemptedCompletionFunction = "rl_attempted_completion_function"
    case attemptedCompletionOver = "rl_attempted_completion_over"
    case completionAppendCharacter = "rl_completion_append_character"
    case lineBuffer = "rl_line_buffer"
    case point = "rl_point"
    /// The length of the line typed. The buffer isn't ended where the line is after a deletion
    /// (Ctrl-U), so the line is read to here, not to its first NUL.
    case end = "rl_end"
    /// Whether libedit installs signal handlers of its own around each read; the editor turns
    /// it off where the variable is. Apple's libedit has none, and may install its handlers
    /// around each read all the same: the program's signals are still seen there, since a
    /// Dispatch signal source on Darwin (a kqueue) sees a signal whatever handler is installed,
    /// and libedit puts back the ignored disposition after each read (not tried on a Mac).
    case catchSignals = "rl_catch_signals"
    /// The hook libedit reads each key with: the editor reads them itself (``KeysRead``), to see
    /// the keys an incremental search reads; without it, Enter after Ctrl-R only ends the search
    /// and a second Enter runs the line.
    case getCharacterFunction = "rl_getc_function"

    /// Whether line editing can't work without it.
    var isRequired: Bool { ![.catchSignals, .end, .getCharacterFunction].contains(self) }
  }

  /// The library files tried on a platform, first to last.
  ///
  /// - Parameter platform: The platform.
  /// - Returns: The names, or full paths, given to `dlopen`.
  static func libraryNames(on platform: HostPlatform) -> [String] {
    switch platform {
    case .linux: ["libedit.so.2", "libedit.so"]
    case .macOS: ["/usr/lib/libedit.3.dylib", "/usr/lib/libedit.dylib"]
    }
  }

  /// Every symbol found, required and optional.
  let symbols: [Symbol: UnsafeMutableRawPointer]

  /// Opens the first library that has every required symbol.
  ///
  /// - Parameters:
  ///   - names: The library files to try, in order.
  ///   - open: Opens a library by name (`dlopen`).
  ///   - lookUp: Finds a symbol in an opened library (`dlsym`).
  /// - Returns: The library's symbols, or `nil` when none of the files has them all.
  static func open(
    _ names: [String], open: (String) -> UnsafeMutableRawPointer?,
    lookUp: (UnsafeMutableRawPointer, String) -> UnsafeMutableRawPointer?
  ) -> Libedit? {
    for name in names {
      guard let library = open(name) else { continue }
      var symbols: [Symbol: UnsafeMutableRawPointer] = [:]
      for symbol in Symbol.allCases {
        if let address = lookUp(library, symbol.rawValue) { symbols[symbol] = address }
      }
      if Symbol.allCases.allSatisfy({ !$0.isRequired || symbols[$0] != nil }) {
        return Libedit(symbols: symbols)
      }
    }
    return nil
  }

  /// Opens the system's libedit, or returns `nil` where it is not installed.
  static func openSystemLibrary() -> Libedit? {
    open(
      libraryNames(on: .current), open: { dlopen($0, RTLD_NOW) }, lookUp: { dlsym($0, $1) })
  }

  /// A function, as a C function type.
  ///
  /// - Parameters:
  ///   - symbol: The function.
  ///   - type: Its C type.
  /// - Returns: The function, or `nil` when the library lacks it (only an optional one can be
  ///   missing from a library ``open(_:open:lookUp:)`` returned).
  func function<Function>(_ symbol: Symbol, as type: Function.Type) -> Function? {
    symbols[symbol].map { unsafeBitCast($0, to: type) }
  }

  /// A variable, as a pointer to its value, or `nil` for an optional one that is missing.
  ///
  /// - Parameters:
  ///   - symbol: The variable.
  ///   - type: Its C type.
  /// - Returns: The pointer.
  func variable<Value>(_ symbol: Symbol, as type: Value.Type) -> UnsafeMutablePointer<Value>? {
    symbols[symbol]?.assumingMemoryBound(to: type)
  }
}
