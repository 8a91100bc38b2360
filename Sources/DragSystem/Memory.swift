#if canImport(Glibc)
import Glibc
#endif

/// The C library's byte search and comparison, for the line buffers and the
/// reader: `memchr` and `memcmp` are vectorised, a Swift loop over raw bytes
/// is not in a debug build.
package enum Memory {
    /// The offset of the first `byte` in `count` bytes at `start`, or nil (`memchr(3)`).
    package static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        memchr(start, Int32(byte), count).map { start.distance(to: UnsafeRawPointer($0)) }
    }

    /// Copies `count` bytes from `source` to `destination`; the two may overlap (`memmove(3)`).
    package static func move(_ count: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        memmove(destination, source, count)
    }

    /// Whether `count` bytes at `a` and at `b` are the same (`memcmp(3)`).
    package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}
