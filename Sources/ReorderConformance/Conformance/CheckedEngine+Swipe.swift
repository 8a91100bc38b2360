import ReorderCore
import ReorderSwipe

// The swipe side of CheckedEngine: the messages an event sends the code
// under test, the checks of its answers, and the model's own swipe oracles.

extension CheckedEngine {
    /// The swipe messages of an event, after its data requests, in the
    /// protocol's order (a tap's perform before its close; otherwise the
    /// close first), each opened row followed by a `labels` question; and,
    /// for a swipe on a row with actions, the `gesture` question (asked of
    /// in-process handlers only).
    @inlinable
    func swipeRequests(
        for event: SessionEvent<ItemID, CollectionID>, _ result: SessionStep<ItemID, CollectionID>,
        swipedRowIsReorderable: Bool
    ) -> [SubjectRequest<ItemID, CollectionID>] {
        guard _model.hasSwipe else { return [] }
        guard subjectSwipes else {
            // Code that does not take part in swipes still keeps its data in
            // step: a destructive action reaches it as the delete it is.
            if case .delete(let item)? = result.swipe?.action?.effect { return [.mutation(.delete(items: [item]))] }
            return []
        }
        // No row changed and no swipe to ask about: nothing to send (and no
        // copy of the swipe model to read).
        if result.swipe._isNone, !{ if case .swipe = event { true } else { false } }() { return [] }
        // `_model.swipe!` read in place at each use: bound to a local, the
        // whole model (its flags, reports and configuration) was copied.
        var list: [SubjectRequest<ItemID, CollectionID>] = []
        if let swipe = result.swipe {
            for message in swipe.messages {
                switch message {
                case .perform(let a): list.append(.perform(item: a.item, edge: a.edge, action: a.action))
                case .close(let item): list.append(.close(item: item))
                case .open(let row):
                    let labels = _model.swipe!.labels(item: row.item, edge: row.edge, geometry: _model.rows)
                    list.append(.open(item: row.item, edge: row.edge, labels: labels))
                    list.append(.labels(item: row.item, edge: row.edge))
                }
            }
        }
        if case .swipe(_, let dx) = event, swipedRowIsReorderable,
            _model.swipe!.configuration.hasActions(on: .leading) || _model.swipe!.configuration.hasActions(on: .trailing)
        {
            list.append(.gesture(dx: dx, direction: _model.swipe!.configuration.direction))
        }
        return list
    }

    /// A swipe answer against the model: the data and flags after a
    /// `perform` (`action-target`), the labels of an opened row
    /// (`fresh-labels`), the edge of a gesture (`edge`). After a wrong
    /// perform the screen shows the code under test's data.
    @inlinable
    mutating func checkSwipe(
        _ request: SubjectRequest<ItemID, CollectionID>, _ answer: SubjectAnswer<ItemID, CollectionID>?,
        _ step: inout CheckedStep<ItemID, CollectionID>
    ) -> InvariantViolation<ItemID, CollectionID>? {
        guard let model = _model.swipe else { return nil }
        switch (request, answer) {
        case (.perform(let item, _, let action), .swipeData(let data, let flags)?):
            step.subjectData = data
            let expected = _model.container.orders
            let expectedFlags = model.flags
            var violation: InvariantViolation<ItemID, CollectionID>?
            // Orders and flags the same as text may still hold an ID in other bytes: another ID.
            let dataRespelled = _firstRespelling(expected, data)
            let flagsRespelled = Self.firstRespelling(flags, expectedFlags)
            let respelled = dataRespelled ?? flagsRespelled
            let dataDiffers = data != expected && dataRespelled == nil
            let flagsDiffer = flags != expectedFlags && flagsRespelled == nil
            if dataDiffers || respelled != nil || flagsDiffer {
                let effect = step.result.swipe?.action?.effect
                var got: [String] = []
                if let (model, answered) = respelled { got.append("gave \(respelling(answered, model: model, text))") }
                if dataDiffers {
                    let had = Set(expected.joined())
                    let has = Set(data.joined())
                    let removed = has.isEmpty ? [] : Array(Set(before(expected, item: item)).subtracting(has))
                    if !removed.isEmpty {
                        got.append("deleted \(text.ids(removed.sorted { text.item($0) < text.item($1) }))")
                    } else if has != had {
                        got.append("left the data \(show(data, against: expected, text))")
                    } else {
                        got.append("reordered the data to \(show(data, against: expected, text))")
                    }
                    if has.contains(item) && effect.map({ if case .delete = $0 { true } else { false } }) == true {
                        got.append("kept \(text.item(item))")
                    }
                }
                if flagsDiffer { got.append("left the flags \(showFlags(flags)), expected \(showFlags(expectedFlags))") }
                violation = InvariantViolation(
                    .actionTarget,
                    "\(action) on \(text.item(item)) should \(effect.map { describe($0) } ?? "change nothing"); "
                        + "the code under test \(got.joined(separator: ", "))")
            }
            adopt(data, &step)
            return violation
        case (.labels(let item, let edge), .labels(let shown)?):
            let expected = model.labels(item: item, edge: edge, geometry: _model.rows)
            guard shown != expected else { return nil }
            func list(_ l: [String]) -> String { "[" + l.map(text.text).joined(separator: ", ") + "]" }
            return InvariantViolation(
                .freshLabels, "row \(text.item(item)) (\(edge.rawValue)) shows \(list(shown)), the current flags give \(list(expected))")
        case (.gesture(let dx, let direction), .edge(let edge)?):
            return Invariant.checkEdge(dx: dx, direction: direction, gesture: edge).map { InvariantViolation($0.invariant, $0.message) }
        default:
            return nil
        }
    }

    /// The labels on `edge` of `item` as the code under test shows them
    /// (asked, when it swipes), or as the model derives them.
    @inlinable
    public mutating func labelsShown(item: ItemID, edge: SwipeEdge) -> [String] {
        if subjectSwipes, case .labels(let shown)? = ask(.labels(item: item, edge: edge)).0 { return shown }
        return _model.swipe?.labels(item: item, edge: edge, geometry: _model.rows) ?? []
    }

    /// The data a destructive action started from: the model's result with
    /// the item back (so what else disappeared can be named).
    @usableFromInline
    func before(_ expected: [[ItemID]], item: ItemID) -> [ItemID] { expected.joined() + [item] }

    @usableFromInline
    func describe(_ effect: SwipeEffect<ItemID>) -> String {
        switch effect {
        case .none: "change nothing"
        case .delete(let item): "delete \(text.item(item))"
        case .toggle(let flag, let item, let isSet): "\(isSet ? "set" : "clear") \(text.text(flag)) on \(text.item(item))"
        }
    }

    @usableFromInline
    func showFlags(_ flags: [String: Set<ItemID>]) -> String {
        if flags.isEmpty { return "{}" }
        return "{"
            + flags.keys.sorted().map { "\(text.text($0)): \(text.ids(flags[$0]!.sorted { text.item($0) < text.item($1) }))" }
            .joined(separator: ", ") + "}"
    }

    /// The model's own swipe invariants (the fuzzer's oracles): `one-open`
    /// and `presentation` from its reports, `dismissal` after a scroll, tap
    /// or lift, `identity` across data changes.
    @inlinable
    mutating func checkSwipeModel(
        _ event: SessionEvent<ItemID, CollectionID>, _ result: SessionStep<ItemID, CollectionID>, openBefore: SwipeOpenRow<ItemID>?
    ) -> InvariantViolation<ItemID, CollectionID>? {
        guard _model.hasSwipe else { return nil }
        // The open row alone is read: a copy of the swipe model costs more.
        let open = _model.openRow
        let reports = result.swipe?.reports ?? SwipeStepResult<ItemID>().reports
        if let v = ledger.record(reports) ?? ledger.check(open: open) { return InvariantViolation(v.invariant, v.message) }
        // The gestures that dismiss, named by the swipe model's own events.
        let dismissal: String? =
            switch event {
            case .scroll(let dy): SwipeEvent<ItemID>.scroll(dy: dy).name
            case .tap(let p): SwipeEvent<ItemID>.tap(p).name
            case .drag(.lift): SwipeEvent<ItemID>.lift.name
            default: nil
            }
        if let dismissal {
            if let open { return InvariantViolation(.dismissal, "row \(open) is still open after a \(dismissal)") }
        } else if case .swipe = event {
            // A swipe opens and closes by the rules of spec 3: nothing to compare.
        } else {
            let keeps = openBefore.map { _model.container.home(of: $0.item)?.isFixed == false } ?? false
            if let v = Invariant.checkIdentity(before: openBefore, after: open, keepsItem: keeps) {
                return InvariantViolation(v.invariant, v.message)
            }
        }
        return nil
    }
}

extension CheckedEngine {
    /// The first flagged item of `answered` that `model` flags under the
    /// same name in other bytes (`_identicalIDs`), the model's ID first;
    /// `nil` when none, and for an ID type other than `String` at once.
    /// - Complexity: O(f) for f flagged items.
    @inlinable
    static func firstRespelling(_ answered: [String: Set<ItemID>], _ model: [String: Set<ItemID>]) -> (ItemID, ItemID)? {
        if ItemID.self == StringID.self {
            return _firstFlagRespelling(
                unsafeBitCast(answered, to: [String: Set<StringID>].self), unsafeBitCast(model, to: [String: Set<StringID>].self)
            ).map { (unsafeBitCast($0.0, to: ItemID.self), unsafeBitCast($0.1, to: ItemID.self)) }
        }
        guard ItemID.self == String.self, answered == model else { return nil }
        for (flag, items) in answered.sorted(by: { $0.key < $1.key }) {
            guard let flagged = model[flag] else { continue }
            for item in items {
                if let i = flagged.firstIndex(of: item), !_identicalIDs(flagged[i], item) { return (flagged[i], item) }
            }
        }
        return nil
    }
}

/// `firstRespelling` for `StringID` flags: when every flag names the same
/// text on both sides, the first item the code under test names in other
/// bytes (the model's ID, then the answer's).
@usableFromInline
func _firstFlagRespelling(_ answered: [String: Set<StringID>], _ model: [String: Set<StringID>]) -> (StringID, StringID)? {
    guard answered != model, answered.keys.sorted() == model.keys.sorted() else { return nil }
    var first: (StringID, StringID)?
    for (flag, items) in answered.sorted(by: { $0.key < $1.key }) {
        let flagged = model[flag] ?? []
        guard Set(items.map(\.string)) == Set(flagged.map(\.string)), items.count == flagged.count else { return nil }
        for item in items.sorted() where !flagged.contains(item) && first == nil {
            guard let m = flagged.first(where: { $0.string == item.string }) else { return nil }
            first = (m, item)
        }
    }
    return first
}
