import DragRecording

/// Writes a document as one self-contained HTML page: the document as JSON
/// in the page, drawn by an inline script (see `PageTemplate` for the DOM
/// contract). No network and no other file, so the page can be attached to
/// a bug report and opened anywhere.
public enum HTMLRenderer {
    public static func page(_ document: RenderDocument) -> String {
        let h = document.header
        var subtitle = [h.subject, h.path, "\(h.layout.kindName.rawValue) \(Format.number(h.width))×\(Format.number(h.height))"]
            .filter { !$0.isEmpty }
        var counts = "\(document.eventCount) events, \(document.steps.count) steps"
        let failing = document.steps.lazy.filter(\.isFailing).count
        if failing > 0 { counts += ", \(failing) failing" }
        subtitle.append(counts)
        let top = PageTemplate.top(
            title: Markup.html(h.title.isEmpty ? "(untitled)" : h.title),
            subtitle: Markup.html(subtitle.joined(separator: " · ")),
            description: Markup.html(h.description ?? ""))
        var bytes: [UInt8] = []
        do {
            // Scoped: the JSON is freed before the page's string is made, so
            // a large page is held twice at most, not three times.
            let json = DocumentJSON.encode(document)
            bytes.reserveCapacity(top.utf8.count + json.count + json.count / 32 + PageTemplate.bottom.utf8.count)
            bytes.append(contentsOf: top.utf8)
            Markup.scriptSafe(json, into: &bytes)
        }
        bytes.append(contentsOf: PageTemplate.bottom.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document as the page embeds it (before `<` is escaped), for tools
    /// and tests that want the data without the page.
    public static func json(_ document: RenderDocument) -> String {
        String(decoding: DocumentJSON.encode(document), as: UTF8.self)
    }
}
