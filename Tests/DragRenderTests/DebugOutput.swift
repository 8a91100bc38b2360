import DragRender
import Foundation
import Testing

/// Writes the fixture pages, their static SVGs and a 10^5-event synthetic
/// page to `DRAGRENDER_OUT` when it is set, to look at by hand; does
/// nothing otherwise.
@Test func writePagesForInspection() throws {
    guard let dir = ProcessInfo.processInfo.environment["DRAGRENDER_OUT"] else { return }
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (name, doc) in Fixtures.all {
        try HTMLRenderer.page(doc).write(toFile: "\(dir)/\(name).html", atomically: true, encoding: .utf8)
        try SVGRenderer.svg(doc).write(toFile: "\(dir)/\(name).svg", atomically: true, encoding: .utf8)
    }
    var b = RenderBuilder(header: Synthetic.header, initial: Synthetic.snapshot(Synthetic.initialItems))
    for e in Synthetic.events(100_000) { b.append(e) }
    try HTMLRenderer.page(b.finish()).write(toFile: "\(dir)/synthetic-100000.html", atomically: true, encoding: .utf8)
}
