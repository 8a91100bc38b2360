import DragRecording
import ReorderCore

/// A world that cannot be (`World(collections:...)`, `World(header:)`):
/// what is wrong, by case, and a message that says what was expected.
/// `field` paths are as the header writes them (`world.lifts.todo`).
public enum WorldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A header's collection (by position) has no `id`.
    case unnamedCollection(index: Int)
    /// `world` is not an object.
    case rulesNotAnObject
    /// A member of `world` the format does not define.
    case unknownField(String)
    /// `world.newItems` is not a string.
    case newItemsNotAString
    /// `world.lifts` or `world.drops` is not an object by collection id.
    case notByCollection(field: String)
    /// A rule names a collection the container does not have.
    case unknownCollection(field: String, id: StringID)
    /// A lift rule (or an external lift) that offers no operation.
    case liftOffersNothing(field: String)
    /// `world.external` is not an array.
    case externalNotAnArray
    /// An operation list that is not an array.
    case operationsNotAnArray(field: String)
    /// An operation other than `move` and `copy`.
    case unknownOperation(field: String, got: String)
    /// No collection at all.
    case noCollections
    /// Two collections with one id.
    case repeatedCollection(StringID)
    /// One item ID twice (across every collection's items and fixed entries).
    case repeatedItem(StringID)
    /// A capacity below 0.
    case negativeCapacity(collection: StringID)
    /// More items than a world holds.
    case tooManyItems(limit: Int, count: Int)
    /// `newItems` without the `#` that numbers new items.
    case newItemsWithoutNumber(String)
    /// A new item `newItems` gives (or a missing one, `gone0`, ...) is an
    /// item of the world already: an insert would repeat an ID.
    case newItemsClash(pattern: String, item: StringID)
    /// `newItems` gives IDs a recording cannot hold (over 256 bytes, a NUL):
    /// `id` is the first such one.
    case newItemsInvalid(pattern: String, id: StringID, reason: String)
    /// What a recording's header cannot hold (the reader's own check of the
    /// header, `RecordingValidator`): a layout size that is NaN, infinite or
    /// 0, no columns, an ID that is empty, holds a NUL or is over 256 bytes.
    case unrecordable(field: String?, reason: String)

    public var description: String {
        switch self {
        case .unnamedCollection(let k): "collection \(k) has no id: a world names its collections (as the app does)"
        case .rulesNotAnObject: "field \"world\" must be an object"
        case .unknownField(let name): "world.\(name): unknown field (expected newItems, lifts, drops, external)"
        case .newItemsNotAString: "world.newItems must be a string with a \"#\""
        case .notByCollection(let field): "\(field) must be an object by collection id"
        case .unknownCollection(let field, let id): "\(field).\(id): no collection \(Format.quoted(id)) in the container"
        case .liftOffersNothing(let field):
            field == "world.external"
                ? "world.external: an external lift offers at least one operation" : "\(field): a lift offers at least one operation"
        case .externalNotAnArray: "world.external must be an array of operation lists"
        case .operationsNotAnArray(let field): "\(field) must be an array of \"move\" and \"copy\""
        case .unknownOperation(let field, let got): "\(field): expected \"move\" or \"copy\", got \(got)"
        case .noCollections: "a world needs at least one collection"
        case .repeatedCollection(let id): "collection \(Format.quoted(id)) appears twice"
        case .repeatedItem(let id): "item \(Format.quoted(id)) appears twice"
        case .negativeCapacity(let id): "collection \(Format.quoted(id)): capacity must be >= 0"
        case .tooManyItems(let limit, let count): "a world holds at most \(limit) items, this one \(count)"
        case .newItemsWithoutNumber(let pattern): "newItems \(Format.quoted(pattern)) needs a \"#\" for the number"
        case .newItemsClash(let pattern, let item):
            "world.newItems \(Format.quoted(pattern)) would give a new item the ID \(Format.quoted(item)), which the world already has; "
                + "choose a form none of its items has"
        case .newItemsInvalid(let pattern, let id, let reason):
            "world.newItems \(Format.quoted(pattern)) gives IDs a recording cannot hold: \(Format.quoted(Format.clipped(id.string, bytes: 80))): \(reason)"
        case .unrecordable(let field, let reason):
            "a recording cannot hold this world\(field.map { " (\($0))" } ?? ""): \(reason)"
        }
    }
}
