/// What `conservation` found (6.1).
public enum ConservationKind: String, Hashable, Sendable, CaseIterable {
    /// An ID twice in one replica (checked after every change).
    case duplicate
    /// An ID neither in the header nor inserted by any op (after every change).
    case ghost
    /// An ID that should be present and is not (at quiesce).
    case lost
    /// A deleted ID back with no insert after or concurrent with the delete (at quiesce).
    case resurrected
}
