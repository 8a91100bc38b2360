import Foundation
import TestSupport
import Testing

/// A big recording as the browser tests open it: written, rendered by the
/// debug CLI (`--applier canonical`) into a page with one failing step, and
/// opened in Chromium at that step with the page timing `profiled` more
/// steps (`#profile=N`). Checks what every big page must do on opening.
struct BigPage {
    let file: URL
    let page: CLIPageBrowserTests.Page
    let failing: Int
    let dump: DOMDump
    /// The CLI's render, and the browser's whole run (its start included).
    let renderSeconds: Double
    let wall: Double

    /// - Parameter strip: applied to the dumped DOM before it is parsed
    ///   (a 10^6-row page's document is 24 MB the checks never read).
    static func open(
        _ text: String, in dir: URL, name: String, profiled: Int, strip: (String) -> String = { $0 }
    ) throws -> BigPage {
        let recording = dir.appendingPathComponent("\(name).jsonl")
        let file = dir.appendingPathComponent("\(name).html")
        try text.write(to: recording, atomically: true, encoding: .utf8)
        let rendered = Date()
        let r = try runCLI(["render", "--applier", "canonical", "-o", file.path, recording.path])
        let renderSeconds = Date().timeIntervalSince(rendered)
        #expect(r.code == 0 && (r.stdout + r.stderr).contains("1 failing"), "render: \(r.stdout) \(r.stderr)")
        let page = try CLIPageBrowserTests.Page.read(file)
        let failing = try #require(page.failing.first, "no failing step")
        #expect(page.failing.count == 1)

        let opened = Date()
        let dump = DOMDump(strip(try Browser.dumpDOM(file, fragment: "profile=\(profiled)")))
        let wall = Date().timeIntervalSince(opened)
        #expect(dump.all("body").first?.attributes["data-ready"] == "1")
        #expect(dump.innerHTML(ofDivWithID: "script-errors") == "")
        #expect(dump.byID("step")?.attributes["data-step"] == String(failing), "the page opens at its failing step")
        #expect(dump.byID("failure")?.attributes["hidden"] == nil)
        return BigPage(file: file, page: page, failing: failing, dump: dump, renderSeconds: renderSeconds, wall: wall)
    }
}
