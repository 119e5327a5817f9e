import FieldNotesPlatform
import FieldNotesServices
import FieldNotesTerminal

/// What `fieldnotes` was asked to do on its command line.
public struct LaunchOptions: Equatable, Sendable {
  /// Where the notes are kept.
  public enum StoreChoice: Equatable, Sendable {
    /// The default store file for this user.
    case defaultFile
    /// A store file at this path.
    case file(String)
    /// In memory only, starting empty.
    case inMemory
    /// In memory only, starting with sample notebooks and notes.
    case demo
  }

  /// Where the notes are kept.
  public var store = StoreChoice.defaultFile
  /// A file of commands to run instead of reading standard input.
  public var scriptPath: String?
  /// Commands given with `-c`, run in order.
  public var commands: [String] = []
  /// Whether to print each input line before its output.
  public var echoes = false
  /// Whether to stop at the first failing line.
  public var bails = false
  /// Whether a script prints only what its commands answer, and a screen only when `list`
  /// asks (`--quiet`).
  public var isQuiet = false
  /// The sync remote to remember for the store, if given: a URL, or with `--sync-folder` a
  /// folder that holds (or will hold) a bare repository.
  public var syncRemote: SyncRemote?
  /// The simulated network the syncer goes through, if any (`slow`, `flaky`, `offline`).
  public var networkProfile: String?
  /// The seed of the flaky network profile.
  public var seed: UInt64 = 1
  /// Whether summaries are turned off (the seed's unavailable summarizer is used).
  public var disablesSummaries = false
  /// A note to add from the shell (`fieldnotes add TITLE …`), instead of running a session.
  public var addition: Addition?
  /// A note to print from the shell (`fieldnotes show ID`), as typed: its id, or a prefix of it.
  public var shownNote: String?
  /// The words of a search whose notes to print from the shell (`fieldnotes ls [QUERY…]`), as
  /// typed; empty for every note.
  public var listedQuery: [String]?
  /// A one-shot command of the daily loop (`fieldnotes rm ID`, `pin`, `mv`, `tag`…), if given.
  public var subcommand: Subcommand?

  /// The notebook `ls --notebook NAME` lists, as typed (`none` for notes in none).
  public var listedNotebook: String?
  /// The tags `ls --tag TAG` lists the notes of, as typed.
  public var listedTags: [String] = []
  /// The order `ls --sort ORDER` lists in; the list's own (newest first) when `nil`.
  public var listedOrder: String?
  /// How many notes `ls -n N` lists at most; every one when `nil`.
  public var listedLimit: Int?
  /// Whether the list was asked for as `fieldnotes search`, which needs a search.
  public var isSearching = false

  /// The REPL's lines a one-shot `ls` runs: All Notes, its search (the words typed, with
  /// `in:` and `#` for `--notebook` and `--tag`), its order, and the list whole, as a script's
  /// `list` prints it (every row, in the format asked for).
  public var listLines: [String]? {
    listedSearch.map { query in
      ["open all"] + (query.isEmpty ? [] : ["search " + query])
        + (listedOrder.map { ["sort " + $0] } ?? []) + ["list"]
    }
  }

  /// The search `ls` runs, in the query language: the words typed, with `in:` and `#` for
  /// `--notebook` and `--tag`; empty for none.
  public var listedSearch: String? {
    listedQuery.map { words in
      let quoted = { (word: String) in
        word.contains(" ") && !word.contains("\"") ? "\"\(word)\"" : word
      }
      return
        ((listedNotebook.map { ["in:" + quoted($0)] } ?? []) + listedTags.map { "#" + $0 }
        + words.map(quoted)).joined(separator: " ")
    }
  }
  /// What lists, notes and tags print as (`--format`): text, JSON, JSON Lines or Markdown.
  public var format = OutputFormat.text
  /// Which init file runs before the first command (`--init FILE`, `--no-init`).
  public var initFile = InitFileChoice.whenInteractive
  /// The shell whose completion script to print before exiting (`--completion SHELL`), if any.
  public var completionShell: CompletionScript.Shell?
  /// Whether to print the man page and exit (`--man`).
  public var showsManual = false
  /// Whether to print help and exit.
  public var showsHelp = false
  /// The command `fieldnotes help COMMAND` explains, in place of the whole help.
  public var helpTopic: String?
  /// Whether to print the version and exit.
  public var showsVersion = false

  /// Creates the default options.
  public init() {}

  /// Which file of commands a session runs before its first command.
  public enum InitFileChoice: Equatable, Sendable {
    /// The user's init file (``FieldNotesPlatform/StoreLocation/initFilePath(environment:)``),
    /// only when the session is interactive, and only if it is there.
    case whenInteractive
    /// This file, whatever the mode; it must be there (`--init FILE`).
    case file(String)
    /// None (`--no-init`).
    case none
  }

  /// A note added from the shell in one command: `fieldnotes add TITLE [--notebook NAME]
  /// [--tag TAG]...`, its body read from standard input when that is not a terminal.
  public struct Addition: Equatable, Sendable {
    /// The title.
    public var title: String
    /// The notebook's name, or `nil` for none.
    public var notebook: String?
    /// The tags, as typed.
    public var tags: [String] = []

    /// The note as typed, a line for each part given (`title: …`, `notebook: …`, `tags: …`),
    /// for giving it back when it couldn't be saved.
    public var lines: [String] {
      ["title: \(title)"] + (notebook.map { ["notebook: \($0)"] } ?? [])
        + (tags.isEmpty ? [] : ["tags: " + tags.joined(separator: ", ")])
    }
  }

  /// Reads the command line.
  ///
  /// An argument is looked up in the table of options (``LaunchOption/all(on:)``), and the
  /// parser switches on the option's key, so it understands exactly the options the table
  /// holds, and every one of them.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for anything not understood.
  public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    func value(for option: String, notAnOption: Bool = false) throws(UsageError) -> String {
      guard let value = remaining.first, !(notAnOption && value.hasPrefix("--")) else {
        throw UsageError("\(option) needs a value")
      }
      remaining.removeFirst()
      return value
    }
    // The command whose word (add's title, show's id) is still to come.
    var awaiting: String?
    // Whether the command is `help`, whose one word is the command it explains.
    var isHelpCommand = false
    func take(_ word: String) {
      if awaiting == LaunchOption.addCommand {
        options.addition?.title = word
      } else {
        options.shownNote = word
      }
      awaiting = nil
    }
    while let argument = remaining.popFirst() {
      // The command is the first word that is no option's value, wherever the options are,
      // as git reads `git -C dir log` and `git log -C dir`; its own word follows it, after any
      // options, or after `--` when it starts with a dash.
      if awaiting != nil {
        if argument == "--" {
          guard let word = remaining.popFirst() else { break }
          take(word)
          continue
        }
        if !argument.hasPrefix("-") {
          take(argument)
          continue
        }
      } else if var command = options.subcommand {
        // Every word of a one-shot command that is no option is its own; after `--`, every
        // word; `tag`'s `-TAG` is a word unless it names an option.
        if argument == "--" {
          command.words += Array(remaining)
          remaining = []
          options.subcommand = command
          continue
        }
        if !argument.hasPrefix("-")
          || (command.name.takesDashedWords && !command.words.isEmpty
            && LaunchOption.key(named: argument, isAdding: false) == nil
            && !argument.hasPrefix("--"))
        {
          command.words.append(argument)
          options.subcommand = command
          continue
        }
      } else if let words = options.listedQuery {
        // Every word of `ls` that is no option is the search's.
        if !argument.hasPrefix("-") {
          options.listedQuery = words + [argument]
          continue
        }
      } else if isHelpCommand {
        if !argument.hasPrefix("-") {
          guard options.helpTopic == nil else {
            throw UsageError(
              "help takes one command (“\(argument.terminalSafe)” is one too many): "
                + "fieldnotes help COMMAND")
          }
          options.helpTopic = argument
          continue
        }
      } else if options.addition == nil, options.shownNote == nil,
        argument == LaunchOption.helpCommand
      {
        isHelpCommand = true
        options.showsHelp = true
        continue
      } else if options.addition == nil, options.shownNote == nil,
        let name = Subcommand.Name(rawValue: argument)
      {
        options.subcommand = Subcommand(name: name)
        continue
      } else if options.addition == nil, options.shownNote == nil,
        argument == LaunchOption.listCommand || argument == LaunchOption.searchCommand
      {
        options.listedQuery = []
        options.isSearching = argument == LaunchOption.searchCommand
        continue
      } else if options.addition == nil, options.shownNote == nil,
        argument == LaunchOption.addCommand || argument == LaunchOption.showCommand
      {
        if argument == LaunchOption.addCommand { options.addition = Addition(title: "") }
        awaiting = argument
        continue
      }
      if argument.hasPrefix("--store=") {
        try options.choose(.file(String(argument.dropFirst("--store=".count))), by: "--store")
        continue
      }
      guard
        let key = LaunchOption.key(
          named: argument, isAdding: options.addition != nil || options.subcommand?.name == .import,
          isListing: options.listedQuery != nil)
      else {
        // `fieldnotes add Heron at the weir`, as jrnl takes an entry: the words are one title.
        if options.addition != nil, !argument.hasPrefix("-") {
          options.addition?.title += " " + argument
          continue
        }
        if options.shownNote != nil, !argument.hasPrefix("-") {
          throw UsageError("show takes one id (“\(argument.terminalSafe)” is one word too many)")
        }
        if !argument.hasPrefix("-") {
          throw UsageError(
            "unknown command '\(argument.terminalSafe)'"
              + (CommandSuggestion.closest(
                to: argument.lowercased(), among: LaunchOption.commandNames
              ).map { " (did you mean '\($0)'?)" } ?? "") + ": the commands are "
              + LaunchOption.commandNames.dropLast().joined(separator: ", ") + " and "
              + (LaunchOption.commandNames.last ?? "")
              + "; the REPL's run with -c, as in fieldnotes -c \"open all\" -c \"search heron\"")
        }
        throw UsageError("unknown option '\(argument.terminalSafe)'")
      }
      switch key {
      case .help: options.showsHelp = true
      case .version: options.showsVersion = true
      case .manual: options.showsManual = true
      case .completion:
        options.completionShell = CompletionScript.Shell(
          rawValue: try choice(of: key, try value(for: argument)))
      case .store: try options.choose(.file(try value(for: argument)), by: argument)
      case .inMemory: try options.choose(.inMemory, by: argument)
      case .demo: try options.choose(.demo, by: argument)
      case .script:
        guard options.scriptPath == nil else { throw UsageError("--script can be given once") }
        options.scriptPath = try value(for: argument)
      case .command: options.commands.append(try value(for: argument))
      case .syncRemote, .syncFolder:
        guard options.syncRemote == nil else {
          throw UsageError("--sync-remote and --sync-folder can be given once, and not both")
        }
        let value = try value(for: argument)
        guard !value.isEmpty else { throw UsageError("\(argument) needs a value") }
        options.syncRemote = key == .syncRemote ? .url(value) : .bareRepository(value)
      case .networkProfile:
        options.networkProfile = try choice(of: key, try value(for: argument))
      case .seed:
        let text = try value(for: argument)
        guard let seed = UInt64(text) else { throw UsageError("--seed takes a whole number") }
        options.seed = seed
      case .noSummaries: options.disablesSummaries = true
      case .echo: options.echoes = true
      case .bail: options.bails = true
      case .quiet: options.isQuiet = true
      case .initFile:
        guard options.initFile == .whenInteractive else {
          throw UsageError(
            options.initFile == .none
              ? "--init and --no-init can't be combined" : "--init can be given once")
        }
        let path = try value(for: argument)
        guard !path.isEmpty else { throw UsageError("--init needs a path") }
        options.initFile = .file(path)
      case .format:
        let name = try choice(of: key, try value(for: argument))
        options.format = OutputFormat(rawValue: name) ?? .text
        options.isQuiet = true
      case .noInit:
        if case .file = options.initFile {
          throw UsageError("--init and --no-init can't be combined")
        }
        options.initFile = .none
      case .notebook:
        let name = try value(for: argument, notAnOption: true)
        if options.addition != nil {
          options.addition?.notebook = name
        } else if options.subcommand?.name == .import {
          options.subcommand?.intoNotebook = name
        } else {
          guard !name.contains("\""), !name.isEmpty else {
            throw UsageError("--notebook needs a name without a double quote")
          }
          options.listedNotebook = name
        }
      case .tag:
        let tag = try value(for: argument, notAnOption: true)
        if let command = options.subcommand {
          throw UsageError("unknown option '--tag' for \(command.name.rawValue)")
        } else if options.addition != nil {
          options.addition?.tags.append(tag)
        } else {
          options.listedTags.append(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
        }
      case .sort:
        options.listedOrder = try choice(of: key, try value(for: argument))
      case .limit:
        guard let limit = Int(try value(for: argument)), limit > 0 else {
          throw UsageError("\(argument) takes a whole number above 0")
        }
        options.listedLimit = limit
      }
    }
    if awaiting == LaunchOption.addCommand {
      throw UsageError("add needs a title: fieldnotes add \"Title\" [--notebook NAME]")
    }
    if awaiting == LaunchOption.showCommand {
      throw UsageError("show needs a note's id: fieldnotes show ID (ids are in --format json)")
    }
    try options.subcommand?.validate()
    if let topic = options.helpTopic, !LaunchOption.commandNames.contains(topic) {
      throw UsageError(
        "there is no command called '\(topic.terminalSafe)'"
          + (CommandSuggestion.closest(to: topic.lowercased(), among: LaunchOption.commandNames)
            .map { " (did you mean '\($0)'?)" } ?? "")
          + "; a command of the REPL is explained in it: fieldnotes -c \"help \(topic.terminalSafe)\""
      )
    }
    if let command = options.subcommand, command.name != .sync, options.syncRemote != nil {
      throw UsageError(
        "\(command.name.rawValue) can't be combined with --sync-remote or --sync-folder; set the "
          + "remote in a session (`sync folder PATH`)")
    }
    if let command = options.subcommand, options.scriptPath != nil || !options.commands.isEmpty {
      throw UsageError("\(command.name.rawValue) can't be combined with --script or -c")
    }
    // A remote is set where it is used: with `sync`, or in a session; never as a side effect
    // of a command that doesn't sync.
    if options.addition != nil || options.shownNote != nil || options.listedQuery != nil,
      options.syncRemote != nil
    {
      let command =
        options.addition != nil
        ? "add" : options.shownNote != nil ? "show" : options.isSearching ? "search" : "ls"
      throw UsageError(
        "\(command) can't be combined with --sync-remote or --sync-folder; set the remote with "
          + "`fieldnotes sync --sync-folder PATH`, or in a session (`sync folder PATH`)")
    }
    if options.scriptPath != nil, !options.commands.isEmpty {
      throw UsageError("--script and -c can't be combined")
    }
    if options.addition != nil, options.scriptPath != nil || !options.commands.isEmpty {
      throw UsageError("add can't be combined with --script or -c")
    }
    if options.shownNote != nil, options.scriptPath != nil || !options.commands.isEmpty {
      throw UsageError("show can't be combined with --script or -c")
    }
    if options.listedQuery != nil, options.scriptPath != nil || !options.commands.isEmpty {
      throw UsageError(
        "\(options.isSearching ? "search" : "ls") can't be combined with --script or -c")
    }
    if options.isSearching, options.listedQuery == [], options.listedNotebook == nil,
      options.listedTags.isEmpty
    {
      throw UsageError(
        "search needs what to look for: fieldnotes search QUERY... (fieldnotes ls lists every "
          + "note)")
    }
    if case .file(let path) = options.store, path.isEmpty {
      throw UsageError("--store needs a path")
    }
    return options
  }

  /// A value that must be one of the option's choices in the table.
  ///
  /// - Parameters:
  ///   - key: The option.
  ///   - value: The value given.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` naming the choices, such as "--network-profile takes slow, flaky
  ///   or offline".
  private static func choice(of key: LaunchOption.Key, _ value: String) throws(UsageError)
    -> String
  {
    let option = key.option(on: .current)
    guard case .choices(let words) = option.value, !words.contains(value) else { return value }
    let listed = words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    throw UsageError("\(option.longName) takes \(listed)")
  }

  private mutating func choose(_ choice: StoreChoice, by option: String) throws(UsageError) {
    guard store == .defaultFile else {
      throw UsageError("\(option) can't be combined with another store option")
    }
    store = choice
  }
}

/// A command line `fieldnotes` does not understand.
public struct UsageError: Error, Equatable {
  /// What is wrong.
  public var message: String

  /// Creates the error.
  ///
  /// - Parameter message: What is wrong.
  public init(_ message: String) { self.message = message }
}
