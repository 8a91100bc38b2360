import ReorderCore

/// The data a step shows: the core's own container (collections of fixed
/// entries and items, locked IDs, `isEnabled`), so the renderer copies
/// nothing and lays it out with the core's `Layout`.
public typealias RenderData = ReorderContainer<StringID, StringID?>
