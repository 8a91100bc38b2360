import DragRecording
import DragSystem

/// A directory of findings: created on first use, each finding written
/// atomically (`O_EXCL | O_NOFOLLOW` temporary, then rename) under its
/// content name, temporaries left by a killed run cleaned up. A failed write
/// throws: a finding is never lost in silence.
public struct FindingStore: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    private func prepare() throws(SystemError) {
        if directory.isEmpty { throw SystemError(call: "mkdir", path: "''", errno: 2) }
        try FileSystem.createDirectory(directory)
        AtomicFile.removeStaleTemporaries(in: directory)
    }

    /// Writes `finding`; returns its path.
    @discardableResult
    public func write(_ finding: Finding) throws(SystemError) -> String {
        // What the reader would refuse is not a finding: said, and nothing written.
        if let problem = finding.recording.readBackProblem() {
            throw SystemError(
                call: "write", path: FileSystem.join(directory, finding.fileName), errno: .invalidArgument,
                refusal: "not written: line \(problem.line): \(problem.message)")
        }
        return try write(finding.text, named: finding.fileName)
    }

    /// Writes a recording's text under `name`; returns its path.
    @discardableResult
    public func write(_ text: String, named name: String) throws(SystemError) -> String {
        try prepare()
        let path = FileSystem.join(directory, name)
        // A finding `check` would refuse is not a finding (issue 23, class 5).
        if let longest = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map(\.count).max(),
            let problem = Limits.lineLengthProblem(longest)
        {
            throw SystemError(call: "write", path: path, errno: .invalidArgument, refusal: "not written: " + problem)
        }
        try AtomicFile.write(text, to: path)
        return path
    }

    /// Removes the temporaries a killed run (`kill -9` between a write and
    /// its rename) left in the directory, if it exists; creates nothing. A
    /// campaign calls it at its start, so a run that finds nothing still
    /// cleans up after one that was killed.
    @discardableResult
    public func removeStaleTemporaries() -> Int {
        guard !directory.isEmpty, (try? FileSystem.status(of: directory))?.isDirectory == true else { return 0 }
        return AtomicFile.removeStaleTemporaries(in: directory)
    }

    /// Removes a file this store wrote (a raw reproducer replaced by its shrunk form).
    public func remove(_ path: String) { try? FileSystem.remove(path) }
}
