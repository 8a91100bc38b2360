#if canImport(Glibc)
import Glibc
#endif

/// One `posix_spawn(3)`: what the child runs, which descriptors it gets and
/// how its signals start. The file actions and attributes are destroyed on
/// every path; the child gets the tool's environment.
///
///     var spawn = Spawn(executable: "/bin/sh", arguments: ["/bin/sh", "-c", command])
///     spawn.actions = [.duplicate(stdinRead, to: 0), .closeFrom(3)]
///     spawn.newProcessGroup = true
///     let pid = try spawn.run()
package struct Spawn: Sendable {
    package enum FileAction: Sendable {
        /// `dup2(fd, target)` in the child.
        case duplicate(Int32, to: Int32)
        /// `open(path)` as `target` in the child.
        case open(Int32, path: String, FileAccessMode, options: FileOpenOptions, permissions: UInt32)
        /// Closes every descriptor from this number up; skipped where glibc
        /// lacks `addclosefrom_np` (before 2.34), since close-on-exec
        /// descriptors are closed anyway.
        case closeFrom(Int32)
        /// `chdir(path)` in the child; `ENOSYS` where glibc lacks `addchdir_np` (before 2.29).
        case changeDirectory(String)
    }

    /// The program's path (no `PATH` search).
    package var executable: String
    /// `argv`, the program's name first.
    package var arguments: [String]
    package var actions: [FileAction] = []
    /// In a process group of its own (`POSIX_SPAWN_SETPGROUP`, group id = its pid).
    package var newProcessGroup = false
    /// No blocked signals (the spawning thread may be a Dispatch worker,
    /// which blocks SIGTERM among others; inherited, that would make the
    /// child deaf to it).
    package var clearsSignalMask = false
    /// Signals back at their default action in the child (an ignored signal survives `exec`).
    package var defaultSignals: [Int32] = []
    /// `NAME=value` strings; nil: the tool's own environment.
    package var environment: [String]?

    package init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts the child and returns its pid.
    package func run() throws(Errno) -> Int32 {
        var fileActions = posix_spawn_file_actions_t()
        try SystemCall.checking { posix_spawn_file_actions_init(&fileActions) }
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var attributes = posix_spawnattr_t()
        try SystemCall.checking { posix_spawnattr_init(&attributes) }
        defer { posix_spawnattr_destroy(&attributes) }

        for action in actions {
            switch action {
            case .duplicate(let fd, let target):
                try SystemCall.checking { posix_spawn_file_actions_adddup2(&fileActions, fd, target) }
            case .open(let target, let path, let mode, let options, let permissions):
                try SystemCall.checking {
                    posix_spawn_file_actions_addopen(&fileActions, target, path, mode.flags | options.rawValue, permissions)
                }
            case .closeFrom(let lowest):
                if let addClosefrom = GlibcExtensions.addClosefrom {
                    try SystemCall.checking { addClosefrom(&fileActions, lowest) }
                }
            case .changeDirectory(let directory):
                guard let addChdir = GlibcExtensions.addChdir else { throw .noFunction }
                try SystemCall.checking { addChdir(&fileActions, directory) }
            }
        }

        var flags: Int32 = 0
        if newProcessGroup { flags |= POSIX_SPAWN_SETPGROUP }
        if clearsSignalMask { flags |= POSIX_SPAWN_SETSIGMASK }
        if !defaultSignals.isEmpty { flags |= POSIX_SPAWN_SETSIGDEF }
        if flags != 0 { try SystemCall.checking { posix_spawnattr_setflags(&attributes, Int16(flags)) } }
        if newProcessGroup { try SystemCall.checking { posix_spawnattr_setpgroup(&attributes, 0) } }
        if clearsSignalMask {
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            try SystemCall.checking { posix_spawnattr_setsigmask(&attributes, &noSignals) }
        }
        if !defaultSignals.isEmpty {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for s in defaultSignals { sigaddset(&defaults, s) }
            try SystemCall.checking { posix_spawnattr_setsigdefault(&attributes, &defaults) }
        }

        let strings: [UnsafeMutablePointer<CChar>?] = arguments.map { (argument: String) in strdup(argument) }
        defer { for string in strings { free(string) } }
        let variables: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { (variable: String) in strdup(variable) }
        defer { for variable in variables { free(variable) } }
        if strings.contains(nil) || variables.contains(nil) { throw .noMemory }
        var argv = strings + [nil]
        var envp = variables + [nil]
        var pid: pid_t = 0
        if environment == nil {
            try SystemCall.checking { posix_spawn(&pid, executable, &fileActions, &attributes, &argv, environ) }
        } else {
            try SystemCall.checking { posix_spawn(&pid, executable, &fileActions, &attributes, &argv, &envp) }
        }
        return pid
    }
}
