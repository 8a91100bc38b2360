import DragRecording
import DragSystem
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// Drives recordings through the core and checks their expectations. It
/// reads from any `RecordingSource`: the json-c file reader, a `Recording`
/// in memory, a fuzz finding.
///
///     var source = Recording(header: header, events: events).source()
///     let result = Replayer(options: .init(applier: .offsets)).run(&source)
///     result.status  // .fail: offsets drift under a deferred apply
public struct Replayer: Sendable {
    public var options: ReplayOptions

    public init(options: ReplayOptions = ReplayOptions()) { self.options = options }

    /// Replays `source` to its end. `onOutcome` gets every ended session and
    /// rejected lift in file order; `onStep`, when given, one `ReplayStep`
    /// per event (what `--trace`, `bless` and `render` read).
    public func run<Source: RecordingSource>(
        _ source: inout Source,
        onOutcome: (SessionEnd) -> Void = { _ in },
        onStep: ((ReplayStep) -> Void)? = nil
    ) -> ReplayResult {
        let rules = options.rules?(source.header)
        var subject: (any ReorderSubject<StringID, StringID?>)? = options.subject(for: source.header, rules: rules)
        return run(&source, subject: &subject, rules: rules, onOutcome: onOutcome, onStep: onStep)
    }

    /// Replays `source` with `subject` as the code under test (an app, kept
    /// across recordings: each starts with `reset`); every answer is checked
    /// against the model and a broken invariant is a failure at its line.
    public func run<Source: RecordingSource>(
        _ source: inout Source,
        subject: inout (any ReorderSubject<StringID, StringID?>)?,
        onOutcome: (SessionEnd) -> Void = { _ in },
        onStep: ((ReplayStep) -> Void)? = nil
    ) -> ReplayResult {
        run(&source, subject: &subject, rules: options.rules?(source.header), onOutcome: onOutcome, onStep: onStep)
    }

    /// The replay loop, with the header's rules read once by the caller
    /// (`options.rules?(header)`, shared with the subject it made).
    private func run<Source: RecordingSource>(
        _ source: inout Source,
        subject: inout (any ReorderSubject<StringID, StringID?>)?,
        rules: RecordedRules?,
        onOutcome: (SessionEnd) -> Void,
        onStep: ((ReplayStep) -> Void)?
    ) -> ReplayResult {
        let header = source.header
        if let replicas = header.replicas {
            return runReplicated(&source, replicas: replicas, subject: subject, rules: rules, onOutcome: onOutcome, onStep: onStep)
        }
        if let reason = options.singleReplicaRefusal { return .inputError(path: source.path, source.headerDiagnostic(reason)) }
        let single = header.collections.count == 1
        var engine = CheckedEngine(
            container: header.container, layout: header.layout, subject: subject, text: .recording(collections: header.collections.count),
            swipe: header.engineSwipe, policy: rules?.policy ?? .standard, oracle: rules?.oracle ?? .model)
        defer { subject = engine.subject }
        // No one reads a move's destination unless watching the steps
        // (an `expect` line reads the operation alone).
        engine._movesAnswerOperationOnly = onStep == nil
        var state = ReplayState()
        var result = ReplayResult(
            path: source.path, status: .pass, final: [], failures: [], warnings: [], error: nil, eventCount: 0, outcomeCount: 0)
        var lastLine = source.headerLine
        let prefix = subject.map { "\($0.name): " } ?? ""
        if let v = engine.start() { result.failures.append(LineMessage(line: source.headerLine, message: prefix + v.description)) }

        // Made once: per event, its destroy went through its value witness.
        var checked = CheckedStep<StringID, StringID?>(result: SessionStep())
        while true {
            let next: Located<RecordedEvent>?
            do { next = try source.next() } catch {
                result.status = .error
                result.error = error.diagnostic
                break
            }
            // Moved out, not copied (each copy retains the event's storage).
            guard let located = consume next else { break }
            let line = located.line
            let event = (consume located).value
            lastLine = line
            state.lastT = event.t
            result.eventCount += 1
            // Emptied, filled and read in place (`CheckedStep._clear`); a copy retains every field.
            checked._clear()
            // A drag event or mutation goes in as itself (see `CheckedEngine.handle(_:into:)`).
            if let drag = event.dragEvent(in: header) {
                engine.handle(drag, into: &checked)
            } else if let gesture = event.engineEvent(in: header) {
                engine.handle(gesture, into: &checked)
            } else {
                // An `expect` line: checked against what the replay saw so far.
                guard case .expect(let expectation) = event.kind else { continue }
                check(expectation, of: event, at: line, single: single, engine: &engine, state: state, result: &result, onStep: onStep)
                continue
            }
            // Described only when broken (an empty list was made and freed per event).
            let failure = checked.violation.map { prefix + $0.description }
            if let failure { result.failures.append(LineMessage(line: line, message: failure)) }
            state.record(checked.result.drag, session: event.session, line: line)
            if checked.result.drag.outcome != nil, let end = state.lastOutcome {
                result.outcomeCount += 1
                onOutcome(end)
            }
            // Looked at first: a loop over even no warnings retains the array.
            if !checked.result.drag.warnings.isEmpty {
                for w in checked.result.drag.warnings where result.warnings.count < options.maxMessages {
                    result.warnings.append(LineMessage(line: line, message: Format.warning(w)))
                }
            }
            onStep?(
                ReplayStep(
                    line: line, event: event, result: checked.result, failures: failure.map { [$0] } ?? [], state: state,
                    container: engine.container,
                    subjectData: checked.subjectData, modelData: checked.modelData, swipe: engine.model.swipe,
                    sessions: engine.model.sessions))
        }
        conclude(&result, engine: &engine, sourceWarnings: source.warnings, lastLine: lastLine)
        return result
    }

    /// Checks an `expect` line against what the replay saw so far: its
    /// mismatches become failures at `line`, and `onStep` gets the step.
    @inline(__always)
    private func check(
        _ expectation: Expectation, of event: RecordedEvent, at line: Int, single: Bool,
        engine: inout CheckedEngine<StringID, StringID?>, state: ReplayState, result: inout ReplayResult,
        onStep: ((ReplayStep) -> Void)?
    ) {
        var shown: [String]?
        let failures = expectation.mismatches(
            against: state, data: engine.container, single: single, swipe: engine.model.swipe,
            labelsShown: {
                shown = engine.labelsShown(item: $0, edge: $1)
                return shown!
            })
        for f in failures where result.failures.count < options.maxMessages {
            result.failures.append(LineMessage(line: line, message: f))
        }
        onStep?(
            ReplayStep(
                line: line, event: event, result: nil, failures: failures, state: state, container: engine.container,
                swipe: engine.model.swipe, labelsShown: shown, sessions: engine.model.sessions))
    }

    /// After the last event: the source's and the engine's closing warnings,
    /// messages sorted by line, the final state, then the verdict
    /// (`--strict` turns warnings into failures).
    @inline(__always)
    private func conclude(
        _ result: inout ReplayResult, engine: inout CheckedEngine<StringID, StringID?>, sourceWarnings: [Diagnostic], lastLine: Int
    ) {
        // Output nobody asked for after the last answer (an app that answered
        // the last request twice) fails the recording at its last line, as
        // the same double answer mid-recording does (issue 44 class 8).
        if result.status != .error, let subject = engine.subject, let pipelined = subject as? any PipelinedSubject,
            let failure = pipelined.endCase()
        {
            let v = InvariantViolation<StringID, StringID?>(failure.invariant, "\(failure)")
            result.failures.append(LineMessage(line: lastLine, message: "\(subject.name): \(v.description)"))
        }
        let closing = result.status == .error ? [] : engine.finish().map { LineMessage(line: lastLine, message: Format.warning($0)) }
        conclude(&result, sourceWarnings: sourceWarnings, closing: closing, final: engine)
    }

    /// The end of every replay: the source's warnings and `closing` (the
    /// engines' own), sorted by line; the final data and swipe state of
    /// `final`; then the verdict (`--strict` turns warnings into failures).
    func conclude(
        _ result: inout ReplayResult, sourceWarnings: [Diagnostic], closing: [LineMessage], final engine: CheckedEngine<StringID, StringID?>
    ) {
        for d in sourceWarnings where result.warnings.count < options.maxMessages {
            result.warnings.append(LineMessage(line: d.line, message: d.message))
        }
        for w in closing where result.warnings.count < options.maxMessages { result.warnings.append(w) }
        result.warnings.sort { $0.line < $1.line }
        result.final = engine.container.collections.map { FinalCollection(id: $0.id, items: Array($0.items)) }
        result.swipe = engine.model.swipe
        result.failures.sort { $0.line < $1.line }
        if result.status == .pass {
            if options.strict {
                for w in result.warnings {
                    result.failures.append(LineMessage(line: w.line, message: "warning treated as failure (--strict): \(w.message)"))
                }
                result.failures.sort { $0.line < $1.line }
            }
            if !result.failures.isEmpty { result.status = .fail }
        }
    }

    /// Replays a recording held in memory.
    public func run(_ recording: Recording, onOutcome: (SessionEnd) -> Void = { _ in }, onStep: ((ReplayStep) -> Void)? = nil)
        -> ReplayResult
    {
        var source = recording.source()
        return run(&source, onOutcome: onOutcome, onStep: onStep)
    }
}
