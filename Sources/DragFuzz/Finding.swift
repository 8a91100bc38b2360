import DragRecording
import DragReplay
import KnownBugs
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// What made a finding, for its `meta` and its replay command.
public struct FindingContext: Sendable {
    /// The command that generated it: `dragreplay fuzz`, `dragreplay explore --items 4 --mutations 1`, `ApplyFuzzer`.
    public var generator: String
    /// The applier under test (`--applier`).
    public var applierName: String
    public var seed: UInt64?
    /// The `mode` written in `meta` and the key; `nil`: the case's own
    /// (`sessions` or `differences`). `explore` writes `explore`.
    public var mode: String?
    /// The app's command when an app was under test (`meta.app`).
    public var app: String?
    /// The swipe handlers under test when not `correct` (`meta.handler`).
    public var handler: String?
    /// The Swift test whose closure was under test (`meta.test`): no CLI
    /// applier runs that closure, so its findings replay from the test.
    public var test: String?
    /// The world every case ran in (`--world`): a finding carries its rules
    /// (header field `world`) and `oracle` (`meta.oracle`), so `replay`
    /// judges it as the fuzz did.
    public var world: World?
    /// The oracle that judged the configurations (`--oracle`); `nil`: the
    /// world's default (its rules if it states any, else the model).
    public var oracle: FuzzOracle?

    public init(
        generator: String, applierName: String, seed: UInt64? = nil, mode: String? = nil, app: String? = nil, handler: String? = nil,
        test: String? = nil, world: World? = nil, oracle: FuzzOracle? = nil
    ) {
        self.generator = generator
        self.world = world
        self.oracle = oracle
        self.test = test
        self.applierName = applierName
        self.seed = seed
        self.mode = mode
        self.app = app
        self.handler = handler == SwipeHandlerKind.correct.rawValue ? nil : handler
    }

    /// What was under test, for titles: `--applier NAME [--handler NAME]` or `--app 'COMMAND'`.
    var underTest: String {
        if let test { return "the Swift code of test \(test)" }
        return app.map { "--app \(Format.shellQuoted($0))" } ?? "--applier \(applierName)" + (handler.map { " --handler \($0)" } ?? "")
    }
}

/// A broken invariant as a reproducer: one recording (with `meta` naming
/// what made it, and an `expect` line that holds under `canonical` and fails
/// under the applier) and one key. Campaigns, `explore`, `ApplyFuzzer` and
/// `corpus merge` all make and keep findings this way.
public struct Finding: Sendable, CustomStringConvertible {
    public var invariant: Invariant
    /// `sessions`, `differences`, or `explore`.
    public var mode: String
    public var message: String
    /// The campaign-wide index of the case that first showed it.
    public var caseIndex: Int?
    public var shrinkAttempts: Int
    public var recording: Recording
    public var key: FindingKey
    /// The longest message a finding carries (`meta.description`, the
    /// summary): past it the text is cut with `Format.clipped`.
    public static let maxMessageBytes = 4096

    /// The recording's canonical text.
    public var text: String { recording.text }
    /// Event lines, `expect` lines included.
    public var eventLines: Int { recording.events.count }
    /// `placement-1a2b3c4d5e6f7a8b.jsonl`: named by invariant and content, so
    /// the same finding written twice is one file.
    public var fileName: String { "\(FileName.component(from: invariant.rawValue))-\(contentHash(text)).jsonl" }

    /// The app's command when an app was under test.
    public var app: String?
    /// The swipe handlers under test when not `correct`.
    public var handler: String?
    /// Why no drag session could produce it (a `differences` finding whose
    /// difference only a sync or hand-built code can say); `nil` when a drag can.
    public var notFromDrag: String?
    /// The Swift test whose closure was under test (see `FindingContext.test`).
    public var test: String?

    /// The shell command that replays it (arguments quoted for a POSIX
    /// shell); for a Swift closure, the call that replays it from its test.
    public func replayCommand(path: String) -> String {
        if let test { return Self.swiftReplayHint(path: path, test: test) }
        if let app { return "dragreplay replay --app \(Format.shellQuoted(app)) \(Format.shellQuoted(path))" }
        let applier = key.applier.split(separator: " ").first.map(String.init) ?? key.applier
        let withHandler = handler.map { " --handler \(Format.shellQuoted($0))" } ?? ""
        return "dragreplay replay --applier \(Format.shellQuoted(applier))\(withHandler) \(Format.shellQuoted(path))"
    }

    /// How to replay a finding of a Swift closure: the same closure, from
    /// its test (`replayRecording` in DragTesting), since no CLI applier is
    /// it; and how to draw it with that closure (`renderRecording`), since
    /// `dragreplay render` would draw the model.
    public static func swiftReplayHint(path: String, test: String) -> String {
        "replay it in \(test): replayRecording(\(Format.quoted(path)), ...) with this call's closures (element:, apply:, policy:); "
            + "draw it with renderRecording(\(Format.quoted(path)), ...) and the same closures "
            + "(the page: \(Format.quoted(RenderedPage.path(forRecording: path))))"
    }

    public var description: String { "\(invariant.rawValue) [\(mode)\(caseIndex.map { ", case \($0)" } ?? "")]: \(message)" }
}

/// What two findings must share to be one: the invariant, how it was
/// generated, the applier, and the kinds of its events. One finding per bug
/// and applier, not a thousand copies of one.
public struct FindingKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var invariant: String
    public var mode: String
    public var applier: String
    /// The kinds of the events (expectations left out): `lift1,drop`.
    public var shape: String

    public init(invariant: String, mode: String, applier: String, shape: String) {
        self.invariant = invariant
        self.mode = mode
        self.applier = applier
        self.shape = shape
    }

    /// The key of a recording on disk, from its `meta` and its events; a
    /// recording that is not a finding keys as invariant `none`.
    public init(recording: Recording) {
        self.init(header: recording.header, events: recording.events)
    }

    public init(header: RecordingHeader, events: some Sequence<RecordedEvent>) {
        var shape = ShapeBuilder()
        for e in events { shape.add(e) }
        self.init(header: header, shape: shape.text)
    }

    /// The key of a recording whose shape was made elsewhere (`corpus merge`
    /// hashes it as the events stream past): the one place `meta` becomes a
    /// key, so a campaign and a merge never disagree on what is one finding.
    public init(header: RecordingHeader, shape: String) {
        self.init(
            invariant: header.meta?["invariant"] ?? "none", mode: header.meta?["mode"] ?? "",
            applier: (header.meta?["applier"] ?? header.meta?["app"].map { "app: " + $0 } ?? "")
                + (header.meta?["handler"].map { " handler " + $0 } ?? ""), shape: shape)
    }

    public var description: String { "\(invariant)|\(mode)|\(applier)|\(shape)" }

    public static func < (a: FindingKey, b: FindingKey) -> Bool { a.description < b.description }
}

/// Builds a shape one event at a time, so a key needs no array of events.
public struct ShapeBuilder: Sendable {
    public private(set) var text = ""
    public init() {}

    public mutating func add(_ e: RecordedEvent) {
        let kind: String
        switch e.kind {
        case .lift(let items, _, _, _, let external): kind = external ? "lift-external" : "lift\(items.count)"
        case .drop(_, _, let deferred): kind = deferred ? "drop-deferred" : "drop"
        case .viaApplier(let d): kind = "deliver\(d.sources.count)\(d.destination.position.anchor == nil ? "-end" : "")"
        case .expect: return
        default: kind = e.kind.type.rawValue
        }
        text += text.isEmpty ? kind : "," + kind
    }
}

extension FuzzCase {
    /// The one way a failing case becomes a finding: steps cut after the
    /// violating one (an idempotence violation delivers the same difference
    /// a second time, so the recording itself shows it), `meta` naming
    /// generator, seed, case, applier, mode and invariant, and a final
    /// `expect` with the canonical result.
    public func finding(_ violation: Violation, context: FindingContext, caseIndex: Int?, shrinkAttempts: Int = 0) -> Finding {
        var shown = self
        shown.steps = Array(steps.prefix(violation.step + 1))
        // In process, with no gesture left in it, a swipe section changes
        // nothing (no row can open, no handler is asked): the finding is a
        // plain version 1 recording. An app gets the section at `reset`, and
        // its data may depend on it (its starting flags): kept.
        if context.app == nil, !shown.steps.contains(where: \.isSwipeGesture) { shown.swipe = nil }
        if violation.invariant == .idempotence, let d = violation.difference { shown.steps.append(.drag(.deliver(d))) }
        // An app's long answer (150,000 labels) is cut in the message, never
        // a reason to lose the finding to the line limit (issue 44 class 8).
        let message = Format.clipped(violation.message, bytes: Finding.maxMessageBytes)
        var meta: [String: JSONValue] = [
            "title": .string("\(violation.invariant.rawValue) broken by \(context.underTest)"),
            "description": .string(message), "mode": .string(context.mode ?? mode.rawValue),
            "invariant": .string(violation.invariant.rawValue), "generator": .string(context.generator),
        ]
        if let app = context.app { meta["app"] = .string(app) } else { meta["applier"] = .string(context.applierName) }
        if let test = context.test { meta["test"] = .string(test) }
        if let handler = context.handler, context.app == nil, swipe != nil { meta["handler"] = .string(handler) }
        let notFromDrag = whyNoDragProduces(violation)
        meta["drag"] = .string(notFromDrag.map { "not producible: \($0)" } ?? "producible")
        // Exact: a finding's seed re-runs the campaign's cases. A seed past
        // Int64.max (the reader's integers) is written as its digits in a string.
        if let seed = context.seed { meta["seed"] = Int64(exactly: seed).map(JSONValue.integer) ?? .string(String(seed)) }
        if let caseIndex { meta["case"] = .integer(Int64(caseIndex)) }
        if let world = context.world, world.hasRules { meta["oracle"] = .string((context.oracle ?? .rules).rawValue) }
        let recording = shown.recording(meta: .object(meta), world: context.world)
        return Finding(
            invariant: violation.invariant, mode: context.mode ?? mode.rawValue, message: message, caseIndex: caseIndex,
            shrinkAttempts: shrinkAttempts, recording: recording, key: FindingKey(recording: recording), app: context.app,
            handler: context.app == nil && swipe != nil ? context.handler : nil, notFromDrag: notFromDrag, test: context.test)
    }
}

/// `FNV1a64` as 16 hex digits: names a finding by its content.
public func contentHash(_ text: String) -> String {
    var h = FNV1a64()
    h.add(text.utf8)
    return h.hex
}

extension FuzzCase {
    /// For a `differences` case: why no drag could hand over the difference
    /// delivered at the violation (`nil`: one could, or it is a session case).
    public func whyNoDragProduces(_ violation: Violation) -> String? {
        guard mode == .differences, violation.step >= 0, violation.step < steps.count,
            case .drag(.deliver(let d)) = steps[violation.step]
        else { return nil }
        let before = violation.step == 0 ? container : container(after: violation.step - 1, applier: .canonical)
        let naming = self.naming
        return before.whyNoDragProduces(d) { Format.quoted(naming.itemName($0)) }
    }
}
