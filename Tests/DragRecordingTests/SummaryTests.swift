import DragRecording
import ReorderCore
import Testing

/// A drag event's description is written byte by byte (`Format.dragText`):
/// it must read exactly as the interpolated text it replaced, for every
/// kind of coordinate, session and ID.
@Suite struct SummaryTests {
    static let numbers: [Double] = [
        0, -0.0, 22, 22.5, -3, -0.25, 1e-7, 0.1, 123456.789, 999_999_999_999.875, -1e12, 1e20, 9_223_372_036_854_775_808,
        -9_223_372_036_854_775_808, Double.leastNonzeroMagnitude, .infinity, .nan,
    ]
    static let sessions = [0, 1, 7, 42, Int.max, Int.min]

    /// The text as it was built before (interpolation).
    static func interpolated(_ e: RecordedEvent) -> String? {
        let s = e.session
        switch e.kind {
        case .lift(let items, let x, let y, let ops, let external):
            return "lift s\(s) \(Format.ids(items)) at \(Format.point(Point(x: x, y: y)))"
                + (ops == .move ? "" : " ops \(ops.names.joined(separator: "+"))") + (external ? " external" : "")
        case .move(let x, let y): return "move s\(s) to \(Format.point(Point(x: x, y: y)))"
        case .drop(let x, let y, let deferred):
            return "drop s\(s) at \(Format.point(Point(x: x, y: y)))" + (deferred ? " (apply deferred)" : "")
        default: return nil
        }
    }

    @Test func dragTextsReadAsTheInterpolatedOnes() {
        var checked = 0
        for s in Self.sessions {
            for x in Self.numbers {
                for y in [22.0, -0.5, x] {
                    let events = [
                        RecordedEvent(t: 0, session: s, .move(x: x, y: y)),
                        RecordedEvent(t: 0, session: s, .drop(x: x, y: y, deferred: s % 2 == 0)),
                        RecordedEvent(
                            t: 0, session: s,
                            .lift(
                                items: ["a", "q\"uote", "ünï", "tab\tnl\n"], x: x, y: y, ops: s == 7 ? [.move, .copy] : .move,
                                external: s == 1)),
                    ]
                    for e in events {
                        #expect(e.summary == Self.interpolated(e), "\(e)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.sessions.count * Self.numbers.count * 3 * 3)
        #expect(RecordedEvent(t: 0, session: 3, .drop(x: 50, y: 22.5, deferred: true)).summary == "drop s3 at (50, 22.5) (apply deferred)")
    }
}
