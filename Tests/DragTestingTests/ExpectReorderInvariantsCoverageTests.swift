import DragFuzz
import DragTesting
import Foundation
import ReorderCore
import Testing

/// `expectReorderInvariants` shows what it covered (issue 41, item 3): one
/// line in the test's output when it passes, the coverage in each issue it
/// records (RenderRecordingTests.findingIsDrawnFromItsIssue) when it fails.
@Suite("expectReorderInvariants: coverage with the result")
struct ExpectReorderInvariantsCoverageTests {
    struct Note: Identifiable, Sendable {
        var id: String
    }

    /// The canonical rule on an array: sources out, then in before the anchor (the end when it is gone).
    static let correct: @Sendable (inout [Note], ReorderDifference<String, ReorderableSingleCollectionIdentifier>) -> Void = {
        notes, difference in
        let moved = difference.sources.compactMap { id in notes.first { $0.id == id } }
        notes.removeAll { difference.sources.contains($0.id) }
        var at = notes.endIndex
        if case .before(let anchor) = difference.destination.position, let k = notes.firstIndex(where: { $0.id == anchor }) { at = k }
        notes.insert(contentsOf: moved, at: at)
    }

    @Test("a passing call's line: the test, the report's headline, the seconds and the coverage's first line, on one line")
    func passedLineIsOneLine() {
        // The call itself passes (any issue would fail this test) and prints the line.
        expectReorderInvariants(runs: 200, element: { Note(id: $0) }, apply: Self.correct)
        let report = ApplyFuzzer.check(runs: 200, element: { Note(id: $0) }, apply: Self.correct)
        #expect(report.failures.isEmpty, "\(report)")
        let line = passedLine(report, test: "t() in M/T.swift")
        #expect(!line.contains("\n"))
        #expect(
            line.hasPrefix("expectReorderInvariants in t() in M/T.swift: 200 cases (sessions, seed 1): no invariant broken, "), "\(line)")
        #expect(line.hasSuffix(" s; " + report.coverage.line), "\(line)")
        // The coverage's line is the first line of the CLI's coverage text: one definition.
        #expect(report.coverage.text.hasPrefix(report.coverage.line + "\n"))
        let drops = report.coverage.drops
        let ops = report.coverage.operations
        let into = drops.keys.sorted().map { "\"\($0)\" \(drops[$0]!)" }.joined(separator: ", ")
        #expect(
            report.coverage.line
                == "coverage: drops into \(into); answered move \(ops[.move] ?? 0), copy \(ops[.copy] ?? 0), forbidden \(ops[.forbidden] ?? 0)"
        )
        #expect(drops["(single)", default: 0] > 0, "\(drops)")
    }
}
