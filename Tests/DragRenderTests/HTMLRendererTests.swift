import DragRender
import Foundation
import ReorderCore
import Testing

/// The page as text: what must hold before any browser runs it.
@Suite struct HTMLRendererTests {
    @Test func recordingStringsCannotEndTheScriptOrInjectMarkup() throws {
        let page = HTMLRenderer.page(Fixtures.failedExpectation())
        // The template's three scripts close three times; no ID adds a fourth.
        #expect(page.components(separatedBy: "</script").count - 1 == 3)
        #expect(page.components(separatedBy: "<!--").count - 1 == 1, "only the contract comment opens a comment")
        #expect(!page.contains("<b>x"))
        let title = "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"
        #expect(page.contains("<title>\(title) — DragReplay</title>"))
        // Outside the JSON, the only "<script" are the template's.
        #expect(page.components(separatedBy: "<script").count - 1 == 3)
    }

    @Test func theEmbeddedJSONReadsBackWithEveryID() throws {
        let page = HTMLRenderer.page(Fixtures.failedExpectation())
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"doc\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let data = try #require(object["data"] as? [String: Any])
        let collections = try #require(data["collections"] as? [[Any]])
        let ids = Set(collections.flatMap { ($0.last as? [String]) ?? [] })
        for id in Fixtures.hostileIDs { #expect(ids.contains(id.string), "ID \(id.debugDescription) lost in the JSON") }
        #expect(object["firstFailing"] as? Int == Fixtures.failingStep)
        #expect(object["start"] as? Int == Fixtures.failingStep)
        #expect((object["steps"] as? [Any])?.count == 4)
        // The JSON the page embeds is the one `json(_:)` gives, with "<" escaped.
        #expect(
            HTMLRenderer.json(Fixtures.failedExpectation()).replacingOccurrences(of: "<", with: "\\u003c")
                .replacingOccurrences(of: ">", with: "\\u003e").replacingOccurrences(of: "&", with: "\\u0026") == json)
    }

    @Test func nonFiniteNumbersKeepTheJSONReadable() throws {
        var b = RenderBuilder(header: RenderHeader(title: "nan", layout: .rows(width: .infinity, height: 10)))
        b.append(
            RenderEvent(
                line: 2, t: .nan, text: "lift", kind: .lift, session: 0, location: Point(x: .nan, y: 1),
                data: Fixtures.list(["a"])))
        let json = HTMLRenderer.json(b.finish())
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func thePageNeedsNothingFromOutside() {
        let page = HTMLRenderer.page(Fixtures.twoSessions())
        for needle in ["src=", "href=", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            #expect(!page.contains(needle), "the page refers to something outside: \(needle)")
        }
        #expect(page.contains("@media print"))
        #expect(page.contains("window.onerror"))
    }
}
