import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import KnownBugs
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// A finding made in a world carries it (issue 20): its header states the
/// world's rules and `meta.oracle`, and a replay judges by them.
@Suite("World findings")
struct WorldFindingTests {
    /// The world of examples/worlds/kanban.jsonl: lifts from "templates" offer copy.
    func world() throws -> World {
        try World(header: RecordingReader(path: packageRoot + "/examples/worlds/kanban.jsonl").header)
    }

    /// A replay that reads worlds, as `dragreplay replay` does.
    func replayer(_ applier: Applier<StringID, StringID?> = .canonical) -> Replayer {
        var options = ReplayOptions(applier: applier)
        options.rules = World.judgement(header:)
        return Replayer(options: options)
    }

    @Test("the world's rules round-trip through the header field world")
    func rulesRoundTrip() throws {
        let world = try world()
        var header = try RecordingReader(path: packageRoot + "/examples/worlds/kanban.jsonl").header
        header.world = world.rules
        let again = try World(header: header)
        #expect(again.collections.map(\.lifts) == world.collections.map(\.lifts))
        #expect(again.allowedDrops == world.allowedDrops)
        #expect(again.newItems == world.newItems && again.external == world.external)
        #expect(CanonicalWriter.line(for: header).contains(#""world":{"#))
    }

    @Test("recordings of cases in the world, copies from templates included, replay PASS by its rules; by the model's they would not")
    func intendedCopyReplaysPass() throws {
        let world = try world()
        var runner = CaseRunner(applier: .canonical, mode: .sessions)
        runner.world = world
        var failWithoutRules = 0
        for index in 0..<200 {
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(11, UInt64(index)))
            let result = runner.run(&choices)
            #expect(result.violation == nil)
            let recording = result.fuzzCase.recording(world: world)
            let judged = replayer().run(recording)
            #expect(judged.status == .pass, "case \(index): \(judged.failures.map(\.message))")
            if Replayer().run(recording).status != .pass { failWithoutRules += 1 }
        }
        // The copy rule matters: some of these cases copy from templates,
        // which spec 3.3's default policy forbids.
        #expect(failWithoutRules > 0)
    }

    @Test("a finding of a buggy applier in the world carries the world and replays failing with the same message")
    func findingReplaysFailing() throws {
        let world = try world()
        var runner = CaseRunner(applier: .arrayOrder, mode: .sessions)
        runner.world = world
        var found: (FuzzCase, Violation)?
        for index in 0..<400 where found == nil {
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(5, UInt64(index)))
            let result = runner.run(&choices)
            if let v = result.violation { found = (result.fuzzCase, v) }
        }
        let (fuzzCase, violation) = try #require(found)
        let context = FindingContext(generator: "test", applierName: "array-order", world: world)
        let finding = fuzzCase.finding(violation, context: context, caseIndex: 0)
        #expect(finding.recording.header.world == world.rules)
        guard case .object(let meta) = finding.recording.header.meta else {
            Issue.record("no meta")
            return
        }
        #expect(meta["oracle"] == .string("rules"))
        let replayed = replayer(.arrayOrder).run(finding.recording)
        #expect(replayed.status == .fail)
        #expect(
            replayed.failures.contains { $0.message.contains(violation.message) },
            "\(replayed.failures.map(\.message)) vs \(violation.message)")
        #expect(replayer().run(finding.recording).status == .pass)
    }

    /// The framework's own answer everywhere: it knows nothing of the
    /// world's rules, so it moves cards into "templates", which the world closes.
    static let frameworkPolicy = DropPolicy<StringID, StringID?> { request in standardConfiguration(request) }

    @Test("under the rules judge, a drop the world forbids is not in 'model after' nor in the expect line; the replay fails once")
    func forbiddenDropStaysOutOfTheModel() throws {
        let report = ApplyFuzzer.check(policy: Self.frameworkPolicy, world: try world(), oracle: .rules, runs: 600)
        let failure = try #require(
            report.failures.first { $0.message.hasSuffix("into \"templates\", which the rules do not allow") }, "\(report)")
        // The model refused the drop the rules forbid: the data after it is the data before it.
        #expect(failure.after == failure.before, "\(failure)")
        #expect(failure.after.hasSuffix("templates: [\"bug\", \"feature\"]"), "\(failure)")
        let expectLine = try #require(failure.recording.split(separator: "\n").last)
        #expect(expectLine.hasPrefix("{\"type\":\"expect\"") && expectLine.contains("\"templates\":[\"bug\",\"feature\"]"), "\(expectLine)")
        // Replayed with the same policy under the world's rules: the one
        // configuration failure, and no expectation error beside it.
        var options = ReplayOptions(policy: Self.frameworkPolicy)
        options.rules = World.judgement(header:)
        let replayed = Replayer(options: options).run(text: failure.recording)
        #expect(replayed.status == .fail)
        #expect(replayed.failures.map(\.message) == ["policy: configuration: \(failure.message)"], "\(replayed)")
    }

    /// The drop-configuration article's closure: its `columnIndex` shifts
    /// every column boundary right by spacing / 2.
    static let articleKanban = DropPolicy<StringID, StringID?> { request in
        let alignedX = request.session.location.x - 16.0 / 2
        let index = max(0, Int(alignedX / (220.0 + 16.0)))
        let columns = request.container.collections
        let standard = standardConfiguration(request)
        guard standard.operation != .forbidden, columns.indices.contains(index) else { return .forbidden }
        return DropConfiguration(
            operation: standard.operation,
            destination: .init(collectionID: columns[index].id, position: request.destination?.position ?? .end))
    }

    @Test("the shrunk columnIndex counterexample is a point inside a column, not in the gap before it")
    func counterexampleInsideAColumn() throws {
        let report = ApplyFuzzer.check(policy: Self.articleKanban, world: try world(), runs: 400)
        let failure = try #require(report.failures.first { $0.invariant == .configuration }, "\(report)")
        let last = try #require(failure.steps.last)
        let x = try #require(last.split(separator: ",").first { $0.hasPrefix("\"x\":") }.flatMap { Double($0.dropFirst(4)) }, "\(last)")
        // Columns are 220 wide, 16 apart: inside one, x mod 236 < 220.
        #expect(x.truncatingRemainder(dividingBy: 236) < 220, "\(failure)")
        // A hundredth of a point inside a column's leading edge, where the shifted boundary sends it to the column before.
        #expect(abs(x.truncatingRemainder(dividingBy: 236) - 0.01) < 1e-9, "\(failure)")
        #expect(failure.message.hasPrefix("the policy answered move into "), "\(failure)")
    }
}
