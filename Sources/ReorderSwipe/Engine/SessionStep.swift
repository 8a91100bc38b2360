import ReorderCore

/// What one `SessionEvent` did: the core's result (read through, as
/// `step.outcome`) and what the swipe model did.
@dynamicMemberLookup
public struct SessionStep<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// What the drag engine did.
    public var drag: StepResult<ItemID, CollectionID>
    /// What the swipe model did at this event (a row closed or opened, an
    /// action performed); `nil` when it did nothing or there is none.
    /// Spelled `Optional<...>` so that it has no implicit `nil` for the
    /// initialiser to destroy (through `Optional`'s unspecialised value
    /// witness, without `-disable-type-layout`) before setting it.
    public var swipe: Optional<SwipeStepResult<ItemID>>

    @inlinable
    public init(drag: StepResult<ItemID, CollectionID> = StepResult(), swipe: SwipeStepResult<ItemID>? = nil) {
        self.drag = drag
        self.swipe = swipe
    }

    /// Empties the step in place, as `SessionStep()` would (see
    /// `StepResult._clear`). Public for the other modules' hot paths; not API.
    ///
    /// - Complexity: O(1), plus releasing what was set.
    @inlinable public mutating func _clear() {
        drag._clear()
        if !swipe._isNone { swipe = nil }
    }

    @inlinable
    public subscript<T>(dynamicMember path: WritableKeyPath<StepResult<ItemID, CollectionID>, T>) -> T {
        get { drag[keyPath: path] }
        set { drag[keyPath: path] = newValue }
    }
}
