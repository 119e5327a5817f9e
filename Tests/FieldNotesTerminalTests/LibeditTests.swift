import Testing

@testable import FieldNotesTerminal

/// Opening libedit: the files tried on each platform, in order, and the symbols it must have;
/// a missing optional one (Apple's libedit has no `rl_catch_signals`) never turns editing off.
@Suite struct LibeditTests {
  /// A fake `dlopen`/`dlsym` over libraries that each export some names.
  struct FakeLoader {
    var libraries: [String: Set<String>]
    var opened: [String] = []

    mutating func open(_ name: String) -> UnsafeMutableRawPointer? {
      opened.append(name)
      guard libraries[name] != nil else { return nil }
      return UnsafeMutableRawPointer(bitPattern: 0x1000 + opened.count)
    }

    func lookUp(_ name: String, in library: String) -> UnsafeMutableRawPointer? {
      libraries[library]?.contains(name) == true ? UnsafeMutableRawPointer(bitPattern: 0x2000) : nil
    }
  }

  static let everything = Set(Libedit.Symbol.allCases.map(\.rawValue))

  func open(_ names: [String], _ loader: inout FakeLoader) -> Libedit? {
    var handles: [Int: String] = [:]
    return Libedit.open(
      names,
      open: { name in
        let handle = loader.open(name)
        if let handle { handles[Int(bitPattern: handle)] = name }
        return handle
      },
      lookUp: { [loader] handle, symbol in
        handles[Int(bitPattern: handle)].flatMap { loader.lookUp(symbol, in: $0) }
      })
  }

  @Test func eachPlatformTriesItsOwnFilesInOrder() {
    #expect(Libedit.libraryNames(on: .linux) == ["libedit.so.2", "libedit.so"])
    #expect(
      Libedit.libraryNames(on: .macOS) == ["/usr/lib/libedit.3.dylib", "/usr/lib/libedit.dylib"],
      "full paths: the macOS 14 SDK no longer finds bare names in /usr/lib")
  }

  @Test func applesLibeditWithoutCatchSignalsStillEdits() {
    var loader = FakeLoader(libraries: [
      "/usr/lib/libedit.3.dylib": Self.everything.subtracting(["rl_catch_signals"])
    ])
    let library = open(Libedit.libraryNames(on: .macOS), &loader)
    #expect(library != nil)
    #expect(library?.symbols[.catchSignals] == nil)
    #expect(loader.opened == ["/usr/lib/libedit.3.dylib"], "the first that opens is used")
  }

  @Test func aMissingRequiredSymbolMovesOnToTheNextFileOrGivesUp() {
    for symbol in Libedit.Symbol.allCases where symbol.isRequired {
      var lacking = FakeLoader(libraries: [
        "libedit.so.2": Self.everything.subtracting([symbol.rawValue])
      ])
      #expect(open(Libedit.libraryNames(on: .linux), &lacking) == nil, "\(symbol)")
      var second = FakeLoader(libraries: [
        "libedit.so.2": Self.everything.subtracting([symbol.rawValue]),
        "libedit.so": Self.everything,
      ])
      #expect(open(Libedit.libraryNames(on: .linux), &second) != nil, "\(symbol)")
      #expect(second.opened == ["libedit.so.2", "libedit.so"])
    }
  }

  @Test func onlyTheLineEndSignalsAndTheKeyHookAreOptional() {
    #expect(
      Libedit.Symbol.allCases.filter { !$0.isRequired } == [
        .end, .catchSignals, .getCharacterFunction,
      ])
  }
}

/// The keys FieldNotes reads for libedit: whole characters, and what tells a search that Enter
/// ended (which leaves Enter to be run) from any other call, without a clock.
@Suite struct KeysReadTests {
  @Test func aUTF8SequenceIsOneCharacterAndAStrayByteIsItself() {
    #expect(KeysRead.decoded(Array("鳥".utf8)) == 0x9CE5)
    #expect(KeysRead.decoded(Array("é".utf8)) == 0xE9)
    #expect(KeysRead.decoded([0x41]) == 0x41)
    #expect(KeysRead.decoded([0xE9, 0x41]) == 0xE9, "not UTF-8: the byte as it is")
  }

  @Test func onlyASearchThatEnterEndedLeavesEnterToRun() {
    KeysRead.begin()
    for key in [KeysRead.search] + "Pla".unicodeScalars.map({ Int32($0.value) }) + [0x0D] {
      KeysRead.record(key)
    }
    #expect(KeysRead.endedSearchWithEnter)
    KeysRead.begin()
    KeysRead.record(0x0D)
    #expect(!KeysRead.endedSearchWithEnter, "Enter alone runs the line itself")
    KeysRead.begin()
    for key in [KeysRead.search, 0x50, 0x07] { KeysRead.record(key) }
    #expect(!KeysRead.endedSearchWithEnter, "Ctrl-G ends a search leaving nothing to run")
  }
}
