/// Path-level system calls, each a thin wrapper over `SystemCall` that adds
/// the path to the `Errno` in a `SystemError`.
public enum FileSystem {
    /// `stat(2)`, or `lstat(2)` when `followingLinks` is false.
    public static func status(of path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        do { return try SystemCall.status(ofPath: path, followingLinks: followingLinks) } catch {
            throw SystemError(call: followingLinks ? "stat" : "lstat", path: path, errno: error)
        }
    }

    /// Whether anything (a file, a directory, a dangling link) is at `path`.
    public static func exists(_ path: String) -> Bool {
        (try? SystemCall.status(ofPath: path, followingLinks: false)) != nil
    }

    /// `rename(2)`: atomic within one file system.
    public static func rename(_ from: String, to: String) throws(SystemError) {
        do { try SystemCall.rename(from, to: to) } catch { throw SystemError(call: "rename", path: to, errno: error) }
    }

    /// `unlink(2)`.
    public static func remove(_ path: String) throws(SystemError) {
        do { try SystemCall.unlink(path) } catch { throw SystemError(call: "unlink", path: path, errno: error) }
    }

    /// `mkdir -p`: creates `path` and its missing parents; an existing
    /// directory is fine, an existing file is an error.
    public static func createDirectory(_ path: String) throws(SystemError) {
        if path.isEmpty { throw SystemError(call: "mkdir", path: path, errno: .noSuchFileOrDirectory) }
        if let s = try? status(of: path) {
            if s.isDirectory { return }
            throw SystemError(call: "mkdir", path: path, errno: .notDirectory)
        }
        let parent = directory(of: path)
        if parent != path && parent != "." && parent != "/" { try createDirectory(parent) }
        do { try SystemCall.makeDirectory(path, permissions: 0o755) } catch  where error != .fileExists {
            throw SystemError(call: "mkdir", path: path, errno: error)
        } catch {}
    }

    /// `realpath(3)`: the path with every symbolic link resolved.
    public static func resolvingSymbolicLinks(_ path: String) throws(SystemError) -> String {
        do { return try SystemCall.resolvingSymbolicLinks(path) } catch {
            throw SystemError(call: "realpath", path: path, errno: error)
        }
    }

    /// The names in a directory (no `.` or `..`), unsorted.
    public static func entries(of path: String) throws(SystemError) -> [String] {
        let directory: Directory
        do { directory = try Directory(opening: path) } catch { throw SystemError(call: "opendir", path: path, errno: error) }
        var names: [String] = []
        while true {
            let next: String?
            do { next = try directory.next() } catch { throw SystemError(call: "readdir", path: path, errno: error) }
            guard let name = next else { return names }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// The names in a directory (no `.` or `..`), unsorted, with the names
    /// that are not valid UTF-8 apart as raw bytes: a `String` path cannot
    /// name them, and a walk must report them rather than lose them.
    public static func entriesAndUndecodable(of path: String) throws(SystemError) -> (
        names: [String], undecodable: [[UInt8]]
    ) {
        let directory: Directory
        do { directory = try Directory(opening: path) } catch { throw SystemError(call: "opendir", path: path, errno: error) }
        var names: [String] = []
        var undecodable: [[UInt8]] = []
        while true {
            let next: [UInt8]?
            do { next = try directory.nextBytes() } catch { throw SystemError(call: "readdir", path: path, errno: error) }
            guard let bytes = next else { return (names, undecodable) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                undecodable.append(bytes)
                continue
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
