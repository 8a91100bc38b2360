import DragCorpus
import DragRecording
import DragReplay
import Foundation
import ReorderCore
import TestSupport
import Testing

@Suite("Corpora")
struct CorpusTests {
    @Test("the corpora are big enough")
    func sizes() {
        #expect(corpus("regression").count >= 40)
        #expect(corpus("reports").count >= 5)
    }

    @Test("every recording passes with canonical", arguments: corpus("regression") + corpus("reports"))
    func canonical(path: String) {
        let r = Replayer().run(path: path)
        #expect(r.status == .pass, "\(r.failures) \(String(describing: r.error))")
    }

    /// The table of docs/cli.md ("Bundled recordings"): which bug reports fail under which applier.
    static let expectedFailures: [String: Set<String>] = [
        "canonical": [],
        "offsets": ["card-snaps-to-wrong-column.jsonl", "multi-selection-comes-back-reordered.jsonl", "row-moves-wrong-after-sync.jsonl"],
        "array-order": ["multi-selection-comes-back-reordered.jsonl"],
        "self-anchor-to-end": [],
        // Every report with a forward move: the placement check at the drop
        // catches it even where a later expect line happens to hold.
        "insert-before-remove": [
            "task-lands-one-row-too-far.jsonl", "tile-snaps-back-during-sync.jsonl", "two-songs-drop-one-slot-too-far.jsonl",
            "card-snaps-to-wrong-column.jsonl", "multi-selection-comes-back-reordered.jsonl", "row-moves-wrong-after-sync.jsonl",
        ],
    ]

    @Test("bug reports fail exactly under the appliers that have their bug", arguments: Applier<StringID, StringID?>.builtInNames)
    func reportMatrix(applier: String) {
        let failing = Set(
            corpus("reports").filter { Replayer(options: .init(applier: .named(applier)!)).run(path: $0).status == .fail }
                .map { ($0 as NSString).lastPathComponent })
        #expect(failing == Self.expectedFailures[applier])
    }

    @Test("each buggy applier fails some regression recording; self-anchor-to-end cannot be reached through sessions")
    func regressionCatchesBugs() {
        for name in ["offsets", "array-order", "insert-before-remove"] {
            let failing = corpus("regression").filter { Replayer(options: .init(applier: .named(name)!)).run(path: $0).status == .fail }
            #expect(!failing.isEmpty, "\(name)")
        }
    }
}

@Suite("Bless")
struct BlessTests {
    @Test("rewrites expect lines to today's result and touches nothing else")
    func rewrites() throws {
        let path = try temporaryCopy(of: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl")
        let original = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // Under the buggy applier the replay differs: bless records that.
        let r = try blessRecording(path: path, options: ReplayOptions(applier: .insertBeforeRemove))
        #expect(r.rewritten == [6])
        #expect(!r.appendedFinal)
        let now = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(now.count == original.count)
        for i in now.indices where i != 5 { #expect(now[i] == original[i]) }
        #expect(
            now[5]
                == #"{"type":"expect","t":64,"order":["call-mom","pay-rent","buy-milk","walk-dog"],"outcome":"moved","difference":{"sources":["buy-milk"],"before":"pay-rent"}}"#
        )
        // The expect lines now hold under the buggy applier; its broken
        // invariant at the drop is checked apart from them, and still fails.
        let buggy = Replayer(options: .init(applier: .insertBeforeRemove)).run(path: path)
        #expect(buggy.failures.map(\.line) == [5])
        #expect(buggy.failures.first?.message.hasPrefix("applier insert-before-remove: placement:") == true)
        #expect(Replayer().run(path: path).status == .fail)
    }

    @Test("adds a final expect to a recording that does not end with one")
    func appendsFinal() throws {
        let text =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#
            + "\n"
            + #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"# + "\n" + #"{"type":"drop","t":7,"x":5,"y":2}"# + "\n"
        let path = try writeTemporary(text)
        let r = try blessRecording(path: path)
        #expect(r.appendedFinal)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == text
                + #"{"type":"expect","t":7,"order":["c","a","b"],"outcome":"moved","difference":{"sources":["c"],"before":"a"}}"# + "\n")
        #expect(Replayer(options: .init(strict: true)).run(path: path).status == .pass)
    }

    @Test("refuses a file with an input error and leaves it alone")
    func refusesBadInput() throws {
        let text = "{\"format\":\"dragrec\",\"version\":1}\n"
        let path = try writeTemporary(text)
        #expect(throws: CorpusError.self) { try blessRecording(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
