import DragSystem
import Foundation

/// What a child process did.
public struct ChildUsage: Sendable {
    /// The exit code, or -1 when a signal ended it.
    public var code: Int32
    public var signal: Int32
    /// Peak resident memory of the program, in KiB: the highest `VmHWM` its
    /// `/proc/PID/status` showed while it ran.
    public var peakKiB: Int
}

/// Runs `arguments[0]` with its output discarded and returns its exit and
/// peak memory. `wait4`'s `ru_maxrss` will not do: `posix_spawn` starts the
/// child on the parent's memory (vfork), and the kernel counts that as the
/// child's. The program's own `VmHWM` starts at its `exec` and never falls,
/// so polling it until the exit sees its peak (the last milliseconds aside).
public func measure(_ arguments: [String]) -> ChildUsage {
    var spawn = Spawn(executable: arguments[0], arguments: arguments)
    spawn.actions = [
        .open(1, path: "/dev/null", .writeOnly, options: [], permissions: 0),
        .open(2, path: "/dev/null", .writeOnly, options: [], permissions: 0),
    ]
    guard let pid = try? spawn.run() else { return ChildUsage(code: -1, signal: 0, peakKiB: 0) }
    yieldToOtherTests(pid)
    let name = String(URL(fileURLWithPath: arguments[0]).lastPathComponent.prefix(15))
    var peak = 0
    var status: Int32 = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            let lines = text.split(separator: "\n")
            // Before its exec the child still shows the parent's memory.
            if lines.contains(where: { $0 == "Name:\t\(name)" }),
                let hwm = lines.first(where: { $0.hasPrefix("VmHWM:") })?.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            {
                peak = max(peak, hwm)
            }
        }
        // An error (no such child) ends the wait as an exit with status 0, as `waitpid` left it.
        do {
            if let exited = try SystemCall.reapIfExited(pid) {
                status = exited
                break
            }
        } catch { break }
        SystemCall.sleep(microseconds: 1_000)
    }
    switch WaitStatus(status) {
    case .exited(let code): return ChildUsage(code: code, signal: 0, peakKiB: peak)
    case .signaled(let signal): return ChildUsage(code: -1, signal: signal, peakKiB: peak)
    }
}

/// The path of a system tool (`mount`, `setpriv`), or `nil`.
public func systemTool(_ name: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Whether the tests run as root (mounts, `chown`, running a child as nobody).
public var isRoot: Bool { SystemCall.userID() == 0 }

/// Mounting file systems for fault injection: a tiny tmpfs for a full disk,
/// a read-only bind mount for a read-only directory. Needs root (or
/// CAP_SYS_ADMIN); `canMount` tries once, and the tests that need it are
/// skipped with that reason when it is false.
public enum Mounts {
    public static let canMount: Bool = {
        guard isRoot, let dir = try? temporaryDirectory("mount-probe") else { return false }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard (try? run(systemTool("mount") ?? "/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", dir]))?.code == 0 else {
            return false
        }
        _ = try? run(systemTool("umount") ?? "/bin/umount", [dir])
        return true
    }()

    /// A tmpfs of `kilobytes` at a fresh directory.
    public static func tmpfs(kilobytes: Int) throws -> String {
        let dir = try temporaryDirectory("tmpfs")
        let r = try run(systemTool("mount") ?? "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", dir])
        guard r.code == 0 else { throw MountError(message: r.stderr) }
        return dir
    }

    /// Takes every free byte of `dir`'s file system with a filler file.
    public static func fill(_ dir: String) throws {
        _ = FileManager.default.createFile(atPath: dir + "/.filler", contents: nil)
        guard let fill = FileHandle(forWritingAtPath: dir + "/.filler") else { throw MountError(message: "cannot fill \(dir)") }
        for size in [4096, 512, 1] {
            let block = Data(count: size)
            while (try? fill.write(contentsOf: block)) != nil {}
        }
        try? fill.close()
    }

    /// `source` seen read-only at a fresh directory (EROFS for every write, root too).
    public static func readOnlyView(of source: String) throws -> String {
        let dir = try temporaryDirectory("readonly")
        for args in [["--bind", source, dir], ["-o", "remount,bind,ro", dir]] {
            let r = try run(systemTool("mount") ?? "/bin/mount", args)
            guard r.code == 0 else { throw MountError(message: r.stderr) }
        }
        return dir
    }

    public static func unmount(_ dir: String) {
        _ = try? run(systemTool("umount") ?? "/bin/umount", [dir])
        try? FileManager.default.removeItem(atPath: dir)
    }

    public struct MountError: Error { public var message: String }
}

/// Bytes a terminal would act on: C0 controls other than tab and newline,
/// DEL, C1 controls (UTF-8 0xC2 0x80-0x9F), and the bidirectional overrides
/// U+202A-U+202E, U+2066-U+2069 (UTF-8 0xE2 0x80 0xAA-0xAE, 0xE2 0x81 0xA6-0xA9).
public func rawControlOffset(_ bytes: [UInt8]) -> Int? {
    for (i, b) in bytes.enumerated() {
        if (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F { return i }
        if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return i }
        if b == 0xE2, i + 2 < bytes.count {
            if bytes[i + 1] == 0x80, (0xAA...0xAE).contains(bytes[i + 2]) { return i }
            if bytes[i + 1] == 0x81, (0xA6...0xA9).contains(bytes[i + 2]) { return i }
        }
    }
    return nil
}
