import DragRecording
import DragRender
import DragSystem
import Foundation
import ReorderCore
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Issue 44 class 12, the page side: IDs that print alike ("pay-rent" and
/// "pay\u{200B}-rent") are drawn apart. The page's document carries the
/// scalars `SafeText.isUnsafe` names (`unsafe`), and the page and the SVG
/// show each as `SafeText.escapingControls` writes it, in a `.esc` span.
/// Tests/page/escapes.json (written here, `DRAGREPLAY_BLESS_PAGE_FIXTURES=1`)
/// holds a document of such IDs and what Swift's `Format` makes of each:
/// `node --test Tests/page` checks the script's equal them.
@Suite struct PageEscapeTests {
    static let file = Browser.packageRoot.appendingPathComponent("Tests/page/escapes.json")

    /// One of each kind `SafeText.isUnsafe` names, beside the plain ID they imitate.
    static let ids = [
        "pay-rent", "pay\u{200B}-rent", "pay\u{2060}-rent", "pay\u{AD}-rent", "pay\u{202E}-rent", "pay\u{E0041}-rent",
        noncharacter(0xFFFE), noncharacter(0xFDD0), "pay\u{1B}[31m-rent", "pay\n-rent", "pay\"\\-rent", "pay-r\u{E9}nt",
    ]

    /// "pay", the noncharacter `v` (which a Swift literal may not hold), "-rent".
    static func noncharacter(_ v: UInt32) -> String { "pay" + String(Character(Unicode.Scalar(v)!)) + "-rent" }

    /// A board: the column "to\u{200B}do" holding every ID, and "todo"
    /// empty; columns wide enough that the page cuts no label.
    static func document() -> RenderDocument {
        let data = Fixtures.board([("to\u{200B}do", ids.map { StringID($0) }), ("todo", [])])
        let layout = Layout<StringID>(kind: .board(columnWidth: 300, spacing: 10, rowHeight: 30, headerHeight: 20), width: 620, height: 500)
        var b = RenderBuilder(header: RenderHeader(title: "confusable IDs", layout: layout), initial: data)
        b.append(RenderEvent(line: 2, t: 0, text: "insert", kind: .mutation(.insert), data: data))
        return b.finish()
    }

    @Test func theFixtureHoldsFormatsEscapes() throws {
        let document = try JSONSerialization.jsonObject(with: Data(HTMLRenderer.json(Self.document()).utf8))
        let samples = Self.ids.map { [$0, SafeText.escapingControls($0), Format.quoted($0)] }
        let json = try JSONSerialization.data(withJSONObject: ["document": document, "samples": samples], options: [.sortedKeys])
        let text = String(decoding: json, as: UTF8.self) + "\n"
        if ProcessInfo.processInfo.environment["DRAGREPLAY_BLESS_PAGE_FIXTURES"] == "1" { try Data(text.utf8).write(to: Self.file) }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == text, "Tests/page/escapes.json is not what the renderer writes")
        // The ranges are the predicate's: every scalar in one is unsafe, the one after it is not.
        let ranges = try #require((document as? [String: Any])?["unsafe"] as? [[Int]])
        #expect(ranges.count > 10 && ranges.first == [0, 0x1F])
        for r in ranges {
            #expect([r[0], r[1]].allSatisfy { Unicode.Scalar(UInt32($0)).map(SafeText.isUnsafe) ?? false }, "\(r)")
            #expect(r[1] == 0x10FFFF || !(Unicode.Scalar(UInt32(r[1] + 1)).map(SafeText.isUnsafe) ?? true), "\(r)")
        }
    }

    /// The static SVG: each entry's text is its ID as `SafeText.escapingControls`
    /// writes it, the escapes in `tspan.esc`; U+FFFE is `\ufffe`, not U+FFFD.
    @Test func theSVGDrawsEachEscapeApart() throws {
        let svg = SVGRenderer.svg(Self.document())
        let xml = SVGRendererTests.Elements(svg)
        #expect(xml.error == nil, "\(String(describing: xml.error))")
        let entries = xml.elements.filter { $0.name == "g" && $0.classes.contains("entry") }
        #expect(entries.map(\.text) == Self.ids.map { SafeText.escapingControls($0) })
        #expect(Set(entries.map(\.text)).count == Self.ids.count, "two entries read alike")
        let escapes = xml.elements.filter { $0.name == "tspan" && $0.classes.contains("esc") }.map(\.text)
        #expect(escapes.prefix(4) == ["\\u200b", "\\u2060", "\\u00ad", "\\u202e"], "\(escapes)")
        #expect(escapes.contains("\\udb40\\udc41") && escapes.contains("\\ufffe") && escapes.contains("\\n"))
        // What is drawn holds neither (a `data-id` attribute keeps the ID as XML can hold it).
        #expect(xml.elements.allSatisfy { !$0.text.unicodeScalars.contains("\u{FFFD}") && !$0.text.unicodeScalars.contains("\u{200B}") })
        let label = xml.elements.first { $0.classes.contains("area-label") }
        #expect(label?.text == "to\\u200bdo", "\(String(describing: label?.text))")
    }

    /// In Chromium: the drawing and the data table show each ID as
    /// `SafeText.escapingControls` writes it, the escapes in `.esc`, so
    /// "pay-rent" and "pay\u{200B}-rent" read apart.
    @Test func thePageShowsEachEscapeApart() throws {
        _ = try Browser.require()
        let dir = try Browser.temporaryDirectory("escapes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("escapes.html")
        try HTMLRenderer.page(Self.document()).write(to: file, atomically: true, encoding: .utf8)
        let dump = DOMDump(try Browser.dumpDOM(file))
        #expect(dump.innerHTML(ofDivWithID: "script-errors") == "")
        #expect(dump.html.contains(#">pay-rent</text>"#))
        #expect(dump.html.contains(#">pay<tspan class="esc">\u200b</tspan>-rent</text>"#))
        let layout = dump.section(from: "layout", to: ["legend"])
        let drawn = layout.filter { $0.name == "tspan" && $0.has(class: "esc") }.map(\.text)
        #expect(
            drawn == ["\\u200b", "\\u2060", "\\u00ad", "\\u202e", "\\udb40\\udc41", "\\ufffe", "\\ufdd0", "\\u001b", "\\n", "\\u200b"],
            "\(drawn)")
        // The data table's chips and collection names (before and after): the same escapes, in spans.
        let listed = dump.all("span", class: "esc").map(\.text)
        #expect(listed.filter { $0 == "\\u200b" }.count == 4, "\(listed)")
        #expect(listed.count == 2 * 10, "\(listed)")
    }
}
