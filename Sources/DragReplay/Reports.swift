import DragRecording
import Foundation

/// Where a report goes: standard output or a file (`-o`). Buffered, written
/// with `write(2)`; `close()` flushes.
public final class ReportOutput {
    private let fd: Int32
    private let owned: Bool
    private var buffer: [UInt8] = []

    public init(path: String?) throws(RecordingError) {
        if let path {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd < 0 { throw .io(path: path, message: "cannot write: \(String(cString: strerror(errno)))") }
            self.fd = fd
            owned = true
        } else {
            fd = 1
            owned = false
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit { close() }

    public func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue }; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private var closed = false
    public func close() {
        if closed { return }
        closed = true
        flush()
        if owned { Foundation.close(fd) }
    }
}

/// The report formats of `replay --format`.
public enum ReportFormat: String, CaseIterable, Sendable { case text, json, junit }

/// Writes a report as recordings finish, so outcomes never pile up in memory.
public protocol ReportWriter: AnyObject {
    func begin()
    func beginRecording(path: String)
    func outcome(_ o: ReportedOutcome)
    func trace(_ step: TraceStep)
    func endRecording(_ r: ReplayResult)
    func end(passed: Int, failed: Int, errors: Int)
}

extension ReportWriter {
    public func trace(_ step: TraceStep) {}
}

/// `PASS path`, failures as `path:line:1: error: message`, then a count.
public final class TextReport: ReportWriter {
    let out: ReportOutput
    let showTrace: Bool
    public init(_ out: ReportOutput, trace: Bool) { self.out = out; self.showTrace = trace }
    public func begin() {}
    public func beginRecording(path: String) { if showTrace { out.write("== \(path)\n") } }
    public func outcome(_ o: ReportedOutcome) {}
    public func trace(_ step: TraceStep) { out.write(step.text) }
    public func endRecording(_ r: ReplayResult) {
        let notes = r.warnings.isEmpty ? "" : " (\(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s"))"
        out.write("\(r.status.rawValue.uppercased()) \(r.path)\(notes)\n")
        if let e = r.error { out.write("  \(e)\n") }
        for f in r.failures { out.write("  \(r.path):\(f.line):1: error: \(f.message)\n") }
        if showTrace || r.status != .pass { for w in r.warnings { out.write("  \(r.path):\(w.line):1: warning: \(w.message)\n") } }
    }
    public func end(passed: Int, failed: Int, errors: Int) {
        out.write("\(passed) passed, \(failed) failed, \(errors) errors\n")
    }
}

/// The JSON report contract (issue 4): `recordings[]` with `path`, `status`,
/// `final`, `outcomes`, `failures`, `warnings`, `error`; then `passed`,
/// `failed`, `errors`. Outcomes are written as they happen.
public final class JSONReport: ReportWriter {
    let out: ReportOutput
    private var first = true
    private var firstOutcome = true
    public init(_ out: ReportOutput) { self.out = out }

    public func begin() { out.write("{\"recordings\":[") }

    public func beginRecording(path: String) {
        out.write((first ? "\n" : ",\n") + "{\"path\":\(CanonicalWriter.quoted(path)),\"outcomes\":[")
        first = false
        firstOutcome = true
    }

    public func outcome(_ o: ReportedOutcome) {
        out.write((firstOutcome ? "" : ",") + "{\"session\":\(o.session),\"outcome\":\"\(o.outcome.rawValue)\",\"line\":\(o.line)}")
        firstOutcome = false
    }

    public func endRecording(_ r: ReplayResult) {
        var s = "],\"status\":\"\(r.status.rawValue)\",\"final\":["
        s += r.final.map { "{\"id\":\($0.id.map(CanonicalWriter.quoted) ?? "null"),\"items\":[\($0.items.map(CanonicalWriter.quoted).joined(separator: ","))]}" }.joined(separator: ",")
        s += "],\"failures\":[" + r.failures.map(message).joined(separator: ",")
        s += "],\"warnings\":[" + r.warnings.map(message).joined(separator: ",") + "]"
        if let e = r.error { s += ",\"error\":{\"line\":\(e.line),\"column\":\(e.column),\"message\":\(CanonicalWriter.quoted(e.message))}" }
        out.write(s + "}")
    }

    private func message(_ m: LineMessage) -> String { "{\"line\":\(m.line),\"message\":\(CanonicalWriter.quoted(m.message))}" }

    public func end(passed: Int, failed: Int, errors: Int) {
        out.write("\n],\"passed\":\(passed),\"failed\":\(failed),\"errors\":\(errors)}\n")
    }
}

/// JUnit XML: one test suite, one test case per recording; failures and
/// input errors with their line and message.
public final class JUnitReport: ReportWriter {
    let out: ReportOutput
    private var cases: [String] = []
    public init(_ out: ReportOutput) { self.out = out }
    public func begin() {}
    public func beginRecording(path: String) {}
    public func outcome(_ o: ReportedOutcome) {}

    public func endRecording(_ r: ReplayResult) {
        var c = "  <testcase classname=\"dragreplay.replay\" name=\"\(xml(r.path))\">\n"
        if let e = r.error {
            c += "    <error message=\"\(xml("line \(e.line), column \(e.column): \(e.message)"))\" type=\"input\">\(xml(e.description))</error>\n"
        }
        if !r.failures.isEmpty {
            let first = r.failures[0]
            let body = r.failures.map { "\(r.path):\($0.line): \($0.message)" }.joined(separator: "\n")
            c += "    <failure message=\"\(xml("line \(first.line): \(first.message)"))\" type=\"expectation\">\(xml(body))</failure>\n"
        }
        if !r.warnings.isEmpty {
            c += "    <system-out>\(xml(r.warnings.map { "line \($0.line): warning: \($0.message)" }.joined(separator: "\n")))</system-out>\n"
        }
        cases.append(c + "  </testcase>\n")
    }

    public func end(passed: Int, failed: Int, errors: Int) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<testsuite name=\"dragreplay\" tests=\"\(passed + failed + errors)\" failures=\"\(failed)\" errors=\"\(errors)\">\n")
        for c in cases { out.write(c) }
        out.write("</testsuite>\n")
    }
}

/// Escapes text for XML attributes and content; drops characters XML 1.0 forbids.
func xml(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { out += "\\u{\(String(scalar.value, radix: 16))}" }
            else { out.unicodeScalars.append(scalar) }
        }
    }
    return out
}

/// Replays every path into one report; returns the exit code: 0 all passed,
/// 1 an expectation failed, 2 a file had an input error.
public func replayAll(_ paths: [String], options: ReplayOptions, writer: ReportWriter) -> Int32 {
    let replayer = Replayer(options: options)
    var passed = 0, failed = 0, errors = 0
    writer.begin()
    for path in paths {
        writer.beginRecording(path: path)
        let r = replayer.run(path: path, onOutcome: writer.outcome, onTrace: writer.trace)
        writer.endRecording(r)
        switch r.status {
        case .pass: passed += 1
        case .fail: failed += 1
        case .error: errors += 1
        }
    }
    writer.end(passed: passed, failed: failed, errors: errors)
    return errors > 0 ? 2 : failed > 0 ? 1 : 0
}
