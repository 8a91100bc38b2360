import DragReader
import DragRecording
import DragReplay

/// One recording on disk, as a test's argument: `@Test(arguments:)` shows
/// its name.
public struct RecordingFile: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The path as found (absolute for `Corpus.bundled`).
    public var path: String

    public init(path: String) { self.path = path }

    /// The file's name: `task-lands-one-row-too-far.jsonl`.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    public var description: String { name }

    public static func < (a: RecordingFile, b: RecordingFile) -> Bool { a.path < b.path }
}

/// Recordings on disk, for a test target: the corpus this package ships, or
/// any directory of `*.jsonl`.
///
///     @Test(arguments: try Corpus.recordings(in: Corpus.bundled("regression")))
///     func replays(_ file: RecordingFile) {
///         let result = Replayer(options: ReplayOptions(applier: yours)).run(file)
///         #expect(result.passed, "\(result)")
///     }
public enum Corpus {
    /// The directory `corpora/SUB` of this package's checkout (`regression`,
    /// `reports`), found from this source file's place in it: a package that
    /// depends on DragReplay by path, or from a checkout, finds it.
    ///
    /// - Complexity: O(1).
    public static func bundled(_ sub: String = "") -> String {
        let file = #filePath
        // .../Sources/DragCorpus/Corpus.swift -> the package root.
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let root = parts.joined(separator: "/")
        return sub.isEmpty ? root + "/corpora" : root + "/corpora/" + sub
    }

    /// Every `*.jsonl` under each path (a file is itself), sorted, as
    /// `RecordingPaths.expand` finds them; a missing path is an error that
    /// names it.
    public static func recordings(in paths: String...) throws(CorpusError) -> [RecordingFile] {
        try RecordingPaths.expand(paths).map(RecordingFile.init(path:)).sorted()
    }

    /// The recordings under `paths` whose header satisfies `include` (a
    /// single-list app: `{ $0.collections.count == 1 }`); a file whose
    /// header cannot be read is kept, so its replay reports the error.
    ///
    /// - Complexity: reads each file's first line.
    public static func recordings(
        in paths: String..., where include: (RecordingHeader) -> Bool
    ) throws(CorpusError) -> [RecordingFile] {
        try RecordingPaths.expand(paths).map(RecordingFile.init(path:)).sorted().filter { file in
            guard let reader = try? RecordingReader(path: file.path) else { return true }
            return include(reader.header)
        }
    }
}

extension Replayer {
    /// Replays one recording file.
    public func run(_ file: RecordingFile) -> ReplayResult { run(path: file.path) }

    /// Replays every recording under `directory`, in path order.
    public func run(directory: String) throws(CorpusError) -> [ReplayResult] {
        try Corpus.recordings(in: directory).map { run($0) }
    }
}

extension ReplayResult {
    /// Every expectation held and no invariant broke.
    public var passed: Bool { status == .pass }
}
