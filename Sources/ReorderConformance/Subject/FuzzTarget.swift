/// Targeted depth, after Hypothesis's `target()`: code under test reports
/// numbers about its own state, and the fuzzer steers toward cases that make
/// each one as large as it can. A bug that needs an extreme state (a gap
/// between float positions halved until it collapses, a queue that grows
/// until it overflows) is found by climbing toward it instead of waiting for
/// a case that lands there by chance.
///
/// The fuzzer keeps, per label, the largest value a case reported; to drive
/// a number down (the smallest gap between two positions), report its
/// negation.
///
///     // In a Swift apply closure under `ApplyFuzzer.check`:
///     FuzzTarget.observe(-smallestGap, label: "smallest gap")
///
/// An app reports the same with an optional `targets` object in any answer
/// (docs/app-protocol.md). Outside a fuzz case `observe` does nothing.
public enum FuzzTarget {
    /// Labels one case may report; later ones are ignored, so a label made
    /// of data (an ID) cannot grow a campaign's table without bound.
    public static let maxLabels = 16
    /// A label's longest UTF-8 length.
    public static let maxLabelBytes = 64

    /// Reports `value` under `label` for the case running on this thread.
    /// A value that is not finite, and a label that is empty or longer than
    /// `maxLabelBytes`, is ignored.
    public static func observe(_ value: Double, label: String = "target") {
        guard value.isFinite, isLabel(label), let collector = Collector.current else { return }
        collector.observe(value, label)
    }

    /// Whether `label` may name a target: 1 to `maxLabelBytes` bytes. The
    /// one rule, for Swift's `observe` and for an app's `targets`.
    public static func isLabel(_ label: String) -> Bool { !label.isEmpty && label.utf8.count <= maxLabelBytes }

    /// Runs `body` with observations collected; returns its result and the
    /// largest value reported per label (empty when nothing was).
    public static func collecting<T>(_ body: () throws -> T) rethrows -> (T, [String: Double]) {
        let collector = Collector()
        let result = try Collector.$current.withValue(collector) { try body() }
        return (result, collector.maxima)
    }

    /// One case's observations. Bound to the thread that runs the case, and
    /// only that thread touches it, hence `@unchecked Sendable`.
    final class Collector: @unchecked Sendable {
        @TaskLocal static var current: Collector?
        var maxima: [String: Double] = [:]

        func observe(_ value: Double, _ label: String) {
            if let old = maxima[label] {
                if value > old { maxima[label] = value }
            } else if maxima.count < FuzzTarget.maxLabels {
                maxima[label] = value
            }
        }
    }
}
