import DragRecording
import Foundation
import ReorderCore

/// What `bless` did to one file.
public struct BlessResult: Sendable {
    public var path: String
    public var rewritten: [Int]
    public var appendedFinal: Bool
}

/// Rewrites a recording's `expect` lines to what the replay produces now, and
/// appends a final `expect` when the recording does not end with one. Every
/// other line is kept byte for byte. Writes atomically.
///
/// Each rewritten `expect` keeps the fields it had (an `order` stays an
/// `order`); a field with nothing to compare against yet (no outcome
/// reported, no difference emitted) is dropped.
public func bless(path: String, options: ReplayOptions = ReplayOptions()) throws(RecordingError) -> BlessResult {
    var traced = options
    traced.trace = true
    var observed: [Observed] = []
    var end = Observed(line: 0, expectation: Expectation(), container: ReorderContainer(collections: []), lastOutcome: nil,
                       lastOutcomeBySession: [:], lastDifference: nil, lastOperation: nil)
    var endsWithExpect = false
    var lastT = 0.0
    let result = Replayer(options: traced).run(
        path: path,
        onOutcome: { end.lastOutcome = $0; end.lastOutcomeBySession[$0.session] = $0 },
        onTrace: { step in
            lastT = step.event.t
            end.container = step.container
            if case .expect = step.event.kind { endsWithExpect = true; return }
            endsWithExpect = false
            if let d = step.step?.emitted { end.lastDifference = d }
            if let c = step.step?.configuration { end.lastOperation = c.operation }
        },
        onExpect: { observed.append($0) })
    if let e = result.error { throw .input(e) }
    guard let data = FileManager.default.contents(atPath: path) else { throw .io(path: path, message: "cannot read") }
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
    let endsWithNewline = data.last == UInt8(ascii: "\n")
    if endsWithNewline { lines.removeLast() }

    let single = result.final.count == 1
    var rewritten: [Int] = []
    for o in observed {
        let t = tValue(of: lines[o.line - 1]) ?? 0
        let line = Array(CanonicalWriter.line(for: RecordedEvent(t: t, .expect(blessed(o.expectation, o, single: single)))).utf8)
        if line != lines[o.line - 1] {
            lines[o.line - 1] = line
            rewritten.append(o.line)
        }
    }
    var appended = false
    if !endsWithExpect {
        // What the replay ends with: the data, and the last outcome and difference if any.
        var e = Expectation()
        if single { e.order = [] } else { e.collections = [:] }
        if end.lastOutcome != nil { e.outcome = .moved }
        if end.lastDifference != nil { e.difference = ExpectedDifference(sources: [], before: nil) }
        // A truncated tail cannot stay before a new last line: it goes.
        if !endsWithNewline, let tail = lines.last, !isCompleteLine(tail) { lines.removeLast() }
        lines.append(Array(CanonicalWriter.line(for: RecordedEvent(t: lastT, .expect(blessed(e, end, single: single)))).utf8))
        appended = true
    }
    var out = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    if endsWithNewline || appended { out += "\n" }
    try writeFileAtomically(out, to: path)
    return BlessResult(path: path, rewritten: rewritten, appendedFinal: appended)
}

/// The expectation with the fields it had, set to what was observed.
func blessed(_ e: Expectation, _ o: Observed, single: Bool) -> Expectation {
    var n = Expectation(session: e.session)
    let container = o.container
    if e.order != nil { n.order = container.collections.first?.items ?? [] }
    if let cs = e.collections {
        var map: [String: [String]] = [:]
        let keys = cs.isEmpty ? container.collections.compactMap(\.id) : Array(cs.keys)
        for k in keys { map[k] = container.collections.first { $0.id == k }?.items ?? [] }
        n.collections = map
    }
    if e.outcome != nil {
        n.outcome = (e.session.map { o.lastOutcomeBySession[$0] } ?? o.lastOutcome)?.outcome
    }
    if e.difference != nil, let d = o.lastDifference {
        n.difference = ExpectedDifference(sources: d.sources, collection: single ? nil : d.destination.collectionID, before: d.destination.position.anchor)
    }
    if e.operation != nil { n.operation = o.lastOperation }
    if n.isEmpty {
        if single { n.order = container.collections.first?.items ?? [] } else {
            n.collections = Dictionary(uniqueKeysWithValues: container.collections.compactMap { c in c.id.map { ($0, c.items) } })
        }
    }
    return n
}

/// The `t` of a raw line, read loosely (the reader already validated it).
private func tValue(of line: [UInt8]) -> Double? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
    return (object["t"] as? NSNumber)?.doubleValue
}

private func isCompleteLine(_ line: [UInt8]) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(line))) != nil
}
