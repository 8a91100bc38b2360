import DragRender
import DragReplay
import Foundation
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// The documents in Tests/page/fixtures are the ones the renderer writes
/// today: the page's script is unit-tested on them with `node --test
/// Tests/page`, so both sides read the same bytes. After a deliberate change
/// to the document, `DRAGREPLAY_BLESS_PAGE_FIXTURES=1` rewrites them.
@Suite struct PageFixtureTests {
    static let directory = Browser.packageRoot.appendingPathComponent("Tests/page/fixtures")

    /// The fixtures by file name: the hand-built documents, one whose
    /// session number a JavaScript number cannot hold, and bundled
    /// recordings as the replay draws them.
    static var documents: [String: RenderDocument] {
        var all = Fixtures.all
        all["huge-session"] = hugeSession()
        // An insert above the dragged row while it is held (the path must follow the row).
        all["insert-during-drag"] = replayed("corpora/regression/insert-during-drag-shifts-hit-test.jsonl")
        // A report that fails twice, at the drop (an invariant) and at its expect line.
        all["task-lands"] = replayed("corpora/reports/task-lands-one-row-too-far.jsonl", applier: "insert-before-remove")
        return all
    }

    /// The document `dragreplay render` draws for a bundled recording
    /// (`path` relative to the package, as the document names it).
    static func replayed(_ path: String, applier: String = "canonical") -> RenderDocument? {
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        let replayer = Replayer(options: ReplayOptions(applier: Applier<StringID, StringID?>.named(applier)!))
        var doc = replayer.render(path: packageRoot + "/" + path, subject: &subject, subjectName: "applier \(applier)").1
        doc?.header.path = path
        return doc
    }

    /// Session 9223372036854775807 lifts and drops "a".
    static func hugeSession() -> RenderDocument {
        let data = Fixtures.list(["a", "b"])
        let session = [RenderSession(number: Int.max, items: ["a"], sources: ["a"])]
        return Fixtures.build(
            RenderHeader(title: "Huge session", path: "huge.jsonl", layout: .rows(width: 100, height: 20)), initial: data,
            [
                RenderEvent(
                    line: 2, t: 0, text: "lift s\(Int.max) [a] at (50, 5)", kind: .lift, session: Int.max,
                    location: Point(x: 50, y: 5), data: data, activeSessions: session),
                RenderEvent(
                    line: 3, t: 16, text: "drop s\(Int.max) at (50, 5)", kind: .drop, session: Int.max,
                    location: Point(x: 50, y: 5), outcome: "moved", data: data),
            ])
    }

    @Test(arguments: documents.keys.sorted())
    func theFixtureIsTheDocumentTheRendererWrites(name: String) throws {
        let json = HTMLRenderer.json(try #require(Self.documents[name] ?? nil))
        let file = Self.directory.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["DRAGREPLAY_BLESS_PAGE_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data((json + "\n").utf8).write(to: file)
        }
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(
            saved == json + "\n", "Tests/page/fixtures/\(name).json is not what the renderer writes; bless it after a deliberate change")
    }

    @Test func sessionNumbersAreExactStrings() throws {
        let json = HTMLRenderer.json(Self.hugeSession())
        #expect(json.contains(#""s":"9223372036854775807""#))
        #expect(!json.contains("9223372036854776000"))
    }
}
