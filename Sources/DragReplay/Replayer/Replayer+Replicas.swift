import DragRecording
import DragSystem
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
        var engine: CheckedEngine<StringID, StringID?>
        var state = ReplayState()
        /// The system's `changeCount(of:)` for this replica when the engine
        /// last matched its data: until it moves, there is nothing to compare.
        var synced = 0
    }

    func runReplicated<Source: RecordingSource>(
        _ source: inout Source, replicas: ReplicasSpec, subject: (any ReorderSubject<StringID, StringID?>)?, rules: RecordedRules?,
        onOutcome: (SessionEnd) -> Void, onStep: ((ReplayStep) -> Void)?
    ) -> ReplayResult {
        let header = source.header
        var result = ReplayResult(
            path: source.path, status: .pass, final: [], failures: [], warnings: [], error: nil, eventCount: 0, outcomeCount: 0)
        var system: ReplicatedSystem<StringID, StringID?>
        switch makeSystem(header: header, replicas: replicas, subject: subject) {
        case .success(let made): system = made
        case .failure(let problem):
            return .inputError(path: source.path, Diagnostic(path: source.path, line: source.headerLine, message: problem.message))
        }
        var lanes: [String: ReplicaLane] = [:]
        for id in replicas.ids {
            let engine = CheckedEngine<StringID, StringID?>(
                container: header.container, layout: header.layout, subject: nil, text: .recording(collections: header.collections.count),
                swipe: header.engineSwipe, policy: rules?.policy ?? .standard, oracle: rules?.oracle ?? .model)
            lanes[id] = ReplicaLane(engine: engine)
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
            let before = onStep == nil ? nil : TraceSnapshot(system)
            var violations = system.advance(to: event.t)
            var failures = violations.map(Self.describe)
            if case .auto = replicas.options.delivery { Self.sync(&lanes, with: system) }
            do {
                let step = try replayReplicated(
                    event, at: line, header: header, replicas: replicas, system: &system, lanes: &lanes, failures: &failures,
                    violations: &violations, result: &result, onOutcome: onOutcome, wantsStep: onStep != nil)
                if var step, let onStep, let before {
                    let lost = { if case .channel(.lose) = event.kind { true } else { false } }()
                    step.replicaLines = Self.trace(from: before, to: system, lost: lost)
                    step.replicas = Self.activity(
                        from: before, to: system, lost: lost, violations: violations,
                        shown: Self.shownReplica(of: event, replicas: replicas))
                    onStep(step)
                }
            } catch {
                result.status = .error
                result.error = Diagnostic(path: source.path, line: line, message: error.message)
                break
            }
            // The code under test failed at this event: its failure is the
            // verdict, and what follows would run against unknown state.
            if system.isStopped { break }
        }
        concludeReplicated(&result, lanes: lanes, replicas: replicas, sourceWarnings: source.warnings, lastLine: lastLine)
        return result
    }

    /// The system a replay runs: the header's model, or the merge under
    /// test; a problem with the header's replicas or the options otherwise.
    private func makeSystem(
        header: RecordingHeader, replicas: ReplicasSpec, subject: (any ReorderSubject<StringID, StringID?>)?
    ) -> Result<ReplicatedSystem<StringID, StringID?>, FieldError> {
        guard subject == nil || options.merge != nil else {
            return .failure(
                FieldError(
                    field: nil,
                    "a version 3 recording (replicas) needs code that plays replicas: an app whose hello answers protocol 2 and lists \"replica\" or \"server\" in \"supports\" (docs/app-protocol.md); --applier and --handler do not apply to replicas"
                ))
        }
        do {
            guard let bug = options.merge else {
                return .success(
                    try ReplicatedSystem(ids: replicas.ids, data: header.container, model: replicas.merge, options: replicas.options))
            }
            guard bug.imitates == nil || bug.imitates == replicas.merge else {
                return .failure(
                    FieldError(
                        field: nil,
                        "--merge-bug \(bug.name) imitates the \"\(bug.imitates!.rawValue)\" model; this recording's merge is \"\(replicas.merge.rawValue)\""
                    ))
            }
            let start = ReplicaStart(
                ids: replicas.ids, data: header.container, model: replicas.merge, options: replicas.options, layout: header.layout)
            if let reason = bug.refusal(start) { return .failure(FieldError(field: "replicas", reason)) }
            return .success(
                try ReplicatedSystem(ids: replicas.ids, data: header.container, merge: bug.make(start), options: replicas.options))
        } catch {
            return .failure(FieldError(field: "replicas", "replicas: \(error)"))
        }
    }

    /// One event of a version 3 recording.
    private func replayReplicated(
        _ event: RecordedEvent, at line: Int, header: RecordingHeader, replicas: ReplicasSpec,
        system: inout ReplicatedSystem<StringID, StringID?>, lanes: inout [String: ReplicaLane], failures: inout [String],
        violations: inout [ReplicaViolation<StringID, StringID?>], result: inout ReplayResult, onOutcome: (SessionEnd) -> Void,
        wantsStep: Bool
    ) throws(FieldError) -> ReplayStep? {
        let single = header.collections.count == 1
        switch event.kind {
        case .channel(let c):
            do {
                let found = try channel(c, system: &system, result: &result)
                violations += found  // structured, for `render`
                failures += found.map(Self.describe)
            } catch {
                throw FieldError(field: Self.field(of: c), "\(event.kind.type.rawValue): \(Self.describe(error))")
            }
            Self.sync(&lanes, with: system)
            record(failures, at: line, into: &result)
            let shown = Self.shownReplica(of: c, replicas: replicas)
            return wantsStep ? step(event, at: line, lane: lanes[shown]!, failures: failures) : nil
        case .expect(let expectation):
            let id = event.replica ?? replicas.ids[0]
            let lane = lanes[id]!
            failures += expectation.mismatches(
                against: lane.state, data: lane.engine.container, single: single, swipe: lane.engine.model.swipe)
            if let expected = expectation.replicas {
                failures += Self.mismatches(expected, system: system, header: header)
            }
            record(failures, at: line, into: &result)
            return wantsStep ? step(event, at: line, lane: lane, failures: failures) : nil
        case .lift, .move, .drop, .cancel, .apply, .mutation, .viaApplier, .swipe, .scroll, .tap:
            guard let id = event.replica, var lane = lanes.removeValue(forKey: id) else { return nil }  // the validator requires it
            var checked = CheckedStep<StringID, StringID?>(result: SessionStep())
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
                let commit: ReplicaCommit<StringID, StringID?>
                do { commit = try system.commit(change, on: id) } catch { throw FieldError(field: "replica", "\(error)") }
                violations += commit.violations
                failures += commit.violations.map(Self.describe)
                // The engine applied the change by the canonical rule, as the
                // system did: the system's data is the truth all the same.
                Self.sync(&lanes, with: system)
            }
            for w in checked.result.drag.warnings where result.warnings.count < options.maxMessages {
                result.warnings.append(LineMessage(line: line, message: SafeText.escapingControls(id) + ": " + Format.warning(w)))
            }
            record(failures, at: line, into: &result)
            return wantsStep ? step(event, at: line, lane: lanes[id]!, result: checked.result, failures: failures) : nil
        }
    }

    /// What a local event commits (replicas-v1 3): an applied difference
    /// (a drop, a deferred `apply`; an external one inserts), and the
    /// `relocate`, `insert` and `delete` mutations. `nil` for the rest.
    package static func localChange(
        _ event: RecordedEvent, step: StepResult<StringID, StringID?>, header: RecordingHeader
    ) -> LocalChange<StringID, StringID?>? {
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
    private func channel(_ c: ChannelEvent, system: inout ReplicatedSystem<StringID, StringID?>, result: inout ReplayResult)
        throws(ChannelError) -> [ReplicaViolation<StringID, StringID?>]
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
            result.repairRounds.append(quiescence.settled ? quiescence.rounds - 1 : quiescence.rounds)
            return quiescence.violations
        }
        return []
    }

    /// Hands each replica's engine the data the system holds for it, where
    /// it changed: as a `reload`, so a lifted item that is gone leaves its
    /// session, as after any mutation (replicas-v1 3). A replica the system
    /// touched is compared entry by entry, without copying; one it did not
    /// touch is not looked at.
    /// - Complexity: O(n) per replica touched since the last sync, O(r) otherwise.
    static func sync(_ lanes: inout [String: ReplicaLane], with system: ReplicatedSystem<StringID, StringID?>) {
        for id in lanes.keys {
            let count = system.changeCount(of: id)
            guard count != lanes[id]!.synced else { continue }
            lanes[id]!.synced = count
            let data = system.data(of: id)
            guard !sameEntries(data, lanes[id]!.engine.container) else { continue }
            _ = lanes[id]!.engine.handle(.mutation(.reload(collections: data.collections, locked: [])))
        }
    }

    /// Whether two containers hold the same collections with the same
    /// entries in the same order (what `ReplicaData` compares: locks and
    /// `isEnabled` are a replica's own).
    /// - Complexity: O(n).
    static func sameEntries(_ a: ReorderContainer<StringID, StringID?>, _ b: ReorderContainer<StringID, StringID?>) -> Bool {
        guard a.collections.count == b.collections.count else { return false }
        for (x, y) in zip(a.collections, b.collections)
        where x.id != y.id || x.fixed != y.fixed || x.items.count != y.items.count || !x.items.elementsEqual(y.items) {
            return false
        }
        return true
    }

    /// `expect.replicas`: each listed replica's reorderable items.
    static func mismatches(
        _ expected: [String: ExpectedReplicaData], system: ReplicatedSystem<StringID, StringID?>, header: RecordingHeader
    ) -> [String] {
        var failures: [String] = []
        for (id, data) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = system.data(of: id)
            switch data {
            case .order(let items):
                let got = actual.collections.first.map { Array($0.items) } ?? []
                if got != items {
                    failures.append(
                        "expected replica \(Format.quoted(id)) to hold \(Format.ids(items)), got \(Format.ids(got, against: items))")
                }
            case .collections(let cs):
                for (c, items) in cs.sorted(by: { $0.key < $1.key }) {
                    let got = actual.collections.first { $0.id == c }.map { Array($0.items) } ?? []
                    if got != items {
                        failures.append(
                            "expected collection \(Format.quoted(c)) on replica \(Format.quoted(id)) to be \(Format.ids(items)), got \(Format.ids(got, against: items))"
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
        _ event: RecordedEvent, at line: Int, lane: ReplicaLane, result: SessionStep<StringID, StringID?>? = nil, failures: [String]
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

    /// What `--trace` compares around an event: the messages in flight and
    /// the operations committed before it, and each replica's data.
    struct TraceSnapshot {
        var inFlight: Set<Int>
        var messages: [Int: ReplicaMessage]
        var ops: Int
        var data: [String: ReplicaData<StringID, StringID?>]
        /// The channel's next send number: what was sent during the event.
        var nextSendNumber = 1

        init(_ system: ReplicatedSystem<StringID, StringID?>) {
            nextSendNumber = system.channel.nextSendNumber
            inFlight = Set(system.channel.inFlight.map(\.sendNumber))
            messages = Dictionary(uniqueKeysWithValues: system.channel.inFlight.map { ($0.sendNumber, $0) })
            ops = system.ops.count
            var data: [String: ReplicaData<StringID, StringID?>] = [:]
            for id in system.channel.replicas { data[id] = system.replicaData(of: id) }
            self.data = data
        }
    }

    /// The trace lines of one event: operations committed, messages sent,
    /// delivered (or `lost`, at a `lose` event), and the data of each
    /// replica that changed.
    static func trace(from before: TraceSnapshot, to system: ReplicatedSystem<StringID, StringID?>, lost: Bool) -> [String] {
        var lines: [String] = []
        for op in system.ops.dropFirst(before.ops) {
            let what: String
            switch op.kind {
            case .move(let sources, let c, let anchor):
                what =
                    "move \(Format.ids(sources))" + (c.map { " in \(Format.quoted($0))" } ?? "") + " before "
                    + (anchor.map(Format.quoted) ?? "the end")
            case .insert(let items, let c, let anchor):
                what =
                    "insert \(Format.ids(items))" + (c.map { " in \(Format.quoted($0))" } ?? "") + " before "
                    + (anchor.map(Format.quoted) ?? "the end")
            case .delete(let items): what = "delete \(Format.ids(items))"
            }
            lines.append(
                "commit \(shown(op.id)) on \(Format.quoted(op.id.origin)): \(what) (left \(op.left.map(Format.quoted) ?? "-"), right \(op.right.map(Format.quoted) ?? "-"))"
            )
        }
        let now = Set(system.channel.inFlight.map(\.sendNumber))
        for m in system.channel.inFlight where !before.inFlight.contains(m.sendNumber) { lines.append("sent \(describeMessage(m))") }
        for n in before.inFlight.subtracting(now).sorted() {
            lines.append("\(lost ? "lost" : "delivered") \(describeMessage(before.messages[n]!))")
        }
        for id in system.channel.replicas {
            let data = system.replicaData(of: id)
            if data != before.data[id] { lines.append("\(Format.quoted(id)) now holds \(describe(data))") }
        }
        return lines
    }

    static func describeMessage(_ m: ReplicaMessage) -> String {
        "#\(m.sendNumber) \(SafeText.escapingControls(m.from))>\(SafeText.escapingControls(m.to)) " + carrying(m)
            + (m.number.map { " (server number \($0))" } ?? "")
    }

    /// What a message carries: its op, or for a message of the sender's
    /// own sync protocol, its payload's size.
    static func carrying(_ m: ReplicaMessage) -> String {
        if let op = m.op { return "carrying \(shown(op))" }
        return "without an op (\(m.payload?.bytes.count ?? 0) bytes of payload)"
    }

    /// An op's ID as a terminal may show it: its replica's name is the
    /// recording's text, escaped like any other (`A#1`).
    static func shown(_ id: OpID) -> String { SafeText.escapingControls(id.description) }

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
        "to \(Format.quoted(s.to))" + (s.from.map { " from \(Format.quoted($0))" } ?? "") + (s.op.map { " carrying \(shown($0))" } ?? "")
    }

    static func describe(_ m: ReplicaMessage) -> String {
        "\(Format.quoted(m.from))>\(Format.quoted(m.to)) " + carrying(m)
    }

    /// A broken check in the file's words: the check, the replicas, the
    /// item, the ops and the data.
    static func describe(_ v: ReplicaViolation<StringID, StringID?>) -> String {
        var text = v.check.rawValue + ": "
        switch v.check {
        case .appError, .appTimeout, .appCrash, .appProtocol:
            return text + "replica \(v.replicas.map(Format.quoted).joined(separator: ", ")): " + SafeText.escapingControls(v.detail ?? "")
        case .reference:
            let replica = v.replicas.map(Format.quoted).joined()
            return text + "replica \(replica) holds \(v.data.first.map(describe) ?? "?"); the model holds "
                + (v.data.dropFirst().first.map(describe) ?? "?") + " for it"
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
        if !v.ops.isEmpty { text += "; operations " + v.ops.map(shown).joined(separator: ", ") }
        if let u = v.unexplainable, !u.isEmpty {
            text += "; these cannot be explained together: " + u.map(shown).joined(separator: ", ")
        }
        if let s = v.statesExplored { text += "; \(s) states explored" }
        for (id, data) in zip(v.replicas, v.data) { text += "; \(Format.quoted(id)): \(describe(data))" }
        if v.check == .intent, v.data.count == 1 { text += " (all of them)" }
        return text
    }

    static func describe(_ data: ReplicaData<StringID, StringID?>) -> String {
        func list(_ c: ReplicaData<StringID, StringID?>.Collection) -> String {
            (c.fixed.isEmpty ? "" : "fixed \(Format.ids(c.fixed)) ") + Format.ids(c.items)
        }
        if data.collections.count == 1 { return list(data.collections[0]) }
        return data.collections.map { "\(Format.quoted($0.id ?? "")): \(list($0))" }.joined(separator: ", ")
    }

    /// After the last event: each replica's closing warnings (sessions still
    /// active, differences never applied), the first replica's data as the
    /// final state, then the verdict, as for any replay.
    private func concludeReplicated(
        _ result: inout ReplayResult, lanes: [String: ReplicaLane], replicas: ReplicasSpec, sourceWarnings: [Diagnostic], lastLine: Int
    ) {
        var closing: [LineMessage] = []
        if result.status != .error {
            for id in replicas.ids {
                for w in lanes[id]!.engine.finish() {
                    closing.append(LineMessage(line: lastLine, message: SafeText.escapingControls(id) + ": " + Format.warning(w)))
                }
            }
        }
        conclude(&result, sourceWarnings: sourceWarnings, closing: closing, final: lanes[replicas.ids[0]]!.engine)
    }
}
