import DragFuzz
import Foundation
import ReorderConformance
import ReorderCore
import Testing

/// An app whose order lives in fractional position keys: a moved block gets
/// keys evenly spaced between its new neighbours', ties broken by ID. Each
/// move into one gap halves it, and after about 52 moves into the same gap
/// (a double's precision near 1.0) new keys collide with their neighbours'
/// and the order goes wrong: a bug no short case can show.
struct FractionalKeys: ReorderSubject, Hashable {
    typealias ItemID = Int
    typealias CollectionID = Int

    var keys: [Int: Double] = [:]
    var home: [Int: Int] = [:]
    var fixed: Set<Int> = []
    var collections: [Int] = []

    var name: String { "fractional keys" }
    var configures: Bool { false }

    func order(_ c: Int) -> [Int] {
        home.filter { $0.value == c }.keys.sorted { (keys[$0]!, $0) < (keys[$1]!, $1) }
    }

    var orders: [[Int]] { collections.indices.map(order) }

    mutating func load(_ container: ReorderContainer<Int, Int>) {
        keys = [:]
        home = [:]
        collections = container.collections.map(\.id)
        fixed = Set(container.collections.flatMap(\.fixed))
        for (c, collection) in container.collections.enumerated() {
            for (i, id) in collection.items.enumerated() {
                keys[id] = Double(i + 1)
                home[id] = c
            }
        }
    }

    /// Gives `block` keys between the item before position `index` of
    /// collection `c` and the one at it.
    mutating func place(_ block: [Int], in c: Int, at index: Int) {
        let items = order(c)
        let lo = index > 0 ? keys[items[index - 1]]! : (items.first.map { keys[$0]! - 1 } ?? 0)
        let hi = index < items.count ? keys[items[index]]! : (items.last.map { keys[$0]! + 1 } ?? Double(block.count + 1))
        for (i, id) in block.enumerated() {
            keys[id] = lo + (hi - lo) * Double(i + 1) / Double(block.count + 1)
            home[id] = c
        }
    }

    /// The canonical rule's choice of block and anchor, placed with keys.
    mutating func move(_ d: ReorderDifference<Int, Int>) {
        var moved: [Int] = []
        for id in d.sources where home[id] != nil && !moved.contains(id) { moved.append(id) }
        guard !moved.isEmpty, let t = collections.firstIndex(of: d.destination.collectionID) else { return }
        var anchor = d.destination.position.anchor
        if let x = anchor, moved.contains(x) {
            let items = order(t)
            anchor = items.firstIndex(of: x).flatMap { i in items[(i + 1)...].first { !moved.contains($0) } }
        }
        for id in moved { home[id] = nil }
        let items = order(t)
        place(moved, in: t, at: anchor.flatMap { items.firstIndex(of: $0) } ?? items.count)
    }

    mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        switch request {
        case .reset(let container, _, _): load(container)
        case .apply(_, let d): move(d)
        case .mutation(.relocate(let ids, let c, let before)):
            move(ReorderDifference(sources: ids, destination: .init(collectionID: c, position: .init(anchor: before))))
        case .receive(let ids, let destination):
            guard let t = collections.firstIndex(of: destination.collectionID) else { break }
            let new = ids.filter { home[$0] == nil && !fixed.contains($0) }
            let items = order(t)
            place(new, in: t, at: destination.position.anchor.flatMap { items.firstIndex(of: $0) } ?? items.count)
        case .mutation(.insert(let ids, let c, let index)):
            guard let t = collections.firstIndex(of: c) else { break }
            var new: [Int] = []
            for id in ids where home[id] == nil && !fixed.contains(id) && !new.contains(id) { new.append(id) }
            place(new, in: t, at: min(index ?? Int.max, order(t).count))
        case .mutation(.delete(let ids)):
            for id in ids {
                home[id] = nil
                keys[id] = nil
                fixed.remove(id)
            }
        case .mutation(.reload(let collections, _)):
            load(ReorderContainer(collections: collections))
        default: break
        }
        return .data(orders)
    }

    func repeating(_ request: SubjectRequest<Int, Int>) -> [[Int]]? {
        var again = self
        return try? { () throws(SubjectFailure) -> [[Int]] in
            guard case .data(let d) = try again.handle(request) else { return [] }
            return d
        }()
    }

    var stateKey: AnyHashable? { AnyHashable(self) }
}

@Suite("Depth: bugs that need many operations")
struct DeepBugTests {
    /// The shortest recording that shows the bug: the same positional drag
    /// (the third row onto the second), repeated until it breaks.
    func shortestRepeat() -> Int {
        for count in 1...400 {
            var run = CheckedEngine(
                container: ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: [0, 1, 2])]),
                layout: Layout(kind: .list(rowHeight: 10), width: 100, height: 800), subject: FractionalKeys())
            _ = run.start()
            for _ in 0..<count {
                let third = run.container.collections[0].items[2]
                _ = run.handle(.lift(session: 0, items: [third], at: Point(x: 1, y: 1), operations: .move, external: false))
                if run.handle(.drop(session: 0, at: Point(x: 50, y: 12), deferred: false)).violation != nil { return count }
            }
        }
        return .max
    }

    @Test("a bug needing 50+ drags into one gap is found within 60 s and shrunk to near the shortest recording")
    func deepBug() throws {
        let shortest = shortestRepeat()
        #expect(shortest >= 50, "the planted bug must need 50+ drags; it needs \(shortest)")
        var options = CampaignOptions(
            applierName: "fractional-keys", applier: .canonical, mode: .sessions, runs: 5_000_000, seconds: 60, seed: 1, jobs: 2,
            shard: (0, 1), outDirectory: NSTemporaryDirectory() + "deep-\(UUID().uuidString)")
        options.code = { _ in .subject(FractionalKeys()) }
        options.stopAfterFindings = 1
        options.findingsPerInvariant = 1
        options.shrinksPerInvariant = 1
        let start = Date()
        let summary = runCampaign(options)
        let elapsed = Date().timeIntervalSince(start)
        let finding = try #require(summary.findings.first?.finding, "not found in \(summary.runs) cases")
        // Drag lines: a lift and a drop per drag (plus the final expect).
        let shortestLines = 2 * shortest + 1
        print(
            "deep bug: found and shrunk in \(String(format: "%.1f", elapsed)) s (\(summary.runs) cases, shrinking "
                + "\(String(format: "%.1f", summary.shrinkSeconds)) s); \(finding.invariant.rawValue) with \(finding.eventLines) event lines; "
                + "the shortest recording that shows it: \(shortest) drags, \(shortestLines) lines")
        #expect(elapsed < 60 + 30)
        #expect(finding.eventLines <= shortestLines + 10, "\(finding.text)")
    }
}
