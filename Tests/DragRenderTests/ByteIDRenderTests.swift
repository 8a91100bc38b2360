import DragCorpus
import DragRender
import DragReplay
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// The page keeps an ID's bytes (issue 44 class 5): `"cafe\u{301}"`
/// (decomposed) is drawn and written as those bytes, never as the
/// precomposed `"caf\u{E9}"` that `String` takes for the same; a recording
/// holding both spellings draws two entries, each in its own bytes.
@Suite struct ByteIDRenderTests {
    static let list = #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"#

    static func render(_ text: String) throws -> (ReplayResult, RenderDocument?) {
        let path = try writeTemporary(text)
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        return Replayer().render(path: path, subject: &subject, subjectName: "applier canonical")
    }

    /// The entries' bytes after the first drop, and the page's bytes.
    static func afterDrop(items: String, lift: String, y: Int) throws -> (ids: [[UInt8]], page: [UInt8]) {
        let text =
            [
                Self.list + #""collections":[{"items":"# + items + "}]}}",
                #"{"type":"lift","t":0,"items":["# + lift + #"],"x":5,"y":"# + "\(y)}", #"{"type":"drop","t":16,"x":5,"y":29}"#,
            ].joined(separator: "\n") + "\n"
        let (result, document) = try Self.render(text)
        let doc = try #require(document)
        #expect(result.status == .pass)
        let ids = doc.snapshot(after: 1).collections[0].entries.map { Array($0.id.string.utf8) }
        return (ids, Array(HTMLRenderer.page(doc).utf8))
    }

    @Test func theDocumentAndThePageKeepTheDecomposedBytes() throws {
        let (ids, page) = try Self.afterDrop(items: #"["a","cafe\u0301","b"]"#, lift: #""a""#, y: 5)
        #expect(ids == [Array("cafe\u{301}".utf8), Array("b".utf8), Array("a".utf8)])
        #expect(page.firstRange(of: Array("cafe\u{301}".utf8)) != nil)
        #expect(page.firstRange(of: Array("caf\u{E9}".utf8)) == nil)
    }

    @Test func bothSpellingsAreTwoEntries() throws {
        let (ids, page) = try Self.afterDrop(items: #"["\u00e9","e\u0301","b"]"#, lift: #""e\u0301""#, y: 15)
        #expect(ids == [Array("\u{E9}".utf8), Array("b".utf8), Array("e\u{301}".utf8)])
        #expect(page.firstRange(of: Array("\u{E9}".utf8)) != nil)
        #expect(page.firstRange(of: Array("e\u{301}".utf8)) != nil)
    }
}
