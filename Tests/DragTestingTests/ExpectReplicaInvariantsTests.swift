import DragFuzz
import DragTesting
import Foundation
import ReorderReplicas
import Synchronization
import Testing

@Suite("expectReplicaInvariants: Swift sync code as replicas")
struct ExpectReplicaInvariantsTests {
    /// The issues `body` records, as their comments' text (each one expected).
    static func issues(_ body: () -> Void) -> [String] {
        let seen = Mutex<[String]>([])
        withKnownIssue {
            body()
        } matching: { issue in
            seen.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        return seen.withLock { $0 }
    }

    static func directory() -> String { NSTemporaryDirectory() + "replica-invariants-\(UUID().uuidString)" }

    @Test("a correct causal peer passes every check, claiming the model (reference) or not", arguments: [true, false])
    func correctPeerPasses(claimsModel: Bool) {
        let summary = expectReplicaInvariants(claimsModel: claimsModel, runs: 150) { CausalPeer($0) }
        #expect(summary.cases == 150 && summary.findings.isEmpty)
        #expect(summary.localChanges > 150 && summary.channel.lost > 0 && summary.channel.duplicated > 0 && summary.channel.reordered > 0)
    }

    @Test("applying ops in arrival order: one convergence issue, the recording written, replayed from the test")
    func arrivalOrderIsCaught() throws {
        let directory = Self.directory()
        let recorded = Self.issues {
            expectReplicaInvariants(claimsModel: false, runs: 150, recordings: .path(directory)) { CausalPeer($0, bug: .arrivalOrder) }
        }
        #expect(recorded.count == 1, "\(recorded)")
        let text = try #require(recorded.first)
        #expect(text.hasPrefix("convergence: "), "\(text)")
        #expect(text.contains("replayReplicaRecording("), "\(text)")
        #expect(text.contains("expectReplicaInvariants: 3 replicas, causal model"), "\(text)")
        let path = directory + "/arrivalOrderIsCaught-convergence.jsonl"
        #expect(FileManager.default.fileExists(atPath: path))
        // The hint's call fails on the buggy peer and passes on the fixed one.
        let failed = Self.issues { replayReplicaRecording(path, claimsModel: false) { CausalPeer($0, bug: .arrivalOrder) } }
        #expect(failed.count == 1 && failed[0].contains("convergence"), "\(failed)")
        #expect(replayReplicaRecording(path, claimsModel: false) { CausalPeer($0) }.status == .pass)
    }

    @Test("the same bug, claiming the model: reference finds it too, one issue per check")
    func arrivalOrderAgainstTheModel() {
        let recorded = Self.issues {
            expectReplicaInvariants(claimsModel: true, runs: 150, recordings: .path(Self.directory())) {
                CausalPeer($0, bug: .arrivalOrder)
            }
        }
        // A case reports its first check in 6.6's order, and convergence
        // comes before reference there: the cases that end diverged say
        // convergence, those where a replica left the model first say reference.
        let checks = recorded.map { String($0.prefix { $0 != ":" }) }
        #expect(checks == ["convergence", "reference"], "\(recorded)")
    }

    @Test("resending everything at every anti-entropy: one no-quiescence issue")
    func resendingForeverIsCaught() {
        let recorded = Self.issues {
            expectReplicaInvariants(claimsModel: true, runs: 3, recordings: .path(Self.directory())) {
                CausalPeer($0, bug: .resendsEverything)
            }
        }
        #expect(recorded.count == 1 && recorded[0].hasPrefix("no-quiescence: "), "\(recorded)")
    }

    @Test("an error the code throws: one app-error issue, naming the error")
    func thrownErrorIsAnAppError() {
        let recorded = Self.issues {
            expectReplicaInvariants(claimsModel: true, runs: 50, recordings: .path(Self.directory())) {
                CausalPeer($0, bug: .refusesDeletes)
            }
        }
        #expect(recorded.count == 1 && recorded[0].hasPrefix("app-error: "), "\(recorded)")
        #expect(recorded.first?.contains("FOREIGN KEY constraint failed") == true, "\(recorded)")
    }

    @Test("no case run is an issue, not a pass")
    func nothingRanIsAnIssue() {
        let recorded = Self.issues { expectReplicaInvariants(claimsModel: true, runs: 0) { CausalPeer($0) } }
        #expect(recorded.count == 1 && recorded[0].hasPrefix("no replicated session ran"), "\(recorded)")
    }

    @Test("a merge of its own in the server model without its server is refused")
    func ownMergeNeedsItsServer() {
        let recorded = Self.issues { expectReplicaInvariants(merge: .server, claimsModel: false, runs: 10) { CausalPeer($0) } }
        #expect(recorded.count == 1 && recorded[0].contains("pass server:"), "\(recorded)")
    }
}
