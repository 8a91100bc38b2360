#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's C locale (`uselocale(3)`), for the reader's json-c
/// calls. json-c 0.16 makes every parse locale-proof by switching the thread
/// to a copy of its locale with the "C" numbers (`duplocale`, `newlocale`,
/// `freelocale`: an allocation, a lock and a `getenv` per line, 8-15% of a
/// line's parse). When the thread is already in glibc's built-in "C" locale,
/// each of those returns that object at once. What json-c parses is the same
/// either way: it reads numbers in the "C" locale whatever the thread's is.
package enum ThreadLocale {
    /// The "C" locale of every category: glibc's static object (never freed).
    /// (`LC_ALL_MASK` is a macro Swift does not import: its parts, spelled out.)
    @usableFromInline nonisolated(unsafe) static let c: locale_t? = newlocale(
        LC_CTYPE_MASK | LC_NUMERIC_MASK | LC_TIME_MASK | LC_COLLATE_MASK | LC_MONETARY_MASK | LC_MESSAGES_MASK | LC_PAPER_MASK
            | LC_NAME_MASK | LC_ADDRESS_MASK | LC_TELEPHONE_MASK | LC_MEASUREMENT_MASK | LC_IDENTIFICATION_MASK, "C", nil)

    /// Runs `body` with the thread in the "C" locale, then restores the
    /// thread's own (the process's global locale if it had none).
    @inlinable
    package static func inC<R>(_ body: () -> R) -> R {
        guard let c else { return body() }
        let previous = uselocale(c)
        defer { uselocale(previous) }
        return body()
    }
}
