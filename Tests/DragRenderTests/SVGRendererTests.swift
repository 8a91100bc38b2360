import DragRecording
import DragRender
import DragSystem
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The static SVG: well-formed XML, with the same vocabulary as the page.
@Suite struct SVGRendererTests {
    /// The elements of an SVG, read with XMLParser (which fails on malformed XML).
    final class Elements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var text = ""
            var classes: Set<Substring> { Set((attributes["class"] ?? "").split(separator: " ")) }
        }
        var elements: [Element] = []
        private var open: [Int] = []
        var error: Error?

        init(_ svg: String) {
            super.init()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = self
            if !parser.parse() { error = parser.parserError ?? Browser.Failure(message: "XMLParser failed") }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        /// Text counts for every open element, so a `g` holds its `text`'s.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            for i in open { elements[i].text += string }
        }

        func withClass(_ c: String) -> [Element] { elements.filter { $0.classes.contains(Substring(c)) } }
    }

    /// How an ID reads back from the SVG: XML cannot hold most control
    /// characters, so they are drawn as their Control Pictures.
    private func visible(_ id: String) -> String {
        String(
            String.UnicodeScalarView(
                id.unicodeScalars.map { s in
                    s.value < 0x20 && s != "\n" && s != "\t" && s != "\r" ? Unicode.Scalar(0x2400 + s.value)! : s
                }))
    }

    @Test(arguments: ["forward", "locked", "failed", "two"])
    func everyStepIsWellFormedWithEveryEntry(name: String) throws {
        let doc = try #require(Fixtures.all[name])
        for step in doc.steps.indices {
            let svg = SVGRenderer.svg(doc, step: step)
            let xml = Elements(svg)
            #expect(xml.error == nil, "\(name) step \(step): \(String(describing: xml.error))")
            let entries = xml.elements.filter { $0.name == "g" && $0.classes.contains("entry") }
            let expected = doc.snapshot(after: step).collections.flatMap(\.entries)
            #expect(entries.compactMap { $0.attributes["data-id"] } == expected.map { visible($0.id.string) }, "\(name) step \(step)")
            // Drawn, every character `SafeText.isUnsafe` names is its escape (PageEscapeTests).
            #expect(
                entries.map { $0.text } == expected.map { SafeText.escapingControls($0.id.string) }, "\(name) step \(step): entry texts")
            #expect(entries.map { $0.classes.contains("fixed") } == expected.map(\.fixed))
            #expect(entries.map { $0.classes.contains("locked") } == expected.map(\.locked))
            let forbidden = !xml.withClass("forbidden").isEmpty
            #expect(forbidden == (doc.steps[step].operation == .forbidden), "\(name) step \(step): forbidden overlay")
        }
    }

    @Test func defaultsToTheFirstFailingStepAndSaysWhy() throws {
        let svg = SVGRenderer.svg(Fixtures.failedExpectation())
        #expect(svg.contains("step \(Fixtures.failingStep + 1) / 4"))  // counted from 1, as on the page
        #expect(svg.contains("✗ expectation failed"))
        #expect(svg.contains("order: expected &lt;/script&gt; first"))
        #expect(svg.contains("✗ invariant failures"))
        #expect(!svg.contains("<b>"))
    }

    @Test func defaultsToTheLastStepWithoutFailures() throws {
        let doc = Fixtures.lockedColumn()
        let xml = Elements(SVGRenderer.svg(doc))
        #expect(xml.error == nil)
        #expect(xml.withClass("forbidden").count == 1)
        #expect(xml.withClass("drop-mark").count == 1)
        let caption = xml.elements.filter { $0.name == "text" }.map(\.text).joined(separator: "\n")
        #expect(caption.contains("drop s0 at (275, 40)"))
        #expect(caption.contains("operation: forbidden · outcome: rejected"))
        #expect(xml.withClass("path").first?.attributes["points"] == "50,35 160,35 160,60 270,35 275,40")
    }

    @Test func swipeButtonsAndTwoColours() throws {
        let doc = Fixtures.twoSessions()
        let swipe = Elements(SVGRenderer.svg(doc, step: 8))
        #expect(swipe.withClass("swipe-button").count == 2)
        let twoPaths = Elements(SVGRenderer.svg(doc, step: 4)).withClass("path")
        #expect(twoPaths.count == 2 && Set(twoPaths.compactMap { $0.attributes["stroke"] }).count == 2)
    }

    /// The finger path as the page draws it (page.js `drawnPath`; the same
    /// coordinates are asserted on the page's model in
    /// Tests/page/reading.test.mjs): after a change during the drag, the
    /// points recorded before it move with the dragged entry, so the lift
    /// mark stays on it; the step's own point stays where the finger is.
    @Test func theFingerPathMovesWithTheDraggedEntryAfterAChange() throws {
        func drawn(_ doc: RenderDocument, _ n: Int) -> (points: String?, lift: [String?], drop: [Double]?) {
            let xml = Elements(SVGRenderer.svg(doc, step: n))
            let lift = xml.withClass("lift-mark").first.map { [$0.attributes["cx"], $0.attributes["cy"]] } ?? []
            // The drop mark's centre.
            let drop = xml.withClass("drop-mark").first.flatMap { m -> [Double]? in
                guard let x = m.attributes["x"].flatMap(Double.init), let y = m.attributes["y"].flatMap(Double.init),
                    let w = m.attributes["width"].flatMap(Double.init), let h = m.attributes["height"].flatMap(Double.init)
                else { return nil }
                return [x + w / 2, y + h / 2]
            }
            return (xml.withClass("path").first?.attributes["points"], lift, drop)
        }
        // e (row 4, 40 to 50) lifted at y = 45; x inserted above it moves it
        // to row 5 (50 to 60); the drop puts it at row 2 (20 to 30).
        let insert = try #require(PageFixtureTests.replayed("corpora/regression/insert-during-drag-shifts-hit-test.jsonl"))
        #expect(insert.steps.map(\.kind) == [.lift, .mutation(.insert), .drop, .expect])
        #expect(drawn(insert, 0).points == "50,45")
        #expect(drawn(insert, 1).points == "50,55")
        #expect(drawn(insert, 1).lift == ["50", "55"])
        #expect(drawn(insert, 2).points == "50,25 50,22")
        #expect(drawn(insert, 2).lift == ["50", "25"])
        #expect(
            drawn(insert, 2).drop.map { $0.map { ($0 * 1000).rounded() / 1000 } } == [50, 22], "the drop stays where the finger let go")
        // buy-milk (row 0) lifted at (50, 5), dropped at (50, 22): it lands
        // at row 1 (10 to 20), and the lift mark with it.
        let forward = Fixtures.forwardMove()
        #expect(forward.recordedPath(forward.paths[0], at: 2).map { [$0.x, $0.y] } == [[50, 5], [50, 15], [50, 22]])
        #expect(drawn(forward, 1).points == "50,5 50,15 50,22")  // no change yet: as recorded
        #expect(drawn(forward, 2).points == "50,15 50,25 50,22")
        #expect(drawn(forward, 2).lift == ["50", "15"])
    }
}
