import Foundation
import TestSupport
import Testing

/// The page of a version 3 recording in headless Chromium, made by the real
/// `dragreplay render --merge-bug`: it opens at the first violation, draws
/// each replica's data side by side and the space-time diagram (a lane per
/// replica, an arrow per message, the lost one crossed out), with the
/// failed check's operations and items highlighted.
@Suite(.serialized) struct ReplicaPageBrowserTests {
    func page(_ recording: String, mergeBug: String) throws -> CLIPageBrowserTests.Page {
        _ = try Browser.require()  // skip (saying why) before doing anything without a browser
        let dir = try Browser.temporaryDirectory("replicas")
        let file = dir.appendingPathComponent((recording as NSString).lastPathComponent + ".html")
        let args = ["render", "--merge-bug", mergeBug, "-o", file.path, packageRoot + "/corpora/replicas/" + recording]
        let r = try runCLI(args)
        #expect(r.code == 0, "dragreplay \(args.joined(separator: " ")): \(r.stderr)")
        return try CLIPageBrowserTests.Page.read(file)
    }

    /// The replica view's elements at step `n`: one list per replica, a lane
    /// per replica, an arrow per message, the step selected in the diagram.
    func checkReplicas(_ dump: DOMDump, _ page: CLIPageBrowserTests.Page, step n: Int) throws {
        let replicas = try #require(page.json["replicas"] as? [String: Any])
        let ids = try #require(replicas["ids"] as? [String])
        let messages = try #require(replicas["msgs"] as? [[String: Any]])
        #expect(dump.byID("replicas")?.attributes["hidden"] == nil, "the replica view is shown")
        #expect(dump.all("div", class: "replica").map { $0.attributes["data-replica"] ?? "" } == ids)
        #expect(dump.all("line", class: "lane").map { $0.attributes["data-replica"] ?? "" } == ids)
        #expect(dump.all("g", class: "message").map { $0.attributes["data-n"] ?? "" } == messages.map { "\($0["n"] as? Int ?? -1)" })
        #expect(dump.all("g", class: "st-row").count == page.steps.count)
        #expect(dump.all("rect", class: "selected-step").map { $0.attributes["data-step"] } == [String(n)])
        #expect(dump.all("g", class: "failed").compactMap { $0.attributes["data-step"] } == page.failing.map(String.init))
    }

    /// 7.1 on the delete-insert merge: both moves of a become copies, and
    /// quiesce (step 3) finds a twice on each replica; both ops are blamed.
    @Test func theDeleteInsertFindingOpensAtQuiesceWithBothMovesHighlighted() throws {
        let page = try page("7_1-duplicate-on-concurrent-move.jsonl", mergeBug: "delete-insert")
        #expect(page.failing.first == 2 && page.start == 2)
        let dump = DOMDump(try Browser.dumpDOM(page.file))
        CLIPageBrowserTests().check(dump, page, step: 2)
        try checkReplicas(dump, page, step: 2)
        #expect(dump.all("g", class: "delivered").count == 2)
        #expect(dump.all("circle", class: "op").map { $0.attributes["data-op"] ?? "" } == ["A#1", "B#1"])
        #expect(dump.all("circle", class: "highlight").count == 2)
        #expect(dump.all("g", class: "highlight").map { $0.attributes["data-op"] ?? "" } == ["A#1", "B#1"])
        // Each replica shows [b, a, c, a], both a's highlighted.
        let items = dump.section(from: "replica-lists", to: ["spacetime-box"]).filter { $0.name == "li" }
        #expect(items.map(\.text) == ["b", "a", "c", "a", "b", "a", "c", "a"])
        #expect(items.filter { $0.has(class: "highlight") }.map(\.text) == ["a", "a", "a", "a"])
        // Step 1 (#step=1): only A's move made, nothing failed yet; the run's finding stays highlighted.
        let first = DOMDump(try Browser.dumpDOM(page.file, fragment: "step=1"))
        CLIPageBrowserTests().check(first, page, step: 0)
        try checkReplicas(first, page, step: 0)
    }

    /// 7.7 on the ack-by-any merge: A's insert is lost (an arrow crossed
    /// out), and quiesce blames A#1 alone (intent's smallest set).
    @Test func theAckByAnyFindingCrossesOutTheLostMessage() throws {
        let page = try page("7_7-ack-by-any.jsonl", mergeBug: "ack-by-any")
        #expect(page.start == 5)
        let dump = DOMDump(try Browser.dumpDOM(page.file))
        CLIPageBrowserTests().check(dump, page, step: 5)
        try checkReplicas(dump, page, step: 5)
        let lost = dump.all("g", class: "lost")
        #expect(lost.map { $0.attributes["data-n"] ?? "" } == ["1"])
        #expect(dump.all("path", class: "lost-x").count == 1)
        #expect(dump.all("circle", class: "highlight").map { $0.attributes["data-op"] ?? "" } == ["A#1"])
        // x is lost everywhere: no replica lists it, so nothing there is highlighted.
        #expect(dump.all("li", class: "highlight").isEmpty)
        #expect(dump.byID("model-title")?.text == "replica A (the step\u{2019}s own drawing)")
    }

    /// Replica names with a bidi override and a zero-width space: the lanes,
    /// the lists' headings and the ops show them escaped (`\u202e`), never raw.
    @Test func forgedReplicaNamesAreShownEscaped() throws {
        _ = try Browser.require()
        let dir = try Browser.temporaryDirectory("replica-names")
        let recording = dir.appendingPathComponent("r.jsonl")
        let lines = [
            #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":320,"height":480,"rowHeight":40},"collections":[{"items":["a","b","c"]}]},"replicas":{"ids":["A\u202e","B\u200b"],"merge":"causal"}}"#,
            #"{"type":"relocate","t":0,"replica":"A\u202e","items":["a"],"before":"c"}"#,
            #"{"type":"relocate","t":0,"replica":"B\u200b","items":["a"],"before":null}"#,
            #"{"type":"quiesce","t":10}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: recording, atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("r.html")
        let r = try runCLI(["render", "--merge-bug", "arrival-order", "-o", file.path, recording.path])
        #expect(r.code == 0, "\(r.stderr)")
        let dump = DOMDump(try Browser.dumpDOM(file))
        #expect(dump.all("text", class: "lane-label").map(\.text) == [#"A\u202e"#, #"B\u200b"#])
        #expect(dump.all("text", class: "op-label").map(\.text) == [#"A\u202e#1"#, #"B\u200b#1"#])
        let headings = dump.section(from: "replica-lists", to: ["spacetime-box"]).filter { $0.name == "h4" }.map(\.text)
        #expect(headings.count == 2 && headings.allSatisfy { $0.hasPrefix(#"A\u202e"#) || $0.hasPrefix(#"B\u200b"#) }, "\(headings)")
        #expect(
            !dump.all("text", class: "lane-label").contains { $0.text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B } }
        )
    }
}
