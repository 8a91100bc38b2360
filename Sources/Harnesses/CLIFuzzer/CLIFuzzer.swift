import DragReader
import DragSystem
import Foundation

// The whole command line under libFuzzer: each input becomes arguments and a
// recording, and the built `dragreplay` runs them in a child process
// (posix_spawn) in a scratch directory. A finding is a child killed by a
// signal (a trap, an abort, a segfault), a child still running after the
// timeout (a hang), an exit code other than 0, 1 and 2, or a raw control
// character in what it printed for people (stderr, and stdout unless JUnit).
// Exit codes 0, 1 and 2 are all fine: refusing bad input is the job.
//
// The input's layout:
//
//     byte 0      bits 0-2, the command: 0 check, 1 replay, 2 bless,
//                 3 corpus merge, 4 fuzz, 5 explore, 6 help, 7 the tokens
//                 alone; bits 3-7, what else the directory `in` holds (a
//                 walk must end, and name every file it cannot read):
//                 3 `in/loop -> .`, 4 `in/up -> ..`, 5 a copy of the
//                 recording named with bytes that are not UTF-8, 6 a copy
//                 named with a newline and an ESC sequence, 7 a dangling
//                 link `in/gone.jsonl` and `in/sub/back -> ..`
//     bytes 1...  up to the first 0x00: argument tokens, separated by 0x0A.
//                 "@" stands for the recording's path, "@@" for the
//                 directory holding it. Every "/" is dropped: the child can
//                 name nothing outside its scratch directory.
//     the rest    the recording (in/r.jsonl), also written as
//                 in/summary.json (a shard's summary to `corpus merge`)
//
// What the recording holds picks more of the command line when no token
// names it ("@" or "@@"): `fuzz` gets `--world in/r.jsonl` when it has a
// "world" key (a world file), else `--db in` when it has a "meta" key (a
// finding in a database); `corpus merge` gets `--summary merged.json` when
// it has a "shard" key (it is then the summary of the shard `in`).
//
// The recording is also read in-process, so libFuzzer's coverage of the
// reader steers the mutations of the recording half. `fuzz` always gets
// `--runs 300 --jobs 1` and `explore` `--items 3 --mutations 1`: given
// again by the tokens, they are a usage error (exit 2), so no input can ask
// for a campaign that outlasts the timeout. Every finding a campaign wrote
// to `found` must pass `check` (no writer writes what the reader refuses).
//
// Environment: DRAGREPLAY_BIN (default: `dragreplay` beside this binary, or
// .build/release/dragreplay), CLI_FUZZ_TIMEOUT seconds per child (20).

struct CLIInput {
    var arguments: [String]
    var recording: [UInt8]
    /// JUnit output is XML, exact: it may hold a raw DEL.
    var checksStandardOutput: Bool
    /// Byte 0's bits 3-7: links and odd names beside the recording.
    var tree: TreeShape

    init(_ bytes: [UInt8]) {
        let command = bytes.first.map { Int($0) % 8 } ?? 0
        tree = TreeShape(rawValue: (bytes.first ?? 0) >> 3)
        let body = bytes.dropFirst()
        let split = body.firstIndex(of: 0) ?? body.endIndex
        recording = split < body.endIndex ? Array(body[body.index(after: split)...]) : []
        var tokens = body[..<split].split(separator: 0x0A, omittingEmptySubsequences: false).map { token in
            String(decoding: token.filter { $0 != 0x2F }, as: UTF8.self)
        }
        if tokens == [""] { tokens = [] }
        let path = "in/r.jsonl"
        let expanded = tokens.map { $0 == "@" ? path : $0 == "@@" ? "in" : $0 }
        let named = tokens.contains("@") || tokens.contains("@@")
        let holds = { (key: String) in CLIInput.contains(Array("\"\(key)\"".utf8), in: body[split...]) }
        let summary = !named && holds("shard") ? ["--summary", "merged.json"] : []
        let source = named ? [] : holds("world") ? ["--world", path] : holds("meta") ? ["--db", "in"] : []
        switch command {
        case 0: arguments = ["check"] + expanded + (named ? [] : [path])
        case 1: arguments = ["replay"] + expanded + (named ? [] : [path])
        case 2: arguments = ["bless"] + expanded + (named ? [] : [path])
        case 3: arguments = ["corpus", "merge"] + expanded + (named ? [] : ["in", "-o", "merged"] + summary)
        case 4: arguments = ["fuzz"] + expanded + source + ["--runs", "300", "--jobs", "1", "--out", "found"]
        case 5: arguments = ["explore"] + expanded + ["--items", "3", "--mutations", "1", "--out", "found"]
        case 6: arguments = ["help"] + expanded
        default:
            // The tokens alone, unless they start a campaign: that gets its bounds.
            if let first = expanded.first, first == "fuzz" || first == "explore" {
                arguments =
                    expanded
                    + (first == "fuzz"
                        ? ["--runs", "300", "--jobs", "1", "--out", "found"] : ["--items", "3", "--mutations", "1", "--out", "found"])
            } else {
                arguments = expanded
            }
        }
        checksStandardOutput = !arguments.contains { $0.contains("junit") }
    }

    /// Whether `needle` occurs in `haystack` (a few bytes in an input of at most a few KiB).
    static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        var i = haystack.startIndex
        while i + needle.count <= haystack.endIndex {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// A campaign that may have written findings to `found`.
    var writesFindings: Bool { arguments.first == "fuzz" || arguments.first == "explore" }
}

/// What the directory `in` holds beside `in/r.jsonl`.
struct TreeShape: OptionSet {
    let rawValue: UInt8
    static let loop = TreeShape(rawValue: 1)
    static let up = TreeShape(rawValue: 2)
    static let undecodable = TreeShape(rawValue: 4)
    static let controls = TreeShape(rawValue: 8)
    static let dangling = TreeShape(rawValue: 16)

    /// The names that are not UTF-8 (bit 5): `\xff\xfe.jsonl`, and `\xc3(.jsonl`
    /// (a sequence cut short).
    static let undecodableNames: [[UInt8]] = [[0xFF, 0xFE] + Array(".jsonl".utf8), [0xC3, 0x28] + Array(".jsonl".utf8)]
}

/// Reads the recording the way `check` does, in-process (coverage only).
func readInProcess(_ bytes: [UInt8]) {
    guard let reader = try? RecordingReader(bytes: bytes) else { return }
    while true {
        do { guard try reader.next() != nil else { return } } catch { return }
    }
}

enum ChildEnd: CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    case timedOut

    var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signalled(let s): "killed by signal \(s) (\(SystemCall.signalDescription(s)))"
        case .timedOut: "still running after the timeout (a hang)"
        }
    }
}

final class Sandbox {
    let directory: String
    let binary: String
    let timeout: Double

    init() {
        guard let made = try? SystemCall.makeTemporaryDirectory(prefix: NSTemporaryDirectory() + "dragreplay-cli-fuzz-") else {
            complain("cannot make a scratch directory in \(NSTemporaryDirectory())")
            SystemCall.exit(2)
        }
        directory = made
        let environment = ProcessInfo.processInfo.environment
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dragreplay").path
        binary =
            environment["DRAGREPLAY_BIN"]
            ?? (FileManager.default.isExecutableFile(atPath: beside)
                ? beside : FileManager.default.currentDirectoryPath + "/.build/release/dragreplay")
        timeout = environment["CLI_FUZZ_TIMEOUT"].flatMap(Double.init) ?? 20
        // The child runs here (it inherits the directory): relative paths in
        // its arguments can name nothing else. libFuzzer's own paths must be
        // absolute (scripts/fuzz-cli passes them so).
        guard (try? SystemCall.changeDirectory(directory)) != nil else {
            complain("cannot enter \(directory)")
            SystemCall.exit(2)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Empties the scratch directory and writes the recording, with the
    /// links and odd names `input.tree` asks for.
    func prepare(_ input: CLIInput) {
        let fm = FileManager.default
        // Foundation cannot name a file that is not UTF-8: those go first, by their bytes.
        for name in TreeShape.undecodableNames { try? SystemCall.unlink(rawPath: Array((directory + "/in/").utf8) + name) }
        for name in (try? fm.contentsOfDirectory(atPath: directory)) ?? [] { try? fm.removeItem(atPath: directory + "/" + name) }
        try? fm.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        _ = fm.createFile(atPath: directory + "/in/r.jsonl", contents: Data(input.recording))
        _ = fm.createFile(atPath: directory + "/in/summary.json", contents: Data(input.recording))
        let tree = input.tree
        let inside = directory + "/in/"
        if tree.contains(.loop) { try? SystemCall.makeSymbolicLink(at: inside + "loop", to: ".") }
        if tree.contains(.up) { try? SystemCall.makeSymbolicLink(at: inside + "up", to: "..") }
        if tree.contains(.undecodable) {
            for name in TreeShape.undecodableNames {
                _ = fm.createFile(atPath: inside + ".odd", contents: Data(input.recording))
                try? SystemCall.rename(inside + ".odd", toRawPath: Array(inside.utf8) + name)
            }
        }
        if tree.contains(.controls) { _ = fm.createFile(atPath: inside + "a\nb\u{1B}[31m.jsonl", contents: Data(input.recording)) }
        if tree.contains(.dangling) {
            try? SystemCall.makeSymbolicLink(at: inside + "gone.jsonl", to: "missing.jsonl")
            try? fm.createDirectory(atPath: inside + "sub", withIntermediateDirectories: true)
            try? SystemCall.makeSymbolicLink(at: inside + "sub/back", to: "..")
        }
    }

    /// Runs the binary on `arguments` in the scratch directory, stdout and
    /// stderr to files; kills it after the timeout.
    func run(_ arguments: [String]) -> ChildEnd {
        var spawn = Spawn(executable: binary, arguments: [binary] + arguments)
        spawn.actions = [
            .open(0, path: "/dev/null", .readOnly, options: [], permissions: 0),
            .open(1, path: directory + "/.stdout", .writeOnly, options: [.create, .truncate], permissions: 0o644),
            .open(2, path: directory + "/.stderr", .writeOnly, options: [.create, .truncate], permissions: 0o644),
        ]
        // Its own process group, so a timeout kills whatever it started.
        spawn.newProcessGroup = true
        spawn.environment = ["PATH=/usr/bin:/bin", "HOME=\(directory)", "LC_ALL=C.UTF-8"]
        let pid: Int32
        do { pid = try spawn.run() } catch {
            complain("cannot run \(binary): \(error.text)")
            SystemCall.exit(2)
        }
        let start = MonotonicClock.now()
        var pause: UInt32 = 100
        while true {
            let status: Int32?
            do { status = try SystemCall.reapIfExited(pid) } catch { return .exited(-1) }
            if let status {
                switch WaitStatus(status) {
                case .exited(let code): return .exited(code)
                case .signaled(let signal): return .signalled(signal)
                }
            }
            if MonotonicClock.now().seconds(since: start) > timeout {
                try? SystemCall.signalProcessGroup(pid, SignalNumber.kill)
                _ = try? SystemCall.waitForExit(pid)
                return .timedOut
            }
            SystemCall.sleep(microseconds: pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// A child's captured output, read with plain read(2): under
    /// AddressSanitizer, Foundation's `FileManager.contents(atPath:)` leaks
    /// its buffer for these files (LeakSanitizer stopped the first
    /// scripts/clusterfuzzlite-local run on its third input). A read error
    /// ends the output where it stands.
    func output(_ name: String) -> [UInt8] {
        guard let fd = try? SystemCall.open(directory + "/" + name, .readOnly) else { return [] }
        defer { try? SystemCall.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n =
                (try? chunk.withUnsafeMutableBytes { (b) throws(Errno) in try SystemCall.read(fd, into: b.baseAddress!, count: b.count) })
                ?? 0
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }
}

/// One line on standard error.
func complain(_ message: String) {
    let line = Array("CLIFuzzer: \(message)\n".utf8)
    _ = line.withUnsafeBytes { try? SystemCall.write(2, from: $0.baseAddress!, count: $0.count) }
}

/// The offset of the first character a terminal would act on, or show
/// nothing for: C0 controls other than tab and newline, DEL, C1 controls,
/// the bidirectional marks, embeddings, overrides and isolates, and the
/// invisible ones (soft hyphen, zero-width characters, word joiner, BOM,
/// tags, noncharacters): what `SafeText.isUnsafe` escapes (issue 44).
func firstRawControl(_ bytes: [UInt8]) -> Int? {
    func invisible(_ v: UInt32) -> Bool {
        switch v {
        case 0..<0x09, 0x0B..<0x20, 0x7F...0x9F, 0xAD, 0x61C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F,
            0xFDD0...0xFDEF, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            true
        default: v & 0xFFFE == 0xFFFE
        }
    }
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        guard b >= 0x80, length > 1, i + length <= bytes.count else {
            if b < 0x80 && invisible(UInt32(b)) { return i }
            i += 1
            continue
        }
        var v = UInt32(b) & (0xFF >> (length + 1))
        for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
        if invisible(v) { return i }
        i += length
    }
    return nil
}

/// A walk of `in` that skipped its file that is not UTF-8: `check`,
/// `replay` and `corpus merge` given the directory (not as an option's
/// value) must refuse it, exit 2 naming it; exit 0 or 1 means it was skipped,
/// or read under a name decoded into U+FFFD. (Exit 2 may also be another
/// input error that came first: that is not judged.)
func skippedName(_ input: CLIInput, _ end: ChildEnd) -> String? {
    let a = input.arguments
    guard input.tree.contains(.undecodable), case .exited(let code) = end, code == 0 || code == 1 else { return nil }
    guard a.first == "check" || a.first == "replay" || (a.first == "corpus" && a.dropFirst().first == "merge") else { return nil }
    let walked = a.indices.contains { i in a[i] == "in" && i > 0 && !a[i - 1].hasPrefix("-") }
    return walked ? "exit \(code) without naming in/\\xff\\xfe.jsonl, a file name that is not UTF-8 (skipped?)" : nil
}

/// `text` with every character but printable ASCII as `\u{hex}`.
func printable(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
        .joined()
}

/// One input, start to end; a description of what is wrong, or `nil`.
func check(_ bytes: [UInt8], in sandbox: Sandbox) -> String? {
    let input = CLIInput(bytes)
    readInProcess(input.recording)
    sandbox.prepare(input)
    let end = sandbox.run(input.arguments)
    let shown = input.arguments.map { "\"\(printable($0))\"" }.joined(separator: " ")
    switch end {
    case .exited(let code) where (0...2).contains(code): break
    default: return "dragreplay \(shown): \(end)"
    }
    if let problem = skippedName(input, end) { return "dragreplay \(shown): \(problem)" }
    if let i = firstRawControl(sandbox.output(".stderr")) {
        return "dragreplay \(shown): raw control character at byte \(i) of stderr"
    }
    if input.checksStandardOutput, let i = firstRawControl(sandbox.output(".stdout")) {
        return "dragreplay \(shown): raw control character at byte \(i) of stdout"
    }
    return unreadableFinding(input, in: sandbox).map { "dragreplay \(shown): \($0)" }
}

/// A finding the campaign wrote that `check` refuses (issue 44 class 6: a
/// world's new IDs repeated its items, a NaN spacing was written as `nan`).
func unreadableFinding(_ input: CLIInput, in sandbox: Sandbox) -> String? {
    let found = sandbox.directory + "/found"
    guard input.writesFindings, let names = try? FileManager.default.contentsOfDirectory(atPath: found),
        names.contains(where: { $0.hasSuffix(".jsonl") })
    else { return nil }
    switch sandbox.run(["check", "found"]) {
    case .exited(0): return nil
    case let end:
        let text = String(decoding: sandbox.output(".stdout").prefix(300), as: UTF8.self)
        return "a finding it wrote does not pass check (\(end)): \(printable(text))"
    }
}

nonisolated(unsafe) let sandbox = Sandbox()

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLI(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let problem = check(Array(UnsafeBufferPointer(start: data, count: size)), in: sandbox) {
        complain(problem)
        abort()
    }
    return 0
}

// SwiftPM links an executable's entry point as `CLIFuzzer_main`; hand it to
// libFuzzer's driver, which parses libFuzzer's flags and runs the loop.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("CLIFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzCLI(data, size) }
}
#else
/// Without libFuzzer: replays saved inputs (`CLIFuzzer crash-abc ...`);
/// exit 1 when any of them is a finding.
@main
struct CLIFuzzerMain {
    static func main() {
        var found = false
        // Read every input before the sandbox moves into its directory.
        let inputs = CommandLine.arguments.dropFirst().map { ($0, FileManager.default.contents(atPath: $0)) }
        for (path, data) in inputs {
            guard let data else {
                print("\(path): cannot read")
                found = true
                continue
            }
            if let problem = check(Array(data), in: sandbox) {
                print("\(path): \(problem)")
                found = true
            } else {
                print("\(path): ok")
            }
        }
        SystemCall.exit(found ? 1 : 0)
    }
}
#endif
