import DragSystem

/// The last `capacity` bytes of the app's stderr, in a ring: the app's
/// stderr pipe is drained as fast as the app writes, so an app that logs
/// megabytes never blocks on a full pipe, and only the end (where a crash
/// says why) is kept.
struct TailBuffer: ~Copyable {
    let capacity: Int
    private let storage: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes.
    private var head = 0
    /// True once the ring has wrapped: every slot holds a byte, the oldest at `head`.
    private var isFull = false

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// One `read` from `fd` into the ring, overwriting the oldest bytes: the
    /// byte count, 0 at end of file.
    /// - Complexity: O(bytes read); at most `capacity - head` bytes per call.
    mutating func read(from fd: PipeEnd) throws(Errno) -> Int {
        let count = try fd.read(into: storage + head, count: capacity - head)
        head += count
        if head == capacity {
            head = 0
            isFull = true
        }
        return count
    }

    /// The kept bytes, oldest first.
    var bytes: [UInt8] {
        if !isFull { return Array(UnsafeBufferPointer(start: storage, count: head)) }
        return Array(UnsafeBufferPointer(start: storage + head, count: capacity - head))
            + Array(UnsafeBufferPointer(start: storage, count: head))
    }

    /// The kept bytes as text, decoded leniently (invalid UTF-8 becomes
    /// U+FFFD) and never more than `capacity` bytes of UTF-8: a character cut
    /// in two by the ring's start is dropped rather than shown as U+FFFD, and
    /// if replacement characters made the text longer than the bytes, its
    /// oldest characters go.
    /// - Complexity: O(`capacity`).
    var text: String {
        var kept = bytes[...]
        if isFull {
            // At most 3 continuation bytes (10xxxxxx) can start a cut character.
            var dropped = 0
            while dropped < 3, let first = kept.first, first & 0xC0 == 0x80 {
                kept = kept.dropFirst()
                dropped += 1
            }
        }
        let text = String(decoding: kept, as: UTF8.self)
        if text.utf8.count <= capacity { return text }
        let scalars = text.unicodeScalars
        var budget = capacity
        var first = scalars.endIndex
        while first > scalars.startIndex {
            let previous = scalars.index(before: first)
            let width = scalars[previous].utf8.count
            if width > budget { break }
            budget -= width
            first = previous
        }
        return String(scalars[first...])
    }
}
