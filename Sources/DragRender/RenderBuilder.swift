import ReorderCore

/// Turns the replayer's events, one at a time, into a `RenderDocument`
/// whose size follows what changed rather than how many events there were:
/// the initial data once, then per step only what it changed in the data
/// (`RenderDataChange`), consecutive moves of one session as one step, and
/// a drag's path beyond `pathLimit` points sampled. The events themselves
/// are not kept, nor any data but the last.
///
/// With a `spool`, a step is handed to it as soon as the next one starts
/// (only a run of moves is ever changed after it began) and a path as soon
/// as its drag ends: memory then holds the last step and the open drags,
/// whatever the number of events.
public struct RenderBuilder: Sendable {
    public let header: RenderHeader
    public let pathLimit: Int
    private let initial: RenderData
    private var steps: [RenderStep] = []
    private var paths: [RenderPath] = []
    /// Where closed steps and ended paths go, when they are not kept here.
    private let spool: RenderStepSpool?
    /// Steps already handed to the spool: `steps[i]` is step `stepBase + i`.
    private var stepBase = 0
    /// The path of each session's current drag.
    private var openPaths: [Int: Int] = [:]
    /// The last data given, model's and app's: each step's change is from it.
    private var lastModel: RenderDataVersion
    private var lastApp: RenderDataVersion?
    /// The last step is a run of moves that the next move may join.
    private var runOpen = false
    private var eventCount = 0
    private var firstFailing: Int?
    /// The page's bound, and where it was reached (then nothing more is kept).
    private let sizeLimit: RenderSizeLimit?
    private var tooLarge: RenderTooLarge?
    /// About the bytes of the steps, changes and paths as JSON.
    private var byteEstimate = 0
    /// Version 3: the channel so far, from the first event that had replicas.
    private var replicaLog: RenderReplicas?

    /// - Parameters:
    ///   - initial: the data before the first event, shown as "before" at step 0.
    ///   - pathLimit: points kept per drag before its path is sampled.
    ///   - sizeLimit: the most the page may take; past it the builder keeps
    ///     nothing more and the document's `tooLarge` says where.
    ///   - spool: where closed steps and ended paths go instead of memory
    ///     (then only `HTMLRenderer.write` reads the document).
    public init(
        header: RenderHeader, initial: RenderData = RenderData(collections: []), pathLimit: Int = 2000, sizeLimit: RenderSizeLimit? = nil,
        spool: RenderStepSpool? = nil
    ) {
        self.header = header
        self.spool = spool
        self.pathLimit = max(pathLimit, 2)
        self.sizeLimit = sizeLimit
        self.initial = initial
        lastModel = RenderDataVersion(initial)
        byteEstimate = RenderDataChange(replacement: initial).byteEstimate
    }

    /// Whether the document reached its size limit (later events are only counted).
    public var isFull: Bool { tooLarge != nil }

    public mutating func append(_ e: RenderEvent) {
        eventCount += 1
        guard tooLarge == nil else { return }
        defer { checkSize(line: e.line) }
        var model: RenderDataChange?
        if let d = e.data {
            model = RenderDataChange.between(lastModel, d)
            lastModel = RenderDataVersion(d)
        }
        var app: RenderDataChange?
        if let a = e.appData {
            app = RenderDataChange.between(lastApp ?? RenderDataVersion(initial), a)
            lastApp = RenderDataVersion(a)
        }
        let plain = Self.isPlain(e)
        if joinsRun(e, plain: plain, changed: model != nil || app != nil) {
            // In place: a copy of the step would retain and release each of its buffers.
            let k = steps.count - 1
            steps[k].lastLine = e.line
            steps[k].lastT = e.t
            steps[k].eventCount += 1
            steps[k].location = e.location
            steps[k].hit = e.hit
            steps[k].placeholder = e.placeholder
            steps[k].destination = e.destination
        } else {
            closeRun()
            spoolClosedSteps()
            steps.append(RenderStep(e, modelChange: model, appChange: app))
            byteEstimate += (model?.byteEstimate ?? 0) + (app?.byteEstimate ?? 0)
            byteEstimate +=
                96 + e.text.utf8.count + e.warnings.reduce(0) { $0 + $1.utf8.count } + e.failures.reduce(0) { $0 + $1.utf8.count }
                + (e.expectation.map { $0.expected.utf8.count + $0.actual.utf8.count + $0.failures.reduce(0) { $0 + $1.utf8.count } } ?? 0)
            runOpen = e.kind == .move && plain
            if e.isFailing && firstFailing == nil { firstFailing = stepBase + steps.count - 1 }
            if let r = e.replicas { recordReplicas(r) }
        }
        track(e, step: stepBase + steps.count - 1)
    }

    /// Sets the placeholder and destination of the last step, a run of
    /// moves, to its last move's: a caller may leave them out of the moves
    /// that join a run (`joins`) and give them once the run is over, before
    /// the next event.
    public mutating func aimRun(placeholder: Rect?, destination: String?) {
        guard let k = steps.indices.last else { return }
        steps[k].placeholder = placeholder
        steps[k].destination = destination
    }

    /// Whether `e`, a move given without its data, would join the run of
    /// moves before it (its `text` then goes unused, so a caller may leave
    /// it empty and describe the event only when it starts a step).
    public func joins(_ e: RenderEvent) -> Bool {
        e.data == nil && e.appData == nil && joinsRun(e, plain: Self.isPlain(e), changed: false)
    }

    /// A move that adds nothing but a location: no warning, failure, report
    /// or outcome.
    private static func isPlain(_ e: RenderEvent) -> Bool {
        e.warnings.isEmpty && e.failures.isEmpty && e.expectation == nil && e.difference == nil && e.outcome == nil
            && (e.swipe?.presentations.isEmpty ?? true) && e.swipe?.performed == nil && e.replicas == nil
    }

    /// Files the replicas' event under the step just appended, which
    /// carries the data of the replicas it changed.
    private mutating func recordReplicas(_ r: RenderReplicaEvent) {
        var log = replicaLog ?? RenderReplicas(replicas: r.replicas, initial: initial)
        let changed = log.record(r, step: stepBase + steps.count - 1)
        replicaLog = log
        byteEstimate += 80 * (r.committed.count + r.sent.count + r.violations.count) + 16
        steps[steps.count - 1].shownReplica = r.shown
        guard !changed.isEmpty else { return }
        steps[steps.count - 1].replicaData = changed
        byteEstimate += changed.reduce(0) { $0 + 16 + $1.collections.reduce(0) { $0 + 8 * ($1.fixed.count + $1.items.count) } }
    }

    /// A move joins the run before it only when it adds nothing but a
    /// location: no change of answer, data, sessions or open row either.
    private func joinsRun(_ e: RenderEvent, plain: Bool, changed: Bool) -> Bool {
        guard e.kind == .move, plain, runOpen, !changed, let k = steps.indices.last else { return false }
        return steps[k].session == e.session && steps[k].operation == e.operation && steps[k].showsApp == (e.appData != nil)
            && steps[k].swipe?.open == e.swipe?.open && steps[k].activeSessions == e.activeSessions
    }

    public consuming func finish() -> RenderDocument {
        closeRun()
        if let spool {
            spoolClosedSteps()
            for open in openPaths.values.sorted() { spool.set(paths[open], at: open) }
            paths = []
        }
        var doc = RenderDocument(
            header: header, steps: steps, paths: paths, spool: spool, initialData: initial,
            eventCount: eventCount, pathLimit: pathLimit, firstFailingStep: firstFailing, tooLarge: tooLarge)
        doc.byteEstimate = byteEstimate
        doc.replicas = replicaLog
        return doc
    }

    /// Stops keeping anything once the estimate passes the limit.
    private mutating func checkSize(line: Int) {
        guard let sizeLimit, byteEstimate > sizeLimit.bytes else { return }
        tooLarge = RenderTooLarge(path: header.path, limit: sizeLimit, line: line)
    }

    /// Hands the steps kept here to the spool, if there is one (called
    /// once the last step can no longer change).
    private mutating func spoolClosedSteps() {
        guard let spool else { return }
        for s in steps { spool.append(s) }
        stepBase += steps.count
        steps.removeAll(keepingCapacity: true)
    }

    /// Hands an ended path to the spool, if there is one, keeping only an
    /// empty stand-in at its index (paths are numbered by their start).
    private mutating func ended(_ open: Int) {
        guard let spool else { return }
        spool.set(paths[open], at: open)
        paths[open] = RenderPath(session: paths[open].session, firstStep: paths[open].firstStep)
    }

    /// Names a collapsed run after its moves and lines.
    private mutating func closeRun() {
        guard runOpen, var step = steps.last else { return }
        runOpen = false
        if step.eventCount > 1 {
            step.text = Self.runText(session: step.session ?? 0, count: step.eventCount, lines: step.firstLine, step.lastLine)
            steps[steps.count - 1] = step
        }
    }

    /// `move s0 x9, lines 7-15`, built from its pieces: an interpolation
    /// of four integers cost more than the rest of the step.
    static func runText(session: Int, count: Int, lines first: Int, _ last: Int) -> String {
        var text = "move s"
        text.reserveCapacity(40)
        text += String(session)
        text += " x"
        text += String(count)
        text += ", lines "
        text += String(first)
        text += "-"
        text += String(last)
        return text
    }

    /// Extends the finger path of the event's session.
    private mutating func track(_ e: RenderEvent, step: Int) {
        guard e.kind.isDragLocation || e.kind == .cancel else { return }
        let session = e.session ?? 0
        if e.kind == .lift, let open = openPaths[session] {
            paths[open].lastStep = max(step - 1, paths[open].firstStep)  // a lift without drop: close it
            openPaths[session] = nil
            ended(open)
        }
        if e.kind == .cancel {
            if let open = openPaths.removeValue(forKey: session) {
                paths[open].lastStep = step
                paths[open].end = .cancel
                ended(open)
            }
            return
        }
        guard let p = e.location else {
            if e.kind == .drop, let open = openPaths.removeValue(forKey: session) {
                paths[open].lastStep = step
                paths[open].end = .drop
                ended(open)
            }
            return
        }
        let open: Int
        if let o = openPaths[session] {
            open = o
        } else {
            open = paths.count
            paths.append(RenderPath(session: session, firstStep: step))
            openPaths[session] = open
        }
        paths[open].add(p, step: step, limit: pathLimit)
        byteEstimate += 24
        if e.kind == .drop {
            paths[open].lastStep = step
            paths[open].end = .drop
            openPaths[session] = nil
            ended(open)
        }
    }
}
