import DragSystem

/// A point on the monotonic clock (immune to wall-clock changes), or never.
/// One is computed per request, so a loop of `poll` calls woken by stderr
/// output or by signals still ends when the request's time is up.
struct Deadline {
    /// On `MonotonicClock`; `nil` for no deadline.
    private let instant: MonotonicClock.Instant?

    /// `seconds` from now; an infinite or NaN duration never expires, a
    /// negative one has already expired.
    init(after seconds: Double) {
        if !seconds.isFinite || seconds > 1e9 {
            instant = nil
        } else {
            instant = MonotonicClock.Instant(nanoseconds: MonotonicClock.now().nanoseconds &+ UInt64(max(0, seconds) * 1e9))
        }
    }

    /// The time left as a `poll(2)` timeout: -1 for no deadline, 0 once
    /// expired, otherwise rounded up so a wait never ends just before the
    /// deadline and spins once more for the last fraction of a millisecond.
    var remainingMilliseconds: Int32 {
        guard let instant else { return -1 }
        let now = MonotonicClock.now()
        if now >= instant { return 0 }
        let milliseconds = (instant.nanoseconds - now.nanoseconds + 999_999) / 1_000_000
        return Int32(clamping: milliseconds)
    }

    var hasExpired: Bool { remainingMilliseconds == 0 }
}
