import Foundation
import TestSupport
import Testing

/// Pages made by the real `dragreplay render` from every bundled report
/// (corpora/reports/*.jsonl), loaded from a file URL into headless Chromium:
/// the DOM its script builds (`--dump-dom`) and what it paints
/// (`--screenshot`). Each report is replayed with the applier its `meta`
/// names as the one that fails it, so most pages open at a failure.
@Suite(.serialized) struct CLIPageBrowserTests {
    /// One report's page, written by the CLI into a fresh directory.
    struct Page {
        var name: String
        var file: URL
        var json: [String: Any]

        var steps: [[String: Any]] { json["steps"] as? [[String: Any]] ?? [] }
        /// The failing steps' indices (the steps read once: each read casts the whole array).
        var failing: [Int] {
            let steps = self.steps
            return steps.indices.filter { steps[$0]["F"] as? Bool == true }
        }
        var start: Int { json["start"] as? Int ?? -1 }

        /// The page at `file`, its document read from its script#doc.
        static func read(_ file: URL) throws -> Page {
            let html = try String(contentsOf: file, encoding: .utf8)
            let start = try #require(html.range(of: "<script type=\"application/json\" id=\"doc\">"))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
            return Page(name: file.deletingPathExtension().lastPathComponent, file: file, json: json)
        }

        /// The finger's location at step n: the latest step up to n that has one.
        func finger(at n: Int) -> (x: Double, y: Double)? {
            for st in steps.prefix(n + 1).reversed() {
                if let p = st["p"] as? [Double], p.count == 2 { return (p[0], p[1]) }
            }
            return nil
        }

        /// The IDs and marks of step `n`'s entries, from the embedded
        /// document: its initial data with the model's changes of steps
        /// 0 ... n applied (docs/page-document.md).
        func entries(at n: Int) -> [(id: String, fixed: Bool, locked: Bool)] {
            guard var data = json["data"] as? [String: Any] else { return [] }
            for st in steps.prefix(n + 1) {
                guard let change = st["dm"] as? [String: Any] else { continue }
                if let all = change["all"] as? [String: Any] { data = all }
                if let l = change["locked"] { data["locked"] = l }
                var collections = data["collections"] as? [[Any]] ?? []
                for e in change["edits"] as? [[Any]] ?? [] {
                    guard let c = e[0] as? Int, let start = e[1] as? Int, let removed = e[2] as? Int, let ids = e[3] as? [String]
                    else { continue }
                    var entries = collections[c][3] as? [String] ?? []
                    entries.replaceSubrange(start..<(start + removed), with: ids)
                    collections[c][3] = entries
                    if let f = e[4] as? Int { collections[c][2] = f }
                }
                data["collections"] = collections
            }
            let locked = Set(data["locked"] as? [String] ?? [])
            return (data["collections"] as? [[Any]] ?? []).flatMap { c in
                let fixed = c[2] as? Int ?? 0
                return (c[3] as? [String] ?? []).enumerated().map { k, id in (id, k < fixed, locked.contains(id)) }
            }
        }
    }

    /// The applier a report's meta names as failing it, when it is one.
    static func applier(for report: String) -> String {
        let text = (try? readText(report)) ?? ""
        for name in ["insert-before-remove", "array-order", "offsets", "self-anchor-to-end"]
        where text.contains("\"applier-that-fails\":\"\(name)\"") {
            return name
        }
        return "canonical"
    }

    static let reports = corpus("reports")

    func page(_ report: String, extra: [String] = []) throws -> Page {
        _ = try Browser.require()  // skip (saying why) before doing anything without a browser
        let name = ((report as NSString).lastPathComponent as NSString).deletingPathExtension
        let dir = try Browser.temporaryDirectory("cli")
        let file = dir.appendingPathComponent(name + ".html")
        let applier = Self.applier(for: report)
        let args = ["render"] + (extra.isEmpty ? ["--applier", applier] : extra) + ["-o", file.path, report]
        let r = try runCLI(args)
        #expect(r.code == 0, "dragreplay \(args.joined(separator: " ")): \(r.stderr)")
        return try Page.read(file)
    }

    /// The checks every page passes at step `n`: the script finished without
    /// an error, the step shown, one element per entry with its ID and marks,
    /// failing steps marked on the timeline, the banner exactly at a failure.
    func check(_ dump: DOMDump, _ page: Page, step n: Int) {
        let at = "\(page.name) step \(n)"
        #expect(dump.all("body").first?.attributes["data-ready"] == "1", "\(at): the script did not finish")
        let errors = dump.innerHTML(ofDivWithID: "script-errors")
        #expect(errors == "", "\(at): script errors: \(errors ?? "(no #script-errors)")")
        #expect(dump.byID("step")?.attributes["data-step"] == String(n), "\(at)")
        // One count, one numbering (from 1): the header, the slider's position, the title, the timeline.
        let count = page.steps.count
        #expect(dump.byID("position")?.text == "\(n + 1) / \(count)", "\(at): position")
        #expect(
            dump.byID("step-title")?.text.hasPrefix("Step \(n + 1) / \(count) · \(page.steps[n]["k"] as? String ?? "?") · ") == true,
            "\(at)")
        #expect(dump.byID("subtitle")?.text.contains(" events, \(count) step\(count == 1 ? "" : "s")") == true, "\(at): subtitle")
        #expect(dump.all("span", class: "n").map(\.text) == (1...max(count, 1)).map(String.init), "\(at): timeline numbers")
        let layout = dump.section(from: "layout", to: ["legend"])
        let drawn = layout.filter { $0.name == "g" && $0.has(class: "entry") }
        let expected = page.entries(at: n)
        #expect(!expected.isEmpty, "\(at): no entries in the document")
        #expect(drawn.map { $0.attributes["data-id"] ?? "" } == expected.map(\.id), "\(at)")
        let texts = layout.filter { $0.name == "text" && !$0.has(class: "area-label") && !$0.has(class: "finger-label") }
        #expect(Array(texts.prefix(expected.count)).map(\.text) == expected.map(\.id), "\(at): entry texts")
        for (element, entry) in zip(drawn, expected) {
            #expect(element.has(class: "fixed") == entry.fixed && element.has(class: "locked") == entry.locked, "\(at): \(entry.id)")
        }
        let failed = dump.all("li", class: "failed").compactMap { $0.attributes["data-index"] }
        #expect(failed == page.failing.map(String.init), "\(at): failing steps on the timeline")
        let banner = dump.byID("failure")
        #expect((banner?.attributes["hidden"] == nil) == page.failing.contains(n), "\(at): the failure banner")
        #expect(dump.byID("status")?.attributes["data-status"] == (page.failing.isEmpty ? "pass" : "fail"), "\(at): status")
    }

    @Test(arguments: reports)
    func eachReportOpensAtItsFirstFailureWithEveryEntry(_ report: String) throws {
        let page = try page(report)
        let dump = DOMDump(try Browser.dumpDOM(page.file))
        let expectedStart = page.failing.first ?? page.steps.count - 1
        #expect(page.start == expectedStart)
        check(dump, page, step: expectedStart)
        if let first = page.failing.first {
            // Loudly: the banner, the step's failures, expected and actual side by side at a failed expect.
            #expect(dump.byID("failure")?.attributes["hidden"] == nil)
            let failedExpect = page.failing.first { page.steps[$0]["e"] != nil }
            if let e = failedExpect {
                let atExpect = DOMDump(try Browser.dumpDOM(page.file, fragment: "step=\(e + 1)"))
                check(atExpect, page, step: e)
                #expect(atExpect.all("pre", class: "expected").count == 1 && atExpect.all("pre", class: "actual").count == 1)
            }
            print("DragRenderTests: \(page.name): opens at failing step \(first) of \(page.steps.count)")
        } else {
            print("DragRenderTests: \(page.name): passes, opens at the last step \(expectedStart)")
        }
    }

    @Test func theBoardReportShowsForbiddenExactlyWhereItIsAnswered() throws {
        let report = try #require(Self.reports.first { $0.hasSuffix("/card-snaps-to-wrong-column.jsonl") })
        let page = try page(report)
        let forbidden = page.steps.indices.filter { page.steps[$0]["o"] as? String == "forbidden" }
        #expect(forbidden == [1], "the hover over Done (a locked card) is step 1")
        for n in page.steps.indices {
            let dump = DOMDump(try Browser.dumpDOM(page.file, fragment: "step=\(n + 1)"))
            check(dump, page, step: n)
            let overlays = dump.withClass("forbidden").filter { $0.name == "g" }
            #expect(overlays.count == (forbidden.contains(n) ? 1 : 0), "step \(n): \(overlays.count) forbidden overlays")
            if forbidden.contains(n) {
                #expect(dump.all("rect", class: "hit").map { $0.attributes["data-collection"] } == ["2"])
                #expect(dump.all("rect", class: "placeholder").count == 1)
                #expect(dump.all("li", class: "op-forbidden").map { $0.attributes["data-index"] } == ["1"])
            }
        }
    }

    @Test func eachFailureIsShownOnceInFull() throws {
        let report = try #require(Self.reports.first { $0.hasSuffix("/task-lands-one-row-too-far.jsonl") })
        let page = try page(report)
        #expect(page.failing == [2, 3])
        for (k, n) in page.failing.enumerated() {
            let dump = DOMDump(try Browser.dumpDOM(page.file, fragment: "step=\(n + 1)"))
            check(dump, page, step: n)
            let st = page.steps[n]
            let expectation = st["e"] as? [String: Any]
            let failures = (expectation?["f"] as? [String] ?? []) + (st["f"] as? [String] ?? [])
            #expect(!failures.isEmpty)
            for f in failures {
                #expect(dump.all("li").filter { $0.text == f }.count == 1, "step \(n): \(f) is not shown exactly once")
            }
            let line = (st["l"] as? [Int])?.first ?? -1
            #expect(dump.withClass("failure-title").map(\.text) == ["✗ Step \(n + 1) (line \(line)) failed — failure \(k + 1) of 2"])
            #expect(dump.all("pre", class: "expected").count == (expectation == nil ? 0 : 1))
            let title = dump.all("li").first { $0.attributes["data-index"] == String(n) }?.attributes["title"] ?? ""
            #expect(title.hasPrefix("step \(n + 1) of 4, line \(line): ") && title.hasSuffix("failed, applied)") == (expectation == nil))
        }
    }

    @Test func withTheKanbanAppItsDataIsDrawnBesideTheModels() throws {
        let report = try #require(Self.reports.first { $0.hasSuffix("/card-snaps-to-wrong-column.jsonl") })
        let page = try page(report, extra: ["--app", "python3 examples/apps/kanban_board.py"])
        let failing = try #require(page.failing.first, "the Kanban app's column bug is not found")
        let dump = DOMDump(try Browser.dumpDOM(page.file))
        check(dump, page, step: failing)
        #expect(dump.byID("app-canvas")?.attributes["hidden"] == nil, "the app's data is not shown at the failure")
        #expect(dump.all("g", class: "app-entry").count == page.entries(at: failing).count)
        #expect(dump.html.contains("app: configuration: answered move into"))
        // Beside the model's, in its view and at its scale.
        #expect(dump.byID("canvases")?.has(class: "with-app") == true)
        let model = try #require(dump.byID("layout"))
        let app = try #require(dump.byID("app-layout"))
        for key in ["viewBox", "width", "height"] { #expect(model.attributes[key] == app.attributes[key], "\(key)") }
    }

    @Test func screenshotsOfTheCLIPagesAreDrawn() throws {
        for report in Self.reports {
            let page = try page(report)
            let png = try Browser.screenshot(page.file)
            let summary = try PNGColors.summarize(png)
            #expect(summary.width == 1200 && summary.height == 900, "\(page.name): \(summary.width)x\(summary.height)")
            #expect(summary.distinctColors >= 36, "\(page.name): only \(summary.distinctColors) colours: blank or broken?")
            #expect(summary.nonWhiteFraction > 0.02, "\(page.name): \(summary.nonWhiteFraction * 100)% non-white")
            print(
                "DragRenderTests: CLI page \(page.name) at step \(page.start): \(summary.distinctColors) colours, "
                    + "\(Int(summary.nonWhiteFraction * 100))% non-white")
        }
    }
}
