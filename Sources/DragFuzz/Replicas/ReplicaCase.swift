import DragRecording

/// One generated replicated case: the explicit version 3 recording (so a
/// finding replays and shrinks like any recording) and what its nemesis did.
struct ReplicaCase: Sendable {
    var recording: Recording
    var channel: ChannelCounts
}
