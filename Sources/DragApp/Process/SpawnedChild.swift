import DragSystem

/// A freshly started `/bin/sh -c COMMAND`: its pid and the tool's ends of
/// its three pipes (close-on-exec and non-blocking; the app's ends are
/// ordinary blocking descriptors 0, 1 and 2).
struct SpawnedChild {
    let pid: Int32
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
    /// The child gets: `environment` (the tool's, plus the app's marker); `directory` or the tool's
    /// working directory; descriptors 0, 1, 2 and no others (the pipes are
    /// close-on-exec, and `addclosefrom_np` closes anything another part of
    /// the tool opened without `O_CLOEXEC`); no blocked signals (the spawning
    /// thread may be a Dispatch worker, which blocks SIGTERM among others:
    /// inherited, that would make the app deaf to `terminate()`); and SIGPIPE
    /// back at its default action, since the tool ignores it and ignored
    /// signals survive `exec`.
    ///
    /// Where the CLI enabled it, the shell is started through the tool's
    /// launcher mode (`AppLauncher`), which ends it when the tool dies; the
    /// pid returned is then the launcher's, which leads the group and exits
    /// as the shell did.
    ///
    /// Every descriptor made here is closed again on every failure path.
    static func spawn(shell: String, command: String, directory: String?, environment: [String]) throws(AppProcessError) -> SpawnedChild {
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

        var spawn = Spawn(executable: shell, arguments: [shell, "-c", command])
        spawn.actions = [
            .duplicate(stdinPipe.read.rawValue, to: 0), .duplicate(stdoutPipe.write.rawValue, to: 1),
            .duplicate(stderrPipe.write.rawValue, to: 2), .closeFrom(3),
        ]
        if let directory { spawn.actions.append(.changeDirectory(directory)) }
        spawn.environment = environment
        spawn.newProcessGroup = true
        spawn.clearsSignalMask = true
        spawn.defaultSignals = [SignalNumber.brokenPipe]
        let pid: Int32
        do {
            pid = try AppLauncher.start(spawn)
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
}
