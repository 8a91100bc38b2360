import DragRecording
import DragSystem
import ReorderCore

/// Reads a dragrec recording line by line: version 1 (spec 1, 1.1, 2, 2.3)
/// and version 2 (the swipe actions of `swipe-v1` 1, 3, 4).
///
/// Memory is bounded by the longest line and the live data, never by the
/// file's length. Every field, type and range is checked, the session grammar
/// too; the first bad line ends the read with an error naming line, column
/// and field. A final line cut off mid-write is dropped with a warning.
///
///     let reader = try RecordingReader(path: "corpora/regression/forward-move.jsonl")
///     while let event = try reader.next() { print(event.line, event.value.kind.type) }
public final class RecordingReader: RecordingSource {
    public static let maxLineBytes = Limits.maxLineBytes
    public static let maxDepth: Int32 = 32

    public let path: String
    public var header: RecordingHeader { storedHeader }
    /// The line the header was read from.
    public private(set) var headerLine: Int
    /// Warnings so far (a truncated final line).
    public private(set) var warnings: [Diagnostic] = []
    /// The validator's state: what is still open when the file ends.
    public var validator: RecordingValidator { checker }
    // Private storage behind the two public views: the compiler then sees
    // every access and checks exclusivity statically, where a public stored
    // property cost two runtime `swift_beginAccess` calls per line.
    private var storedHeader: RecordingHeader
    // `check` (another module's code) mutates it in place; not knowing that
    // code, the compiler checked the access at run time on every line. No
    // other access can overlap: the validator holds no reference to the reader.
    @exclusivity(unchecked) private var checker: RecordingValidator

    /// One physical line as it was read, before it is decoded: how `bless`
    /// copies every byte of a file through in the same single pass.
    public struct RawLine {
        public let number: Int
        /// The line without its newline; `nil` for a line over the limit
        /// (its bytes were skipped, not kept). Valid during the call only.
        public let bytes: UnsafeRawBufferPointer?
        public let hasNewline: Bool
    }

    private let source: LineSource
    private let tokener = JSONCTokener(maxDepth: RecordingReader.maxDepth)
    private let file: FileDescriptor?
    private let rawLines: ((RawLine) -> Void)?
    private var finished = false
    private let isFIFO: Bool

    /// Opens `path` and reads its header. `rawLines`, when given, sees every
    /// physical line (blank ones too) as it is read.
    ///
    /// Never hangs on what is not a regular file: the open does not block
    /// (a FIFO with no writer reads as empty, and says so), and on a stream
    /// (a FIFO, a pipe, a device such as `/dev/zero`) a line past the
    /// limit is an error at once instead of being skipped to its end.
    public convenience init(path: String, rawLines: ((RawLine) -> Void)? = nil) throws(RecordingError) {
        let file: FileDescriptor
        let status: FileStatus
        do throws(SystemError) {
            file = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
            do throws(SystemError) {
                status = try file.status()
                try file.setNonBlocking(false)
            } catch {
                try? file.close()
                throw error
            }
        } catch { throw .system(error) }
        let source = LineSource(file: file, limit: Self.maxLineBytes, isStream: !status.isRegularFile)
        try self.init(source: source, file: file, path: path, rawLines: rawLines, isFIFO: status.isFIFO)
    }

    /// Reads a recording held in memory (tests, fuzzing, a recording string).
    public convenience init(bytes: [UInt8], path: String = "<memory>") throws(RecordingError) {
        try self.init(source: LineSource(bytes: bytes, limit: Self.maxLineBytes), file: nil, path: path, rawLines: nil, isFIFO: false)
    }

    private init(
        source: LineSource, file: FileDescriptor?, path: String, rawLines: ((RawLine) -> Void)?, isFIFO: Bool
    ) throws(RecordingError) {
        self.isFIFO = isFIFO
        self.source = source
        self.file = file
        self.path = path
        self.rawLines = rawLines
        // Placeholders until the header line is read below.
        let placeholder = RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 1), width: 1, height: 1), collections: [CollectionSpec(items: [])])
        storedHeader = placeholder
        headerLine = 0
        checker = try! RecordingValidator(header: placeholder)
        // Every stored property is set by now, so when the header is bad and
        // this throws, `deinit` runs and closes the file: closing it here too
        // would close a descriptor number another thread may have reused.
        try readHeader()
    }

    deinit { try? file?.close() }

    /// The next event, or `nil` at the end of the file. The first input
    /// error ends the read: later calls return `nil`.
    public func next() throws(RecordingError) -> Located<RecordedEvent>? {
        if finished { return nil }
        do throws(RecordingError) {
            while let (number, root) = try nextObject() {
                defer { root.release() }
                do throws(FieldError) {
                    let event = try decodeEvent(root.value, version: storedHeader.version)
                    try checker.check(event)
                    return Located(line: number, event)
                } catch {
                    throw .input(LineContext(raw: currentLine, line: number, path: path).diagnostic(error))
                }
            }
        } catch {
            finished = true
            throw error
        }
        finished = true
        return nil
    }

    /// Reads every remaining event into memory.
    public func readAll() throws(RecordingError) -> [Located<RecordedEvent>] {
        var events: [Located<RecordedEvent>] = []
        while let e = try next() { events.append(e) }
        return events
    }

    // MARK: - Lines

    /// The line being decoded (valid until the next line is read).
    private var currentLine = UnsafeRawBufferPointer(start: nil, count: 0)

    /// The next non-blank line parsed as JSON, or `nil` at the end (after a
    /// truncated tail, with its warning).
    private func nextObject() throws(RecordingError) -> (Int, JSONCRoot)? {
        while true {
            switch try source.next() {
            case .end:
                return nil
            case .tooLong(let number, let newline):
                rawLines?(RawLine(number: number, bytes: nil, hasNewline: newline))
                let message = Limits.lineLengthProblem(Self.maxLineBytes + 1)!
                if !newline {
                    truncatedTail(number, message)
                    return nil
                }
                throw .input(Diagnostic(path: path, line: number, message: message))
            case .line(let number, let line, let newline):
                rawLines?(RawLine(number: number, bytes: line, hasNewline: newline))
                currentLine = line
                let parsed: JSONCTokener.Result?
                if isBlank(line) {
                    parsed = nil
                } else {
                    parsed = tokener.parseStrictly(line, maxDepth: Int(Self.maxDepth))
                }
                switch parsed {
                case nil: continue
                case .value(let root)?: return (number, root)
                case .refused(let offset, let message)?:
                    throw .input(Diagnostic(path: path, line: number, column: offset + 1, message: message))
                case .failure(let offset, let message)?:
                    if !newline {
                        truncatedTail(number, message)
                        return nil
                    }
                    throw .input(Diagnostic(path: path, line: number, column: offset + 1, message: message))
                }
            }
        }
    }

    private func truncatedTail(_ line: Int, _ why: String) {
        warnings.append(
            Diagnostic(
                path: path, line: line, severity: .warning,
                message: "the last line has no newline and is not complete JSON (\(why)); ignored as a truncated tail"))
    }

    private func readHeader() throws(RecordingError) {
        guard let (number, root) = try nextObject() else {
            let cut = !warnings.isEmpty
            throw .input(
                Diagnostic(
                    path: path, line: cut ? warnings[0].line : 1,
                    message: cut
                        ? "no header: the only line is cut off"
                        : isFIFO
                            ? "nothing to read: a FIFO with no writer, or its writer wrote nothing (expected a header line {\"format\":\"dragrec\",\"version\":1,...})"
                            : "empty file: expected a header line {\"format\":\"dragrec\",\"version\":1,...}"))
        }
        headerLine = number
        defer { root.release() }
        let context = LineContext(raw: currentLine, line: number, path: path)
        do {
            storedHeader = try decodeHeader(root.value)
            checker = try RecordingValidator(header: storedHeader)
        } catch {
            throw .input(context.diagnostic(error))
        }
    }
}
