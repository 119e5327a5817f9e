import Dispatch
import FieldNotesPlatform
import Foundation

/// Line editing, history and tab completion from the system's libedit (BSD-licensed), loaded
/// at run time so that building the framework needs no extra headers.
///
/// It uses libedit's callback interface: the main actor feeds it a character whenever standard
/// input is readable, so nothing blocks while a line is typed, and output arriving meanwhile (a
/// download finishing) is printed above the prompt, which is then drawn again.
@MainActor
public final class LineEditor {
  private typealias LineHandler = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
  private typealias Generator =
    @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?
  private typealias AttemptedCompletion =
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >?

  private let installHandler: @convention(c) (UnsafePointer<CChar>?, LineHandler?) -> Void
  private let removeHandler: @convention(c) () -> Void
  private let readCharacter: @convention(c) () -> Void
  // Apple's libedit declares it returning nothing; the result is never used.
  private let redisplay: @convention(c) () -> Void
  private let insertText: @convention(c) (UnsafePointer<CChar>?) -> Int32
  private let addHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  private let readHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  private let writeHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  private let completionMatches:
    @convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >?
  private let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  /// `rl_end`, where the library has it: how much of ``lineBuffer`` is the line.
  private let lineEnd: UnsafeMutablePointer<Int32>?
  private let point: UnsafeMutablePointer<Int32>
  private let attemptedOver: UnsafeMutablePointer<Int32>
  private let appendCharacter: UnsafeMutablePointer<Int32>

  /// Returns the words that could complete `word`, given the line before it.
  public var completer: (_ lineBefore: String, _ word: String) -> [String] = { _, _ in [] }
  /// Whether the line being typed is text (a line of a text), where Tab is a tab, not a request
  /// to complete: a pasted tab is kept.
  public var takesTabsAsText: () -> Bool = { false }
  /// Where history is kept between sessions.
  public let historyPath: String?
  /// The longest history kept.
  public static let historyLimit = 1_000

  private var input: (any DispatchSourceRead)?
  private var pending: CheckedContinuation<String?, Never>?
  private var isEditing = false
  private var prompt = ""
  /// Whether a key was read since the prompt was shown (libedit keeps the last line in its
  /// buffer until then, so the buffer alone can't tell).
  private var hasTyped = false
  private var matches: [String] = []
  private let clearsLine: Bool

  /// The editor the C callbacks reach; there is one terminal, so one editor.
  private static var current: LineEditor?

  /// Loads libedit, or returns `nil` where it is not installed.
  ///
  /// - Parameters:
  ///   - historyPath: Where history is read from and saved, or `nil` for none.
  ///   - clearsLine: Whether escape sequences may clear the line (not under `NO_COLOR`).
  /// - Returns: The editor, or `nil`.
  public static func load(historyPath: String?, clearsLine: Bool) -> LineEditor? {
    useUTF8Characters()
    guard let library = Libedit.openSystemLibrary() else { return nil }
    return LineEditor(library: library, historyPath: historyPath, clearsLine: clearsLine)
  }

  /// Sets the C library's character type to UTF-8, which is what the editor reads and writes.
  ///
  /// libedit turns the prompt and typed text into wide characters with the C library's
  /// locale. Left in the "C" locale a program starts in, it drops every non-ASCII character
  /// typed and crashes on a prompt holding one (a screen called "Café"). The user's locale
  /// is used when it is UTF-8; otherwise the first UTF-8 locale the system has.
  static func useUTF8Characters() {
    for name in ["", "C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] {
      if setlocale(LC_CTYPE, name) != nil, isUTF8 { return }
    }
  }

  /// Whether the C library's current character type is UTF-8.
  static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  private init?(library: Libedit, historyPath: String?, clearsLine: Bool) {
    // Every one is required, so `Libedit.openSystemLibrary()` found them all.
    guard
      let installHandler = library.function(
        .callbackHandlerInstall,
        as: (@convention(c) (UnsafePointer<CChar>?, LineHandler?) -> Void).self),
      let removeHandler = library.function(
        .callbackHandlerRemove, as: (@convention(c) () -> Void).self),
      let readCharacter = library.function(
        .callbackReadCharacter, as: (@convention(c) () -> Void).self),
      let redisplay = library.function(.forcedUpdateDisplay, as: (@convention(c) () -> Void).self),
      let insertText = library.function(
        .insertText, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
      let addHistory = library.function(
        .addHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
      let readHistory = library.function(
        .readHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
      let writeHistory = library.function(
        .writeHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
      let stifleHistory = library.function(
        .stifleHistory, as: (@convention(c) (Int32) -> Void).self),
      let usingHistory = library.function(.usingHistory, as: (@convention(c) () -> Void).self),
      let completionMatches = library.function(
        .completionMatches,
        as: (@convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<
          UnsafeMutablePointer<CChar>?
        >?).self),
      let attempted = library.variable(.attemptedCompletionFunction, as: AttemptedCompletion?.self),
      let attemptedOver = library.variable(.attemptedCompletionOver, as: Int32.self),
      let appendCharacter = library.variable(.completionAppendCharacter, as: Int32.self),
      let lineBuffer = library.variable(.lineBuffer, as: UnsafeMutablePointer<CChar>?.self),
      let point = library.variable(.point, as: Int32.self)
    else { return nil }
    self.installHandler = installHandler
    self.removeHandler = removeHandler
    self.readCharacter = readCharacter
    self.redisplay = redisplay
    self.insertText = insertText
    self.addHistory = addHistory
    self.readHistory = readHistory
    self.writeHistory = writeHistory
    self.completionMatches = completionMatches
    self.lineBuffer = lineBuffer
    lineEnd = library.variable(.end, as: Int32.self)
    self.point = point
    self.attemptedOver = attemptedOver
    self.appendCharacter = appendCharacter
    self.historyPath = historyPath
    self.clearsLine = clearsLine
    // The shell handles Ctrl-C itself; libedit must not install signal handlers (Apple's has
    // no such setting: see `Libedit.Symbol.catchSignals`).
    library.variable(.catchSignals, as: Int32.self)?.pointee = 0
    KeysRead.install(into: library.variable(.getCharacterFunction, as: KeysRead.Reader?.self))
    attempted.pointee = { word, _, _ in
      // Pointers aren't Sendable; their addresses cross the isolation check as integers.
      let address = MainActor.assumeIsolated {
        UInt(bitPattern: LineEditor.current?.complete(word))
      }
      return UnsafeMutablePointer(bitPattern: address)
    }
    usingHistory()
    stifleHistory(Int32(Self.historyLimit))
    if let historyPath { _ = readHistory(historyPath) }
    Self.current = self
  }

  /// Reads one line, editing it in place.
  ///
  /// - Parameter prompt: The prompt shown before the line.
  /// - Returns: The line, or `nil` at the end of input (Ctrl-D).
  public func readLine(prompt: String) async -> String? {
    await withCheckedContinuation { continuation in
      pending = continuation
      isEditing = true
      self.prompt = prompt
      install()
      let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          self?.hasTyped = true
          self?.readKey()
        }
      }
      source.resume()
      input = source
    }
  }

  /// Remembers a line in history, and saves the history.
  ///
  /// - Parameter line: The line; blank lines are not kept.
  public func remember(_ line: String) {
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    _ = addHistory(line)
    guard let historyPath else { return }
    // Create the file readable by its owner alone before anything is written to it.
    let descriptor = open(historyPath, O_WRONLY | O_CREAT | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return }
    fchmod(descriptor, 0o600)
    close(descriptor)
    _ = writeHistory(historyPath)
  }

  /// Prints lines above the line being edited, then shows the prompt and the typed text again.
  ///
  /// - Parameters:
  ///   - lines: The lines to print.
  ///   - toStandardError: Whether they are errors, written to standard error (a download that
  ///     failed while the user typed).
  public func printAbovePrompt(_ lines: [String], toStandardError: Bool = false) {
    let stream = toStandardError ? StandardStream.error : StandardStream.output
    guard isEditing else {
      stream.write(lines.map { $0 + "\n" }.joined())
      return
    }
    // As for a redraw, libedit draws the line again from its own state below what was printed;
    // what it holds is never read back (see ``redrawLine()``).
    StandardStream.output.write(clearsLine ? "\r\u{1B}[K" : "\n")
    stream.write(lines.map { $0 + "\n" }.joined())
    redisplay()
  }

  /// Hands libedit the key that is waiting.
  ///
  /// Ctrl-R starts an incremental search that reads keys itself until one ends it; libedit
  /// then pushes that key back to be run as a command, but in callback mode it runs only when
  /// the next key arrives — so Enter would not run the line found. A call that read Ctrl-R and
  /// ended on Enter (as ``KeysRead``, which reads the keys for libedit, saw) is therefore followed
  /// by one more, which runs the pushed-back Enter at once. What decides is the keys read, never
  /// how long the call took, so a fast typist, a paste or a slow machine gets the same.
  private func readKey() {
    KeysRead.begin()
    readCharacter()
    if isEditing, KeysRead.endedSearchWithEnter { readCharacter() }
  }

  /// Draws the prompt and the line being typed again, as they are: after the window was
  /// resized, or the process was stopped (Ctrl-Z) and continued, when the terminal may show
  /// anything.
  public func redrawLine() {
    guard isEditing else { return }
    // libedit redraws the line from its own state. The line is never read back from
    // `rl_line_buffer`: libedit doesn't end it where the line ends after a deletion (Ctrl-U),
    // so text erased there would come back, and run at Enter.
    StandardStream.output.write(clearsLine ? "\r\u{1B}[K" : "\n")
    redisplay()
  }

  /// Abandons the line being typed (Ctrl-C with nothing to cancel) and shows a fresh prompt.
  ///
  /// - Parameter newPrompt: The prompt to show now, when the Ctrl-C changed where the user is
  ///   (a text's `...>` gives way to its screen's); the same prompt by default.
  public func abandonLine(newPrompt: String? = nil) {
    guard isEditing else { return }
    _ = suspend()
    if let newPrompt { prompt = newPrompt }
    StandardStream.output.write("^C\n")
    resume("")
  }

  /// Gives the terminal back as it was before editing began, as a session that ends on a
  /// signal must (libedit reads keys with echo and line buffering off), and returns the line
  /// being typed, never entered.
  ///
  /// - Returns: The text on the line; empty when nothing was being typed.
  public func leaveTerminal() -> String {
    guard isEditing else { return "" }
    let typed = suspend()
    input?.cancel()
    input = nil
    isEditing = false
    StandardStream.output.write("\n")
    return typed
  }

  private func install() {
    hasTyped = false
    installHandler(prompt) { line in
      MainActor.assumeIsolated { LineEditor.current?.finish(line) }
    }
  }

  /// Takes the line editor off the terminal, returning what had been typed.
  private func suspend() -> String {
    let typed = hasTyped ? lineTyped() : ""
    removeHandler()
    return typed
  }

  /// The line as typed now: the buffer to `rl_end`, since after Ctrl-U or a deletion the rest
  /// of the buffer still holds what was erased, and would come back (and run) if read to its
  /// first NUL.
  private func lineTyped() -> String {
    guard let buffer = lineBuffer.pointee else { return "" }
    guard let lineEnd else { return String(cString: buffer) }
    let count = max(0, Int(lineEnd.pointee))
    let bytes = UnsafeRawBufferPointer(start: buffer, count: count)
    // A NUL before the end (there should be none) still ends the line.
    return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// Puts the line editor back with the prompt and the text that had been typed.
  private func resume(_ typed: String) {
    install()
    if !typed.isEmpty {
      _ = insertText(typed)
      // The text is on the line again: a second print above the prompt must keep it too.
      hasTyped = true
      // Installing printed the prompt; go back over it so the redraw shows it once, with the text.
      StandardStream.output.write(clearsLine ? "\r\u{1B}[K" : "\r")
      redisplay()
    }
  }

  private func finish(_ line: UnsafeMutablePointer<CChar>?) {
    let text = line.map { String(cString: $0) }
    free(line)
    input?.cancel()
    input = nil
    removeHandler()
    isEditing = false
    let continuation = pending
    pending = nil
    continuation?.resume(returning: text)
  }

  private func complete(_ word: UnsafePointer<CChar>?) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    if takesTabsAsText() {
      _ = insertText("\t")
      attemptedOver.pointee = 1
      return nil
    }
    let typed = word.map { String(cString: $0) } ?? ""
    // While it completes, libedit counts the cursor (and the line's end) in the characters it
    // stores, Unicode scalars, not in the bytes of the line it hands over: the line is read to
    // its NUL, and the line before the word is the scalars before the cursor.
    let line = Array((lineBuffer.pointee.map { String(cString: $0) } ?? "").unicodeScalars)
    let cursor = min(max(0, Int(point.pointee)), line.count)
    let wordStart = max(0, cursor - typed.unicodeScalars.count)
    var before = String.UnicodeScalarView()
    before.append(contentsOf: line[..<wordStart])
    matches = completer(String(before), typed)
    // The completer is the whole answer: no falling back to file names where it has none.
    attemptedOver.pointee = 1
    // A folder completes without a space after it (even after its closing quote, as in
    // `"my dir/"`), so Tab, or typing a name, goes on into it; so does a word that takes a value
    // after its colon (`in:`).
    let goesOn =
      matches.count == 1
      && (matches[0].hasSuffix("/") || matches[0].hasSuffix("/\"") || matches[0].hasSuffix(":"))
    appendCharacter.pointee = goesOn ? 0 : 0x20
    guard !matches.isEmpty else { return nil }
    return completionMatches(word) { _, state in
      let address = MainActor.assumeIsolated { () -> UInt in
        guard let editor = LineEditor.current, Int(state) < editor.matches.count else { return 0 }
        return UInt(bitPattern: strdup(editor.matches[Int(state)]))
      }
      return UnsafeMutablePointer(bitPattern: address)
    }
  }
}
