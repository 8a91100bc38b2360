import DragRecording
import ReorderCore
import ReorderReplicas
import Synchronization

/// The app processes of a replicated campaign or replay (replicas-v1 8):
/// which command plays which replica (`--app` every client, `--app-replica
/// A=CMD` one client, `--app-server` the server), and the idle processes,
/// reused case after case (`reset` starts each) and shared by the jobs: a
/// case checks out one process per replica it hosts and gives them back
/// when its merge is freed; one that failed is dropped, and the next case
/// starts a fresh one.
public final class AppReplicaPool: Sendable {
    /// Who plays what: `clients` every client replica without an entry in
    /// `perReplica`; `server` the server of the `server` model.
    public struct Commands: Hashable, Sendable {
        public var clients: String?
        public var perReplica: [String: String]
        public var server: String?

        public init(clients: String? = nil, perReplica: [String: String] = [:], server: String? = nil) {
            self.clients = clients
            self.perReplica = perReplica
            self.server = server
        }

        /// The command playing `replica`, if an app plays it.
        public func command(for replica: String) -> String? {
            replica == serverReplica ? server : perReplica[replica] ?? clients
        }

        /// Each distinct (command, role) pair.
        var roles: [(String, String)] {
            var seen: [(String, String)] = []
            for (c, role) in [(clients, "replica"), (server, "server")] + perReplica.values.sorted().map({ ($0, "replica") }) {
                guard let c, !seen.contains(where: { $0 == (c, role) }) else { continue }
                seen.append((c, role))
            }
            return seen
        }
    }

    public let commands: Commands
    public let timeout: Double
    let tool: String
    private let idle = Mutex<[String: [Held]]>([:])
    /// Whether a hosted app said its merge is its own (`merge-own` in hello).
    public let ownMerge: Bool
    /// The run's deadline (`fuzz --replicas --time`), given to every process
    /// (`AppReplicaProcess.deadline`); `nil`: none.
    public let deadline: Double?

    /// Starts one process per distinct command and role and checks its
    /// hello, before any case: a failure is an input error.
    /// - Throws: `AppHostError` naming the command.
    public init(commands: Commands, timeout: Double = 10, tool: String = "dragreplay", deadline: Double? = nil) throws(AppHostError) {
        self.commands = commands
        self.timeout = timeout
        self.tool = tool
        self.deadline = deadline
        var own = false
        var started: [String: [Held]] = [:]
        for (command, role) in commands.roles {
            let p = try AppReplicaProcess(command: command, role: role, timeout: timeout, tool: tool, deadline: deadline)
            own = own || p.ownsMerge
            started[Self.key(command, role), default: []].append(Held(p))
        }
        ownMerge = own
        idle.withLock { $0 = started }
    }

    static func key(_ command: String, _ role: String) -> String { role + "\u{0}" + command }

    /// The merge for one case: the apps play the replicas they are given,
    /// the model the rest; each app process gets `reset`. A process that
    /// cannot start or fails its reset is that replica's failure, reported
    /// at the first event that reaches it.
    /// - Complexity: one `reset` exchange per hosted replica.
    public func merge(
        ids: [String], data: ReorderContainer<StringID, StringID?>, model: ReplicaModel, options: ReplicaOptions, layout: Layout<StringID>
    ) -> HostedMerge<StringID, StringID?> {
        let lease = Lease(pool: self)
        var hosted: [String: any SyncReplica<StringID, StringID?>] = [:]
        let all = model == .server ? ids + [serverReplica] : ids
        for r in all {
            guard let command = commands.command(for: r) else { continue }
            let role = r == serverReplica ? "server" : "replica"
            let setup = SyncSetup(replica: r, replicas: ids, model: model, options: options, data: data)
            do {
                let process = try checkout(command, role: role)
                lease.held.append((Self.key(command, role), process))
                hosted[r] = try AppReplica(host: process, setup: setup, layout: layout)
            } catch let failure as SyncFailure {
                hosted[r] = FailedReplica(data: data, failure: failure)
            } catch {
                hosted[r] = FailedReplica(data: data, failure: SyncFailure(.appCrash, "\(error)"))
            }
        }
        var merge = HostedMerge(name: "app", ids: ids, data: data, model: model, claimsModel: !ownMerge, hosted: hosted)
        merge.lease = lease
        return merge
    }

    func checkout(_ command: String, role: String) throws -> AppReplicaProcess {
        let key = Self.key(command, role)
        if let held = idle.withLock({ $0[key]?.popLast() }) { return held.process }
        return try AppReplicaProcess(command: command, role: role, timeout: timeout, tool: tool, deadline: deadline)
    }

    func checkin(_ key: String, _ process: AppReplicaProcess) {
        guard process.isRunning else { return }
        idle.withLock { $0[key, default: []].append(Held(process)) }
    }

    /// The idle processes now.
    var idleCount: Int { idle.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// Says `bye` to every idle process.
    public func close() {
        let all = idle.withLock { pool in
            defer { pool = [:] }
            return pool.values.flatMap { $0 }
        }
        for held in all { held.process.close() }
    }

    /// A process handed between jobs: only one job uses it at a time.
    struct Held: @unchecked Sendable {
        let process: AppReplicaProcess
        init(_ process: AppReplicaProcess) { self.process = process }
    }

    /// The processes one case holds; freed with its merge.
    final class Lease {
        let pool: AppReplicaPool
        var held: [(String, AppReplicaProcess)] = []
        init(pool: AppReplicaPool) { self.pool = pool }
        deinit { for (key, process) in held { pool.checkin(key, process) } }
    }
}

/// A replica whose app could not start or refused its `reset`: every
/// request reports that failure.
final class FailedReplica: SyncReplica {
    let data: ReorderContainer<StringID, StringID?>
    let failure: SyncFailure
    init(data: ReorderContainer<StringID, StringID?>, failure: SyncFailure) {
        self.data = data
        self.failure = failure
    }
    func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput { throw failure }
    func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput { throw failure }
    func resend() throws -> [SyncMessage] { throw failure }
}
