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

/// The offset of the first character a terminal would act on, or show
/// nothing for: C0 controls other than tab and newline, DEL, C1 controls,
/// the bidirectional marks, embeddings, overrides and isolates (U+061C,
/// U+200E-200F, U+202A-202E, U+2066-2069), and the invisible ones a forged
/// line could hide behind (U+00AD, U+180E, U+200B-200D, U+2028-2029,
/// U+2060-206F, U+FEFF, U+FFF9-FFFB, tags U+E0000-E007F, noncharacters).
/// Written apart from `SafeText.isUnsafe`, as the tests' own oracle.
public func rawControlOffset(_ bytes: [UInt8]) -> Int? {
    func invisible(_ v: UInt32) -> Bool {
        switch v {
        case 0..<0x09, 0x0B..<0x20, 0x7F...0x9F, 0xAD, 0x61C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F,
            0xFDD0...0xFDEF, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            true
        default: v & 0xFFFE == 0xFFFE
        }
    }
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        guard b >= 0x80, i + length <= bytes.count, length > 1 else {
            if b < 0x80 && invisible(UInt32(b)) { return i }
            i += 1
            continue
        }
        var v = UInt32(b) & (0xFF >> (length + 1))
        for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
        if invisible(v) { return i }
        i += length
    }
    return nil
}
