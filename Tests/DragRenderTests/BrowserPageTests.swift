import DragRecording
import DragRender
import DragSystem
import Foundation
import Testing

/// The page as a real browser builds it: headless Chromium runs the inline
/// script and the tests read back the DOM it made (`--dump-dom`) and what it
/// painted (`--screenshot`). See the DOM contract in `PageTemplate`.
@Suite(.serialized) struct BrowserPageTests {
    /// Writes the page of `document` and returns the DOM the browser built at `step`.
    private func dom(_ document: RenderDocument, step: Int? = nil, name: String = #function) throws -> DOMDump {
        let file = try write(document, name: name)
        let html = try Browser.dumpDOM(file, fragment: step.map { "step=\($0 + 1)" })  // #step=N counts from 1
        let dump = DOMDump(html)
        #expect(dump.byID("step") != nil, "no #step in the dumped DOM")
        return dump
    }

    private func write(_ document: RenderDocument, name: String) throws -> URL {
        let dir = try Browser.temporaryDirectory("page")
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let file = dir.appendingPathComponent("\(safe).html")
        try HTMLRenderer.page(document).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// What every drawn page must have: the script finished, no error caught,
    /// the step shown, and one entry element per entry of its snapshot.
    private func checkBasics(_ dump: DOMDump, _ document: RenderDocument, step: Int) {
        #expect(dump.all("body").first?.attributes["data-ready"] == "1", "the script did not finish its first draw")
        let errors = dump.innerHTML(ofDivWithID: "script-errors")
        #expect(errors == "", "script errors: \(errors ?? "(no #script-errors)")")
        #expect(dump.byID("step")?.attributes["data-step"] == String(step))
        let layout = dump.section(from: "layout", to: ["legend"])
        let entries = layout.filter { $0.name == "g" && $0.has(class: "entry") }
        let expected = document.snapshot(after: step).collections.flatMap(\.entries)
        #expect(entries.map { $0.attributes["data-id"] ?? "" } == expected.map(\.id.string))
        // Each entry's text element holds its ID as Format shows it: up to
        // its first escape as text, each escape in a tspan.esc (PageEscapeTests).
        let texts = layout.filter { $0.name == "text" && !$0.has(class: "area-label") && !$0.has(class: "finger-label") }
        let plainStart = expected.map { String(String.UnicodeScalarView($0.id.string.unicodeScalars.prefix { !SafeText.isUnsafe($0) })) }
        #expect(Array(texts.prefix(expected.count)).map(\.text) == plainStart)
        let escapes = layout.filter { $0.name == "tspan" && $0.has(class: "esc") }.map(\.text)
        let expectedEscapes = expected.flatMap {
            $0.id.string.unicodeScalars.filter(SafeText.isUnsafe).map { SafeText.escapingControls(String($0)) }
        }
        #expect(escapes.starts(with: expectedEscapes), "\(escapes)")
        for (element, entry) in zip(entries, expected) {
            #expect(element.has(class: "fixed") == entry.fixed, "fixed mark of \(entry.id)")
            #expect(element.has(class: "locked") == entry.locked, "locked mark of \(entry.id)")
        }
    }

    @Test func forwardMoveOpensAtTheLastStepWithEveryEntry() throws {
        let doc = Fixtures.forwardMove()
        let dump = try dom(doc)
        checkBasics(dump, doc, step: 3)
        #expect(dump.byID("failure")?.attributes["hidden"] != nil, "the failure banner shows on a passing recording")
        #expect(dump.withClass("forbidden").isEmpty)
        #expect(dump.all("li").filter { $0.attributes["data-index"] != nil }.count == doc.steps.count)
        #expect(dump.all("li", class: "failed").isEmpty)
        #expect(dump.all("li", class: "passed").count == 1)
        #expect(dump.byID("step-text")?.text == "expect order, outcome, difference")
    }

    @Test func forwardMoveAtTheCollapsedMovesShowsPathHitAndPlaceholder() throws {
        let doc = Fixtures.forwardMove()
        let dump = try dom(doc, step: 1)
        checkBasics(dump, doc, step: 1)
        #expect(dump.byID("step-text")?.text == "move s0 x2, lines 3-4")
        let paths = dump.all("polyline", class: "path")
        #expect(paths.count == 1)
        #expect(paths.first?.attributes["points"] == "50,5 50,15 50,22")
        #expect(dump.all("rect", class: "placeholder").count == 1)
        #expect(dump.all("rect", class: "hit").count == 1)
        #expect(dump.all("g", class: "source").map { $0.attributes["data-id"] } == ["buy-milk"])
    }

    @Test func forbiddenOverlayOnlyWhereTheOperationIsForbidden() throws {
        let doc = Fixtures.lockedColumn()
        #expect(doc.steps.map(\.operation) == [nil, .move, .forbidden, .forbidden])
        for step in 0..<doc.steps.count {
            let dump = try dom(doc, step: step, name: "locked\(step)")
            checkBasics(dump, doc, step: step)
            let overlays = dump.withClass("forbidden")
            if doc.steps[step].operation == .forbidden {
                #expect(overlays.count == 1, "step \(step): forbidden overlay missing")
            } else {
                let operation = String(describing: doc.steps[step].operation)
                #expect(overlays.isEmpty, "step \(step): forbidden overlay where the operation is \(operation)")
            }
        }
        let last = try dom(doc, step: 3, name: "lockedLast")
        #expect(last.all("rect", class: "drop-mark").count == 1)
        #expect(last.all("li", class: "op-forbidden").count == 2)
        // The board shows capacities: "doing 1/3".
        #expect(last.all("text", class: "area-label").map(\.text).contains("doing  1/3"))
    }

    @Test func opensAtTheFirstFailingStepAndShowsItLoudly() throws {
        let doc = Fixtures.failedExpectation()
        let dump = try dom(doc)
        checkBasics(dump, doc, step: Fixtures.failingStep)
        let banner = try #require(dump.byID("failure"))
        #expect(banner.attributes["hidden"] == nil, "the failure banner is hidden at the failing step")
        let failed = dump.all("li", class: "failed")
        #expect(failed.map { $0.attributes["data-index"] } == [String(Fixtures.failingStep)])
        #expect(dump.all("pre", class: "expected").count == 1 && dump.all("pre", class: "actual").count == 1)
        #expect(dump.html.contains("placement: "), "the invariant failure is not shown")
        // Hostile IDs arrive intact (the layout check above compares them all).
        #expect(dump.all("g", class: "entry").compactMap { $0.attributes["data-id"] }.contains("</script><b>x"))
        #expect(dump.byID("title")?.text == "</title><script>alert(1)</script> & \"quotes\"")
        // The app's data is drawn beside the model's at the drop (step 1).
        let atDrop = try dom(doc, step: 1, name: "failedAtDrop")
        checkBasics(atDrop, doc, step: 1)
        #expect(atDrop.byID("app-canvas")?.attributes["hidden"] == nil)
        #expect(atDrop.all("g", class: "app-entry").count == Fixtures.hostileIDs.count + 1)
        #expect(!atDrop.all("g", class: "mismatch").isEmpty, "the app's order differs from the model's but nothing is marked")
        #expect(atDrop.byID("failure")?.attributes["hidden"] != nil, "the failure banner shows at a passing step")
    }

    @Test func twoSessionsHaveTwoPathsInDifferentColours() throws {
        let doc = Fixtures.twoSessions()
        let dump = try dom(doc, step: 4)
        checkBasics(dump, doc, step: 4)
        let paths = dump.all("polyline", class: "path")
        #expect(paths.map { $0.attributes["data-session"] } == ["0", "1"])
        #expect(Set(paths.compactMap { $0.attributes["stroke"] }).count == 2)
        #expect(dump.all("g", class: "source").map { $0.attributes["data-id"] } == ["a", "e"])
        // The deferred drop is marked on the timeline; the apply that applies it too.
        #expect(dump.all("li", class: "deferred").map { $0.attributes["data-index"] } == ["5"])
        #expect(dump.all("li", class: "applied").map { $0.attributes["data-index"] } == ["7"])
        // At the swipe: the open row's buttons, and the presentation report on the timeline.
        let swipe = try dom(doc, step: 8, name: "swipe")
        checkBasics(swipe, doc, step: 8)
        #expect(swipe.all("g", class: "swipe-button").count == 2)
        #expect(swipe.all("li", class: "presentation").map { $0.attributes["data-index"] } == ["8"])
        #expect(swipe.all("polyline", class: "path").isEmpty, "finished drags are still drawn")
    }

    @Test func aSixtyFourBitSessionKeepsEveryDigit() throws {
        let doc = PageFixtureTests.hugeSession()
        let dump = try dom(doc, step: 1)
        checkBasics(dump, doc, step: 1)
        let max = String(Int.max)
        #expect(dump.all("polyline", class: "path").map { $0.attributes["data-session"] } == [max])
        // At the drop the finger's label says drop (not the answer of the moves before it).
        #expect(dump.all("text", class: "finger-label").map(\.text) == ["s\(max) drop"])
        #expect(dump.all("dd").map(\.text).prefix(2) == ["drop", "s\(max)"], "the step's kind and session rows name the session exactly")
    }

    @Test func fragmentBeyondTheEndClampsToTheLastStep() throws {
        let doc = Fixtures.forwardMove()
        checkBasics(try dom(doc, step: 99), doc, step: 3)
    }

    @Test func anEmptyDocumentStillLoads() throws {
        let doc = RenderBuilder(header: RenderHeader(title: "empty", layout: .rows(width: 10, height: 10))).finish()
        let dump = try dom(doc)
        #expect(dump.all("body").first?.attributes["data-ready"] == "1")
        #expect(dump.innerHTML(ofDivWithID: "script-errors") == "")
        #expect(dump.byID("step-title")?.text == "No events")
    }

    @Test func screenshotsAreDrawn() throws {
        for (name, doc, step) in [
            ("forward", Fixtures.forwardMove(), 1), ("locked", Fixtures.lockedColumn(), 3),
            ("failed", Fixtures.failedExpectation(), 2), ("two", Fixtures.twoSessions(), 4),
        ] {
            let file = try write(doc, name: name)
            let png = try Browser.screenshot(file, fragment: "step=\(step + 1)")
            let summary = try PNGColors.summarize(png)
            #expect(summary.width == 1200 && summary.height == 900, "\(name): \(summary.width)x\(summary.height)")
            #expect(summary.distinctColors >= 36, "\(name): only \(summary.distinctColors) colours: blank or broken?")
            #expect(summary.nonWhiteFraction > 0.02, "\(name): \(summary.nonWhiteFraction * 100)% non-white")
            print(
                "DragRenderTests: screenshot \(name) step \(step): \(summary.distinctColors) colours, "
                    + "\(Int(summary.nonWhiteFraction * 100))% non-white")
        }
        if case .found(let path, let version) = Browser.availability { print("DragRenderTests: browser \(path): \(version)") }
    }
}
