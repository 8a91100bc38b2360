import DragRecording
import DragSystem

/// How big a page may grow for a recording of a given size: a multiple of
/// the recording's bytes plus a constant (the page's own code and a small
/// recording's worth). The document records every distinct state of the
/// container, so a large container that changes at every step could grow
/// as container × steps; a recording of 607 KB once made a 1.14 GB page.
/// The limit turns that into `RenderTooLarge` before the memory is spent.
public struct RenderSizeLimit: Sendable, Equatable {
    /// The recording's size in bytes.
    public var inputBytes: Int
    /// Bytes of page per byte of recording.
    public var multiple: Int
    /// Bytes any recording may use beyond the multiple.
    public var constant: Int

    /// The tool's limit: 64 bytes of page per byte of recording, plus 32 MiB.
    public init(inputBytes: Int, multiple: Int = 64, constant: Int = 32 << 20) {
        self.inputBytes = max(inputBytes, 0)
        self.multiple = max(multiple, 0)
        self.constant = max(constant, 0)
    }

    /// The most bytes the page's document may take.
    public var bytes: Int {
        let (m, o) = inputBytes.multipliedReportingOverflow(by: multiple)
        let (sum, o2) = m.addingReportingOverflow(constant)
        return o || o2 ? Int.max : sum
    }
}

/// The page would exceed its `RenderSizeLimit`: drawing stopped at `line`,
/// before the document held more than the limit.
public struct RenderTooLarge: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var limit: RenderSizeLimit
    /// The recording line at which the document reached the limit.
    public var line: Int

    /// `path:line:1: error: the page would be larger than ...`.
    public var diagnostic: Diagnostic {
        Diagnostic(
            path: path, line: line,
            message: "the page would be larger than \(limit.bytes) bytes "
                + "(\(limit.multiple) × the recording's \(limit.inputBytes) bytes + \(limit.constant)) "
                + "at this line: the container is large and changes often; draw a shorter recording (dragreplay shrink)")
    }

    public var description: String { diagnostic.description }
}
