import DragSystem

/// The app's stdout, split into lines. Reads go straight into raw storage;
/// the bytes after a newline stay for the next line (an app may answer two
/// lines at once), and each byte is searched for a newline once, however
/// many reads a long line takes.
///
/// Storage grows to hold the longest line seen (at most `bound` plus one
/// read, whatever the app writes), and shrinks back once a long line has been taken and nothing is
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

    /// The storage's size now (for tests: it never passes `bound` plus one read).
    var storageCapacity: Int { capacity }

    /// Bytes received and not yet returned as a line.
    var pendingCount: Int { end - start }

    /// True when the pending line is longer than `limit`: the newline came too
    /// late, or more than `limit` bytes arrived without one.
    var isOverLimit: Bool {
        if let newline { return newline - start > limit }
        return end - start > limit
    }

    /// The most bytes ever held: one line at the limit, its newline and one
    /// read's worth more. Past it the app has written more than any answer
    /// can need without the tool asking (short lines flooded while a long
    /// request was still being written): `isOverfull`, a failure, rather than
    /// a buffer that grows with whatever the app writes.
    var bound: Int { limit + 1 + LineBuffer.chunk }

    /// True when more than `bound` bytes are pending; nothing more is read.
    var isOverfull: Bool { end - start > bound }

    /// True when a complete line (within the limit) is waiting.
    var hasLine: Bool { newline != nil && !isOverLimit }

    /// One `read` from `fd` into the free space: the byte count, 0 at end of file.
    /// - Complexity: O(bytes read), plus an occasional move or growth of the
    ///   pending bytes, amortised O(1) per byte.
    /// - Precondition: not `isOverfull` (the caller stops reading there).
    mutating func read(from fd: PipeEnd) throws(Errno) -> Int {
        precondition(!isOverfull, "read past the buffer's bound")
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
    /// the front when the consumed bytes before them are at least as many
    /// (so each move is paid for by bytes already taken: amortised linear) or
    /// when the storage cannot grow, otherwise doubles the storage, never past
    /// `bound` plus one read (reached only by a pending run of `bound` bytes,
    /// after which nothing more is read).
    private mutating func makeRoom() {
        if capacity - end >= LineBuffer.chunk { return }
        let cap = bound + LineBuffer.chunk
        if start > 0, start >= end - start || capacity >= cap {
            let count = end - start
            Memory.move(count, from: storage + start, to: storage)
            newline = newline.map { $0 - start }
            scanned -= start
            start = 0
            end = count
            if capacity - end >= LineBuffer.chunk { return }
        }
        // Not overfull: end - start <= bound, so `needed` <= `cap`.
        let needed = end + LineBuffer.chunk
        reallocate(to: min(max(capacity * 2, needed), max(cap, needed)))
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
