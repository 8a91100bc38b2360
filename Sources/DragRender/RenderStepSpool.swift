import DragRecording
import DragSystem

/// Where a `RenderBuilder` puts the steps it has closed and the finger
/// paths that have ended, so that memory while rendering stays flat in the
/// number of events: each is encoded at once as the page's JSON (what
/// `DocumentJSON` writes for it) and appended to an unlinked temporary
/// file (`SpoolFile`), one for steps and one for paths. `HTMLRenderer.write`
/// streams them back into the page in chunks. Steps arrive in order and are
/// stored with their separating commas, so they read back as one run;
/// paths end out of the order they began in (two sessions), so each
/// path's place is kept (two integers per path).
///
///     let spool = try RenderStepSpool()
///     var builder = RenderBuilder(header: header, spool: spool)
///     ...
///     try HTMLRenderer.write(builder.finish(), toFile: "page.html")
///
/// The first write failure (a full disk) is kept in `failure` and thrown
/// by the writer before any byte of the page.
public final class RenderStepSpool: @unchecked Sendable {
    // @unchecked: a spool belongs to one render, used by one thread at a time.
    private let steps: SpoolFile
    private let paths: SpoolFile
    /// The JSON of the steps and paths not yet handed to their files:
    /// each is encoded here, in one buffer that keeps its capacity (a
    /// buffer per step and the comma before it cost more than the JSON).
    /// It is script-safe (`Markup.scriptSafe`): the page takes it as it is.
    private var stepJSON = _JSONBuffer(capacity: chunk + 4096, scriptSafe: true)
    private var pathJSON = _JSONBuffer(capacity: chunk + 4096, scriptSafe: true)
    /// Per path index: where its JSON is in `paths` (offset, count); -1 until spooled.
    private var pathPlaces: [(offset: Int, count: Int)] = []
    public private(set) var stepCount = 0
    public private(set) var failingStepCount = 0
    public private(set) var changingStepCount = 0
    /// The first write that failed, if any: the spool is then incomplete.
    public private(set) var failure: SystemError?
    /// Encoded bytes kept before they go to the file.
    private static let chunk = 1 << 16

    /// - Parameter directory: where the temporaries go (default `$TMPDIR`, else `/tmp`).
    /// - Throws: `SystemError` naming the temporary file when it cannot be made there.
    public init(directory: String? = nil) throws(SystemError) {
        steps = try SpoolFile(directory: directory)
        paths = try SpoolFile(directory: directory)
    }

    /// The directory temporaries go to when none is given: `$TMPDIR`, or `/tmp`.
    public static var temporaryDirectory: String { SpoolFile.temporaryDirectory }

    /// The paths given so far (the highest index plus one).
    public var pathCount: Int { pathPlaces.count }

    /// Appends a closed step after the ones before it.
    /// - Complexity: O(size of the step's JSON).
    public func append(_ step: RenderStep) {
        stepCount += 1
        if step.isFailing { failingStepCount += 1 }
        if step.modelChange != nil { changingStepCount += 1 }
        stepJSON.element()  // a comma before every step but the first
        DocumentJSON.step(step, &stepJSON)
        if stepJSON.count >= Self.chunk { hand(&stepJSON, to: steps) }
    }

    /// Stores an ended path as the `index`-th of the document.
    /// - Complexity: O(size of the path's JSON).
    public func set(_ path: RenderPath, at index: Int) {
        if index >= pathPlaces.count {
            pathPlaces.append(contentsOf: repeatElement((offset: -1, count: 0), count: index + 1 - pathPlaces.count))
        }
        let start = pathJSON.count
        DocumentJSON.path(path, &pathJSON)
        pathJSON.element()  // its comma after it: paths spooled in order read back as one run
        pathPlaces[index] = (paths.size + start, pathJSON.count - start)
        if pathJSON.count >= Self.chunk { hand(&pathJSON, to: paths) }
    }

    /// Writes out everything encoded so far, so that a failure to write
    /// (a full disk) is known before the page's first byte.
    func flush() {
        hand(&stepJSON, to: steps)
        hand(&pathJSON, to: paths)
        guard failure == nil else { return }
        do {
            try steps.flush()
            try paths.flush()
        } catch { failure = error }
    }

    /// Appends the encoded bytes to their file and empties the buffer.
    private func hand(_ json: inout _JSONBuffer, to file: SpoolFile) {
        defer { json.removeAll() }
        guard failure == nil else { return }
        do { try file.append(json.unsafeBytes) } catch { failure = error }
    }

    /// Hands the steps' JSON (comma-separated, without brackets, script-safe) to `body` in chunks.
    /// - Complexity: O(bytes), in memory O(64 KiB).
    func readSteps(_ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void) throws(SystemError) {
        hand(&stepJSON, to: steps)
        if let failure { throw failure }
        try steps.read(at: 0, count: steps.size, body)
    }

    /// Hands the paths' JSON in index order (comma-separated, script-safe) to `body` in
    /// chunks. Each path is stored with the comma after it, so a run of
    /// paths stored in index order (all of them when one session drags at
    /// a time) is read at once; the last path's comma is left out.
    /// - Complexity: O(bytes), in memory O(64 KiB).
    func readPaths(_ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void) throws(SystemError) {
        hand(&pathJSON, to: paths)
        if let failure { throw failure }
        var i = 0
        while i < pathPlaces.count {
            // Every index up to the last is a path the builder made and ended.
            precondition(pathPlaces[i].offset >= 0, "path \(i) was never spooled")
            let start = pathPlaces[i].offset
            var end = start + pathPlaces[i].count
            var j = i + 1
            while j < pathPlaces.count && pathPlaces[j].offset == end {
                end += pathPlaces[j].count
                j += 1
            }
            try paths.read(at: start, count: end - start - (j == pathPlaces.count ? 1 : 0), body)
            i = j
        }
    }
}
