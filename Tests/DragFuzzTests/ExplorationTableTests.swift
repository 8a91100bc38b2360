import DragReader
import DragRecording
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

@testable import DragFuzz

@Suite("Exploration table")
struct ExplorationTableTests {
    /// The kinds of mutation in the explorer's menu, with and without a world.
    func menuKinds(_ explorer: Explorer) -> Set<MutationKind> {
        var kinds: Set<MutationKind> = []
        for script in explorer.mutationScripts() {
            for event in script {
                if case .drag(.mutation(let m)) = event { kinds.insert(m.kind) }
            }
        }
        return kinds
    }

    @Test("the explorer's menus try exactly the kinds its table says it tries, every one of them")
    func exploredKinds() throws {
        let plain = Explorer(applier: .canonical, items: 3, mutations: 1)
        var inWorld = plain
        let reader = try RecordingReader(path: packageRoot + "/examples/worlds/kanban.jsonl")
        inWorld.world = try World(header: reader.header)
        for (name, explorer) in [("no world", plain), ("a world", inWorld)] {
            let seen = menuKinds(explorer)
            #expect(!seen.isEmpty, "\(name): the menu has no mutation")
            for kind in MutationKind.allCases {
                switch Explorer.exploration(of: kind) {
                case .tried: #expect(seen.contains(kind), "\(name): \(kind.rawValue) is in the table but never tried")
                case .never: #expect(!seen.contains(kind), "\(name): \(kind.rawValue) is tried but the table says never")
                }
            }
        }
    }
}
