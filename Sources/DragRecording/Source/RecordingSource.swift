import DragSystem

/// Where a replay's events come from, one located event at a time: the
/// json-c file reader (`DragReader`), a recording held in memory, a fuzz
/// finding. The replayer depends on this, not on any parser.
public protocol RecordingSource {
    /// The file, or a name such as `<memory>`, for messages.
    var path: String { get }
    var header: RecordingHeader { get }
    /// The physical line the header was read from.
    var headerLine: Int { get }
    /// The next event with its physical line; `nil` at the end. The first
    /// input error ends the source.
    mutating func next() throws(RecordingError) -> Located<RecordedEvent>?
    /// Warnings about the file itself (a truncated tail); complete once
    /// `next()` has returned `nil`.
    var warnings: [Diagnostic] { get }
}

extension RecordingSource {
    /// An error about the whole recording, at its header line.
    public func headerDiagnostic(_ message: String) -> Diagnostic { Diagnostic(path: path, line: headerLine, message: message) }
}

/// A recording held in memory: a header and its events, as the fuzzer, the
/// `Recorder`'s callers and tests build them.
///
///     let recording = Recording(header: header, events: [RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5))])
///     recording.text  // the canonical JSON Lines
public struct Recording: Hashable, Sendable {
    public var header: RecordingHeader
    public var events: [RecordedEvent]

    public init(header: RecordingHeader, events: [RecordedEvent]) {
        self.header = header
        self.events = events
    }

    /// The canonical text, one line per event, each ending in `\n`.
    public var text: String { CanonicalWriter.text(header: header, events: events) }

    /// A source over the events, numbered as the canonical text numbers its
    /// lines (header on line 1), validated as the reader validates a file.
    public func source(path: String = "<memory>") -> RecordingEvents { RecordingEvents(self, path: path) }

    /// The first thing the reader would refuse in the canonical text, with
    /// its line (the header's checks, then each event's in order); `nil`
    /// when every line reads. The writers of recordings ask it before they
    /// report success (issue 44 class 6).
    public func readBackProblem(path: String = "<memory>") -> Diagnostic? {
        var events = source(path: path)
        while true {
            do throws(RecordingError) {
                guard try events.next() != nil else { return nil }
            } catch {
                return error.diagnostic
            }
        }
    }
}

/// The `RecordingSource` of a `Recording`.
public struct RecordingEvents: RecordingSource {
    public let path: String
    public let header: RecordingHeader
    public var headerLine: Int { 1 }
    public var warnings: [Diagnostic] { [] }
    private let events: [RecordedEvent]
    private var index = 0
    private var validator: RecordingValidator?
    private var failed = false

    init(_ recording: Recording, path: String) {
        self.path = path
        header = recording.header
        events = recording.events
    }

    public mutating func next() throws(RecordingError) -> Located<RecordedEvent>? {
        if failed || index >= events.count { return nil }
        if validator == nil {
            do { validator = try RecordingValidator(header: header) } catch {
                failed = true
                throw .input(Diagnostic(path: path, line: 1, message: error.message))
            }
        }
        let event = events[index]
        index += 1
        do { try validator!.check(event) } catch {
            failed = true
            throw .input(Diagnostic(path: path, line: index + 1, message: error.message))
        }
        return Located(line: index + 1, event)
    }
}
