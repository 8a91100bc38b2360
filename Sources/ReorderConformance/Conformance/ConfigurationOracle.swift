import ReorderCore

/// What judges the drop configuration the code under test answers.
///
/// - `model`: the model's own answer (the default policy of spec 3.3) is the
///   truth: operation, collection and anchor must all agree with it.
/// - `geometry`: which collection and slot is under the finger (the hit
///   test and the destination of 1.4) and the framework's guarantees: the
///   answered operation is one the lift offers, a container that is
///   disabled takes no drop, and a declared capacity is never exceeded.
///   Which operation the code chooses is its own decision: the model then
///   follows the answer, so the drop's outcome is the operation answered.
/// - `rules`: `geometry`, and the answered operation must be one the rules
///   allow for a drop into the destination collection (`forbidden` is
///   always allowed: it changes nothing).
///
///     let oracle = ConfigurationOracle<StringID, StringID?>.rules { operation, collection in
///         collection == "done" ? operation == .move : true
///     }
public enum ConfigurationOracle<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    case model
    case geometry
    case rules(allows: @Sendable (DropOperation, CollectionID) -> Bool)

    /// Whether the model follows the code under test's answered operation.
    @inlinable public var followsAnswer: Bool {
        if case .model = self { return false }
        return true
    }
}

extension CheckedEngine {
    /// The policy the model runs with while the code under test's answer
    /// `answered` stands: that operation, at the geometry's destination;
    /// forbidden where no collection is under the finger, and where the
    /// framework would refuse it (an operation the lift does not offer, a
    /// disabled container): `judge` reports those. An answer the `rules`
    /// do not allow is not followed either: there the model does what its
    /// own `policy` (the world's) does, so its data, and a finding's `expect`
    /// lines, never hold a state the world forbids; a refusal keeps the
    /// geometry's destination, which `judge` names.
    @inlinable
    static func following(
        _ answered: SubjectConfiguration<ItemID, CollectionID>, oracle: ConfigurationOracle<ItemID, CollectionID>,
        otherwise policy: DropPolicy<ItemID, CollectionID>
    ) -> DropPolicy<ItemID, CollectionID> {
        let operation = answered.operation
        return DropPolicy { request in
            let offered = request.session.suggestedOperations
            guard operation != .forbidden, let destination = request.destination, request.container.isEnabled,
                operation == .copy ? offered.contains(.copy) : offered.contains(.move)
            else { return .forbidden }
            if case .rules(let allows) = oracle, !allows(operation, destination.collectionID) {
                let own = policy.configure(request)
                return own.operation == .forbidden ? DropConfiguration(operation: .forbidden, destination: destination) : own
            }
            return DropConfiguration(operation: operation, destination: destination)
        }
    }

    /// What answered the drop configuration, for messages: an in-process
    /// subject's is a `dropConfiguration` closure; anything else is an app.
    @inlinable var answerer: String {
        if case .inProcess = _subject { return "the policy" }
        return "the app"
    }

    /// The code under test's answer against the geometry, the framework's
    /// guarantees and the rules (see `ConfigurationOracle`). `model` is the
    /// model's configuration after following the answer: its destination is
    /// the geometry's. Messages name the policy: its choice is what disagreed.
    @inlinable
    func judge(
        _ answered: SubjectConfiguration<ItemID, CollectionID>, model: DropConfiguration<ItemID, CollectionID>,
        offered: DropOperation.Set, before: ReorderContainer<ItemID, CollectionID>, sources: [ItemID], external: Bool
    ) -> InvariantViolation<ItemID, CollectionID>? {
        let op = answered.operation
        guard op != .forbidden else { return nil }
        let who = answerer
        if op == .copy && !offered.contains(.copy) || op == .move && !offered.contains(.move) {
            return InvariantViolation(
                .configuration, "\(who) answered \(op.rawValue) but the lift offers only \(offered.names.joined(separator: ", "))")
        }
        if !before.isEnabled {
            return InvariantViolation(.configuration, "\(who) answered \(op.rawValue) while the container is disabled")
        }
        guard let destination = model.destination else {
            let into = answered.collection.map { " into \(text.collection($0))" } ?? ""
            return InvariantViolation(
                .configuration, "\(who) answered \(op.rawValue)\(into), but no collection is under the finger (the hit test finds none)")
        }
        if let c = answered.collection, c != destination.collectionID {
            return InvariantViolation(
                .configuration,
                "\(who) answered \(op.rawValue) into \(text.collection(c)), the collection under the finger is \(text.destination(destination))"
            )
        }
        if let b = answered.before, b != destination.position.anchor {
            return InvariantViolation(
                .configuration,
                "\(who) answered an anchor of \(b.map(text.item) ?? "the end"), the slot under the finger is \(text.destination(destination))"
            )
        }
        if let t = before.collectionIndex(of: destination.collectionID), let capacity = before.collections[t].capacity {
            var added = sources.count
            if !external {
                for id in sources {
                    if let home = before.home(of: id), home.collection == t, !home.isFixed { added -= 1 }
                }
            }
            let count = before.collections[t].items.count
            if added > 0 && count + added > capacity {
                return InvariantViolation(
                    .configuration,
                    "\(who) answered \(op.rawValue) into \(text.collection(destination.collectionID)) (\(count) items, capacity \(capacity)): "
                        + "the drop would exceed the declared capacity")
            }
        }
        if case .rules(let allows) = oracle, !allows(op, destination.collectionID) {
            return InvariantViolation(
                .configuration,
                "\(who) answered \(op.rawValue) into \(text.collection(destination.collectionID)), which the rules do not allow")
        }
        return nil
    }
}

/// A world's judgement of a recording (`ReplayOptions.rules`): the policy the
/// model follows and the oracle that judges the answered configuration.
public struct RecordedRules: Sendable {
    public var policy: DropPolicy<StringID, StringID?>
    public var oracle: ConfigurationOracle<StringID, StringID?>

    public init(policy: DropPolicy<StringID, StringID?>, oracle: ConfigurationOracle<StringID, StringID?>) {
        self.policy = policy
        self.oracle = oracle
    }
}
