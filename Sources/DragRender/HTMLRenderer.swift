import DragRecording
import DragSystem

/// Writes a document as one self-contained HTML page: the document as JSON
/// in the page, drawn by an inline script (see `PageTemplate` for the DOM
/// contract). No network and no other file, so the page can be attached to
/// a bug report and opened anywhere.
public enum HTMLRenderer {
    /// The page in memory, for tests and tools. A spooled document (built
    /// with a `RenderStepSpool`) is written only by `write`: holding its page
    /// would undo what the spool saves.
    public static func page(_ document: RenderDocument) -> String {
        precondition(document.spool == nil, "HTMLRenderer.page of a spooled document: use HTMLRenderer.write")
        var bytes: [UInt8] = []
        let top = Array(top(document).utf8)
        do {
            // Scoped: the JSON is freed before the page's string is made, so
            // a large page is held twice at most, not three times.
            let json = DocumentJSON.encode(document)
            bytes.reserveCapacity(top.count + json.count + json.count / 32 + PageTemplate.bottom.utf8.count)
            bytes.append(contentsOf: top)
            Markup.scriptSafe(json, into: &bytes)
        }
        bytes.append(contentsOf: PageTemplate.bottom.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Streams the page to `body` in chunks: the top, the document's JSON
    /// (a spooled document's steps and paths read back from its spool 64
    /// KiB at a time), the script. A spool that failed to record throws
    /// before the first chunk.
    /// - Complexity: O(page) time; memory O(64 KiB) beyond the document for a spooled one.
    public static func write(
        _ document: RenderDocument, _ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void
    ) throws(SystemError) {
        guard let spool = document.spool else {
            return try pass(Array(page(document).utf8), to: body)
        }
        spool.flush()
        if let failure = spool.failure { throw failure }
        // The page goes out in pieces of about 64 KiB: a spooled path or a
        // step is a few hundred bytes, and a write each made most of the
        // page's system calls.
        var out: [UInt8] = []
        out.reserveCapacity(chunk + chunk / 8)
        func send(_ force: Bool = false) throws(SystemError) {
            guard force || out.count >= chunk else { return }
            try pass(out, to: body)
            out.removeAll(keepingCapacity: true)
        }
        // The spool's JSON and the head are written script-safe (`_JSONBuffer(scriptSafe:)`),
        // and `middle` and `tail` have nothing to escape: no pass over the page's bytes.
        func emit(_ json: UnsafeRawBufferPointer) throws(SystemError) {
            out.append(contentsOf: json)
            try send()
        }
        out.append(contentsOf: top(document).utf8)
        try pass(DocumentJSON.head(document, scriptSafe: true), to: emit)
        try spool.readPaths(emit)
        try pass(DocumentJSON.middle, to: emit)
        try spool.readSteps(emit)
        try pass(DocumentJSON.tail, to: emit)
        out.append(contentsOf: PageTemplate.bottom.utf8)
        try send(true)
    }

    /// The size of the pieces `write` hands on.
    private static let chunk = 1 << 16

    /// `bytes` to `body`, the typed error kept (`withUnsafeBytes` only rethrows `any Error`).
    private static func pass(
        _ bytes: [UInt8], to body: (UnsafeRawBufferPointer) throws(SystemError) -> Void
    ) throws(SystemError) {
        let result: Result<Void, SystemError> = bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                try body(raw)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes the page to `path` atomically (`AtomicFile`): nothing is
    /// left at `path` when any read or write fails.
    public static func write(_ document: RenderDocument, toFile path: String, preservingAttributes: Bool = false) throws(SystemError) {
        document.spool?.flush()
        if let failure = document.spool?.failure { throw failure }
        var file = try AtomicFile(replacing: path, preservingAttributes: preservingAttributes)
        do {
            try write(document) { (raw) throws(SystemError) in try file.write(raw) }
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }

    /// The header lines before the JSON: title, subtitle, description.
    private static func top(_ document: RenderDocument) -> String {
        let h = document.header
        var subtitle = [h.subject, h.path, "\(h.layout.kindName.rawValue) \(Format.number(h.width))×\(Format.number(h.height))"]
            .filter { !$0.isEmpty }
        var counts = "\(document.eventCount) events, \(stepsText(document.stepCount))"
        let failing = document.failingStepCount
        if failing > 0 { counts += ", \(failing) failing" }
        subtitle.append(counts)
        return PageTemplate.top(
            title: Markup.html(h.title.isEmpty ? "(untitled)" : h.title),
            subtitle: Markup.html(subtitle.joined(separator: " · ")),
            description: Markup.html(h.description ?? ""))
    }

    /// "1 step", "4 steps": the page's count of steps, as the script's
    /// `countText` (Page/page.js) words it when it redraws the subtitle,
    /// so the page reads the same before and after its script runs.
    public static func stepsText(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }

    /// The document as the page embeds it (before `<` is escaped), for tools
    /// and tests that want the data without the page.
    public static func json(_ document: RenderDocument) -> String {
        String(decoding: DocumentJSON.encode(document), as: UTF8.self)
    }
}
