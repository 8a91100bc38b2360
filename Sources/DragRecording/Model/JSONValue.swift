/// A JSON value, for the free-form `meta` object of a header. Objects keep
/// their keys sorted, so the canonical writer is stable.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// `meta.title` and friends: the string at `key` of an object.
    public subscript(key: String) -> String? {
        if case .object(let o) = self, case .string(let s)? = o[key] { return s }
        return nil
    }
}
