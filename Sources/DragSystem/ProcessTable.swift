#if canImport(Glibc)
import Glibc
#endif

/// One process as `/proc/PID/stat` describes it (Linux).
package struct ProcessEntry: Sendable, Equatable {
    package let pid: Int32
    package let parent: Int32
    package let group: Int32
    package let session: Int32
    /// `Z`: exited, waiting to be reaped.
    package let isZombie: Bool
}

/// The processes of this machine, read from `/proc` (Linux): what the tool
/// walks to find an app's descendants, including those that left its
/// process group with `setsid()`.
///
/// A snapshot: a process may start or exit right after it was read. A
/// process that vanished between the listing and the read is left out.
package enum ProcessTable {
    /// Every process whose `/proc/PID/stat` could be read; empty where there is no `/proc`.
    package static func snapshot() -> [ProcessEntry] {
        guard let directory = try? Directory(opening: "/proc") else { return [] }
        var entries: [ProcessEntry] = []
        while let name = try? directory.next() {
            guard let pid = Int32(name), pid > 0, let entry = entry(of: pid) else { continue }
            entries.append(entry)
        }
        return entries
    }

    /// `/proc/PID/stat` parsed: the command name sits in parentheses and may
    /// hold spaces or `)`, so the fields are counted from the last `)`.
    package static func entry(of pid: Int32) -> ProcessEntry? {
        guard let bytes = read("/proc/\(pid)/stat", limit: 4096), let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 5)
        guard fields.count >= 4, let state = fields[0].first,
            let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
            let group = Int32(String(decoding: fields[2], as: UTF8.self)),
            let session = Int32(String(decoding: fields[3], as: UTF8.self))
        else { return nil }
        return ProcessEntry(pid: pid, parent: parent, group: group, session: session, isZombie: state == UInt8(ascii: "Z"))
    }

    /// The environment `pid` was started with (`/proc/PID/environ`), as
    /// `NAME=value` strings; nil when it cannot be read (a zombie's reads as empty).
    package static func environment(of pid: Int32) -> [String]? {
        guard let bytes = read("/proc/\(pid)/environ", limit: 1 << 20) else { return nil }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// At most `limit` bytes of a small file; nil if it cannot be opened.
    private static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let fd = try? SystemCall.open(path, .readOnly) else { return nil }
        defer { try? SystemCall.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { (try? SystemCall.read(fd, into: $0.baseAddress!, count: $0.count)) ?? 0 }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
