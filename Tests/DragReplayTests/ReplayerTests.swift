import DragReader
import DragRecording
import DragReplay
import ReorderCore
import TestSupport
import Testing

/// Replays a recording given as text, through the json-c reader as a source.
func replay(
    _ text: String, options: ReplayOptions = ReplayOptions(), onOutcome: (SessionEnd) -> Void = { _ in },
    onStep: ((ReplayStep) -> Void)? = nil
) -> ReplayResult {
    do {
        var reader = try RecordingReader(bytes: Array(text.utf8))
        return Replayer(options: options).run(&reader, onOutcome: onOutcome, onStep: onStep)
    } catch {
        return .inputError(path: "<memory>", error.diagnostic)
    }
}

@Suite("Replayer")
struct ReplayerTests {
    let header =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#

    @Test("failures name the line and say what was expected and what happened")
    func failures() throws {
        let path =
            (header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"y":99}"# + "\n"
                + #"{"type":"expect","t":2,"order":["a","b","c"],"outcome":"cancelled","operation":"forbidden","difference":{"sources":["b"],"before":null}}"#
                + "\n")
        let r = replay(path)
        #expect(r.status == .fail)
        #expect(
            r.failures == [
                LineMessage(line: 4, message: #"expected order ["a", "b", "c"], got ["b", "c", "a"]"#),
                LineMessage(line: 4, message: #"expected outcome "cancelled" for the latest session, got "moved" (line 3)"#),
                LineMessage(line: 4, message: #"expected difference ["b"] -> end, got ["a"] -> end"#),
                LineMessage(line: 4, message: #"expected operation "forbidden", got "move""#),
            ])
        #expect(r.final == [FinalCollection(id: nil, items: ["b", "c", "a"])])
    }

    @Test("an input error keeps what replayed before it and reports the line")
    func inputError() throws {
        let path =
            (header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"y":99}"# + "\n"
                + #"{"type":"move","t":2,"x":1,"y":1}"# + "\n")
        var outcomes: [SessionEnd] = []
        let r = replay(path, onOutcome: { outcomes.append($0) })
        #expect(r.status == .error)
        #expect(r.error?.line == 4)
        #expect(r.error?.message == "move on session 0, which has no active lift")
        #expect(outcomes == [SessionEnd(session: 0, outcome: .moved, line: 3)])
        #expect(r.final == [FinalCollection(id: nil, items: ["b", "c", "a"])])
    }

    @Test("--strict turns warnings into failures")
    func strict() throws {
        let path = (header + "\n" + #"{"type":"delete","t":0,"items":["zz"]}"# + "\n")
        #expect(replay(path).status == .pass)
        let r = replay(path, options: .init(strict: true))
        #expect(r.status == .fail)
        #expect(
            r.failures == [
                LineMessage(line: 2, message: #"warning treated as failure (--strict): delete: item "zz" does not exist; skipped"#)
            ])
    }

    @Test("warnings at the end: active sessions and pending differences")
    func endWarnings() throws {
        let path =
            (header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n"
                + #"{"type":"drop","t":1,"x":5,"y":99,"apply":"deferred"}"# + "\n"
                + #"{"type":"lift","t":2,"session":1,"items":["b"],"x":5,"y":5}"# + "\n")
        let r = replay(path)
        #expect(
            r.warnings.map(\.message) == [
                "session 1: the recording ends with the drag still active",
                "session 0: the recording ends with a deferred difference never applied",
            ])
        #expect(r.status == .pass)
    }

    @Test("the trace shows event, answer, outcome and data")
    func trace() throws {
        var steps: [ReplayStep] = []
        _ = replay(try readText(packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl"), onStep: { steps.append($0) })
        let text = steps.map(\.text).joined()
        assertGolden(text, "trace-task-lands-one-row-too-far.txt")
        #expect(text.contains("answer: move -> before \"pay-rent\""))
        #expect(text.contains("outcome: session 0 moved"))
    }
}
