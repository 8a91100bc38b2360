import DragSystem

/// The app's stdout, split into lines. Reads go straight into raw storage;
/// the bytes after a newline stay for the next line (an app may answer two
/// lines at once), and each byte is searched for a newline once, however
/// many reads a long line takes.
///
/// Storage grows to hold the longest line seen (at most `limit` plus one
/// read), and shrinks back once a long line has been taken and nothing is
/// pending, so a job that once received a 16 MiB answer does not keep
/// 32 MiB for the rest of its life.
struct LineBuffer: ~Copyable {
    /// The longest line accepted, newline excluded.
    let limit: Int
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// Pending bytes are `start..<end`.
    private var start = 0
    private var end = 0
    /// `start..<scanned` holds no newline.
    private var scanned = 0
    /// The index of the first newline in `start..<end`, once found.
    private var newline: Int?

    /// The smallest room left for one read, and the initial capacity.
    static let chunk = 1 << 16

    init(limit: Int) {
        self.limit = limit
        capacity = 2 * LineBuffer.chunk
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Bytes received and not yet returned as a line.
    var pendingCount: Int { end - start }

    /// True when the pending line is longer than `limit`: the newline came too
    /// late, or more than `limit` bytes arrived without one.
    var isOverLimit: Bool {
        if let newline { return newline - start > limit }
        return end - start > limit
    }

    /// True when a complete line (within the limit) is waiting.
    var hasLine: Bool { newline != nil && !isOverLimit }

    /// One `read` from `fd` into the free space: the byte count, 0 at end of file.
    /// - Complexity: O(bytes read), plus an occasional move or growth of the
    ///   pending bytes, amortised O(1) per byte.
    mutating func read(from fd: PipeEnd) throws(Errno) -> Int {
        makeRoom()
        let count = try fd.read(into: storage + end, count: capacity - end)
        end += count
        scan()
        return count
    }

    /// Takes the next line, without its newline; `nil` if none is complete.
    /// The returned array is the only allocation.
    mutating func nextLine() -> [UInt8]? {
        guard let newline, newline - start <= limit else { return nil }
        let line = [UInt8](UnsafeRawBufferPointer(start: storage + start, count: newline - start))
        start = newline + 1
        self.newline = nil
        if start == end {
            start = 0
            end = 0
            if capacity > 8 * LineBuffer.chunk { shrink() }
        }
        scanned = start
        scan()
        return line
    }

    /// Finds the first newline in the bytes not searched yet.
    private mutating func scan() {
        guard newline == nil, scanned < end else { return }
        if let found = Memory.firstOffset(of: 0x0A, in: storage + scanned, count: end - scanned) {
            newline = scanned + found
        } else {
            scanned = end
        }
    }

    /// Ensures at least `chunk` free bytes after `end`: moves pending bytes to
    /// the front when that frees enough, otherwise doubles the storage (never
    /// past what one over-long line can need).
    private mutating func makeRoom() {
        if capacity - end >= LineBuffer.chunk { return }
        if start > 0 {
            let count = end - start
            Memory.move(count, from: storage + start, to: storage)
            newline = newline.map { $0 - start }
            scanned -= start
            start = 0
            end = count
            if capacity - end >= LineBuffer.chunk { return }
        }
        let needed = end + LineBuffer.chunk
        let grown = max(capacity * 2, needed)
        let cap = limit + 1 + 2 * LineBuffer.chunk
        reallocate(to: max(min(grown, cap), needed))
    }

    private mutating func shrink() {
        reallocate(to: 2 * LineBuffer.chunk)
    }

    private mutating func reallocate(to newCapacity: Int) {
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        bigger.copyMemory(from: storage, byteCount: end)
        storage.deallocate()
        storage = bigger
        capacity = newCapacity
    }
}
