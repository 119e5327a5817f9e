extension CommandShell {
  /// The commands every screen app has: `help`, `quit`, `back`, `list`, `output`, `state`,
  /// `trace` and `renders`.
  ///
  /// - Parameters:
  ///   - title: The app's name, as `quit` says it.
  ///   - records: What the screens that draw records show, as `output` names them.
  /// - Returns: The commands.
  static func builtInCommands(title: String, records: String) -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["help", "?"], arguments: .optional("COMMAND"),
        summary: "list the commands, or explain one"
      ) { shell, arguments, _ throws(CommandLineError) in
        try shell.help(arguments.first)
        return .done
      }
      .completing { shell, previous in
        previous.isEmpty ? shell.commandsHere().flatMap { $0.commands.map(\.names[0]) } : []
      },
      ShellCommand(["quit", "exit"], arguments: .none, summary: "leave \(title) (Ctrl-D too)") {
        shell, _, _ throws(CommandLineError) in
        if let warning = shell.navigator.quitWarning() {
          shell.output.print(warning)
          return .done
        }
        // Work still running in the background is stopped, and the user told, not dropped
        // without a word.
        shell.stopBackgroundWorkBeforeLeaving()
        // What a screen holds unsaved is kept, as at the end of the input: leaving after the
        // warning loses nothing typed.
        shell.preserveUnsavedWork()
        return .quit
      },
      ShellCommand(["back"], arguments: .none, summary: "go back to the previous screen") {
        shell, _, _ throws(CommandLineError) in
        try await shell.navigator.back()
        return .done
      },
      ShellCommand(["list", "ls"], arguments: .none, summary: "draw the current screen again") {
        shell, _, _ throws(CommandLineError) in
        // A script reads what `list` prints whole, and has no one to type `more`.
        shell.navigator.redraw(whole: shell.printsForAScript)
        return .done
      },
      ShellCommand(
        ["output"], arguments: CommandArguments([.optional(.choice(OutputFormat.names))]),
        summary: "show or choose how \(records) print"
      ) { shell, arguments, _ throws(CommandLineError) in
        shell.output(arguments.first.flatMap { OutputFormat(rawValue: $0.lowercased()) })
        return .done
      },
      ShellCommand(["state"], arguments: .none, summary: "print the current view model's state") {
        shell, _, _ throws(CommandLineError) in
        shell.output.print(shell.navigator.top.stateLine)
        return .done
      }
      .inspecting(),
      ShellCommand(
        ["why"], arguments: .none,
        summary: "say why the last command drew the screen again, or did not"
      ) { shell, _, _ throws(CommandLineError) in
        let lines = shell.explanationOfLastLine()?.lines ?? ["No command has run yet."]
        for line in lines { shell.output.print(line) }
        return .done
      }
      .inspecting(),
      ShellCommand(
        ["trace"], arguments: CommandArguments([.choice(["on", "off"])]),
        summary: "print every view-model state transition"
      ) { shell, arguments, _ throws(CommandLineError) in
        shell.trace(on: arguments[0].lowercased() == "on")
        return .done
      }
      .inspecting(),
      ShellCommand(
        ["renders"], arguments: .none, summary: "print how many times each view has been drawn"
      ) { shell, _, _ throws(CommandLineError) in
        shell.output.print("Views drawn so far:")
        for (view, count) in shell.renderCounts.sorted(by: { $0.key < $1.key }) {
          shell.output.print("  \(view): \(count)")
        }
        return .done
      }
      .inspecting(),
    ]
  }

  private func help(_ named: String?) throws(CommandLineError) {
    let groups = commandsHere()
    guard let word = named?.lowercased() else {
      // Two columns where the terminal is wide enough (or unknown); on a narrow one, the
      // summary goes under its command, wrapped to the width.
      let columns = terminal.columns
      for (heading, commands) in groups {
        output.print("\(heading):")
        for command in commands {
          let usage = command.usage.count > 34 ? command.names[0] + " …" : command.usage
          if let columns, 38 + command.summary.terminalColumns > columns {
            let usageLines = command.usage.wrapped(toColumns: columns - 4)
            output.print(lines: ["  " + usageLines[0]] + usageLines.dropFirst().map { "    " + $0 })
            output.print(
              lines: command.summary.wrapped(toColumns: columns - 6).map { "      " + $0 })
          } else {
            output.print("  " + usage.padded(toColumns: 36) + command.summary)
          }
        }
      }
      if let helpFooter {
        output.print(lines: columns.map { helpFooter.wrapped(toColumns: $0) } ?? [helpFooter])
      }
      return
    }
    let here = groups.flatMap(\.commands).filter { $0.names.contains(word) }
    let elsewhere =
      (navigator.entries.map(\.help) + navigator.guides.flatMap(\.commands)).first {
        $0.names.contains(word)
      }
    guard let first = here.first ?? elsewhere else {
      let named = "there is no command called '\(CommandLineError.shortened(word).terminalSafe)'"
      throw .refused(
        named + (suggestion(for: word).map { " (did you mean '\($0)'?)" } ?? "")
          + "; `help` alone lists them")
    }
    for command in here.isEmpty ? [first] : here {
      output.print(command.usage)
      output.print("  \(command.summary)")
      if command.names.count > 1 {
        output.print("  also: \(command.names.dropFirst().joined(separator: ", "))")
      }
      if !command.details.isEmpty { output.print(lines: [""] + command.details) }
    }
  }

  /// `output` alone says the format; `output FORMAT` chooses it, saying so only to a person
  /// (as sqlite3's `.mode` says nothing), so a script's output stays what it asked for.
  private func output(_ format: OutputFormat?) {
    guard let format else {
      let usage = "output [\(OutputFormat.names.joined(separator: "|"))]"
      output.print("\(sentence(records)) print as \(terminal.format.name); `\(usage)` changes it.")
      return
    }
    terminal.format = format
    if isInteractive { output.print("\(sentence(records)) now print as \(format.name).") }
  }

  /// Words that start a sentence: their first letter in capitals.
  private func sentence(_ words: String) -> String {
    words.prefix(1).uppercased() + words.dropFirst()
  }

  private func trace(on: Bool) {
    guard on else {
      navigator.stopTracing()
      output.print("Tracing off.")
      return
    }
    let traced = navigator.startTracing { [output] in output.print($0) }
    output.print(
      traced
        ? "Tracing state transitions."
        : "Tracing state transitions; this screen has no view model, so it traces nothing.")
  }
}
