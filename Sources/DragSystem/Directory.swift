#if canImport(Glibc)
import Glibc
#endif

/// An open directory stream (`opendir(3)`), closed when it goes away, on
/// every path.
///
///     let directory = try Directory(opening: path)   // throws: opendir failed
///     while let name = try directory.next() { ... }  // throws: readdir failed
package struct Directory: ~Copyable {
    private let stream: OpaquePointer

    package init(opening path: String) throws(Errno) {
        guard let stream = opendir(path) else { throw Errno.current }
        self.stream = stream
    }

    deinit { closedir(stream) }

    /// The next name (`.` and `..` included), nil at the end; `readdir(3)`.
    /// A name that is not valid UTF-8 comes back repaired (U+FFFD), so it no
    /// longer names the file: callers that must not lose one use `nextBytes`.
    package func next() throws(Errno) -> String? {
        try nextBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The next name as the raw bytes `readdir(3)` gave, nil at the end.
    package func nextBytes() throws(Errno) -> [UInt8]? {
        Errno.current = Errno(0)
        guard let entry = readdir(stream) else {
            if errno != 0 { throw Errno.current }
            return nil
        }
        return withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
    }
}
