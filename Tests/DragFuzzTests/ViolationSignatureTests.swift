import DragFuzz
import ReorderConformance
import ReorderCore
import Testing

/// `Violation.signature`: the kind of disagreement, which shrinking keeps
/// and the library reports once.
@Suite("Violation signature")
struct ViolationSignatureTests {
    static let cases: [(Invariant, String, String)] = [
        // A wrong collection is one kind, whatever the operation and position.
        (
            .configuration, #"answered move into "c0", the model answers move -> "c1" end"#,
            "configuration: answered _ into _"
        ),
        (
            .configuration, #"answered copy into "c0", the model answers copy -> "c1" before "a""#,
            "configuration: answered _ into _"
        ),
        // A wrong operation keeps both operations.
        (.configuration, #"answered copy, the model answers move -> "c1" end"#, "configuration: answered copy, the model answers move"),
        (.configuration, "answered move, the model answers forbidden", "configuration: answered move, the model answers forbidden"),
        // A wrong anchor, to an item or to the end.
        (.configuration, #"answered an anchor of "b", the model answers move -> "c1" before "a""#, "configuration: answered an anchor"),
        (.configuration, #"answered an anchor of the end, the model answers move -> "c1" before "a""#, "configuration: answered an anchor"),
        // An ID that reads like another kind does not change the kind.
        (
            .configuration, #"answered an anchor of "a"b into c", the model answers move -> "c1" end"#,
            "configuration: answered an anchor"
        ),
        // Other invariants: the message without its values.
        (.conservation, #"lost ["a", "b"] after 12 steps at 3.5"#, "conservation: lost [_, _] after # steps at #"),
    ]

    @Test("the signature of each kind of message", arguments: cases)
    func signature(_ invariant: Invariant, _ message: String, _ expected: String) {
        let v = Violation(InvariantViolation<Int, Int>(invariant, message), step: 0)
        #expect(v.signature == expected)
    }
}
