import DragReader
import DragRecording
import Testing

/// The reader finds a member by walking a small object's entries and by
/// json-c's hash above 16 members; both must answer alike, for a `null`
/// member (absent), a key that is a prefix of another, and a type name that
/// is a prefix of one. A repeated key never reaches either: the line is
/// refused first, whatever its size.
@Suite("Member lookup along the entry list and by hash")
struct MemberLookupTests {
    /// `count` unknown members before the line's own: 0 keeps the object
    /// under the walk's limit, 20 sends it to the hash lookup.
    static let padding = [0, 20]

    static func line(_ body: String, padding: Int) -> String {
        let extra = (0..<padding).map { "\"pad\($0)\":\($0)," }.joined()
        return "{" + extra + body + "}"
    }

    @Test("a repeated key is refused at the second, for a small and a large object", arguments: padding)
    func repeatedKey(padding: Int) {
        let line = Self.line(#""type":"lift","t":0,"items":["a"],"x":1,"x":7,"y":2"#, padding: padding)
        let second = line.utf8.count - #""x":7,"y":2}"#.utf8.count + 1
        #expect {
            _ = try readAll(header + "\n" + line + "\n")
        } throws: { error in
            guard case .input(let d) = error as? RecordingError else { return false }
            return d.line == 2 && d.column == second
                && d.message.hasPrefix("field \"x\" appears twice in its object (first at column \(second - 6))")
        }
    }

    @Test("null is absent, a longer key is not its prefix", arguments: padding)
    func members(padding: Int) throws {
        let lines = [
            Self.line(#""type":"lift","t":0,"items":["a"],"x":7,"y":2,"yy":9,"session":null"#, padding: padding),
            Self.line(#""type":"move","t":1,"xx":0,"x":3,"y":4,"session":0"#, padding: padding),
        ]
        let (_, events) = try readAll(header + "\n" + lines.joined(separator: "\n") + "\n")
        #expect(
            events.map(\.value) == [
                RecordedEvent(t: 0, .lift(items: ["a"], x: 7, y: 2, ops: .move, external: false)),
                RecordedEvent(t: 1, .move(x: 3, y: 4)),
            ])
    }

    @Test("a missing field is still reported by name and column", arguments: padding)
    func missing(padding: Int) {
        let line = Self.line(#""type":"move","t":1,"xx":3,"y":4"#, padding: padding)
        #expect {
            _ = try readAll(header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":1,"y":2}"# + "\n" + line + "\n")
        } throws: { error in
            guard case .input(let d) = error as? RecordingError else { return false }
            return d.line == 3 && d.message == #"missing field "x" (expected a finite number)"#
        }
    }

    @Test("a type that shares a name's first bytes is unknown", arguments: ["mov", "moves", "lif", "relocated", "relocat"])
    func typePrefix(name: String) {
        #expect {
            _ = try readAll(header + "\n" + #"{"type":"\#(name)","t":0}"# + "\n")
        } throws: { error in
            guard case .input(let d) = error as? RecordingError else { return false }
            return d.message.hasPrefix("unknown event type \"\(name)\".")
        }
    }

    @Test("a repeated ID in a lift is named, first repeat in order, for few and many IDs", arguments: [3, 12])
    func repeatedID(count: Int) {
        // a0 ... a(count-1), then a1 and a0 again: a1 is the first repeat.
        let ids = (0..<count).map { "\"a\($0)\"" } + ["\"a1\"", "\"a0\""]
        let line = #"{"type":"lift","t":0,"items":[\#(ids.joined(separator: ","))],"x":1,"y":2}"#
        #expect {
            _ = try readAll(header + "\n" + line + "\n")
        } throws: { error in
            guard case .input(let d) = error as? RecordingError else { return false }
            return d.message == #"field "items": ID "a1" appears twice"#
        }
    }
}
