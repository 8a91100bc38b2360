#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DragRecording

/// Splits a file into physical lines without holding more than the longest
/// line (capped at `limit`) plus one read chunk in memory.
struct _LineSource {
    enum Line {
        /// `range` indexes `buffer`; valid until the next call.
        case line(number: Int, range: Range<Int>, newline: Bool)
        /// Longer than the limit; its bytes were skipped, not kept.
        case tooLong(number: Int, newline: Bool)
        case end
    }

    private let fd: Int32
    private let path: String
    private let limit: Int
    private(set) var buffer: [UInt8]
    private var start = 0
    private var eof: Bool
    private var lineNumber = 0
    static let chunk = 1 << 16

    init(fd: Int32, path: String, limit: Int) {
        self.fd = fd
        self.path = path
        self.limit = limit
        buffer = []
        buffer.reserveCapacity(Self.chunk * 2)
        eof = false
    }

    init(bytes: [UInt8], limit: Int) {
        fd = -1
        path = ""
        self.limit = limit
        buffer = bytes
        eof = true
    }

    mutating func next() throws(RecordingError) -> Line {
        while true {
            if let newline = findNewline(from: start) {
                let range = start..<newline
                start = newline + 1
                lineNumber += 1
                if range.count > limit { return .tooLong(number: lineNumber, newline: true) }
                return .line(number: lineNumber, range: range, newline: true)
            }
            if buffer.count - start > limit {
                // Past the limit with no newline yet: keep nothing, skip to the next newline.
                lineNumber += 1
                return .tooLong(number: lineNumber, newline: try skipRestOfLine())
            }
            if eof {
                if start == buffer.count { return .end }
                let range = start..<buffer.count
                start = buffer.count
                lineNumber += 1
                return .line(number: lineNumber, range: range, newline: false)
            }
            try refill()
        }
    }

    private func findNewline(from index: Int) -> Int? {
        if index >= buffer.count { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let p = memchr(raw.baseAddress! + index, 0x0A, raw.count - index) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(p))
        }
    }

    /// Drops what is consumed and appends one chunk from the file.
    private mutating func refill() throws(RecordingError) {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
        var n = 0
        repeat {
            n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, Self.chunk) }
        } while n < 0 && errno == EINTR
        if n < 0 {
            buffer.removeSubrange(old...)
            throw .io(path: path, message: "read failed: \(String(cString: strerror(errno)))")
        }
        buffer.removeSubrange((old + n)...)
        if n == 0 { eof = true }
    }

    /// Returns whether a newline ended the skipped line.
    private mutating func skipRestOfLine() throws(RecordingError) -> Bool {
        while true {
            if let newline = findNewline(from: start) {
                start = newline + 1
                return true
            }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if eof { return false }
            try refill()
        }
    }
}
