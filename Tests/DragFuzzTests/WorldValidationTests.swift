import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import ReorderConformance
import ReorderCore
import Testing

/// Issue 44, classes 6 and 11: a world the library builds is one a
/// recording can hold (its findings read back and replay), its new items
/// never repeat its own IDs, a NaN budget ends, and a coverage requirement
/// its rules make unreachable says so instead of failing every run.
@Suite("World validation (issue 44)")
struct WorldValidationTests {
    static let list = Layout<StringID>(kind: .list(rowHeight: 10), width: 100, height: 100)

    /// What building the world throws, as its message; nil: it was built.
    func refusal(
        _ collections: KeyValuePairs<StringID, [StringID]> = ["a": ["x"]], layout: Layout<StringID> = list, newItems: String = "new-#"
    ) -> String? {
        do throws(WorldError) {
            _ = try World(collections: collections, layout: layout, newItems: newItems)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("class 6: NaN, infinite and zero sizes, no columns, empty, NUL and 300-byte IDs are a WorldError with the reader's reason")
    func unrecordableWorlds() {
        let prefix = "a recording cannot hold this world"
        #expect(
            refusal(layout: Layout(kind: .list(rowHeight: 10, spacing: .nan), width: 100, height: 100))
                == "\(prefix) (container.layout): layout field \"spacing\" must be a finite number >= 0, got nan")
        #expect(
            refusal(layout: Layout(kind: .list(rowHeight: 10), width: .infinity, height: 100))
                == "\(prefix) (container.layout): layout field \"width\" must be a finite number > 0, got inf")
        #expect(
            refusal(["a": ["x"], "b": []], layout: Layout(kind: .board(columnWidth: 0, rowHeight: 10), width: 100, height: 100))
                == "\(prefix) (container.layout): layout field \"columnWidth\" must be a finite number > 0, got 0")
        #expect(
            refusal(layout: Layout(kind: .grid(columns: .fixed(0), rowHeight: 10), width: 100, height: 100))
                == "\(prefix) (container.layout): layout field \"columns\" must be an integer >= 1, got 0")
        #expect(refusal(["a": [""]]) == "\(prefix) (items): field \"items\": an ID must be 1 to 256 bytes, got 0")
        #expect(refusal(["a": ["x\0y"]]) == "\(prefix) (items): field \"items\": an ID must not contain NUL, got \"x\\u0000y\"")
        #expect(
            refusal(["a": [StringID(String(repeating: "x", count: 300))]])
                == "\(prefix) (items): field \"items\": an ID must be 1 to 256 bytes, got 300")
        #expect(refusal(["": ["x"]]) == "\(prefix) (id): field \"id\": an ID must be 1 to 256 bytes, got 0")
        // A world a recording holds is built as before.
        #expect(refusal(["a": ["x", StringID(String(repeating: "y", count: 256))]]) == nil)
    }

    @Test("class 6: new items of the world's own form (n# beside n0..n3, gone0) are refused; new IDs over 256 bytes or with NUL too")
    func newItemsStayUnique() {
        #expect(
            refusal(["a": ["n0", "n1", "n2", "n3"]], newItems: "n#")
                == "world.newItems \"n#\" would give a new item the ID \"n0\", which the world already has; choose a form none of its items has"
        )
        #expect(
            refusal(["a": ["gone0"]])
                == "world.newItems \"new-#\" would give a new item the ID \"gone0\", which the world already has; choose a form none of its items has"
        )
        let long = String(repeating: "x", count: 260) + "#"
        let message = refusal(newItems: long)
        #expect(
            message?.hasPrefix("world.newItems \"\(long)\" gives IDs a recording cannot hold: \"\(String(repeating: "x", count: 80))")
                == true)
        #expect(message?.hasSuffix(": an ID must be 1 to 256 bytes, got 261") == true, "\(message ?? "built")")
        #expect(
            refusal(newItems: "n\0#")
                == "world.newItems \"n\\u0000#\" gives IDs a recording cannot hold: \"n\\u00000\": an ID must not contain NUL, got \"n\\u00000\""
        )
        // Items that only look alike are fine: n-# never gives n0.
        #expect(refusal(["a": ["n0", "n1", "n2", "n3"]], newItems: "n-#") == nil)
        #expect(refusal(newItems: String(repeating: "x", count: 253) + "#") == nil)
    }

    @Test(
        "class 6: findings of a world with items n0..n3 and new items n-# read back through the reader and replay failing, never an ID twice"
    )
    func findingsReadBack() throws {
        let world = try World(
            collections: ["a": ["n0", "n1", "n2", "n3"], "b": []],
            layout: Layout(kind: .board(columnWidth: 50, rowHeight: 10), width: 100, height: 100),
            newItems: "n-#")
        var options = ApplyFuzzer.Options(runs: 300, seed: 4, modes: .both, world: world)
        options.test = "findingsReadBack"
        let report = ApplyFuzzer.check(Applier<StringID, StringID?>.named("insert-before-remove")!, options: options)
        #expect(!report.failures.isEmpty, "\(report)")
        for failure in report.failures {
            let recording = failure.recording
            let reader = try RecordingReader(bytes: Array(recording.utf8), path: "finding.jsonl")
            #expect(throws: Never.self) { while try reader.next() != nil {} }
            #expect(!recording.contains("\"n0\",\"n0\""))
            let replay = Replayer(options: ReplayOptions(applier: Applier<StringID, StringID?>.named("insert-before-remove")!)).run(
                text: recording)
            #expect(replay.status == .fail, "\(recording)")
        }
    }

    @Test("class 6: seconds NaN is no bound, so the default one; negative is 0; ApplyFuzzer.check(seconds: .nan) returns")
    func nanSeconds() {
        #expect(FuzzBudget.resolve(runs: nil, seconds: .nan, environment: nil) == (nil, FuzzBudget.defaultSeconds))
        #expect(FuzzBudget.resolve(runs: nil, seconds: .infinity, environment: "3") == (nil, 3))
        #expect(FuzzBudget.resolve(runs: nil, seconds: -5, environment: nil) == (nil, 0))
        #expect(FuzzBudget.resolve(runs: 7, seconds: .nan, environment: nil) == (7, nil))
        var options = CampaignOptions(
            applierName: "canonical", applier: .canonical, mode: nil, runs: nil, seconds: .nan, seed: 1, jobs: 1, shard: (0, 1),
            outDirectory: "unused")
        #expect(options.deadline(from: 10) == 10)
        options.seconds = -1
        #expect(options.deadline(from: 10) == 10)
        options.seconds = 2.5
        #expect(options.deadline(from: 10) == 12.5)
        let report = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(seconds: .nan))
        #expect(report.runs > 0 && report.failures.isEmpty, "\(report)")
        #expect(report.seconds < 60, "\(report.seconds) s")
    }

    @Test("class 11: a collection whose drops allow only copy, where no lift offers copy, is not required and the report says why")
    func unreachableCoverage() throws {
        let world = try World(
            collections: ["a": [], "b": ["x", "y"]], layout: Layout(kind: .board(columnWidth: 50, rowHeight: 10), width: 100, height: 100),
            drops: ["a": .copy], external: [.move])
        let required = CoverageRequirement(world: world)
        #expect(required.collections == ["b"])
        #expect(required.operations == [.move])
        let why =
            "coverage: collection \"a\" is not required: the world's rules make a drop into it unreachable (a drop into it allows only copy, and no lift offers copy)"
        #expect(required.unreachable == [why])
        // With an external lift that offers copy, a is reachable and required again.
        let reachable = try World(
            collections: ["a": [], "b": ["x", "y"]], layout: Layout(kind: .board(columnWidth: 50, rowHeight: 10), width: 100, height: 100),
            drops: ["a": .copy], external: [.copy])
        #expect(CoverageRequirement(world: reachable).collections == ["a", "b"])
        #expect(CoverageRequirement(world: reachable).unreachable.isEmpty)
        let report = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(runs: 300, world: world))
        #expect(report.unmetCoverage.isEmpty, "\(report)")
        #expect(report.unreachableCoverage == [why])
        #expect(report.description.contains(why))
        // A collection whose rules allow no drop at all is not required either, and said so.
        let closed = try World(
            collections: ["a": [], "b": ["x", "y"]], layout: Layout(kind: .board(columnWidth: 50, rowHeight: 10), width: 100, height: 100),
            drops: ["a": []], external: [.move])
        #expect(CoverageRequirement(world: closed).collections == ["b"])
        #expect(
            CoverageRequirement(world: closed).unreachable == [
                "coverage: collection \"a\" is not required: the world's rules allow no drop into it"
            ])
    }

    @Test("a long message is clipped at a character boundary and says how much was cut")
    func clipped() {
        #expect(Format.clipped("short", bytes: 10) == "short")
        #expect(Format.clipped("abcdef", bytes: 4) == "abcd... (2 more bytes)")
        // "é" is two bytes: it is kept whole or not at all.
        #expect(Format.clipped("aéb", bytes: 2) == "a... (3 more bytes)")
        let long = String(repeating: "label, ", count: 150_000)
        let cut = Format.clipped(long, bytes: Finding.maxMessageBytes)
        #expect(cut.utf8.count == 4096 + "... (1045904 more bytes)".utf8.count)
        #expect(cut.hasSuffix("... (1045904 more bytes)"))
    }
}

/// Issue 44 class 6, the library's other writer: `ApplyFuzzer`'s layout
/// option is not a world, so it is not refused; its findings say when their
/// recording would not read back.
@Suite("ApplyFuzzer recordings read back (issue 44)")
struct FuzzFailureReadBackTests {
    @Test(
        "a finding in a layout with NaN spacing says its recording does not read back, with the reader's reason; a valid one says nothing")
    func nanLayout() throws {
        let buggy = try #require(Applier<StringID, StringID?>.named("insert-before-remove"))
        let nan = Layout<StringID>(kind: .list(rowHeight: 10, spacing: .nan), width: 100, height: 400)
        let report = ApplyFuzzer.check(buggy, options: ApplyFuzzer.Options(runs: 200, modes: .differences, layout: nan))
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.recordingProblem == "line 1: layout field \"spacing\" must be a finite number >= 0, got nan")
        #expect(
            failure.description.hasSuffix(
                "\n  the recording does not read back: line 1: layout field \"spacing\" must be a finite number >= 0, got nan"))
        let fine = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 2), width: 100, height: 400)
        let valid = ApplyFuzzer.check(buggy, options: ApplyFuzzer.Options(runs: 200, modes: .differences, layout: fine))
        let kept = try #require(valid.failure, "\(valid)")
        #expect(kept.recordingProblem == nil)
    }
}
