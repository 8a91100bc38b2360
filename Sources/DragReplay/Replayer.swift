import DragReader
import DragRecording
import ReorderCore

public typealias Engine = DragEngine<String, String?>

/// How a replay runs.
public struct ReplayOptions: Sendable {
    /// The function under test; `canonical` by default.
    public var applier: Applier<String, String?>
    /// Warnings fail the recording.
    public var strict: Bool
    /// Collect a `TraceStep` per event.
    public var trace: Bool

    public init(applier: Applier<String, String?> = .canonical, strict: Bool = false, trace: Bool = false) {
        self.applier = applier
        self.strict = strict
        self.trace = trace
    }
}

/// A message at a line of the recording.
public struct LineMessage: Hashable, Sendable {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) { self.line = line; self.message = message }
}

/// A session that ended, or a lift that was rejected, at a line.
public struct ReportedOutcome: Hashable, Sendable {
    public var session: Int
    public var outcome: Outcome
    public var line: Int
    public init(session: Int, outcome: Outcome, line: Int) { self.session = session; self.outcome = outcome; self.line = line }
}

/// The end state of one collection.
public struct FinalCollection: Hashable, Sendable {
    public var id: String?
    public var items: [String]
    public init(id: String?, items: [String]) { self.id = id; self.items = items }
}

/// The result of replaying one recording. Outcomes are streamed to the
/// caller (see `Replayer.run`), so a long recording keeps memory flat.
public struct ReplayResult: Hashable, Sendable {
    public enum Status: String, Sendable { case pass, fail, error }

    public var path: String
    public var status: Status
    public var final: [FinalCollection]
    public var failures: [LineMessage]
    public var warnings: [LineMessage]
    /// Present for `status == .error`: the first bad line.
    public var error: Diagnostic?
    public var eventCount: Int
    public var outcomeCount: Int
}

/// What an `expect` line saw, for `bless`.
public struct Observed: Sendable {
    public var line: Int
    public var expectation: Expectation
    /// The data when the expectation was checked.
    public var container: ReorderContainer<String, String?>
    public var lastOutcome: ReportedOutcome?
    public var lastOutcomeBySession: [Int: ReportedOutcome]
    public var lastDifference: ReorderDifference<String, String?>?
    public var lastOperation: DropOperation?
}

/// Drives recordings through the core and checks their expectations.
///
///     let result = Replayer(options: .init(applier: .offsets)).run(path: "corpora/regression/deferred-apply.jsonl")
///     result.status  // .fail: offsets drift under a deferred apply
public struct Replayer: Sendable {
    public var options: ReplayOptions

    public init(options: ReplayOptions = ReplayOptions()) { self.options = options }

    /// Replays one recording. `onOutcome` gets every ended session and
    /// rejected lift in file order, `onTrace` one step per event (with
    /// `options.trace`), `onExpect` each expectation with what it saw.
    public func run(
        path: String,
        onOutcome: (ReportedOutcome) -> Void = { _ in },
        onTrace: (TraceStep) -> Void = { _ in },
        onExpect: (Observed) -> Void = { _ in }
    ) -> ReplayResult {
        let reader: RecordingReader
        do { reader = try RecordingReader(path: path) } catch {
            return ReplayResult(path: path, status: .error, final: [], failures: [], warnings: [], error: error.diagnostic, eventCount: 0, outcomeCount: 0)
        }
        return run(reader: reader, onOutcome: onOutcome, onTrace: onTrace, onExpect: onExpect)
    }

    public func run(
        reader: RecordingReader,
        onOutcome: (ReportedOutcome) -> Void = { _ in },
        onTrace: (TraceStep) -> Void = { _ in },
        onExpect: (Observed) -> Void = { _ in }
    ) -> ReplayResult {
        let header = reader.header
        let single = header.collections.count == 1 ? header.collections[0].id : nil
        var engine = Engine(container: header.container, layout: header.layout, applier: options.applier)
        var result = ReplayResult(path: reader.path, status: .pass, final: [], failures: [], warnings: [], error: nil, eventCount: 0, outcomeCount: 0)
        var lastOutcome: ReportedOutcome?
        var bySession: [Int: ReportedOutcome] = [:]
        var lastDifference: ReorderDifference<String, String?>?
        var lastOperation: DropOperation?
        var lastLine = reader.headerLine

        while true {
            let next: Located<RecordedEvent>?
            do { next = try reader.next() } catch {
                result.status = .error
                result.error = error.diagnostic
                break
            }
            guard let located = next else { break }
            let line = located.line
            let event = located.value
            lastLine = line
            result.eventCount += 1
            if case .expect(let expectation) = event.kind {
                let observed = Observed(line: line, expectation: expectation, container: engine.container, lastOutcome: lastOutcome,
                                        lastOutcomeBySession: bySession, lastDifference: lastDifference, lastOperation: lastOperation)
                let failures = check(expectation, observed, single: header.collections.count == 1)
                for f in failures { result.failures.append(LineMessage(line: line, message: f)) }
                onExpect(observed)
                if options.trace { onTrace(TraceStep(line: line, event: event, step: nil, failures: failures, container: engine.container)) }
                continue
            }
            let step = engine.handle(coreEvent(event, single: single))
            if let configuration = step.configuration { lastOperation = configuration.operation }
            if let d = step.emitted { lastDifference = d }
            if let o = step.outcome {
                let reported = ReportedOutcome(session: o.session, outcome: o.outcome, line: line)
                lastOutcome = reported
                bySession[o.session] = reported
                result.outcomeCount += 1
                onOutcome(reported)
            }
            for w in step.warnings { result.warnings.append(LineMessage(line: line, message: "\(w)")) }
            if options.trace { onTrace(TraceStep(line: line, event: event, step: step, failures: [], container: engine.container)) }
        }
        for d in reader.warnings { result.warnings.append(LineMessage(line: d.line, message: d.message)) }
        if result.status != .error {
            for w in engine.finish() { result.warnings.append(LineMessage(line: lastLine, message: "\(w)")) }
        }
        result.warnings.sort { $0.line < $1.line }
        result.final = engine.container.collections.map { FinalCollection(id: $0.id, items: $0.items) }
        if result.status == .pass {
            if options.strict {
                for w in result.warnings { result.failures.append(LineMessage(line: w.line, message: "warning treated as failure (--strict): \(w.message)")) }
                result.failures.sort { $0.line < $1.line }
            }
            if !result.failures.isEmpty { result.status = .fail }
        }
        return result
    }

    /// The core's event for a recorded one; an omitted collection is the single one.
    func coreEvent(_ e: RecordedEvent, single: String?) -> DragEvent<String, String?> {
        let s = e.session
        switch e.kind {
        case .lift(let items, let x, let y, let ops, let external): return .lift(session: s, items: items, at: Point(x: x, y: y), operations: ops, external: external)
        case .move(let x, let y): return .move(session: s, at: Point(x: x, y: y))
        case .drop(let x, let y, let deferred): return .drop(session: s, at: Point(x: x, y: y), deferred: deferred)
        case .cancel: return .cancel(session: s)
        case .apply: return .apply(session: s)
        case .insert(let items, let c, let index): return .insert(items: items, collection: c ?? single, index: index)
        case .delete(let items): return .delete(items: items)
        case .relocate(let items, let c, let before, let viaApplier):
            if viaApplier {
                return .deliver(ReorderDifference(sources: items, destination: .init(collectionID: c ?? single, position: before.map { .before($0) } ?? .end)))
            }
            return .relocate(items: items, collection: c ?? single, before: before)
        case .update(let item): return .update(item: item)
        case .reload(let specs): return .reload(collections: specs.map(\.collection), locked: specs.flatMap(\.locked))
        case .enable: return .setEnabled(true)
        case .disable: return .setEnabled(false)
        case .lock(let items): return .lock(items: items)
        case .unlock(let items): return .unlock(items: items)
        case .expect: preconditionFailure("expectations are checked, not fed to the core")
        }
    }
}
