import DragRecording
import ReorderConformance
import ReorderCore
import ReorderReplicas
import ReorderSwipe

/// A version 3 recording (replicas-v1): each client replica runs its drags
/// and mutations through its own engine, on its own data, and every change
/// it commits goes to `ReorderReplicas`' `ReplicatedSystem`, which plays the
/// merge model and the channel and runs the checks. A broken check fails
/// the replay at its line, as a failed `expect` does; a channel event the
/// channel cannot carry out (no message matches, a delivery across a cut)
/// is an input error at its line.
extension Replayer {
    /// One client replica's engine and what its `expect` lines compare.
    struct ReplicaLane {
        var engine: CheckedEngine<String, String?>
        var state = ReplayState()
        /// The data the engine holds, as the system last handed it over.
        var synced: ReplicaData<String, String?>
    }

    func runReplicated<Source: RecordingSource>(
        _ source: inout Source, replicas: ReplicasSpec, rules: RecordedRules?,
        onOutcome: (SessionEnd) -> Void, onStep: ((ReplayStep) -> Void)?
    ) -> ReplayResult {
        let header = source.header
        var result = ReplayResult(
            path: source.path, status: .pass, final: [], failures: [], warnings: [], error: nil, eventCount: 0, outcomeCount: 0)
        var system: ReplicatedSystem<String, String?>
        do {
            if let bug = options.merge {
                guard bug.imitates == replicas.merge else {
                    result.status = .error
                    result.error = Diagnostic(
                        path: source.path, line: source.headerLine,
                        message:
                            "--merge-bug \(bug.name) imitates the \"\(bug.imitates.rawValue)\" model; this recording's merge is \"\(replicas.merge.rawValue)\""
                    )
                    return result
                }
                system = try ReplicatedSystem(
                    ids: replicas.ids, data: header.container, merge: bug.make(replicas.ids, header.container), options: replicas.options)
            } else {
                system = try ReplicatedSystem(ids: replicas.ids, data: header.container, model: replicas.merge, options: replicas.options)
            }
        } catch {
            result.status = .error
            result.error = Diagnostic(path: source.path, line: source.headerLine, message: "replicas: \(error)")
            return result
        }
        var lanes: [String: ReplicaLane] = [:]
        for id in replicas.ids {
            let engine = CheckedEngine<String, String?>(
                container: header.container, layout: header.layout, subject: nil, text: .recording(collections: header.collections.count),
                swipe: header.engineSwipe, policy: rules?.policy ?? .standard, oracle: rules?.oracle ?? .model)
            lanes[id] = ReplicaLane(engine: engine, synced: ReplicaData(header.container))
        }
        var lastLine = source.headerLine
        while true {
            let next: Located<RecordedEvent>?
            do { next = try source.next() } catch {
                result.status = .error
                result.error = error.diagnostic
                break
            }
            guard let located = next else { break }
            let line = located.line
            let event = located.value
            lastLine = line
            result.eventCount += 1
            var failures = system.advance(to: event.t).map(Self.describe)
            if case .auto = replicas.options.delivery { Self.sync(&lanes, with: system) }
            do {
                try replayReplicated(
                    event, at: line, header: header, replicas: replicas, system: &system, lanes: &lanes, failures: &failures,
                    result: &result, onOutcome: onOutcome, onStep: onStep)
            } catch {
                result.status = .error
                result.error = Diagnostic(path: source.path, line: line, message: error.message)
                break
            }
        }
        concludeReplicated(&result, lanes: lanes, replicas: replicas, sourceWarnings: source.warnings, lastLine: lastLine)
        return result
    }

    /// One event of a version 3 recording.
    private func replayReplicated(
        _ event: RecordedEvent, at line: Int, header: RecordingHeader, replicas: ReplicasSpec,
        system: inout ReplicatedSystem<String, String?>, lanes: inout [String: ReplicaLane], failures: inout [String],
        result: inout ReplayResult, onOutcome: (SessionEnd) -> Void, onStep: ((ReplayStep) -> Void)?
    ) throws(FieldError) {
        let single = header.collections.count == 1
        switch event.kind {
        case .channel(let c):
            do {
                failures += try channel(c, system: &system, result: &result).map(Self.describe)
            } catch {
                throw FieldError(field: Self.field(of: c), "\(event.kind.type.rawValue): \(Self.describe(error))")
            }
            Self.sync(&lanes, with: system)
            record(failures, at: line, into: &result)
            let shown = Self.shownReplica(of: c, replicas: replicas)
            onStep?(step(event, at: line, lane: lanes[shown]!, failures: failures))
        case .expect(let expectation):
            let id = event.replica ?? replicas.ids[0]
            let lane = lanes[id]!
            failures += expectation.mismatches(
                against: lane.state, data: lane.engine.container, single: single, swipe: lane.engine.model.swipe)
            if let expected = expectation.replicas {
                failures += Self.mismatches(expected, system: system, header: header)
            }
            record(failures, at: line, into: &result)
            onStep?(step(event, at: line, lane: lane, failures: failures))
        case .lift, .move, .drop, .cancel, .apply, .mutation, .viaApplier, .swipe, .scroll, .tap:
            guard let id = event.replica, var lane = lanes.removeValue(forKey: id) else { return }  // the validator requires it
            var checked = CheckedStep<String, String?>(result: SessionStep())
            if let drag = event.dragEvent(in: header) {
                lane.engine.handle(drag, into: &checked)
            } else if let gesture = event.engineEvent(in: header) {
                lane.engine.handle(gesture, into: &checked)
            }
            if let v = checked.violation { failures.append(v.description) }
            lane.state.record(checked.result.drag, session: event.session, line: line)
            if checked.result.drag.outcome != nil, let end = lane.state.lastOutcome {
                result.outcomeCount += 1
                onOutcome(end)
            }
            lanes[id] = lane
            if let change = Self.localChange(event, step: checked.result.drag, header: header) {
                let commit: ReplicaCommit<String, String?>
                do { commit = try system.commit(change, on: id) } catch { throw FieldError(field: "replica", "\(error)") }
                failures += commit.violations.map(Self.describe)
                // The engine applied the change by the canonical rule, as the
                // system did: the system's data is the truth all the same.
                lanes[id]!.synced = ReplicaData(lanes[id]!.engine.container)
                Self.sync(&lanes, with: system)
            }
            for w in checked.result.drag.warnings where result.warnings.count < options.maxMessages {
                result.warnings.append(LineMessage(line: line, message: Format.escapingControls(id) + ": " + Format.warning(w)))
            }
            record(failures, at: line, into: &result)
            onStep?(step(event, at: line, lane: lanes[id]!, result: checked.result, failures: failures))
        }
    }

    /// What a local event commits (replicas-v1 3): an applied difference
    /// (a drop, a deferred `apply`; an external one inserts), and the
    /// `relocate`, `insert` and `delete` mutations. `nil` for the rest.
    static func localChange(
        _ event: RecordedEvent, step: StepResult<String, String?>, header: RecordingHeader
    ) -> LocalChange<String, String?>? {
        if let d = step.applied {
            return step.appliedExternally
                ? .externalInsert(d.sources, collection: d.destination.collectionID, before: d.destination.position.anchor)
                : .move(d)
        }
        guard case .drag(.mutation(let m))? = event.engineEvent(in: header) else { return nil }
        switch m {
        case .insert(let items, let c, let index): return .insert(items, collection: c, index: index)
        case .delete(let items): return .delete(items)
        case .relocate(let items, let c, let before): return .relocate(items, in: c, before: before)
        case .update, .reload, .setEnabled, .lock, .unlock: return nil
        }
    }

    /// A channel event, carried out by the system.
    private func channel(_ c: ChannelEvent, system: inout ReplicatedSystem<String, String?>, result: inout ReplayResult)
        throws(ChannelError) -> [ReplicaViolation<String, String?>]
    {
        switch c {
        case .deliver(let m): return try system.deliver(m)
        case .lose(let m): try system.lose(m)
        case .duplicate(let m): try system.duplicate(m)
        case .partition(let groups): try system.partition(groups)
        case .heal: system.heal()
        case .quiesce:
            let quiescence = system.quiesce()
            result.intentStates += quiescence.intent.map(\.statesExplored)
            return quiescence.violations
        }
        return []
    }

    /// Hands each replica's engine the data the system holds for it, where
    /// it changed: as a `reload`, so a lifted item that is gone leaves its
    /// session, as after any mutation (replicas-v1 3).
    static func sync(_ lanes: inout [String: ReplicaLane], with system: ReplicatedSystem<String, String?>) {
        for id in lanes.keys {
            let data = system.replicaData(of: id)
            guard data != lanes[id]!.synced else { continue }
            let collections = system.data(of: id).collections
            _ = lanes[id]!.engine.handle(.mutation(.reload(collections: collections, locked: [])))
            lanes[id]!.synced = data
        }
    }

    /// `expect.replicas`: each listed replica's reorderable items.
    static func mismatches(
        _ expected: [String: ExpectedReplicaData], system: ReplicatedSystem<String, String?>, header: RecordingHeader
    ) -> [String] {
        var failures: [String] = []
        for (id, data) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = system.data(of: id)
            switch data {
            case .order(let items):
                let got = actual.collections.first.map { Array($0.items) } ?? []
                if got != items {
                    failures.append("expected replica \(Format.quoted(id)) to hold \(Format.ids(items)), got \(Format.ids(got))")
                }
            case .collections(let cs):
                for (c, items) in cs.sorted(by: { $0.key < $1.key }) {
                    let got = actual.collections.first { $0.id == c }.map { Array($0.items) } ?? []
                    if got != items {
                        failures.append(
                            "expected collection \(Format.quoted(c)) on replica \(Format.quoted(id)) to be \(Format.ids(items)), got \(Format.ids(got))"
                        )
                    }
                }
            }
        }
        return failures
    }

    private func record(_ failures: [String], at line: Int, into result: inout ReplayResult) {
        for f in failures where result.failures.count < options.maxMessages { result.failures.append(LineMessage(line: line, message: f)) }
    }

    private func step(
        _ event: RecordedEvent, at line: Int, lane: ReplicaLane, result: SessionStep<String, String?>? = nil, failures: [String]
    ) -> ReplayStep {
        ReplayStep(
            line: line, event: event, result: result, failures: failures, state: lane.state, container: lane.engine.container,
            swipe: lane.engine.model.swipe, sessions: lane.engine.model.sessions)
    }

    /// The replica a step shows for a channel event: the receiver of a
    /// delivery, else the first.
    static func shownReplica(of c: ChannelEvent, replicas: ReplicasSpec) -> String {
        if case .deliver(let m) = c, replicas.ids.contains(m.to) { return m.to }
        return replicas.ids[0]
    }

    static func field(of c: ChannelEvent) -> String? {
        switch c {
        case .deliver, .lose, .duplicate: "to"
        case .partition: "groups"
        case .heal, .quiesce: nil
        }
    }

    /// A channel error in the file's words.
    static func describe(_ error: ChannelError) -> String {
        switch error {
        case .noMatchingMessage(let s): "no message in flight matches \(describe(s))"
        case .deliverOnCutLink(let m): "the message \(describe(m)) is on a cut link (a partition holds it until heal)"
        case .unknownReplica(let r): "unknown replica \(Format.quoted(r))"
        case .repeatedInPartition(let r): "replica \(Format.quoted(r)) is in more than one group"
        }
    }

    static func describe(_ s: MessageSelector) -> String {
        "to \(Format.quoted(s.to))" + (s.from.map { " from \(Format.quoted($0))" } ?? "") + (s.op.map { " carrying \($0)" } ?? "")
    }

    static func describe(_ m: ReplicaMessage) -> String {
        "\(Format.quoted(m.from))>\(Format.quoted(m.to)) carrying \(m.op)"
    }

    /// A broken check in the file's words: the check, the replicas, the
    /// item, the ops and the data.
    static func describe(_ v: ReplicaViolation<String, String?>) -> String {
        var text = v.check.rawValue + ": "
        switch v.check {
        case .conservation:
            let kind = v.conservation?.rawValue ?? "conservation"
            text += "\(kind) \(v.item.map(Format.quoted) ?? "item") on \(v.replicas.map(Format.quoted).joined(separator: ", "))"
        case .convergence: text += "replicas \(v.replicas.map(Format.quoted).joined(separator: ", ")) differ"
        case .noQuiescence: text += "the sync did not settle"
        case .intent, .intentUndecided:
            text += "the data of \(v.replicas.map(Format.quoted).joined(separator: ", ")) is explained by no order of the operations"
            if v.check == .intentUndecided {
                text =
                    "intent-undecided: the search gave up before explaining the data of "
                    + v.replicas.map(Format.quoted).joined(separator: ", ")
            }
        }
        if !v.ops.isEmpty { text += "; operations " + v.ops.map(\.description).joined(separator: ", ") }
        if let u = v.unexplainable, !u.isEmpty {
            text += "; these cannot be explained together: " + u.map(\.description).joined(separator: ", ")
        }
        if let s = v.statesExplored { text += "; \(s) states explored" }
        for (id, data) in zip(v.replicas, v.data) { text += "; \(Format.quoted(id)): \(describe(data))" }
        if v.check == .intent, v.data.count == 1 { text += " (all of them)" }
        return text
    }

    static func describe(_ data: ReplicaData<String, String?>) -> String {
        func list(_ c: ReplicaData<String, String?>.Collection) -> String {
            (c.fixed.isEmpty ? "" : "fixed \(Format.ids(c.fixed)) ") + Format.ids(c.items)
        }
        if data.collections.count == 1 { return list(data.collections[0]) }
        return data.collections.map { "\(Format.quoted($0.id ?? "")): \(list($0))" }.joined(separator: ", ")
    }

    /// After the last event: open sessions per replica, the final data (the
    /// first replica's), the verdict.
    private func concludeReplicated(
        _ result: inout ReplayResult, lanes: [String: ReplicaLane], replicas: ReplicasSpec, sourceWarnings: [Diagnostic], lastLine: Int
    ) {
        for d in sourceWarnings where result.warnings.count < options.maxMessages {
            result.warnings.append(LineMessage(line: d.line, message: d.message))
        }
        if result.status != .error {
            for id in replicas.ids {
                for w in lanes[id]!.engine.finish() where result.warnings.count < options.maxMessages {
                    result.warnings.append(LineMessage(line: lastLine, message: Format.escapingControls(id) + ": " + Format.warning(w)))
                }
            }
        }
        result.warnings.sort { $0.line < $1.line }
        let first = lanes[replicas.ids[0]]!.engine
        result.final = first.container.collections.map { FinalCollection(id: $0.id, items: Array($0.items)) }
        result.swipe = first.model.swipe
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
}
