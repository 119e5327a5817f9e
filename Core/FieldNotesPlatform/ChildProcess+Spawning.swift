import Foundation

extension ChildProcess {
  /// The functions that add a change of folder to file actions, in the order they are tried.
  ///
  /// POSIX 2024's name comes first (macOS 26 has it, and deprecates the other), then the older
  /// `_np` one (glibc 2.29, macOS 10.15). Both are looked up at run time, so neither an SDK's
  /// deprecation nor a module that doesn't declare one (Swift's Glibc) matters.
  static let changeFolderFunctionNames = [
    "posix_spawn_file_actions_addchdir", "posix_spawn_file_actions_addchdir_np",
  ]

  /// Where a program is: a path with a slash is taken as it is; a bare name is looked for in
  /// each folder of the environment's `PATH` (`/usr/bin:/bin` when it has none), as `execvp`
  /// does.
  ///
  /// - Parameters:
  ///   - name: The program's name or path.
  ///   - environment: The environment whose `PATH` is searched.
  /// - Returns: The path of an executable regular file, or `nil` when there is none.
  public static func executablePath(named name: String, environment: [String: String])
    -> String?
  {
    guard !name.contains("/") else { return isExecutableFile(name) ? name : nil }
    let folders = (environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":", omittingEmptySubsequences: false)
    return folders.map { ($0.isEmpty ? "." : String($0)) + "/" + name }.first(
      where: isExecutableFile)
  }

  /// Whether a path is a regular file this process may execute.
  private static func isExecutableFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG)
      && access(path, X_OK) == 0
  }

  /// The descriptors above standard error among the names of a folder such as
  /// ``HostPlatform/openDescriptorsFolder``.
  ///
  /// - Parameter names: The folder's entries.
  /// - Returns: The descriptors, in order.
  static func descriptorsToClose(amongNames names: [String]) -> [Int32] {
    names.compactMap { Int32($0) }.filter { $0 > 2 }.sorted()
  }

  /// The descriptors this process has open above standard error, as its descriptor folder
  /// lists them (the folder's own descriptor, closed by now, is left out).
  private static func openDescriptors() -> [Int32] {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: HostPlatform.current.openDescriptorsFolder)) ?? []
    return descriptorsToClose(amongNames: names).filter { fcntl($0, F_GETFD) != -1 }
  }

  /// How far past the highest descriptor open a start that closes them one by one goes, where
  /// closing one not open is ignored: room for those other threads open meanwhile, which take
  /// the lowest numbers free.
  static let descriptorsOpenedMeanwhile: Int32 = 256

  /// The descriptors a start that closes them one by one closes.
  ///
  /// Where the platform ignores closing one not open, every number from 3 to
  /// ``descriptorsOpenedMeanwhile`` past the highest open, so a descriptor another thread opens
  /// between the listing and the start (without `O_CLOEXEC`) is closed too; elsewhere only those
  /// open, since closing one that isn't fails the start.
  ///
  /// - Parameters:
  ///   - open: The descriptors open above standard error, as listed.
  ///   - platform: The platform.
  /// - Returns: The descriptors to close, in order.
  static func descriptorsToClose(open: [Int32], on platform: HostPlatform) -> [Int32] {
    guard platform.startIgnoresClosingADescriptorNotOpen else { return open }
    let highest = max(open.max() ?? 2, 2) + descriptorsOpenedMeanwhile
    return Array(3...highest)
  }

  /// The stream a child gets for one of its standard descriptors.
  ///
  /// It is the one asked for, but `/dev/null` in place of this process's own when this process
  /// has it closed (a program started with `>&-`). Inheriting a closed descriptor fails every
  /// start on macOS (`EBADF`
  /// from `posix_spawn_file_actions_addinherit_np`), and leaves the child writing to whatever it
  /// opens first on Linux.
  ///
  /// - Parameters:
  ///   - stream: The stream asked for.
  ///   - descriptor: 0, 1 or 2.
  ///   - isOpen: Whether this process has the descriptor open.
  /// - Returns: The stream to give.
  static func stream(_ stream: Stream, for descriptor: Int32, isOpen: Bool) -> Stream {
    stream == .inherited && !isOpen ? .nullDevice : stream
  }

  /// Starts a program with `posix_spawn`: the one call of it in FieldNotes.
  ///
  /// - Parameters:
  ///   - path: The program's path.
  ///   - argumentZero: Its name, as it was given.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment.
  ///   - streams: Its standard input, output and error.
  ///   - pipes: The pipes made for the streams that are ``Stream/pipe``.
  ///   - workingDirectory: The folder it starts in, or `nil` for this process's.
  ///   - closesEachOpenDescriptor: Whether to close each open descriptor rather than all at once.
  /// - Returns: The child's process ID, or why it didn't start.
  static func spawn(
    _ path: String, argumentZero: String, arguments: [String], environment: [String: String],
    streams: [Stream], pipes: PipeEnds, workingDirectory: String?, closesEachOpenDescriptor: Bool
  ) -> Result<pid_t, ChildProcessError> {
    var actions = Platform.makeFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = Platform.makeAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    for (descriptor, given) in zip(Int32(0)..., streams) {
      let stream = Self.stream(given, for: descriptor, isOpen: fcntl(descriptor, F_GETFD) != -1)
      switch stream {
      case .inherited: Platform.inherit(descriptor, &actions)
      case .file(let file):
        let mode = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, descriptor, file, mode, 0o600)
      case .pipe:
        posix_spawn_file_actions_adddup2(&actions, pipes.childEnds[Int(descriptor)], descriptor)
      }
    }
    if let workingDirectory {
      typealias ChangeFolder =
        @convention(c) (UnsafeMutablePointer<Platform.FileActions>, UnsafePointer<CChar>) -> Int32
      guard let function = changeFolderFunctionNames.lazy.compactMap(Platform.function).first
      else { return .failure(.cannotChangeFolder(workingDirectory)) }
      _ = unsafeBitCast(function, to: ChangeFolder.self)(&actions, workingDirectory)
    }
    var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if closesEachOpenDescriptor || !Platform.closeOtherDescriptors(&actions, flags: &flags) {
      for descriptor in descriptorsToClose(
        open: openDescriptors(), on: HostPlatform.current)
      {
        posix_spawn_file_actions_addclose(&actions, descriptor)
      }
    }
    // Every signal starts with its default disposition (this process ignores some while it
    // watches them, and an ignored signal stays ignored across `exec`), and none blocked: the
    // threads of Swift's concurrency pool block SIGINT and SIGTERM, and a child keeps the mask of
    // the thread that started it, so a git started from a task would never get the SIGTERM
    // that cancelling sends.
    var defaults = sigset_t()
    sigfillset(&defaults)
    sigdelset(&defaults, SIGKILL)
    sigdelset(&defaults, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, flags)
    let argv = ([argumentZero] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var identifier = pid_t()
    let started = posix_spawn(&identifier, path, &actions, &attributes, argv, envp)
    guard started == 0 else {
      return .failure(
        .cannotStart(program: argumentZero, reason: String(cString: strerror(started))))
    }
    return .success(identifier)
  }

  /// The pipes of the streams that are ``Stream/pipe``, by standard descriptor: this process's
  /// ends and the child's.
  struct PipeEnds {
    /// This process's end of each, or `nil` for a stream that isn't a pipe.
    var parentEnds: [Int32?] = [nil, nil, nil]
    /// The child's end of each (duplicated onto its standard descriptor), or -1.
    var childEnds: [Int32] = [-1, -1, -1]

    /// Makes the pipe of one standard descriptor, both ends closed on `exec` so that no other
    /// child, started by any part of this process, inherits them.
    ///
    /// - Parameter descriptor: 0 (the child reads the pipe), 1 or 2 (it writes it).
    /// - Throws: ``ChildProcessError/cannotMakePipe(reason:)``, after closing those made.
    mutating func make(for descriptor: Int32) throws(ChildProcessError) {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else {
        let reason = String(cString: strerror(errno))
        closeChildEnds()
        closeParentEnds()
        throw .cannotMakePipe(reason: reason)
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let (parent, child) = descriptor == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
      parentEnds[Int(descriptor)] = parent
      childEnds[Int(descriptor)] = child
    }

    /// Closes the child's ends, which this process has no use for once the child started.
    mutating func closeChildEnds() {
      for end in childEnds where end >= 0 { close(end) }
      childEnds = [-1, -1, -1]
    }

    /// Closes this process's ends, when the child could not be started.
    mutating func closeParentEnds() {
      for end in parentEnds.compactMap({ $0 }) { close(end) }
      parentEnds = [nil, nil, nil]
    }
  }
}
