#if canImport(Glibc)
import Glibc
#endif

/// A freshly started `/bin/sh -c COMMAND`: its pid and the tool's ends of
/// its three pipes (close-on-exec and non-blocking; the app's ends are
/// ordinary blocking descriptors 0, 1 and 2).
struct SpawnedChild {
    let pid: pid_t
    /// The write end of the app's stdin.
    let input: PipeEnd
    /// The read end of the app's stdout.
    let output: PipeEnd
    /// The read end of the app's stderr.
    let errors: PipeEnd

    /// Starts `shell -c command` with `posix_spawn` in a process group of its
    /// own (`POSIX_SPAWN_SETPGROUP`, group id = its pid), so that the app and
    /// everything it starts can be signalled at once and are out of reach of
    /// the terminal's Ctrl-C, which goes to the tool alone.
    ///
    /// The child gets: the tool's environment; `directory` or the tool's
    /// working directory; descriptors 0, 1, 2 and no others (the pipes are
    /// close-on-exec, and `addclosefrom_np` closes anything another part of
    /// the tool opened without `O_CLOEXEC`); no blocked signals (the spawning
    /// thread may be a Dispatch worker, which blocks SIGTERM among others:
    /// inherited, that would make the app deaf to `terminate()`); and SIGPIPE
    /// back at its default action, since the tool ignores it and ignored
    /// signals survive `exec`.
    ///
    /// Every descriptor made here is closed again on every failure path.
    static func spawn(shell: String, command: String, directory: String?) throws(AppProcessError) -> SpawnedChild {
        func failure(_ what: String, _ error: Errno) -> AppProcessError {
            .cannotStart(command: command, reason: "\(what): \(error)")
        }
        var opened: [PipeEnd] = []
        func closeAll() { for fd in opened { fd.close() } }

        let stdinPipe: (read: PipeEnd, write: PipeEnd)
        let stdoutPipe: (read: PipeEnd, write: PipeEnd)
        let stderrPipe: (read: PipeEnd, write: PipeEnd)
        do {
            stdinPipe = try PipeEnd.pipe()
            opened += [stdinPipe.read, stdinPipe.write]
            stdoutPipe = try PipeEnd.pipe()
            opened += [stdoutPipe.read, stdoutPipe.write]
            stderrPipe = try PipeEnd.pipe()
            opened += [stderrPipe.read, stderrPipe.write]
            try stdinPipe.write.setNonBlocking()
            try stdoutPipe.read.setNonBlocking()
            try stderrPipe.read.setNonBlocking()
        } catch {
            closeAll()
            throw failure("cannot create its pipes", error)
        }

        var pid: pid_t = 0
        do {
            try runSpawn(
                &pid, shell: shell, command: command, directory: directory,
                stdin: stdinPipe.read, stdout: stdoutPipe.write, stderr: stderrPipe.write)
        } catch {
            closeAll()
            let place = directory.map { " in directory \($0)" } ?? ""
            throw failure("cannot run \(shell)\(place)", error)
        }
        // The child has its copies; the tool keeps only its own ends.
        stdinPipe.read.close()
        stdoutPipe.write.close()
        stderrPipe.write.close()
        return SpawnedChild(pid: pid, input: stdinPipe.write, output: stdoutPipe.read, errors: stderrPipe.read)
    }

    /// The `posix_spawn` call with its file actions and attributes, which are
    /// destroyed on every path.
    private static func runSpawn(
        _ pid: inout pid_t, shell: String, command: String, directory: String?,
        stdin: PipeEnd, stdout: PipeEnd, stderr: PipeEnd
    ) throws(Errno) {
        var actions = posix_spawn_file_actions_t()
        try SystemCall.checking { posix_spawn_file_actions_init(&actions) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        try SystemCall.checking { posix_spawnattr_init(&attributes) }
        defer { posix_spawnattr_destroy(&attributes) }

        try SystemCall.checking { posix_spawn_file_actions_adddup2(&actions, stdin.rawValue, 0) }
        try SystemCall.checking { posix_spawn_file_actions_adddup2(&actions, stdout.rawValue, 1) }
        try SystemCall.checking { posix_spawn_file_actions_adddup2(&actions, stderr.rawValue, 2) }
        if let addClosefrom = GlibcExtensions.addClosefrom {
            try SystemCall.checking { addClosefrom(&actions, 3) }
        }
        if let directory {
            guard let addChdir = GlibcExtensions.addChdir else { throw Errno(ENOSYS) }
            try SystemCall.checking { addChdir(&actions, directory) }
        }

        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try SystemCall.checking { posix_spawnattr_setflags(&attributes, Int16(flags)) }
        try SystemCall.checking { posix_spawnattr_setpgroup(&attributes, 0) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        try SystemCall.checking { posix_spawnattr_setsigmask(&attributes, &noSignals) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        try SystemCall.checking { posix_spawnattr_setsigdefault(&attributes, &defaults) }

        let arguments: [UnsafeMutablePointer<CChar>?] = [shell, "-c", command].map { (argument: String) in strdup(argument) }
        defer { for argument in arguments { free(argument) } }
        if arguments.contains(nil) { throw Errno(ENOMEM) }
        var argv = arguments + [nil]
        try SystemCall.checking { posix_spawn(&pid, shell, &actions, &attributes, &argv, environ) }
    }
}
