import DragReplay
import ReorderReplicas
import Testing

// The replay half of `expectReplicaInvariants`: a finding of Swift sync code
// replays only against that code, so the hint its issue prints is this call,
// from the test, with the same factories; `dragreplay replay FILE` would
// run the model and pass.

/// Replays the version 3 recording at `path` with every client replica
/// played by `make` (and the server by `server`, when given), and records an
/// issue (the failing line and check) unless it passes. `claimsModel` as in
/// `expectReplicaInvariants`. A recording without replicas is refused: the
/// model would stand in for the code.
///
///     @Test func boardSyncRegression() {
///         replayReplicaRecording("__Recordings__/Tests/BoardTests/boardSync-convergence.jsonl", claimsModel: true) {
///             BoardPeer($0)
///         }
///     }
///
/// - Complexity: the replay's: the events, plus the intent search at each `quiesce`.
@discardableResult
public func replayReplicaRecording(
    _ path: String, claimsModel: Bool,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    server: SyncReplicaFactory? = nil, make: @escaping SyncReplicaFactory
) -> ReplayResult {
    var options = ReplayOptions()
    options.merge = syncMergeUnderTest(name: "swift", claimsModel: claimsModel, server: server, make: make)
    options.singleReplicaRefusal = "a recording without replicas: replayReplicaRecording plays the replicas of a version 3 recording"
    let result = Replayer(options: options).run(path: path)
    if result.status != .pass {
        Issue.record(
            Comment(rawValue: result.description),
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
}
