import DragCorpus
import DragRecording
import Foundation
import ReorderCore
import TestSupport
import Testing

/// Hardening, second pass, class 6: `bless` never exits 0 having lost
/// lines a concurrent writer appended. A `Recorder` (a descriptor kept open)
/// makes bless refuse the file; any other appender either lands in the
/// blessed file or makes bless fail with a named error.
@Suite("Bless and concurrent appenders (hardening, class 6)")
struct BlessConcurrencyTests {
    static let header = RecordingHeader(
        layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 100),
        collections: [CollectionSpec(items: ["a", "b", "c"])])

    func lines(_ path: String) throws -> [String] { try readText(path).split(separator: "\n").map(String.init) }

    @Test("a Recorder writing on another thread: every bless meanwhile is refused by name, and all 2,000 lines are kept")
    func recorderOnAnotherThread() throws {
        let dir = try temporaryDirectory("bless-recorder")
        let path = dir + "/live.jsonl"
        let recorder = try Recorder(path: path, header: Self.header)
        let done = DispatchSemaphore(value: 0)
        let failure = LockedBox<String?>(nil)
        nonisolated(unsafe) let writer = recorder  // used by that thread alone until `done`
        Thread.detachNewThread {
            do {
                for i in 0..<2_000 { try writer.record(RecordedEvent(t: Double(i), .mutation(.setEnabled(true)))) }
            } catch { failure.set("\(error)") }
            done.signal()
        }
        var refusals = 0
        repeat {
            #expect(throws: CorpusError.beingRecorded(path: path)) { try blessRecording(path: path) }
            refusals += 1
        } while done.wait(timeout: .now()) == .timedOut
        #expect(failure.get() == nil)
        #expect(refusals >= 1)
        let written = try lines(path)
        #expect(written.count == 2_001)
        #expect(written.last == #"{"type":"enable","t":1999}"#)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["live.jsonl"])
        // Still refused while the recorder is open though idle; blessed once it is gone.
        #expect(throws: CorpusError.beingRecorded(path: path)) { try blessRecording(path: path) }
        withExtendedLifetime(recorder) {}
    }

    @Test("once the recorder is gone the file blesses, and a recorder opened after a bless writes the new file")
    func recorderGoneThenBless() throws {
        let path = try temporaryDirectory("bless-recorder") + "/done.jsonl"
        do {
            let recorder = try Recorder(path: path, header: Self.header)
            try recorder.record(RecordedEvent(t: 1, .mutation(.setEnabled(true))))
        }
        let r = try blessRecording(path: path)
        #expect(r.appendedFinal)
        #expect(try lines(path).count == 3)
        let again = try Recorder(path: path, header: Self.header)
        try again.record(RecordedEvent(t: 2, .mutation(.setEnabled(true))))
        #expect(try lines(path) == [CanonicalWriter.line(for: Self.header), #"{"type":"enable","t":2}"#])
    }

    @Test("a shell appending 3,000 lines (O_APPEND, one open each) while bless runs again and again: no line lost without a named error")
    func appenderProcess() throws {
        let dir = try temporaryDirectory("bless-appender")
        let path = dir + "/grow.jsonl"
        try (CanonicalWriter.line(for: Self.header) + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let appender = Process()
        appender.executableURL = URL(fileURLWithPath: "/bin/sh")
        appender.arguments = [
            "-c", #"i=100; while [ $i -lt 3100 ]; do echo "{\"type\":\"enable\",\"t\":$i}" >> "$1"; i=$((i+1)); done"#, "sh", path,
        ]
        try appender.run()
        var blessed = 0
        var lostReported = 0
        while appender.isRunning {
            do {
                _ = try blessRecording(path: path)
                blessed += 1
            } catch .changedUnderneath(let p) {
                #expect(p == path)
            } catch .appendedDuringCommit(let p) {
                #expect(p == path)
                lostReported += 1
            } catch {
                Issue.record("unexpected error: \(error)")
            }
        }
        appender.waitUntilExit()
        #expect(appender.terminationStatus == 0)
        let enables = try lines(path).filter { $0.hasPrefix(#"{"type":"enable""#) }
        if lostReported == 0 {
            #expect(enables == (100..<3100).map { #"{"type":"enable","t":\#($0)}"# })
        } else {
            #expect(enables.count < 3_000)
        }
        // The file is still a valid recording, and nothing is left beside it.
        _ = try blessRecording(path: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["grow.jsonl"])
    }
}

/// A value shared with a thread.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ v: Value) { lock.withLock { value = v } }
}
