import DragRecording
import DragSystem

/// The report formats of `replay --format`.
public enum ReportFormat: String, CaseIterable, Sendable { case text, json, junit }

/// Writes a report as recordings finish, so outcomes never pile up in memory.
public protocol ReportWriter: AnyObject {
    func begin()
    func beginRecording(path: String)
    func outcome(_ o: SessionEnd)
    func step(_ step: ReplayStep)
    /// Whether `step` wants every step (building them costs a little per event).
    var wantsSteps: Bool { get }
    func endRecording(_ r: ReplayResult)
    func end(passed: Int, failed: Int, errors: Int)
}

extension ReportWriter {
    public func begin() {}
    public func beginRecording(path: String) {}
    public func outcome(_ o: SessionEnd) {}
    public func step(_ step: ReplayStep) {}
    public var wantsSteps: Bool { false }
}

/// A writer of `format` onto `out`. `page` says where a recording's page
/// is, when it has one (JUnit links it).
public func makeReportWriter(
    _ format: ReportFormat, _ out: ReportOutput, trace: Bool, page: @escaping (String) -> String? = { _ in nil }
) -> ReportWriter {
    switch format {
    case .text: TextReport(out, trace: trace)
    case .json: JSONReport(out)
    case .junit: JUnitReport(out, page: page)
    }
}

/// `PASS path`, failures as `path:line:1: error: message`, then a count.
public final class TextReport: ReportWriter {
    let out: ReportOutput
    let showTrace: Bool
    public init(_ out: ReportOutput, trace: Bool) {
        self.out = out
        self.showTrace = trace
    }
    public func beginRecording(path: String) { if showTrace { out.write("== \(SafeText.path(path))\n") } }
    public func step(_ step: ReplayStep) { if showTrace { out.write(step.text) } }
    public var wantsSteps: Bool { showTrace }
    public func endRecording(_ r: ReplayResult) {
        let notes = r.warnings.isEmpty ? "" : " (\(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s"))"
        // Paths and messages are shown, not trusted: a file name or a
        // message cannot put a raw control character on the terminal.
        out.write("\(r.status.rawValue.uppercased()) \(SafeText.path(r.path))\(notes)\n")
        if let e = r.error { out.write("  \(e)\n") }
        func shown(_ m: LineMessage, _ severity: Diagnostic.Severity) -> String {
            "  \(Diagnostic(path: r.path, line: m.line, severity: severity, message: SafeText.escapingControls(m.message)))\n"
        }
        for f in r.failures { out.write(shown(f, .error)) }
        // Warnings are shown on a pass too: "(1 warning)" alone would say
        // there is something to read and hide it (issue 20).
        for w in r.warnings { out.write(shown(w, .warning)) }
    }
    public func end(passed: Int, failed: Int, errors: Int) {
        out.write("\(passed) passed, \(failed) failed, \(errors) errors\n")
    }
}

/// The JSON report contract: `recordings[]` with `path`, `status`, `final`,
/// `outcomes`, `failures`, `warnings`, `error`; then `passed`, `failed`,
/// `errors`. Outcomes are written as they happen, through the one JSON
/// writer (`_JSONBuffer`), one recording a line; strings escaped as
/// `Format.quoted` escapes them, so the report is safe in a terminal.
public final class JSONReport: ReportWriter {
    let out: ReportOutput
    /// Kept across calls: it knows where the next comma goes.
    private var w = _JSONBuffer()
    public init(_ out: ReportOutput) { self.out = out }

    public func begin() {
        w.open()
        w.key("recordings")
        w.openArray()
        flush()
    }

    public func beginRecording(path: String) {
        w.element()
        w.newline()
        w.open()
        w.key("path")
        w.shownString(path)
        w.key("outcomes")
        w.openArray()
        flush()
    }

    public func outcome(_ o: SessionEnd) {
        w.element()
        w.open()
        w.key("session")
        w.integer(o.session)
        w.key("outcome")
        w.string(o.outcome.rawValue)
        w.key("line")
        w.integer(o.line)
        w.close()
        flush()
    }

    public func endRecording(_ r: ReplayResult) {
        w.closeArray()
        w.key("status")
        w.string(r.status.rawValue)
        w.key("final")
        w.openArray()
        for c in r.final {
            w.element()
            w.open()
            w.key("id")
            if let id = c.id { w.shownString(id) } else { w.null() }
            w.key("items")
            w.openArray()
            for item in c.items { w.shownString(item) }
            w.closeArray()
            w.close()
        }
        w.closeArray()
        messages("failures", r.failures)
        messages("warnings", r.warnings)
        if let e = r.error {
            w.key("error")
            w.open()
            w.integers([("line", e.line), ("column", e.column)])
            w.key("message")
            w.shownString(e.message)
            w.close()
        }
        w.close()
        flush()
    }

    private func messages(_ key: String, _ list: [LineMessage]) {
        w.key(id: key)
        w.openArray()
        for m in list {
            w.element()
            w.open()
            w.key("line")
            w.integer(m.line)
            w.key("message")
            w.shownString(m.message)
            w.close()
        }
        w.closeArray()
    }

    public func end(passed: Int, failed: Int, errors: Int) {
        w.newline()
        w.closeArray()
        w.integers([("passed", passed), ("failed", failed), ("errors", errors)])
        w.close()
        w.newline()
        flush()
    }

    private func flush() { out.write(w.take()) }
}

/// JUnit XML: one test suite, one test case per recording; failures and
/// input errors with their line and message. A recording whose page
/// `page` names (the CLI names the one `render` wrote beside it) links the
/// page: a `page` property and an `[[ATTACHMENT|path]]` line, which
/// Jenkins and GitLab show as a link.
public final class JUnitReport: ReportWriter {
    let out: ReportOutput
    let page: (String) -> String?
    private var cases: [String] = []
    public init(_ out: ReportOutput, page: @escaping (String) -> String? = { _ in nil }) {
        self.out = out
        self.page = page
    }

    public func endRecording(_ r: ReplayResult) {
        var c = "  <testcase classname=\"dragreplay.replay\" name=\"\(xml(r.path))\">\n"
        let page = page(r.path)
        if let page { c += "    <properties><property name=\"page\" value=\"\(xml(page))\"/></properties>\n" }
        if let e = r.error {
            // The exact path and message (XML escapes them), not the
            // terminal's rendering of them.
            let body = e.text(path: e.path)
            c += "    <error message=\"\(xml("line \(e.line), column \(e.column): \(e.message)"))\" type=\"input\">\(xml(body))</error>\n"
        }
        if !r.failures.isEmpty {
            let first = r.failures[0]
            let body = r.failures.map { "\(r.path):\($0.line): \($0.message)" }.joined(separator: "\n")
            c += "    <failure message=\"\(xml("line \(first.line): \(first.message)"))\" type=\"expectation\">\(xml(body))</failure>\n"
        }
        let out = r.warnings.map { "line \($0.line): warning: \($0.message)" } + (page.map { ["[[ATTACHMENT|\($0)]]"] } ?? [])
        if !out.isEmpty { c += "    <system-out>\(xml(out.joined(separator: "\n")))</system-out>\n" }
        cases.append(c + "  </testcase>\n")
    }

    public func end(passed: Int, failed: Int, errors: Int) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<testsuite name=\"dragreplay\" tests=\"\(passed + failed + errors)\" failures=\"\(failed)\" errors=\"\(errors)\">\n")
        for c in cases { out.write(c) }
        out.write("</testsuite>\n")
    }
}

/// XML text and attributes: `Format.xml`, the one XML escaper.
func xml(_ s: String) -> String { Format.xml(s) }
