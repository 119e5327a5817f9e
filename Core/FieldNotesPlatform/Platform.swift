// The one place that names Linux's C library or Darwin's. Every other file of FieldNotes imports
// FieldNotesPlatform, which re-exports the system's C library, so it never needs an `#if` of
// its own; what differs between the two is declared here, once per platform, and each Darwin
// branch was read against Darwin's headers (`spawn.h`, `dlfcn.h`), since no Mac builds this.
#if canImport(Glibc)
  @_exported import Glibc

  extension Platform {
    /// The platform of this build.
    static let current = HostPlatform.linux

    /// A list of what the child does to its descriptors before the program starts: a struct
    /// in glibc.
    typealias FileActions = posix_spawn_file_actions_t
    /// How a child starts: a struct in glibc.
    typealias Attributes = posix_spawnattr_t

    /// What `dlsym` searches for a symbol in every library loaded (`RTLD_DEFAULT`, null in glibc).
    static var everyLoadedLibrary: UnsafeMutableRawPointer? { nil }

    /// Empty file actions, to be given to `posix_spawn_file_actions_init`.
    static func makeFileActions() -> FileActions { FileActions() }

    /// Empty attributes, to be given to `posix_spawnattr_init`.
    static func makeAttributes() -> Attributes { Attributes() }

    /// Has the child close every descriptor above standard error: glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time because Swift's Glibc
    /// module does not declare it.
    ///
    /// - Parameters:
    ///   - actions: The file actions, after those that set up standard input, output and error.
    ///   - flags: The spawn flags; glibc needs none for this.
    /// - Returns: Whether the child will close them; `false` on a glibc without the function,
    ///   where the caller closes each descriptor it finds open instead.
    static func closeOtherDescriptors(_ actions: inout FileActions, flags: inout Int16) -> Bool {
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<FileActions>, Int32) -> Int32
      guard let symbol = dlsym(everyLoadedLibrary, "posix_spawn_file_actions_addclosefrom_np")
      else { return false }
      return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3) == 0
    }

    /// Keeps one of this process's standard descriptors open in the child, as it is: glibc
    /// closes only what ``closeOtherDescriptors(_:flags:)`` names, so there is nothing to do.
    ///
    /// - Parameters:
    ///   - descriptor: 0, 1 or 2.
    ///   - actions: The file actions.
    static func inherit(_ descriptor: Int32, _ actions: inout FileActions) {}

    /// The system `read(2)`, named apart from the `read` methods of Swift types.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to read.
    ///   - buffer: Where the bytes go.
    ///   - count: At most how many bytes to read.
    /// - Returns: How many bytes were read; 0 at the end, -1 on an error (`errno` says which).
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
      -> Int
    { Glibc.read(descriptor, buffer, count) }

    /// When a file was last changed, from its `stat`: seconds since 1970.
    ///
    /// - Parameter status: The file's status.
    /// - Returns: The seconds, with the nanoseconds as a fraction.
    public static func modificationSeconds(of status: stat) -> Double {
      Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    /// The system `write(2)`, named apart from the `write` methods of Swift types.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to write.
    ///   - buffer: The bytes.
    ///   - count: How many bytes to write.
    /// - Returns: How many bytes were written; -1 on an error (`errno` says which).
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
    { Glibc.write(descriptor, buffer, count) }

    /// Flushes a file's data to the disk: `fsync(2)`, which on Linux waits for the drive.
    ///
    /// - Parameter descriptor: The file.
    /// - Returns: Whether it was flushed; `errno` says why not.
    public static func flush(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

    /// A disposition that runs a handler: glibc keeps it in `__sigaction_handler.sa_handler`.
    ///
    /// - Parameter handler: The function the signal runs.
    /// - Returns: The disposition, restarting the calls the signal interrupts (`SA_RESTART`).
    static func signalAction(running handler: @convention(c) (Int32) -> Void) -> sigaction {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = handler
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      return action
    }
  }
#elseif canImport(Darwin)
  @_exported import Darwin

  extension Platform {
    /// The platform of this build.
    static let current = HostPlatform.macOS

    /// A list of what the child does to its descriptors before the program starts: an opaque
    /// pointer on Darwin, which `posix_spawn_file_actions_init` allocates.
    typealias FileActions = posix_spawn_file_actions_t?
    /// How a child starts: an opaque pointer on Darwin, which `posix_spawnattr_init` allocates.
    typealias Attributes = posix_spawnattr_t?

    /// What `dlsym` searches for a symbol in every library loaded: `RTLD_DEFAULT`, which
    /// `dlfcn.h` defines as `((void *) -2)`, a macro Swift does not import.
    static var everyLoadedLibrary: UnsafeMutableRawPointer? {
      UnsafeMutableRawPointer(bitPattern: -2)
    }

    /// Empty file actions, to be given to `posix_spawn_file_actions_init`.
    static func makeFileActions() -> FileActions { nil }

    /// Empty attributes, to be given to `posix_spawnattr_init`.
    static func makeAttributes() -> Attributes { nil }

    /// Has the child close every descriptor its file actions don't name:
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, which closes standard input, output and error too unless
    /// they are opened, duplicated or inherited (``inherit(_:_:)``) by an action.
    ///
    /// - Parameters:
    ///   - actions: The file actions.
    ///   - flags: The spawn flags, to which the flag is added.
    /// - Returns: `true`: every Darwin has the flag.
    static func closeOtherDescriptors(_ actions: inout FileActions, flags: inout Int16) -> Bool {
      flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
      return true
    }

    /// Keeps one of this process's standard descriptors open in the child, as it is, despite
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`: `posix_spawn_file_actions_addinherit_np`.
    ///
    /// - Parameters:
    ///   - descriptor: 0, 1 or 2.
    ///   - actions: The file actions.
    static func inherit(_ descriptor: Int32, _ actions: inout FileActions) {
      posix_spawn_file_actions_addinherit_np(&actions, descriptor)
    }

    /// The system `read(2)`, named apart from the `read` methods of Swift types.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to read.
    ///   - buffer: Where the bytes go.
    ///   - count: At most how many bytes to read.
    /// - Returns: How many bytes were read; 0 at the end, -1 on an error (`errno` says which).
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
      -> Int
    { Darwin.read(descriptor, buffer, count) }

    /// When a file was last changed, from its `stat`: seconds since 1970.
    ///
    /// - Parameter status: The file's status.
    /// - Returns: The seconds, with the nanoseconds as a fraction.
    public static func modificationSeconds(of status: stat) -> Double {
      Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
    }

    /// The system `write(2)`, named apart from the `write` methods of Swift types.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to write.
    ///   - buffer: The bytes.
    ///   - count: How many bytes to write.
    /// - Returns: How many bytes were written; -1 on an error (`errno` says which).
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
    { Darwin.write(descriptor, buffer, count) }

    /// Flushes a file's data to the disk: `fcntl(F_FULLFSYNC)`, since Darwin's `fsync(2)` hands
    /// the data to the drive without waiting for the drive to write it (a power cut can then
    /// lose it); `fsync` where the file system has no full flush (`ENOTSUP`, a network disk).
    ///
    /// - Parameter descriptor: The file.
    /// - Returns: Whether it was flushed; `errno` says why not.
    public static func flush(_ descriptor: Int32) -> Bool {
      fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
    }

    /// A disposition that runs a handler: Darwin keeps it in `__sigaction_u.__sa_handler`
    /// (`signal.h`).
    ///
    /// - Parameter handler: The function the signal runs.
    /// - Returns: The disposition, restarting the calls the signal interrupts (`SA_RESTART`).
    static func signalAction(running handler: @convention(c) (Int32) -> Void) -> sigaction {
      var action = sigaction()
      action.__sigaction_u.__sa_handler = handler
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      return action
    }
  }
#else
  #error("FieldNotes runs on Linux with glibc and on macOS")
#endif

/// The system calls whose names or types differ between Linux and macOS, declared once for
/// each in this file (as swift-argument-parser's `Platform.swift` does), so the rest of
/// FieldNotes is the same code on both.
public enum Platform {
  /// Looks a C function up by name in every library loaded, for one that not every version of
  /// the system has, or that a header declares under a name Swift can't use.
  ///
  /// - Parameter name: The function's name.
  /// - Returns: Its address, or `nil` where the system lacks it.
  static func function(named name: String) -> UnsafeMutableRawPointer? {
    dlsym(everyLoadedLibrary, name)
  }
}
