import DragReader
import DragRecording
import ReorderConformance
import ReorderCore

/// How many recordings passed, failed and had input errors.
public struct ReplayTotals: Hashable, Sendable {
    public var passed = 0
    public var failed = 0
    public var errors = 0

    public init() {}

    /// 0 all passed, 1 an expectation failed, 2 a file had an input error.
    public var exitCode: Int32 { errors > 0 ? 2 : failed > 0 ? 1 : 0 }
}

extension Replayer {
    /// Replays the recording at `path` (the json-c reader as its source).
    public func run(path: String, onOutcome: (SessionEnd) -> Void = { _ in }, onStep: ((ReplayStep) -> Void)? = nil) -> ReplayResult {
        do {
            var reader = try RecordingReader(path: path)
            return run(&reader, onOutcome: onOutcome, onStep: onStep)
        } catch {
            return .inputError(path: path, error.diagnostic)
        }
    }

    /// Replays a recording given as text (a bug report pasted into a test).
    public func run(text: String, path: String = "<memory>") -> ReplayResult {
        do {
            var reader = try RecordingReader(bytes: Array(text.utf8), path: path)
            return run(&reader)
        } catch {
            return .inputError(path: path, error.diagnostic)
        }
    }

    /// Replays the recording at `path` with `subject` as the code under test.
    public func run(
        path: String, subject: inout (any ReorderSubject<StringID, StringID?>)?, onOutcome: (SessionEnd) -> Void = { _ in },
        onStep: ((ReplayStep) -> Void)? = nil
    ) -> ReplayResult {
        do {
            var reader = try RecordingReader(path: path)
            return run(&reader, subject: &subject, onOutcome: onOutcome, onStep: onStep)
        } catch {
            return .inputError(path: path, error.diagnostic)
        }
    }

    /// Replays every path into one report, each as it finishes. With a
    /// `subject` (an app), every recording is a case of it: `reset` first.
    public func run(paths: [String], subject: (any ReorderSubject<StringID, StringID?>)? = nil, writer: ReportWriter) -> ReplayTotals {
        var totals = ReplayTotals()
        var subject = subject
        writer.begin()
        for path in paths {
            writer.beginRecording(path: path)
            let r =
                subject == nil
                ? run(path: path, onOutcome: writer.outcome, onStep: writer.wantsSteps ? writer.step : nil)
                : run(path: path, subject: &subject, onOutcome: writer.outcome, onStep: writer.wantsSteps ? writer.step : nil)
            writer.endRecording(r)
            switch r.status {
            case .pass: totals.passed += 1
            case .fail: totals.failed += 1
            case .error: totals.errors += 1
            }
        }
        writer.end(passed: totals.passed, failed: totals.failed, errors: totals.errors)
        return totals
    }
}
