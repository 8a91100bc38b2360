import ReorderCore

/// A merge whose replicas are played by code under test (`SyncReplica`:
/// an app process per replica, a Swift value), the model playing the rest:
/// app clients with the model's server, an app server with model clients,
/// or every replica an app. It routes what each replica's code sends as
/// the topology says, validates it (8.3: an op its sender never had, a
/// number out of sequence, a receiver that is no replica), counts what
/// each replica integrated when its code does not say, and, for code that
/// claims a reference model, replays the same commits and deliveries on a
/// shadow of that model and compares (6.5, `reference`).
///
/// A hosted merge is used by one case at a time: the code it hosts is not
/// shared across threads (hence `@unchecked Sendable`).
public struct HostedMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge, @unchecked Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>
    public typealias Violation = ReplicaViolation<ItemID, CollectionID>

    public let name: String
    public let ids: [String]
    public let topology: ReplicaTopology
    /// Every replica: `ids`, then the server in a star.
    let replicas: [String]
    var nodes: [String: any SyncReplica<ItemID, CollectionID>]
    /// The replicas played by code under test (validated, compared).
    public let hosted: Set<String>
    /// The tool's count of integrated ops, for code that gives none.
    var counted: [String: Set<OpID>] = [:]
    /// The ops each replica committed or received: what it may name.
    var known: [String: Set<OpID>] = [:]
    /// The server's numbers, as its sends gave them (validation).
    var numbers: [OpID: Int] = [:]
    var nextNumber = 1
    /// What each message without an op carries causally, by tag.
    var carried: [Int: Set<OpID>] = [:]
    /// The model the hosted code claims, replayed alongside; `nil` for a
    /// merge of its own.
    var shadow: (any ReplicaMerge<ItemID, CollectionID>)?
    /// Replicas whose `reference` already broke (reported once each).
    var diverged: Set<String> = []
    var findings: [Violation] = []
    public private(set) var isStopped = false
    /// Kept alive as long as the merge: the owner of the hosted code's
    /// resources (an app pool's lease returns its processes when freed).
    public var lease: AnyObject?

    /// A merge for `ids` starting from `data`: `hosted` gives the code
    /// playing some replicas (a client id, or `serverReplica` in the
    /// `server` model); the model plays the others. `claimsModel`: the code
    /// implements `model` (4.1 or 4.2) and `reference` applies; `false`: a
    /// merge of its own, checked by the model-free checks only.
    /// - Complexity: O(r + n).
    public init(
        name: String, ids: [String], data: Container, model: ReplicaModel, claimsModel: Bool,
        hosted: [String: any SyncReplica<ItemID, CollectionID>]
    ) {
        self.name = name
        self.ids = ids
        topology = model == .server ? .star : .mesh
        replicas = model == .server ? ids + [serverReplica] : ids
        self.hosted = Set(hosted.keys)
        var nodes = hosted
        for r in replicas where nodes[r] == nil {
            switch model {
            case .server: nodes[r] = r == serverReplica ? ServerNode(ids: ids, data: data) : ServerClientNode(data: data)
            case .causal: nodes[r] = CausalNode(replica: r, ids: ids, data: data)
            }
        }
        self.nodes = nodes
        for r in replicas {
            counted[r] = []
            known[r] = []
        }
        shadow = claimsModel ? model.merge(ids: ids, data: data) : nil
    }

    public func data(of replica: String) -> Container { nodes[replica]!.data }

    public func integrated(at replica: String) -> Set<OpID> { nodes[replica]!.integrated ?? counted[replica]! }

    public mutating func commit(_ op: Op, at replica: String) -> [ReplicaSend] {
        preconditionFailure("a hosted merge commits with the local change: commit(_:change:at:)")
    }

    public mutating func receive(_ op: Op, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        preconditionFailure("a hosted merge receives messages: receive(_:op:)")
    }

    /// - Complexity: the hosted code's, plus O(r) sends and the shadow's commit.
    public mutating func commit(_ op: Op, change: LocalChange<ItemID, CollectionID>, at replica: String) -> [ReplicaSend] {
        guard !isStopped else { return [] }
        let output: SyncOutput
        do { output = try nodes[replica]!.commit(op, change: change) } catch {
            fail(replica, error)
            return []
        }
        counted[replica]!.insert(op.id)
        known[replica]!.insert(op.id)
        let targets = topology == .star ? [serverReplica] : ids.filter { $0 != replica }
        var sends = targets.map { ReplicaSend(from: replica, to: $0, op: op.id, payload: output.payload) }
        sends += route(output.send, from: replica)
        if shadow != nil {
            _ = shadow!.commit(op, at: replica)
            compare(replica)
        }
        return isStopped ? [] : sends
    }

    /// - Complexity: the hosted code's, plus the shadow's receive.
    public mutating func receive(_ message: ReplicaMessage, op: Op?) -> [ReplicaSend] {
        guard !isStopped else { return [] }
        return finishReceive(message, op: op, start(message, op: op))
    }

    /// Starts every receiver's work (an app reads its request while the
    /// next is written), then finishes each in order, as one `receive`
    /// after another would. After a failure the rest are still finished
    /// (an app's answer must be read before its next request) and ignored.
    /// - Complexity: the hosted code's, plus the shadow's receives.
    public mutating func receive(round: [(message: ReplicaMessage, op: Op?)]) -> [[ReplicaSend]?] {
        guard !isStopped else { return round.map { _ in nil } }
        let started = round.map { start($0.message, op: $0.op) }
        var results: [[ReplicaSend]?] = []
        for ((message, op), finish) in zip(round, started) {
            if isStopped {
                _ = try? finish()
                results.append(nil)
                continue
            }
            let sends = finishReceive(message, op: op, finish)
            results.append(isStopped ? nil : sends)
        }
        return results
    }

    private func start(_ message: ReplicaMessage, op: Op?) -> () throws -> SyncOutput {
        nodes[message.to]!.startReceive(SyncDelivery(from: message.from, op: op, number: message.number, payload: message.payload))
    }

    private mutating func finishReceive(_ message: ReplicaMessage, op: Op?, _ finish: () throws -> SyncOutput) -> [ReplicaSend] {
        let to = message.to
        let output: SyncOutput
        do { output = try finish() } catch {
            fail(to, error)
            return []
        }
        let carries: Set<OpID> = op.map { [$0.id] } ?? message.tag.flatMap { carried[$0] } ?? []
        // The replica has the op, and may name it; but an inert op (8.1: it
        // changed nothing on its origin) carries no causality.
        known[to]!.formUnion(carries)
        counted[to]!.formUnion(op?.changedNothing == true ? [] : carries)
        let sends = route(output.send, from: to)
        if let op, shadow != nil {
            _ = shadow!.receive(op, number: message.number, from: message.from, at: to)
            compare(to)
        }
        return isStopped ? [] : sends
    }

    /// Every replica's repair, clients in `ids` order, then the server.
    /// - Complexity: the hosted code's, plus O(r * m) for the model's replicas.
    public mutating func antiEntropy() -> [ReplicaSend] {
        // Every hosted replica's resend is started first: apps work at once.
        var started: [String: () throws -> [SyncMessage]] = [:]
        for r in replicas where hosted.contains(r) { started[r] = nodes[r]!.startResend() }
        var sends: [ReplicaSend] = []
        for r in replicas {
            if let node = nodes[r] as? any ModelNode<ItemID, CollectionID> {
                guard !isStopped else { continue }
                let messages = node.resend(lacking: lacks)
                sends += messages.map { ReplicaSend(from: r, to: $0.to!, op: $0.op, number: $0.number) }
                continue
            }
            guard let finish = started[r] else { continue }
            if isStopped {
                _ = try? finish()  // read, so the app's next request finds no stale answer
                continue
            }
            do { sends += route(try finish(), from: r) } catch { fail(r, error) }
        }
        return isStopped ? [] : sends
    }

    public var isOwnMerge: Bool { shadow == nil }

    public mutating func takeFindings() -> [Violation] {
        defer { findings = [] }
        return findings
    }

    /// Whether `replica` still needs the op (of server number `number`):
    /// a model client needs every number above its contiguous one; any
    /// other replica, an op it has not integrated.
    func lacks(_ replica: String, _ number: Int?, _ op: OpID) -> Bool {
        if let number, let client = nodes[replica] as? ServerClientNode<ItemID, CollectionID> { return number > client.client.k }
        return !integrated(at: replica).contains(op)
    }

    /// 6.5 after a change on `replica`: its data against the shadow model's.
    mutating func compare(_ replica: String) {
        guard hosted.contains(replica), !diverged.contains(replica), let shadow else { return }
        let mine = ReplicaData(data(of: replica))
        let model = ReplicaData(shadow.data(of: replica))
        // Byte for byte: an ID the app holds in other bytes is another ID.
        guard !mine._isIdentical(to: model) else { return }
        diverged.insert(replica)
        findings.append(
            Violation(
                check: .reference, replicas: [replica], data: [mine, model],
                detail: "the replica's data differs from what the \(shadow.name) model holds for it"))
    }

    /// A failure of the hosted code: the finding, and the end of the run.
    mutating func fail(_ replica: String, _ error: any Error) {
        let failure = (error as? SyncFailure) ?? SyncFailure(.appError, "\(error)")
        findings.append(Violation(check: failure.check, replicas: [replica], detail: failure.message))
        isStopped = true
    }
}
