import ReorderCore

/// The container's reading direction (`swipe-v1` 1: `"direction"`). It
/// decides which physical side a swipe edge sits on and which way a swipe
/// must travel to reveal it.
///
///     LayoutDirection(rawValue: "rtl")  // .rtl
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    /// Left to right (the default).
    case ltr
    /// Right to left: the trailing edge is the row's left side.
    case rtl
}
