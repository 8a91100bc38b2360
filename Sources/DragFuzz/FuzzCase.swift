import DragRecording
import ReorderConformance
import ReorderCore
import ReorderSwipe
import Synchronization

public typealias FuzzEngine = SessionEngine<Int, Int>
public typealias FuzzContainer = ReorderContainer<Int, Int>
public typealias FuzzDifference = ReorderDifference<Int, Int>

/// What a campaign drives: whole drag sessions through hit testing and the
/// drop policy, or arbitrary differences straight into the applier.
public enum FuzzMode: String, CaseIterable, Sendable {
    case sessions
    case differences
}

/// IDs the generator uses on purpose for what is not there.
public enum FuzzIDs {
    /// Item IDs from here on are never in a container: a difference or a
    /// delete that names them names a missing item (`gone0`, `gone1`, ...).
    public static let absentBase = 1000
    /// A collection ID no container has: a difference into it changes nothing.
    public static let unknownCollection = 99
}

/// A generated case: the starting data and the events, with integer IDs
/// (fast to hash). `recording()` names them for a recording.
public struct FuzzCase: Sendable {
    public var mode: FuzzMode
    public var container: FuzzContainer
    /// The name each collection gets in the recording, by collection ID:
    /// `nil` for the single unnamed collection (its `id` omitted), as a
    /// header writes it.
    public var collectionNames: [StringID?]
    public var layout: Layout<Int>
    /// The swipe actions (a version 2 recording); `nil`: none.
    public var swipe: SwipeConfiguration<Int>?
    public var steps: [SessionEvent<Int, Int>] = []
    /// The world's item names (`nil`: `a`, `b`, ...).
    public var itemNames: ItemNames?

    public init(
        mode: FuzzMode, container: FuzzContainer, collectionNames: [StringID?], layout: Layout<Int>, swipe: SwipeConfiguration<Int>? = nil,
        steps: [SessionEvent<Int, Int>] = []
    ) {
        self.mode = mode
        self.container = container
        self.collectionNames = collectionNames
        self.layout = layout
        self.swipe = swipe
        self.steps = steps
    }
}

/// The IDs an app invented in one case (names the case never gave it), by
/// the negative integers `NamedSubject` stands them for: messages quote the
/// app's own text (`"zz"`), never a generated name for the integer
/// (`"card-new--9"`, issue 44 class 8).
public final class InventedNames: Sendable {
    private let names = Mutex<[Int: StringID]>([:])

    public init() {}

    func record(_ name: StringID, as id: Int) { names.withLock { $0[id] = name } }

    /// The app's name for `id`, if it invented one.
    public func name(_ id: Int) -> StringID? { names.withLock { $0[id] } }
}

/// How the fuzzer names its integer IDs in recordings and messages.
public struct FuzzNaming: Sendable {
    public var collectionNames: [StringID?]
    /// The world's item names (`nil`: `a`, `b`, ...).
    public var itemNames: ItemNames?
    /// What the code under test invented in this case (negative IDs), shared with its `NamedSubject`.
    public var invented: InventedNames?

    public init(collectionNames: [StringID?], itemNames: ItemNames? = nil) {
        self.collectionNames = collectionNames
        self.itemNames = itemNames
    }

    /// This case's name for item `id`: the world's, or `item(_:)`'s.
    public func itemName(_ id: Int) -> StringID {
        if id < 0, let name = invented?.name(id) { return name }
        return itemNames?.name(id) ?? Self.item(id)
    }

    /// The inverse of `itemName`.
    public func itemID(_ name: StringID) -> Int? { itemNames.map { $0.id(name) } ?? Self.id(named: name) }

    /// `a` ... `z`, then `i26`, ...; missing items are `gone0`, `gone1`, ...
    public static func item(_ id: Int) -> StringID {
        if id >= FuzzIDs.absentBase { return "gone\(id - FuzzIDs.absentBase)" }
        return id >= 0 && id < 26 ? StringID(String(UnicodeScalar(UInt8(97 + id)))) : "i\(id)"
    }

    /// The collection's name in the recording (`nil`: the single unnamed one).
    public func collection(_ c: Int) -> StringID? { c >= 0 && c < collectionNames.count ? collectionNames[c] : "c\(c)" }

    /// The difference with named IDs, for messages and recordings.
    public func difference(_ d: FuzzDifference) -> ReorderDifference<StringID, StringID?> {
        d.mapIDs(item: itemName, collection: collection)
    }

    public func ids(_ ids: [Int]) -> [StringID] { ids.map(itemName) }
}

extension FuzzCase {
    public var naming: FuzzNaming { FuzzNaming(collectionNames: collectionNames, itemNames: itemNames) }
}

extension FuzzNaming {
    /// How violation messages spell this case's IDs: as the recording will.
    public var text: ViolationText<Int, Int> {
        let naming = self
        let several = collectionNames.count > 1
        return ViolationText(
            ids: { Format.ids(naming.ids($0)) }, item: { Format.quoted(naming.itemName($0)) },
            collection: { Format.collection(naming.collection($0)) },
            within: { several ? " in \(Format.collection(naming.collection($0)))" : "" },
            difference: { Format.difference(naming.difference($0), showCollection: several) },
            destination: { d in
                Format.destination(naming.difference(FuzzDifference(sources: [], destination: d)).destination, showCollection: true)
            }, text: { Format.quoted($0) })
    }
}
