import DragRecording
import DragSystem

/// The recordings named on a command line or by a test: files as given,
/// directories searched recursively for `*.jsonl` (hidden files and the
/// temporaries of an interrupted write left out), sorted so runs repeat.
public enum RecordingPaths {
    /// - Throws: `CorpusError.noSuchPath` for a missing path, `.recording(.system)` for
    ///   a directory that cannot be read (never skipped in silence).
    public static func expand(_ arguments: [String]) throws(CorpusError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            let status: FileStatus
            do { status = try FileSystem.status(of: argument) } catch {
                if error.errno == .noSuchFileOrDirectory { throw .noSuchPath(argument) }
                throw .recording(.system(error))
            }
            if status.isDirectory {
                var found: [String] = []
                try collect(argument, into: &found)
                paths += found.sorted()
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    private static func collect(_ directory: String, into found: inout [String]) throws(CorpusError) {
        let names: [String]
        do { names = try FileSystem.entries(of: directory) } catch { throw .recording(.system(error)) }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = FileSystem.join(directory, name)
            guard let status = try? FileSystem.status(of: path) else { continue }  // a dangling link
            if status.isDirectory {
                try collect(path, into: &found)
            } else if name.hasSuffix(".jsonl") {
                found.append(path)
            }
        }
    }
}
