/// The result of an `expect` line.
public struct RenderExpectation: Hashable, Sendable {
    public var passed: Bool
    /// One line per mismatch, e.g. `order: expected [a, b], got [b, a]`.
    public var failures: [String]
    /// What the line expected, and what the replay had, as people read them
    /// (shown side by side when it failed).
    public var expected: String
    public var actual: String

    public init(passed: Bool, failures: [String] = [], expected: String = "", actual: String = "") {
        self.passed = passed
        self.failures = failures
        self.expected = expected
        self.actual = actual
    }
}
