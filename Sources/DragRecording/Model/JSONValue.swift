/// A JSON value, for the free-form `meta` object of a header. Objects keep
/// their keys sorted, so the canonical writer is stable. An integer written
/// without fraction or exponent is an `integer`, kept exactly (a seed past
/// 2^53, `Int64.max`); every other number is a `number`.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer in 64 bits (the reader refuses any past them), exact.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as an exact integer: an `integer`, or a `number` with no
    /// fraction inside Int64 (`1.0` from an app is 1); `nil` otherwise.
    public var exactInteger: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }

    /// The value as a Double when it is a number of either kind (an
    /// integer past 2^53 rounded).
    public var double: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// JSON has one kind of number: `95` read back from a written `95.0` is
    /// the same value, so a `number` with no fraction inside Int64 equals
    /// the `integer` of that value (and hashes as it).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x == y
        case (.integer, _), (.number, _):
            if let x = a.exactInteger, let y = b.exactInteger {
                x == y
            } else if case .number(let x) = a, case .number(let y) = b {
                x == y
            } else {
                false
            }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): hasher.combine(o)
        case .integer, .number:
            if let i = exactInteger { hasher.combine(i) } else if case .number(let d) = self { hasher.combine(d) }
        }
    }

    /// `meta.title` and friends: the string at `key` of an object.
    public subscript(key: String) -> String? {
        if case .object(let o) = self, case .string(let s)? = o[key] { return s }
        return nil
    }
}
