import DragFuzz
import DragReader
import DragRecording
import DragSystem
import ReorderCore

/// What `corpus merge` did.
public struct MergeSummary: Sendable {
    public var read = 0
    public var kept: [String] = []
    public var duplicates = 0
    /// Recordings that broke the format (skipped, reported).
    public var invalid: [CorpusError] = []
    /// Outputs that could not be written (nothing is lost in silence).
    public var writeFailures: [SystemError] = []

    public var exitCode: Int32 { invalid.isEmpty && writeFailures.isEmpty ? 0 : 2 }
}

/// Merges directories of findings (the shards of a campaign) into one: each
/// recording is read and written back in canonical form, one per
/// `FindingKey` (invariant, mode, applier or app, handler, shape: the
/// campaign's own key), the first in sorted path order;
/// a recording that is not a finding is kept once per distinct content.
/// Every output is named by its content, so two inputs that share a file
/// name are both kept, and by its invariant made a safe name
/// (`FileName.component`), so no `meta` can write outside `output`.
/// Streaming: memory is bounded by the longest line.
public func mergeCorpora(_ inputs: [String], into output: String) throws(CorpusError) -> MergeSummary {
    let paths = try RecordingPaths.expand(inputs)
    do { try FileSystem.createDirectory(output) } catch { throw .recording(.system(error)) }
    AtomicFile.removeStaleTemporaries(in: output)
    var summary = MergeSummary()
    var findings = Set<FindingKey>()
    var contents = Set<String>()
    for path in paths {
        summary.read += 1
        var file: AtomicFile
        do { file = try AtomicFile(replacing: FileSystem.join(output, ".merge")) } catch {
            summary.writeFailures.append(error)
            continue
        }
        do throws(RecordingError) {
            let reader = try RecordingReader(path: path)
            // The same hash `contentHash` gives the whole text, without holding it.
            var hash = FNV1a64()
            // A finding's shape (the kinds of its events) is hashed as it
            // streams past, never held: a long recording keeps memory flat.
            let invariant = reader.header.meta?["invariant"]
            var shape = invariant == nil ? nil : ShapeHasher()
            func emit(_ line: String) throws(SystemError) {
                let bytes = Array((line + "\n").utf8)
                hash.add(bytes)
                try file.write(bytes)
            }
            do throws(SystemError) { try emit(CanonicalWriter.line(for: reader.header)) } catch { throw RecordingError.system(error) }
            while let event = try reader.next() {
                shape?.add(event.value)
                do throws(SystemError) { try emit(CanonicalWriter.line(for: event.value)) } catch { throw RecordingError.system(error) }
            }
            // Keys compared field by field: a "|" in a meta value cannot make two keys one.
            let isNew =
                shape.map { findings.insert(FindingKey(header: reader.header, shape: $0.hex)).inserted }
                ?? contents.insert(hash.hex).inserted
            guard isNew else {
                file.abandon()
                summary.duplicates += 1
                continue
            }
            let name = "\(invariant.map { FileName.component(from: $0) } ?? "recording")-\(hash.hex).jsonl"
            let target = FileSystem.join(output, name)
            // Canonical numbers can be longer than the input's (1e12):
            // a line may grow past the reader's limit (issue 23, class 5).
            do { try verifyReadable(file, as: target, command: "corpus merge") } catch {
                file.abandon()
                summary.invalid.append(error)
                continue
            }
            do throws(SystemError) { try file.commit(to: target) } catch { throw RecordingError.system(error) }
            summary.kept.append(target)
        } catch {
            file.abandon()
            switch error {
            case .input: summary.invalid.append(.recording(error))
            case .system(let e) where e.path == path: summary.invalid.append(.recording(error))
            case .system(let e): summary.writeFailures.append(e)
            }
        }
    }
    return summary
}

/// The kinds of a finding's events (`FindingKey.shape`, as `ShapeBuilder`
/// spells them) hashed as they stream past: 128 bits, two FNV-1a hashes
/// of different offsets, so two shapes that differ are two keys.
struct ShapeHasher {
    private var a = FNV1a64()
    private var b = FNV1a64(offset: 0x6C62_272E_07BB_0142)
    private var first = true

    mutating func add(_ event: RecordedEvent) {
        var one = ShapeBuilder()
        one.add(event)
        guard !one.text.isEmpty else { return }  // an expect line has no kind in the shape
        let bytes = Array(((first ? "" : ",") + one.text).utf8)
        first = false
        a.add(bytes)
        b.add(bytes)
    }

    var hex: String { a.hex + b.hex }
}
