import DragReplay
import ReorderReplicas

extension ReplayRenderAdapter {
    /// A version 3 step's replica activity in the renderer's plain values:
    /// IDs and names as text, what the replay computed and nothing more.
    /// - Complexity: O(r·n + m) for r replicas of n entries and m messages.
    static func replicaEvent(_ a: ReplicaActivity) -> RenderReplicaEvent {
        var event = RenderReplicaEvent(
            replicas: a.replicas,
            committed: a.committed.map { op in
                let kind: String
                switch op.kind {
                case .move: kind = "move"
                case .insert: kind = "insert"
                case .delete: kind = "delete"
                }
                return RenderReplicaOp(id: op.id.description, replica: op.id.origin, kind: kind, items: op.kind.items)
            },
            sent: a.sent.map {
                RenderMessage(sendNumber: $0.sendNumber, from: $0.from, to: $0.to, op: $0.op?.description ?? "", number: $0.number)
            },
            delivered: a.delivered.map(\.sendNumber), lost: a.lost.map(\.sendNumber), partition: a.partition,
            data: a.replicas.compactMap { id in
                a.data[id].map { d in
                    RenderReplicaData(
                        replica: id,
                        collections: d.collections.map { RenderReplicaData.Collection(id: $0.id, fixed: $0.fixed, items: $0.items) })
                }
            },
            violations: a.violations.filter { !$0.isWarning }.map { v in
                RenderReplicaViolation(
                    check: v.check.rawValue, replicas: v.replicas, item: v.item, ops: v.ops.map(\.description),
                    blame: (v.unexplainable ?? []).map(\.description))
            })
        event.unseen = a.unseen
        event.shown = a.shown
        return event
    }
}
