import DragRecording
import ReorderCore

/// How `dragreplay help app` spells the request each mutation sends (the
/// fields `AppMessages.line(for:)` writes, with their kinds of value): the
/// help lists `EventKind.allCases` through it, so it never misses one.
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

    /// The request the code under test is sent for an event of `kind`;
    /// `nil` for kinds that are not sent as themselves (drag events become
    /// `apply` and `receive`, swipe gestures `open`, `close` and `perform`,
    /// and an `expect` is checked, not sent).
    package static func request(for kind: EventKind) -> Request? {
        let op = kind.rawValue
        switch kind {
        case .insert: return Request(op: op, fields: [("items", "[IDs]"), ("collection", "C"), ("index", "N|null")])
        case .delete, .lock, .unlock: return Request(op: op, fields: [("items", "[IDs]")])
        case .relocate: return Request(op: op, fields: [("items", "[IDs]"), ("collection", "C"), ("before", "ID|null")])
        case .update: return Request(op: op, fields: [("item", "ID")], note: "the order must not change")
        case .reload: return Request(op: op, fields: [("collections", "[..]")], note: "replace all data")
        case .enable, .disable: return Request(op: op, fields: [])
        case .lift, .move, .drop, .cancel, .apply, .expect, .swipe, .scroll, .tap: return nil
        }
    }

    /// The help's lines for the mutation requests, in `EventKind` order: a
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
        for kind in EventKind.allCases {
            guard let r = request(for: kind) else { continue }
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
