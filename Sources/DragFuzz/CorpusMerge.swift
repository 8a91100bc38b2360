import DragRecording

/// The shape of a recording for deduplication: its invariant (from `meta`,
/// for findings) and the kinds of its events, as `FuzzCase.shape` names them.
public func recordingShape(header: RecordingHeader, events: [RecordedEvent]) -> String {
    let invariant = header.meta?["invariant"] ?? "none"
    let mode = header.meta?["mode"] ?? ""
    return "\(invariant)|\(mode)|" + eventShape(events)
}

/// The kinds of a recording's events (expectations left out): `lift1,drop`.
func eventShape(_ events: [RecordedEvent]) -> String {
    events.compactMap { e -> String? in
        switch e.kind {
        case .lift(let items, _, _, _, let external): return external ? "lift-external" : "lift\(items.count)"
        case .move: return "move"
        case .drop(_, _, let deferred): return deferred ? "drop-deferred" : "drop"
        case .cancel: return "cancel"
        case .apply: return "apply"
        case .insert: return "insert"
        case .delete: return "delete"
        case .relocate(let items, _, let before, let via): return via ? "deliver\(items.count)\(before == nil ? "-end" : "")" : "relocate"
        case .update: return "update"
        case .reload: return "reload"
        case .enable: return "enable"
        case .disable: return "disable"
        case .lock: return "lock"
        case .unlock: return "unlock"
        case .expect: return nil
        }
    }.joined(separator: ",")
}
