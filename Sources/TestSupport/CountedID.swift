import Synchronization

/// Counts the work done on `CountedID`s: every `==` and every `hash(into:)`.
/// One counter per test, so tests that run side by side do not mix counts.
public final class WorkCounter: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    /// Comparisons and hashes so far.
    public var value: Int { count.load(ordering: .relaxed) }

    func tick() { count.add(1, ordering: .relaxed) }
}

/// An ID that counts how often it is compared and hashed: a bound on work
/// for tests of complexity (as swift-collections' tracked elements do),
/// where a bound on time would fail on a loaded machine and pass a slow
/// algorithm on a fast one.
///
///     let work = WorkCounter()
///     let a = CountedID(1, work), b = CountedID(2, work)
///     _ = a == b            // work.value == 1
public struct CountedID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public let counter: WorkCounter

    public init(_ value: Int, _ counter: WorkCounter) {
        self.value = value
        self.counter = counter
    }

    public static func == (a: CountedID, b: CountedID) -> Bool {
        a.counter.tick()
        return a.value == b.value
    }

    public func hash(into hasher: inout Hasher) {
        counter.tick()
        hasher.combine(value)
    }

    public var description: String { "#\(value)" }
}
