import Foundation
import TestSupport
import Testing

@testable import DragSystem

/// Hardening, classes 3 and 4: the one writer of whole files, and the
/// errors and diagnostics that name its paths.
@Suite("AtomicFile (hardening, classes 3-4)")
struct AtomicFileTests {
    @Test("a link planted at the temporary's name cannot redirect the write: the next name is taken, the link's target untouched")
    func plantedLink() throws {
        let dir = try temporaryDirectory("atomic")
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let target = dir + "/out.jsonl"
        var names = ["1-1", "1-2", "1-3"].makeIterator()
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/.out.jsonl" + AtomicFile.temporaryMarker + "1-1", withDestinationPath: victim)
        var file = try AtomicFile(replacing: target, preservingAttributes: false) { names.next()! }
        #expect(file.temporaryPath.hasSuffix("1-2"))
        try file.write(Array("new\n".utf8))
        try file.commit()
        #expect(try readText(victim) == "precious\n")
        #expect(try readText(target) == "new\n")
        // Links at every name it would try: it gives up with an error, and
        // still writes nothing through them.
        var all = (1...20).map { "2-\($0)" }.makeIterator()
        for k in 1...9 {
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/.out.jsonl" + AtomicFile.temporaryMarker + "2-\(k)", withDestinationPath: victim)
        }
        #expect(throws: SystemError.self) { try AtomicFile(replacing: target, preservingAttributes: false) { all.next()! } }
        #expect(try readText(victim) == "precious\n")
    }

    @Test("only a regular file is replaced: a device, a FIFO or a directory at the target is refused")
    func refusesNonRegular() throws {
        let dir = try temporaryDirectory("atomic")
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        for path in ["/dev/null", dir + "/fifo", dir] {
            do {
                _ = try AtomicFile(replacing: path, preservingAttributes: true)
                Issue.record("\(path) accepted")
            } catch {
                #expect(error.description.contains("is not a regular file; refusing to replace it"), "\(error)")
            }
        }
        var s = stat()
        #expect(stat("/dev/null", &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a write that fails names the target, not the temporary that is gone")
    func failureNamesTarget() throws {
        let error = SystemError(call: "write", path: "out.jsonl", errno: ENOSPC)
        #expect(error.description == "out.jsonl: error: write failed: No space left on device (errno 28)")
        let refusal = SystemError(call: "open", path: "/dev/full", errno: EINVAL, refusal: "is not a regular file; refusing to replace it")
        #expect(refusal.description == "/dev/full: error: is not a regular file; refusing to replace it")
    }

    @Test("a path with a control character is shown quoted and escaped in every message")
    func pathsAreEscaped() {
        let path = "evil\u{1B}[31m\nfake.jsonl:1:1: error: x"
        let d = Diagnostic(path: path, line: 2, column: 3, message: "m")
        #expect(d.description == #""evil\u001b[31m\nfake.jsonl:1:1: error: x":2:3: error: m"#)
        #expect(SystemError(call: "open", path: path, errno: ENOENT).description.hasPrefix(#""evil\u001b[31m\n"#))
        #expect(Diagnostic(path: "plain dir/a.jsonl", line: 1, message: "m").description == "plain dir/a.jsonl:1:1: error: m")
    }
}
