import DragRecording
import ReorderConformance
import ReorderCore

/// Puts code under test that speaks a recording's IDs (an app: strings, the
/// single collection `nil`) behind the fuzzer's integers: requests are
/// renamed with the case's `FuzzNaming`, answers renamed back. A name the
/// case never used (an app that invents an ID) gets an integer of its own
/// (negative), so conservation reports it instead of it colliding.
public struct NamedSubject: ReorderSubject {
    public typealias ItemID = Int
    public typealias CollectionID = Int

    public var base: any ReorderSubject<StringID, StringID?>
    public let naming: FuzzNaming
    var invented: [StringID: Int] = [:]

    public init(_ base: any ReorderSubject<StringID, StringID?>, naming: FuzzNaming) {
        self.base = base
        self.naming = naming
    }

    public var name: String { base.name }
    public var configures: Bool { base.configures }
    public var swipes: Bool { base.swipes }
    public mutating func restart() { base.restart() }

    public mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        switch try base.handle(request.mapIDs(item: naming.itemName, collection: naming.collection)) {
        case .none: return .none
        case .data(let orders): return .data(orders.map { $0.map { item($0) } })
        case .configuration(let c):
            var answer = SubjectConfiguration<Int, Int>(operation: c.operation)
            if let collection = c.collection { answer.collection = self.collection(collection) }
            if let before = c.before { answer.before = .some(before.map { item($0) }) }
            return .configuration(answer)
        case .swipeData(let orders, let flags):
            return .swipeData(orders.map { $0.map { item($0) } }, flags: flags.mapValues { Set($0.map { item($0) }) })
        case .labels(let labels): return .labels(labels)
        case .edge(let edge): return .edge(edge)
        }
    }

    /// The fuzzer's integer for a name: `a`..`z`, `i26`, `gone0`, or an invented one.
    mutating func item(_ name: StringID) -> Int {
        if let id = naming.itemID(name) { return id }
        if let id = invented[name] { return id }
        let id = -1 - invented.count
        invented[name] = id
        naming.invented?.record(name, as: id)
        return id
    }

    /// The collection a name stands for; an unknown one is `FuzzIDs.unknownCollection`.
    func collection(_ name: StringID?) -> Int {
        if let c = naming.collectionNames.firstIndex(of: name) { return c }
        if let name, name.string.hasPrefix("c"), let c = Int(name.string.dropFirst()) { return c }
        return FuzzIDs.unknownCollection
    }
}

extension FuzzNaming {
    /// The inverse of `item`: `a` -> 0, `i26` -> 26, `gone1` -> 1001; `nil` for any other name.
    public static func id(named id: StringID) -> Int? {
        let name = id.string
        let scalars = name.unicodeScalars
        if scalars.count == 1, let s = scalars.first, s.value >= 97, s.value < 97 + 26 { return Int(s.value) - 97 }
        if name.hasPrefix("i"), let n = Int(name.dropFirst()), n >= 26, item(n) == id { return n }
        if name.hasPrefix("gone"), let n = Int(name.dropFirst(4)), n >= 0, item(FuzzIDs.absentBase + n) == id {
            return FuzzIDs.absentBase + n
        }
        return nil
    }
}
