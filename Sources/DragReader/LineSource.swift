import DragRecording
import DragSystem

/// Splits a file into physical lines without holding more than the longest
/// line (capped at `limit`) plus one read chunk in memory. Reads straight
/// into raw storage: no zero-filling, no array bookkeeping per line.
final class LineSource {
    enum Line {
        /// `bytes` is valid until the next call.
        case line(number: Int, bytes: UnsafeRawBufferPointer, newline: Bool)
        /// Longer than the limit; its bytes were skipped, not kept.
        case tooLong(number: Int, newline: Bool)
        case end
    }

    private let file: FileDescriptor?
    private let limit: Int
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var eof: Bool
    private var lineNumber = 0
    static let chunk = 1 << 16

    /// A stream (a FIFO, a pipe, a device) may never end: a line past the
    /// limit there is reported at once, with a newline as if one followed
    /// (an error, not a truncated tail), instead of skipped to its end.
    private let isStream: Bool

    init(file: FileDescriptor, limit: Int, isStream: Bool = false) {
        self.file = file
        self.limit = limit
        self.isStream = isStream
        capacity = Self.chunk * 2
        storage = .allocate(byteCount: capacity, alignment: 16)
        eof = false
    }

    init(bytes: [UInt8], limit: Int) {
        file = nil
        self.limit = limit
        isStream = false
        capacity = max(bytes.count, 1)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        bytes.withUnsafeBytes { if let b = $0.baseAddress { storage.copyMemory(from: b, byteCount: $0.count) } }
        self.storage = storage
        end = bytes.count
        eof = true
    }

    deinit { storage.deallocate() }

    func next() throws(RecordingError) -> Line {
        while true {
            if let newline = findNewline() {
                let range = start..<newline
                start = newline + 1
                lineNumber += 1
                if range.count > limit { return .tooLong(number: lineNumber, newline: true) }
                return .line(
                    number: lineNumber, bytes: UnsafeRawBufferPointer(start: storage + range.lowerBound, count: range.count), newline: true)
            }
            if end - start > limit {
                // Past the limit with no newline yet: keep nothing, skip to the next newline.
                lineNumber += 1
                if isStream {
                    start = end
                    eof = true
                    return .tooLong(number: lineNumber, newline: true)
                }
                return .tooLong(number: lineNumber, newline: try skipRestOfLine())
            }
            if eof {
                if start == end { return .end }
                let range = start..<end
                start = end
                lineNumber += 1
                return .line(
                    number: lineNumber, bytes: UnsafeRawBufferPointer(start: storage + range.lowerBound, count: range.count), newline: false
                )
            }
            try refill()
        }
    }

    private func findNewline() -> Int? {
        if start >= end { return nil }
        guard let offset = Memory.firstOffset(of: 0x0A, in: storage + start, count: end - start) else { return nil }
        return start + offset
    }

    /// Moves the unread tail to the front and reads one chunk after it.
    private func refill() throws(RecordingError) {
        if start > 0 {
            if end > start { Memory.move(end - start, from: storage + start, to: storage) }
            end -= start
            start = 0
        }
        if capacity - end < Self.chunk {
            // A long line: grow (bounded by the limit plus one chunk).
            let grown = max(capacity * 2, end + Self.chunk)
            let fresh = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            fresh.copyMemory(from: storage, byteCount: end)
            storage.deallocate()
            storage = fresh
            capacity = grown
        }
        guard let file else {
            eof = true
            return
        }
        let n: Int
        do { n = try file.read(into: storage + end, count: Self.chunk) } catch { throw .system(error) }
        if n == 0 { eof = true }
        end += n
    }

    /// Returns whether a newline ended the skipped line.
    private func skipRestOfLine() throws(RecordingError) -> Bool {
        while true {
            if let newline = findNewline() {
                start = newline + 1
                return true
            }
            start = 0
            end = 0
            if eof { return false }
            try refill()
        }
    }
}
