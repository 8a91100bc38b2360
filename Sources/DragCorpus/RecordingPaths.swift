import DragRecording
import DragSystem

/// The recordings named on a command line or by a test: files as given,
/// directories searched recursively for `*.jsonl` (hidden files and the
/// temporaries of an interrupted write left out), sorted so runs repeat.
///
/// This is the one directory walker of every command. Symbolic links are
/// followed, but each directory is entered at most once, keyed by its
/// (device, inode): a link loop (`ln -s . d/s1`) or a second link to a
/// directory already walked adds nothing, so a walk always ends and lists
/// each file once. A name that is not valid UTF-8 is an error, never skipped.
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
                var visited: Set<DirectoryKey> = []
                try collect(argument, status: status, visited: &visited, into: &found)
                paths += found.sorted()
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    /// A directory's identity: the same directory reached by two paths has one.
    private struct DirectoryKey: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func collect(
        _ directory: String, status: FileStatus, visited: inout Set<DirectoryKey>, into found: inout [String]
    ) throws(CorpusError) {
        guard visited.insert(DirectoryKey(device: status.device, inode: status.inode)).inserted else { return }
        let listing: (names: [String], undecodable: [[UInt8]])
        do { listing = try FileSystem.entriesAndUndecodable(of: directory) } catch { throw .recording(.system(error)) }
        // Any visible one: without a decodable name it cannot be told apart
        // from a directory of recordings, so it cannot be ruled out.
        let visible = listing.undecodable.filter { $0.first != UInt8(ascii: ".") }
        if let bad = visible.min(by: { $0.lexicographicallyPrecedes($1) }) {
            throw .undecodableName(directory: directory, name: bad)
        }
        for name in listing.names.sorted() where !name.hasPrefix(".") {
            let path = FileSystem.join(directory, name)
            guard let status = try? FileSystem.status(of: path) else { continue }  // a dangling link
            if status.isDirectory {
                try collect(path, status: status, visited: &visited, into: &found)
            } else if name.hasSuffix(".jsonl") {
                found.append(path)
            }
        }
    }
}
