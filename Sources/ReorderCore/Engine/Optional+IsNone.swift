extension Optional {
    /// `self == nil`, without `Equatable`'s `==`: for a wrapped type that is
    /// `Equatable`, `x == nil` compares through `==(Wrapped?, Wrapped?)`,
    /// which copies both sides into a tuple (for a large generic payload,
    /// through its value witnesses). Public for the other modules' hot
    /// paths; not API.
    @inlinable public var _isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
