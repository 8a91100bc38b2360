import DragRecording
import ReorderCore
import Testing

@testable import DragFuzz

@Suite("Generation table")
struct GenerationTableTests {
    @Test("the generator makes exactly the kinds its table says it makes, every one of them")
    func generatedKinds() {
        let runner = CaseRunner(applier: .canonical, mode: .sessions)
        var seen: Set<EventKind> = []
        for seed in 0..<400 {
            var choices = ChoiceSequence(seed: UInt64(seed))
            for step in runner.run(&choices).fuzzCase.steps { seen.insert(step.kind) }
        }
        for kind in EventKind.allCases {
            switch CaseGenerator.generation(of: kind) {
            case .session, .mutation, .gesture: #expect(seen.contains(kind), "\(kind.rawValue) is in the table but never generated")
            case .never: #expect(!seen.contains(kind), "\(kind.rawValue) is generated but the table says never")
            }
        }
    }
}
