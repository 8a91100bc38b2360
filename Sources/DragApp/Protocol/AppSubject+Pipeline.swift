import ReorderConformance
import ReorderCore

/// `fuzz --app` with the requests of a case written ahead of the answers
/// (see `PipelinedSubject`): up to `window` requests are outstanding at a
/// time; the answers are read as they come and compared, in order, with
/// what a correct app answers.
extension AppSubject: PipelinedSubject {
    /// The most requests written and not yet answered. 64 small JSON lines
    /// fit in a pipe's 64 KiB either way; larger ones are written as the
    /// pipe takes them, while answers are read.
    public static let window = 64

    struct Pipeline {
        /// A correct app, in process: its answers are the predictions.
        var predictor = InProcessSubject<StringID, StringID?>(
            applier: .canonical, policy: .standard, swipeHandler: ReferenceSwipeHandler<StringID>())
        /// Requests written or queued, with the predicted answers; those from `head` on are unanswered.
        var outstanding: [(request: SubjectRequest<StringID, StringID?>, predicted: SubjectAnswer<StringID, StringID?>)] = []
        var head = 0
        /// An answer differed from its prediction, or the app failed: the
        /// rest of the case is not sent, and the case is run again.
        var diverged = false
        /// The difference was not a refusal: the run again needs a fresh process.
        var restart = false
        /// The predictor's data after its last answer (an `update` is answered with it).
        var orders: [[StringID]] = []
        /// The app's answers, in order, while they agreed with the predictions.
        var answers: [SubjectAnswer<StringID, StringID?>] = []
        /// The app exited after answering `answers` (every one agreeing):
        /// how the run again one request at a time ends (`Transcript`).
        var crash: SubjectFailure?
        /// The case began in a process that had had no case before: what
        /// it did is what the run again's fresh process would do.
        var fresh = false

        var unanswered: Int { outstanding.count - head }
    }

    public func beginPipelinedCase() {
        pipeline = Pipeline()
        transcript = nil
    }

    public func endPipelinedCase() -> Bool {
        collect(leaving: 0)
        guard let pipeline else { return false }
        self.pipeline = nil
        if pipeline.diverged, let process, pipeline.restart || process.unreadCount > 0 || process.unwrittenCount > 0 {
            // Not in a known state: the run again starts a fresh process.
            fail()
        }
        if let crash = pipeline.crash, pipeline.fresh, usesTranscripts, process == nil {
            // The run again meets the same answers and then the same exit:
            // it reads them here, and starts no process only to crash it.
            transcript = Transcript(
                requests: pipeline.outstanding.prefix(pipeline.answers.count + 1).map(\.request), answers: pipeline.answers,
                crash: crash)
        }
        return !pipeline.diverged
    }

    /// What the app did in a pipelined case that ended with its exit, in a
    /// process that had had no case before (an app whose failure depends on
    /// earlier cases is run again in a fresh process, as before): its
    /// answers to the first requests, all agreeing with the predictions,
    /// then its exit before answering the next. The run again one request
    /// at a time sends the same requests (the same answers lead the engine
    /// the same way), so it is answered from here: no fresh process is
    /// started only to crash it again (issue 41 item 6). A request that
    /// differs ends the transcript, and a fresh process is brought to the
    /// same point by the requests before it.
    struct Transcript {
        var requests: [SubjectRequest<StringID, StringID?>]
        var answers: [SubjectAnswer<StringID, StringID?>]
        var crash: SubjectFailure
        var next = 0
    }

    /// `request`'s answer from the transcript, or its failure; `nil` when
    /// the transcript does not hold it (it is then ended, and a fresh
    /// process has had the requests before it).
    func replayTranscript(_ request: SubjectRequest<StringID, StringID?>) throws(SubjectFailure) -> SubjectAnswer<StringID, StringID?>? {
        guard var t = transcript else { return nil }
        if case .reset(let container, _, _) = request { collectionIDs = container.collections.map(\.id) }
        // What the app is never sent was never written ahead either.
        if case .configure = request, !configures { return SubjectAnswer.none }
        if request.isSwipe && !swipes || AppMessages.line(for: request) == nil { return SubjectAnswer.none }
        transcript = nil
        guard t.next < t.requests.count, t.requests[t.next] == request else {
            try catchUp(t.requests.prefix(t.next))
            return nil
        }
        if t.next == t.answers.count { throw t.crash }
        t.next += 1
        transcript = t
        return t.answers[t.next - 1]
    }

    /// A fresh process brought to where the transcript left off: the same
    /// requests, one at a time.
    func catchUp(_ requests: ArraySlice<SubjectRequest<StringID, StringID?>>) throws(SubjectFailure) {
        for request in requests { _ = try handle(request) }
    }

    public func endCase() -> SubjectFailure? {
        guard let process, process.exitStatus == nil else { return nil }
        // An app that died since its last answer is reported by the next request, as before.
        do { try process.pump(waiting: false, timeout: timeout) } catch { return nil }
        return process.unreadCount > 0 ? unsolicited(process) : nil
    }

    /// Answers `request` with the prediction and queues its line for the app.
    /// - Complexity: O(request and answer sizes), amortised; one write per
    ///   request; waits and reads only when `window` requests are outstanding.
    func predict(_ request: SubjectRequest<StringID, StringID?>, line: [UInt8]) -> SubjectAnswer<StringID, StringID?> {
        guard var pipeline else { return .none }
        self.pipeline = nil  // one reference while it changes
        var predicted: SubjectAnswer<StringID, StringID?>
        do { predicted = try pipeline.predictor.handle(request) } catch {
            pipeline.diverged = true
            predicted = .none
        }
        switch predicted {
        case .data(let orders), .swipeData(let orders, _): pipeline.orders = orders
        default: break
        }
        // The app answers an update with its data; the in-process subject has nothing to say.
        if case .mutation(.update) = request { predicted = .data(pipeline.orders) }
        if !pipeline.diverged, let process {
            process.queue(line)
            pipeline.outstanding.append((request, predicted))
        } else {
            pipeline.diverged = true
        }
        let full = pipeline.unanswered >= Self.window
        self.pipeline = pipeline
        if full {
            collect(leaving: Self.window / 2)
        } else if let process {
            // The app starts on the request while the tool goes on; answers
            // are read when the window is full or at the case's end (at most
            // `window` of them wait in the pipe).
            do { try process.flushQueue() } catch {
                _ = failure(error, process)
                self.pipeline?.diverged = true
            }
        }
        return predicted
    }

    /// Writes what is queued and reads the answers that have arrived,
    /// comparing each with its prediction; waits until at most `leaving`
    /// requests are unanswered. A process error stops the app.
    func collect(leaving: Int) {
        guard var pipeline else { return }
        self.pipeline = nil
        defer { self.pipeline = pipeline }
        var waiting = false
        while let process {
            do {
                try process.pump(waiting: waiting, timeout: waitLimit)
            } catch {
                // What it answered before it exited counts, then the exit.
                let agreed = !pipeline.diverged && read(process, into: &pipeline) && !pipeline.diverged
                let failed = failure(error, process)
                if agreed, case .crashed = error, pipeline.head < pipeline.outstanding.count { pipeline.crash = failed }
                pipeline.diverged = true
                return
            }
            guard read(process, into: &pipeline) else { return }
            if pipeline.unanswered <= leaving { return }
            waiting = true
        }
        pipeline.diverged = true
    }

    /// Compares the answers read so far with their predictions; false after
    /// an answer with no request outstanding (the app is then stopped).
    func read(_ process: AppProcess, into pipeline: inout Pipeline) -> Bool {
        while let line = process.nextAnswer() {
            guard pipeline.head < pipeline.outstanding.count else {
                // An answer with no request outstanding: the run again, in a
                // fresh process, meets it and reports it.
                pipeline.diverged = true
                fail()
                return false
            }
            let (request, predicted) = pipeline.outstanding[pipeline.head]
            pipeline.head += 1
            guard !pipeline.diverged else { continue }
            do {
                let answer = try answer(to: request, line)
                if Self.agrees(answer, with: predicted) {
                    pipeline.answers.append(answer)
                } else {
                    pipeline.diverged = true
                    pipeline.restart = true
                }
            } catch {
                pipeline.diverged = true
                // A refusal keeps the app (one that refuses after a few
                // cases must be met in the same process by the run again);
                // any other difference may be a line too many that is
                // still in flight, and the run again must not read it.
                if case .error = error {} else { pipeline.restart = true }
            }
        }
        return true
    }

    /// Whether the engine does the same with `answer` as with `predicted`:
    /// equal answers, or a drop configuration that leaves out a collection
    /// or an anchor the prediction has (the engine compares only what an
    /// answer says, kanban_board.py says no anchor).
    static func agrees(_ answer: SubjectAnswer<StringID, StringID?>?, with predicted: SubjectAnswer<StringID, StringID?>) -> Bool {
        guard case .configuration(let a)? = answer, case .configuration(let p) = predicted else { return answer == predicted }
        return a.operation == p.operation && (a.collection == nil || a.collection == p.collection)
            && (a.before == nil || a.before == p.before)
    }
}
