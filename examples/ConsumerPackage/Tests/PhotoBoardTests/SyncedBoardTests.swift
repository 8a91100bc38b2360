import DragFuzz
import DragTesting
import PhotoBoard
import ReorderReplicas
import Testing

@Suite("SyncedBoard's sync under the nemesis")
struct SyncedBoardTests {
    /// Three clients and the board's own server, a merge of its own (its
    /// own wire format; the server's arrival order, not the model's), so
    /// the model-free checks judge it: conservation, convergence, intent,
    /// quiescence, and every message it sends.
    @Test("three clients and the server keep every replica invariant")
    func boardSync() {
        let summary = expectReplicaInvariants(merge: .server, claimsModel: false, runs: 300, server: { SyncedBoardServer($0) }) {
            SyncedBoardClient($0)
        }
        #expect(summary.findings.isEmpty && summary.cases == 300)
    }
}
