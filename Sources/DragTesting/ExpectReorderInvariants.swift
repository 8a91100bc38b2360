import DragFuzz
import DragRecording
import DragSystem
import Foundation
import ReorderCore
import Synchronization
import Testing

/// Where `expectReorderInvariants` writes the shrunk recording of a broken
/// invariant (like swift-snapshot-testing's `__Snapshots__`), unless a
/// directory is given here or in the `DRAGREPLAY_RECORDINGS` environment
/// variable.
public enum RecordingsDirectory: Sendable {
    /// `__Recordings__` at the root of the package that holds the test file,
    /// mirroring the test file's folder (`__Recordings__/Tests/MyAppTests/`):
    /// outside every target's sources, so SwiftPM has no unhandled file to
    /// warn about and no `exclude:` is needed. The default. A test file
    /// with no `Package.swift` above it gets `.nextToTest`.
    case inPackage
    /// `__Recordings__` next to the test file: inside the test target, so
    /// SwiftPM warns about it unless the target declares it (see docs/library.md).
    case nextToTest
    case path(String)

    func resolve(filePath: String) -> String {
        if case .path(let p) = self { return p }
        if let env = ProcessInfo.processInfo.environment["DRAGREPLAY_RECORDINGS"], !env.isEmpty { return env }
        let folder = (filePath as NSString).deletingLastPathComponent
        guard case .inPackage = self, let root = Self.packageRoot(above: folder) else { return folder + "/__Recordings__" }
        let inside = folder == root ? "" : "/" + folder.dropFirst(root.count + 1)
        return root + "/__Recordings__" + inside
    }

    /// The nearest folder at or above `folder` with a `Package.swift`.
    static func packageRoot(above folder: String) -> String? {
        var dir = folder
        while dir.count > 1 {
            if FileManager.default.fileExists(atPath: dir + "/Package.swift") { return dir }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return nil
    }
}

/// Fuzzes an app's single-collection `apply` (the articles' helper shape)
/// and records one issue per broken invariant (`configuration`: per kind of
/// disagreement), with the readable report,
/// and the shrunk recording written to `__Recordings__` (`RecordingsDirectory`),
/// each issue ending with what the run covered; otherwise passes, printing
/// one line (`passedLine`: the cases and the coverage). It fuzzes for `FuzzBudget.defaultSeconds` (2 s,
/// or `DRAGREPLAY_FUZZ_TIME`) unless `runs` or `seconds` is given.
///
///     @Test func photosApply() {
///         expectReorderInvariants(element: { Photo(id: $0) }) { photos, difference in photos.apply(difference) }
///     }
///
public func expectReorderInvariants<Element: Identifiable>(
    runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions,
    policy: DropPolicy<StringID, StringID?>? = nil,
    element: @escaping @Sendable (Element.ID) -> Element, recordings: RecordingsDirectory = .inPackage,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
) where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    var options = ApplyFuzzer.Options(runs: runs, seconds: seconds, seed: seed, modes: modes, collections: 1, policy: policy)
    options.test = testName(function, fileID)
    let report = ApplyFuzzer.check(.single(element: element, apply: apply), options: options)
    recordIssues(report, recordings: recordings, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Fuzzes an app's sectioned `apply`; see the single-collection form.
public func expectReorderInvariants<Element: Identifiable, SectionID: Hashable & Sendable>(
    runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions, collections: Int = 3,
    policy: DropPolicy<StringID, StringID?>? = nil, world: World? = nil, oracle: FuzzOracle? = nil,
    element: @escaping @Sendable (Element.ID) -> Element,
    section: @escaping @Sendable (String?) -> SectionID, recordings: RecordingsDirectory = .inPackage,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
) where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    var options = ApplyFuzzer.Options(
        runs: runs, seconds: seconds, seed: seed, modes: modes, collections: world?.collections.count ?? collections, policy: policy,
        world: world, oracle: oracle)
    options.test = testName(function, fileID)
    let report = ApplyFuzzer.check(.sectioned(element: element, section: section, apply: apply), options: options)
    recordIssues(report, recordings: recordings, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Fuzzes an app's `dropConfiguration` closure (`configuration` findings),
/// in the app's own geometry when `layout` is given, or in the app's own
/// `world` (its collections, data, layout and rules), judged by the world's
/// rules or by `oracle`.
///
///     @Test func kanbanColumns() throws {
///         let world = try World(collections: ["todo": ["t1"], "doing": [], "done": [], "templates": ["bug"]],
///                               capacity: ["done": 5], layout: board, lifts: ["templates": .copy])
///         expectReorderInvariants(policy: kanban, world: world)
///     }
///
public func expectReorderInvariants(
    policy: DropPolicy<StringID, StringID?>, layout: Layout<StringID>? = nil, world: World? = nil, oracle: FuzzOracle? = nil,
    runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, collections: Int = 3, recordings: RecordingsDirectory = .inPackage,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    var options = ApplyFuzzer.Options(
        runs: runs, seconds: seconds, seed: seed, modes: .sessions, collections: world?.collections.count ?? collections,
        policy: policy, layout: layout, world: world, oracle: oracle)
    options.test = testName(function, fileID)
    let report = ApplyFuzzer.check(.canonical, options: options)
    recordIssues(report, recordings: recordings, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Records `report`'s failures as issues (one per broken invariant, one per
/// kind of `configuration` disagreement) and writes each shrunk recording
/// (`TEST-INVARIANT.jsonl`; a name already written in this test process gets
/// `-2`, `-3`, ...); nothing when it has none.
public func recordIssues(
    _ report: FuzzReport, recordings: RecordingsDirectory = .inPackage,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // A requirement the run did not meet fails it as a bug would: a green
    // run must mean the code was exercised (the world's hook).
    for unmet in report.unmetCoverage { Issue.record(Comment(rawValue: "\(unmet)\n\(report.coverage.text)"), sourceLocation: location) }
    guard !report.failures.isEmpty else {
        // Visible in the test's output when it passes: what a green run covered.
        if report.unmetCoverage.isEmpty { print(passedLine(report, test: testName(function, fileID))) }
        return
    }
    let directory = recordings.resolve(filePath: filePath)
    let test = String(function.prefix { $0 != "(" }).map { $0.isLetter || $0.isNumber ? $0 : "-" }
    for failure in report.failures {
        // Both parts made safe names: a raw identifier can hold a "/" or a newline.
        let name = "\(FileName.component(from: String(test), fallback: "test"))-\(FileName.component(from: failure.invariant.rawValue))"
        let path = _RecordingNames.claim(directory + "/" + name)
        var text = "\(failure)\n"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(failure.recording + "\n", to: path)
            text += "recording: \(path)\n\(Finding.swiftReplayHint(path: path, test: testName(function, fileID)))"
        } catch {
            text += "the recording could not be written to \(path): \(error)\n\(failure.recording)"
        }
        // What the run covered, with its result (the same lines as `ApplyFuzzer.check(...).description`).
        text += "\n\(report.headline)\n\(report.coverage.text)"
        Issue.record(Comment(rawValue: text), sourceLocation: location)
    }
}

/// The one line a passing `expectReorderInvariants` prints: the test, the
/// report's headline, the seconds and the coverage's first line:
///
///     expectReorderInvariants in photosApply() in PhotoTests/PhotoTests.swift: 4912 cases (sessions, seed 1): no invariant broken, 2.00 s; coverage: drops into "c0" 4101; answered move 4101, copy 0, forbidden 812
package func passedLine(_ report: FuzzReport, test: String) -> String {
    "expectReorderInvariants in \(test): \(report.headline), \(String(format: "%.2f", report.seconds)) s; \(report.coverage.line)"
}

/// `photosApply() in PhotoBoardTests/PhotoBoardTests.swift`: the test a
/// finding's `meta.test` and replay hint name.
func testName(_ function: String, _ fileID: String) -> String { "\(function) in \(fileID)" }

/// The recording paths written in this process. A second kind of
/// `configuration` failure, a second call in one test or another argument of
/// a parameterized test (all with the same test name) would otherwise replace
/// a recording the run has just reported.
enum _RecordingNames {
    static let written = Mutex<Set<String>>([])

    /// `base.jsonl`, or `base-N.jsonl` for the first N not yet written.
    static func claim(_ base: String) -> String {
        written.withLock { written in
            var n = 1
            var path = base + ".jsonl"
            while written.contains(path) {
                n += 1
                path = base + "-\(n).jsonl"
            }
            written.insert(path)
            return path
        }
    }
}
