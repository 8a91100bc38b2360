import ReorderCore

/// What one `SessionEvent` did: the core's result (read through, as
/// `step.outcome`) and what the swipe model did.
@dynamicMemberLookup
public struct SessionStep<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// What the drag engine did.
    public var drag: StepResult<ItemID, CollectionID>
    /// What the swipe model did at this event (a row closed or opened, an
    /// action performed); `nil` when it did nothing or there is none.
    public var swipe: SwipeStepResult<ItemID>?

    @inlinable
    public init(drag: StepResult<ItemID, CollectionID> = StepResult(), swipe: SwipeStepResult<ItemID>? = nil) {
        self.drag = drag
        self.swipe = swipe
    }

    @inlinable
    public subscript<T>(dynamicMember path: WritableKeyPath<StepResult<ItemID, CollectionID>, T>) -> T {
        get { drag[keyPath: path] }
        set { drag[keyPath: path] = newValue }
    }
}
