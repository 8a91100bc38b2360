import DragRecording
import ReorderCore

/// How `dragreplay help app` spells the request each mutation sends (the
/// fields `AppMessages.line(for:)` writes, with their kinds of value): the
/// help lists `MutationKind.allCases` through it, so it never misses one.
package enum AppRequestHelp {
    /// One request as the help shows it.
    package struct Request: Sendable {
        package var op: String
        /// Each field's name and what it holds, e.g. `("items", "[IDs]")`.
        package var fields: [(name: String, value: String)]
        /// What the help adds after it (`nil`: nothing).
        package var note: String?

        /// `{"op":"lock","items":[IDs]}`.
        package var syntax: String {
            "{\"op\":\"\(op)\"" + fields.map { ",\"\($0.name)\":\($0.value)" }.joined() + "}"
        }
    }

    /// The request the code under test is sent for a mutation of `kind`
    /// (drag events are sent as `apply` and `receive`, swipe gestures as
    /// `open`, `close` and `perform`; an `expect` is checked, not sent).
    package static func request(for kind: MutationKind) -> Request {
        let op = kind.rawValue
        switch kind {
        case .insert: return Request(op: op, fields: [("items", "[IDs]"), ("collection", "C"), ("index", "N|null")])
        case .delete, .lock, .unlock: return Request(op: op, fields: [("items", "[IDs]")])
        case .relocate: return Request(op: op, fields: [("items", "[IDs]"), ("collection", "C"), ("before", "ID|null")])
        case .update: return Request(op: op, fields: [("item", "ID")], note: "the order must not change")
        case .reload: return Request(op: op, fields: [("collections", "[..]")], note: "replace all data")
        case .enable, .disable: return Request(op: op, fields: [])
        }
    }

    /// The help's lines for the mutation requests, in `MutationKind` order: a
    /// request with a note has a line of its own, the note in a column; a
    /// run of short ones (at most one field, no note) shares a line. No
    /// width limit: the help's lines are as the protocol's examples read.
    package static var mutationLines: [String] {
        var lines: [String] = []
        var run: [String] = []
        func flush() {
            if !run.isEmpty { lines.append(run.joined(separator: "  ")) }
            run = []
        }
        for kind in MutationKind.allCases {
            let r = request(for: kind)
            if r.note == nil && r.fields.count <= 1 {
                run.append(r.syntax)
                continue
            }
            flush()  // a short request between long ones stands alone
            let syntax = r.syntax
            lines.append(r.note.map { syntax + String(repeating: " ", count: max(1, 47 - syntax.count)) + $0 } ?? syntax)
        }
        flush()
        return lines
    }
}
