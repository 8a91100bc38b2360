import DragCorpus
import DragReplay
import Foundation
import ReorderConformance
import ReorderCore
import Testing

/// The page of a recording replayed with a test's own closure (what
/// `renderRecording` writes, issue 41 item 4), as Chromium draws it.
@Suite(.serialized) struct ClosurePageBrowserTests {
    struct Note: Identifiable, Sendable {
        var id: String
    }

    @Test func aClosuresPageDrawsItsDataBesideTheModelsAtTheFailure() throws {
        _ = try Browser.require()
        let dir = try Browser.temporaryDirectory("closure-page")
        let path = dir.appendingPathComponent("to-front.jsonl").path
        // a, b, c in 10-point rows: c dropped on b's leading half (before b).
        try """
        {"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}
        {"type":"lift","t":0,"items":["c"],"x":50,"y":25}
        {"type":"drop","t":16,"x":50,"y":12}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        // The closure's bug: the sources always go to the front.
        let toFront = Applier<StringID, StringID?>.single(element: { Note(id: $0) }) { notes, difference in
            let moved = difference.sources.compactMap { id in notes.first { $0.id == id } }
            notes.removeAll { difference.sources.contains($0.id) }
            notes.insert(contentsOf: moved, at: 0)
        }
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        let page = try Replayer(options: ReplayOptions(applier: toFront)).writePage(
            forRecording: path, subject: &subject, subjectName: "the closures of a test")
        #expect(page.path == dir.appendingPathComponent("to-front.html").path)
        let dump = DOMDump(try Browser.dumpDOM(URL(fileURLWithPath: page.path)))
        #expect(dump.all("body").first?.attributes["data-ready"] == "1")
        #expect(dump.innerHTML(ofDivWithID: "script-errors") == "")
        // It opens at the failing drop, loudly, with the closure's data beside the model's.
        #expect(dump.byID("step")?.attributes["data-step"] == "1")
        #expect(dump.byID("failure")?.attributes["hidden"] == nil)
        #expect(dump.html.contains("applier yours: placement: applying [\"c\"] -&gt; before \"b\""), "\(dump.html.prefix(2000))")
        let layout = dump.section(from: "layout", to: ["legend"])
        #expect(layout.filter { $0.name == "g" && $0.has(class: "entry") }.map { $0.attributes["data-id"] } == ["a", "c", "b"])
        #expect(dump.all("g", class: "app-entry").map { $0.attributes["data-id"] } == ["c", "a", "b"])
        #expect(dump.all("g", class: "mismatch").map { $0.attributes["data-id"] } == ["c", "a"])
    }
}
