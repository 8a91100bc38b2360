#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `fd`, retrying on EINTR; returns `errno` on failure.
func _writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { raw -> Int in
            #if canImport(Glibc)
            Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #elseif canImport(Musl)
            Musl.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #else
            Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #endif
        }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}

/// Writes `text` to a temporary file beside `path`, then renames it over
/// `path`: a reader sees the old file or the new one, never half of one.
/// Used for blessed recordings, findings and merged corpora.
public func writeFileAtomically(_ text: String, to path: String) throws(RecordingError) {
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 { throw .io(path: temporary, message: "cannot create: \(String(cString: strerror(errno)))") }
    let failure = _writeAll(fd, Array(text.utf8))
    close(fd)
    if let failure {
        unlink(temporary)
        throw .io(path: temporary, message: "write failed: \(String(cString: strerror(failure)))")
    }
    if rename(temporary, path) != 0 {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw .io(path: path, message: "cannot replace: \(reason)")
    }
}

/// The candidate closest to `word` within edit distance 2 (case-insensitive
/// in `word`), for "Did you mean ...?" in messages; `nil` when none is close.
public func closestMatch(to word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
    let w = Array(word.lowercased())
    return candidates.map { ($0, distance(w, Array($0))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
}
