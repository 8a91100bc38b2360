#if canImport(Glibc)
import Glibc
#endif

/// The project's one clock for measuring time: `CLOCK_MONOTONIC`, which no
/// change of the wall clock moves. Deadlines of the app host, the fuzz
/// campaign's time budget, `explore`'s progress line and the benchmarks all
/// read it.
///
///     let start = MonotonicClock.now()
///     ...
///     let seconds = MonotonicClock.now().seconds(since: start)
package enum MonotonicClock {
    /// A reading of the clock: nanoseconds since an unspecified start (the boot).
    package struct Instant: Comparable, Hashable, Sendable {
        package var nanoseconds: UInt64

        package init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

        /// The reading in seconds.
        package var seconds: Double { Double(nanoseconds) / 1e9 }

        /// Seconds from `earlier` to this instant (negative if `earlier` is later).
        package func seconds(since earlier: Instant) -> Double {
            nanoseconds >= earlier.nanoseconds
                ? Double(nanoseconds - earlier.nanoseconds) / 1e9 : -Double(earlier.nanoseconds - nanoseconds) / 1e9
        }

        package static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
    }

    /// Whether `deadline` (a reading in seconds, as `now().seconds`) has
    /// come; never for `nil`, no deadline. The one test of every deadline
    /// (`--time`, an app's wait, shrinking).
    package static func isPast(_ deadline: Double?) -> Bool {
        guard let deadline else { return false }
        return now().seconds >= deadline
    }

    /// Now.
    package static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)  // cannot fail for this clock
        return Instant(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }
}
