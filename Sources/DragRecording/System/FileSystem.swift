#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Path-level system calls, each a thin wrapper with a typed error.
public enum FileSystem {
    /// `stat(2)`, or `lstat(2)` when `followingLinks` is false.
    public static func status(of path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        var s = stat()
        let r = followingLinks ? stat(path, &s) : lstat(path, &s)
        if r != 0 { throw SystemError(call: followingLinks ? "stat" : "lstat", path: path, errno: errno) }
        return FileStatus(s)
    }

    /// Whether anything (a file, a directory, a dangling link) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0
    }

    /// `rename(2)`: atomic within one file system.
    public static func rename(_ from: String, to: String) throws(SystemError) {
        if Glibc.rename(from, to) != 0 { throw SystemError(call: "rename", path: to, errno: errno) }
    }

    /// `unlink(2)`.
    public static func remove(_ path: String) throws(SystemError) {
        if unlink(path) != 0 { throw SystemError(call: "unlink", path: path, errno: errno) }
    }

    /// `mkdir -p`: creates `path` and its missing parents; an existing
    /// directory is fine, an existing file is an error.
    public static func createDirectory(_ path: String) throws(SystemError) {
        if path.isEmpty { throw SystemError(call: "mkdir", path: path, errno: ENOENT) }
        if let s = try? status(of: path) {
            if s.isDirectory { return }
            throw SystemError(call: "mkdir", path: path, errno: ENOTDIR)
        }
        let parent = directory(of: path)
        if parent != path && parent != "." && parent != "/" { try createDirectory(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw SystemError(call: "mkdir", path: path, errno: errno) }
    }

    /// `realpath(3)`: the path with every symbolic link resolved.
    public static func resolvingSymbolicLinks(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw SystemError(call: "realpath", path: path, errno: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a directory (no `.` or `..`), unsorted.
    public static func entries(of path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError(call: "opendir", path: path, errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw SystemError(call: "readdir", path: path, errno: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// The directory part of a path: `a/b/c.jsonl` -> `a/b`, `c.jsonl` -> `.`.
    public static func directory(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        let dir = p[..<slash]
        return dir.isEmpty ? "/" : String(dir)
    }

    /// The last component of a path: `a/b/c.jsonl` -> `c.jsonl`.
    public static func name(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// `dir/name`, without doubling a slash.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
