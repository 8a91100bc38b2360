/// Turns the replayer's events, one at a time, into a `RenderDocument`
/// whose size follows what changed rather than how many events there were:
/// identical snapshots are stored once, consecutive moves of one session
/// become one step, and a drag's path beyond `pathLimit` points is sampled.
/// The events themselves are not kept.
public struct RenderBuilder: Sendable {
    public let header: RenderHeader
    public let pathLimit: Int
    private var store = SnapshotStore()
    private var steps: [RenderStep] = []
    private var paths: [RenderPath] = []
    /// The path of each session's current drag.
    private var openPaths: [Int: Int] = [:]
    /// The last snapshot given and its index: replayers resend unchanged
    /// data with every move, and comparing with it is cheaper than hashing.
    private var lastModel: (snapshot: RenderSnapshot, index: Int)?
    private var lastApp: (snapshot: RenderSnapshot, index: Int)?
    /// The last step is a run of moves that the next move may join.
    private var runOpen = false
    private var eventCount = 0
    private var firstFailing: Int?
    private var initial: Int?
    /// The page's bound, and where it was reached (then nothing more is kept).
    private let sizeLimit: RenderSizeLimit?
    private var tooLarge: RenderTooLarge?
    /// About the bytes of the steps and paths as JSON (the store counts its own).
    private var byteEstimate = 0

    /// - Parameters:
    ///   - initial: the data before the first event, shown as "before" at step 0.
    ///   - pathLimit: points kept per drag before its path is sampled.
    ///   - sizeLimit: the most the page may take; past it the builder keeps
    ///     nothing more and the document's `tooLarge` says where.
    public init(header: RenderHeader, initial: RenderSnapshot? = nil, pathLimit: Int = 2000, sizeLimit: RenderSizeLimit? = nil) {
        self.header = header
        self.pathLimit = max(pathLimit, 2)
        self.sizeLimit = sizeLimit
        if let initial {
            let i = store.intern(initial)
            self.initial = i
            lastModel = (initial, i)
        }
    }

    /// Whether the document reached its size limit (later events are only counted).
    public var isFull: Bool { tooLarge != nil }

    public mutating func append(_ e: RenderEvent) {
        eventCount += 1
        guard tooLarge == nil else { return }
        defer { checkSize(line: e.line) }
        let snapshot = Self.index(of: e.snapshot, last: &lastModel, in: &store)
        var app: Int?
        if let a = e.appData { app = Self.index(of: a, last: &lastApp, in: &store) }
        // A move joins the run before it only when it adds nothing but a
        // location: no warning, failure, report or change of answer or data.
        let plain =
            e.warnings.isEmpty && e.failures.isEmpty && e.expectation == nil && e.difference == nil && e.outcome == nil
            && (e.swipe?.presentations.isEmpty ?? true) && e.swipe?.performed == nil
        if e.kind == .move, plain, runOpen, let last = steps.last, last.session == e.session,
            last.operation == e.operation, last.snapshot == snapshot, last.appSnapshot == app,
            last.swipe?.open == e.swipe?.open, last.activeSessions == e.activeSessions
        {
            var step = last
            step.lastLine = e.line
            step.lastT = e.t
            step.eventCount += 1
            step.location = e.location
            step.hit = e.hit
            step.placeholder = e.placeholder
            step.destination = e.destination
            steps[steps.count - 1] = step
        } else {
            closeRun()
            steps.append(RenderStep(e, snapshot: snapshot, appSnapshot: app))
            byteEstimate +=
                96 + e.text.utf8.count + e.warnings.reduce(0) { $0 + $1.utf8.count } + e.failures.reduce(0) { $0 + $1.utf8.count }
                + (e.expectation.map { $0.expected.utf8.count + $0.actual.utf8.count + $0.failures.reduce(0) { $0 + $1.utf8.count } } ?? 0)
            runOpen = e.kind == .move && plain
            if e.isFailing && firstFailing == nil { firstFailing = steps.count - 1 }
        }
        track(e, step: steps.count - 1)
    }

    public consuming func finish() -> RenderDocument {
        closeRun()
        store.seal()
        lastModel = nil
        lastApp = nil
        return RenderDocument(
            header: header, steps: steps, paths: paths, snapshots: store, initialSnapshot: initial,
            eventCount: eventCount, pathLimit: pathLimit, firstFailingStep: firstFailing, tooLarge: tooLarge)
    }

    /// Stops keeping anything once the estimate passes the limit.
    private mutating func checkSize(line: Int) {
        guard let sizeLimit, byteEstimate + store.byteEstimate > sizeLimit.bytes else { return }
        tooLarge = RenderTooLarge(path: header.path, limit: sizeLimit, line: line)
    }

    private static func index(
        of s: RenderSnapshot, last: inout (snapshot: RenderSnapshot, index: Int)?,
        in store: inout SnapshotStore
    ) -> Int {
        if let last, last.snapshot == s { return last.index }
        let i = store.intern(s)
        last = (s, i)
        return i
    }

    /// Names a collapsed run after its moves and lines.
    private mutating func closeRun() {
        guard runOpen, var step = steps.last else { return }
        runOpen = false
        if step.eventCount > 1 {
            step.text = "move s\(step.session ?? 0) x\(step.eventCount), lines \(step.firstLine)-\(step.lastLine)"
            steps[steps.count - 1] = step
        }
    }

    /// Extends the finger path of the event's session.
    private mutating func track(_ e: RenderEvent, step: Int) {
        guard e.kind.isDragLocation || e.kind == .cancel else { return }
        let session = e.session ?? 0
        if e.kind == .lift, let open = openPaths[session] {
            paths[open].lastStep = max(step - 1, paths[open].firstStep)  // a lift without drop: close it
            openPaths[session] = nil
        }
        if e.kind == .cancel {
            if let open = openPaths.removeValue(forKey: session) {
                paths[open].lastStep = step
                paths[open].end = .cancel
            }
            return
        }
        guard let p = e.location else {
            if e.kind == .drop, let open = openPaths.removeValue(forKey: session) {
                paths[open].lastStep = step
                paths[open].end = .drop
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
        }
    }
}
