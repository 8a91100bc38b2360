import DragFuzz
import Foundation
import ReorderCore

/// The article's `Photo` (a String ID here: the bench does not link Swift
/// Testing, where `IDMaker.uuid` lives) and its list helper, verbatim: what
/// `expectReorderInvariants(element:apply:)` puts under test in a user's
/// `swift test`.
struct BenchPhoto: Identifiable, Sendable {
    var id: String
}

extension Array where Element: Identifiable, Element.ID: Sendable {
    mutating func articleApply(_ difference: ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) {
        let moved = difference.sources.compactMap { id in first { $0.id == id } }
        removeAll { difference.sources.contains($0.id) }
        switch difference.destination.position {
        case .before(let id):
            let index = firstIndex { $0.id == id } ?? endIndex
            insert(contentsOf: moved, at: index)
        case .end:
            append(contentsOf: moved)
        }
    }
}

/// `library-photo SECONDS`: one library call under a time budget; prints
/// its runs per second (the unit the issue measured: 68-85 in debug).
func libraryPhotoRate(seconds: Double) -> Double {
    let report = ApplyFuzzer.check(seconds: seconds, element: { BenchPhoto(id: $0) }) { photos, d in photos.articleApply(d) }
    return Double(report.runs) / report.seconds
}

/// The same call in this (release) build and in the debug build `swift
/// test` uses (`.build/debug/dragreplay-bench`, built by scripts/bench),
/// side by side in one run.
func benchLibrary(_ report: inout Report, quick: Bool) {
    let budget = quick ? 1.0 : 3.0
    let release = libraryPhotoRate(seconds: budget)
    let debugBinary = ".build/debug/dragreplay-bench"
    guard FileManager.default.isExecutableFile(atPath: debugBinary) else {
        report.row("library Photo fuzz runs/s (expectReorderInvariants), release", rate(release), "debug: not built", "-")
        return
    }
    let debug = numbers(runChild(["library-photo", "\(budget)"], binary: debugBinary).out).first ?? 0
    report.row(
        "library Photo fuzz runs/s (expectReorderInvariants), debug | release", rate(debug), "release \(rate(release))",
        "debug \(f(debug / 77, 1))x the issue's 68-85/s; \(f(debug * FuzzBudget.defaultSeconds, 0)) runs per 2 s call")
    report.target("debug library fuzz at least 20x the issue's 77 runs/s", debug >= 20 * 77, rate(debug))
}

/// `library-photo [SECONDS]` (one rate, for the other build to read) or `library [--quick]` (the row).
func libraryCommand(_ args: [String]) {
    if args[0] == "library-photo" {
        print(libraryPhotoRate(seconds: args.count > 1 ? Double(args[1]) ?? 2 : 2))
        return
    }
    var report = Report()
    benchLibrary(&report, quick: args.contains("--quick"))
    report.print()
}
